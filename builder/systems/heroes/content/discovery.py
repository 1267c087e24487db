"""Finding a pack's content files, and showing paths to users.

A pack folder holds one sub-folder per content kind; files are found with
``os.scandir`` (one directory read per folder, no per-file ``resolve``), sorted, and
never followed outside the pack: only symbolic links are resolved, and one leading out
is refused with a diagnostic.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from builder.systems.heroes.content.models import KINDS, Kind
from builder.content.paths import display_path  # noqa: F401  (re-exported)
from builder.diagnostics import Diagnostic, Severity, define_code

P_PATH_ESCAPE = define_code("P503", "file lies outside the pack folder")
P_UNKNOWN_FOLDER = define_code("P504", "folder of unknown kind in a pack")
H865 = define_code("H865", "symbolic link in a pack leads nowhere")
H866 = define_code("H866", "symbolic link loop in a pack")

YAML_SUFFIXES = (".yaml", ".yml")


def find_modeline(text: str) -> str | None:
    """The yaml-language-server ``$schema=`` value in the leading comment lines, if any."""
    for line in text[:2000].splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            if stripped:
                break
            continue
        marker = stripped.find("$schema=")
        if "yaml-language-server" in stripped and marker >= 0:
            return stripped[marker + len("$schema="):].strip()
    return None


def _broken_link(path: str, display: str) -> Diagnostic | None:
    """A located error for a symbolic link that loops or leads nowhere, else None.

    Why: a link to itself or a dangling link used to end in an ``OSError`` traceback or
    be skipped without a word; the author must learn that a file is missing.
    """
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return Diagnostic(H866, f"{display} is a symbolic link loop (it leads back to itself)", file=display,
                              hint="replace the link by the file, or remove it")
        return Diagnostic(H865, f"{display} is a symbolic link to {os.readlink(path)!r}, which does not exist",
                          file=display, hint="restore the file it points to, or remove the link")
    return None


def _yaml_files(folder: Path, real_root: str, shown: str, diagnostics: list[Diagnostic],
                seen: frozenset[str] = frozenset()) -> list[tuple[Path, str]]:
    """YAML files under ``folder`` (sorted, recursive) with their display paths.

    Uses ``os.scandir`` so a pack of thousands of files costs one directory read per
    folder; only symbolic links are resolved, to refuse those leading out of the pack,
    those leading nowhere and folder links leading back into a folder being read (a loop).
    """
    found: list[tuple[Path, str]] = []
    seen = seen | {os.path.realpath(folder)}
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return found
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path, display = Path(entry.path), f"{shown}/{entry.name}"
        if entry.is_symlink():
            broken = _broken_link(entry.path, display)
            if broken is not None:
                diagnostics.append(broken)
                continue
            target = os.path.realpath(entry.path)
            if os.path.commonpath([target, real_root]) != real_root:
                diagnostics.append(
                    Diagnostic(P_PATH_ESCAPE, f"{display} points outside the pack folder", file=display,
                               hint="packs may not link to files outside their folder; copy the file in")
                )
                continue
            if target in seen or any(s.startswith(target + os.sep) for s in seen):
                diagnostics.append(
                    Diagnostic(H866, f"{display} is a symbolic link loop (it leads back into {shown})",
                               file=display, hint="replace the link by the folder's files, or remove it"))
                continue
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            found.extend(_yaml_files(path, real_root, display, diagnostics, seen))
        elif entry.name.endswith(YAML_SUFFIXES) and entry.is_file():
            found.append((path, display))
    return found


def content_files(root: Path, diagnostics: list[Diagnostic]) -> list[tuple[Kind, Path, str]]:
    real_root = os.path.realpath(root)
    shown_root = display_path(root)
    found: list[tuple[Kind, Path, str]] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        kind = KINDS.get(folder.name)
        shown = folder.name if shown_root == "." else f"{shown_root}/{folder.name}"
        if kind is None:
            if any(folder.rglob("*.yaml")) or any(folder.rglob("*.yml")):
                diagnostics.append(
                    Diagnostic(P_UNKNOWN_FOLDER, f"folder '{folder.name}' is not a content kind; its files are ignored",
                               file=shown, severity=Severity.WARNING,
                               hint=f"content folders are: {', '.join(KINDS)}")
                )
            continue
        if folder.is_symlink() and os.path.commonpath([os.path.realpath(folder), real_root]) != real_root:
            diagnostics.append(
                Diagnostic(P_PATH_ESCAPE, f"{shown} points outside the pack folder", file=shown,
                           hint="packs may not link to folders outside their folder; copy the files in")
            )
            continue
        found.extend((kind, path, display) for path, display in _yaml_files(folder, real_root, shown, diagnostics))
    return found
