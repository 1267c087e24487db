"""Where the bundled content packs live, in a module that imports nothing heavy.

Why: every command names the bundled core pack as its default, so the command line
needs this path at import time; taking it from the loader would import the content
models (pydantic) before any command has decided it needs them. For the same reason
the plain-data army check (builder.systems.heroes.army.index) finds a pack's dependencies, the cache
folder and the paths it shows to users here, with the loader's own rules.
"""

from __future__ import annotations

import os
from pathlib import Path

BUNDLED_CONTENT = Path(__file__).resolve().parents[2] / "content"
"""The folder holding the bundled packs (``core``, ``bfn``)."""

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"
"""The folder of the generated JSON Schema files (``heroes schema export``)."""


def find_dependency(dep: str, near: Path) -> Path | None:
    """The folder of pack ``dep`` that a pack in folder ``near`` depends on: beside it,
    else among the bundled packs (the loader's rule, read here by the army index too)."""
    for candidate in (near.parent / dep, BUNDLED_CONTENT / dep):
        if (candidate / "pack.yaml").is_file():
            return candidate
    return None


def cache_dir() -> Path:
    """The user's cache folder for packs (``HEROES_CACHE_DIR``, else the XDG cache)."""
    env = os.environ.get("HEROES_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "heroes-builder" / "packs"


def display_path(path: Path, base: Path | None = None) -> str:
    """A path as shown to users: relative to ``base`` or the working directory.

    A path outside the working directory is shown relative to it (``../packs/x``) when
    that is shorter than the absolute path.
    """
    path = Path(os.path.abspath(path))
    cwd = Path.cwd()
    for anchor in (base, cwd):
        if anchor is None:
            continue
        try:
            shown = str(path.relative_to(os.path.abspath(anchor)))
            return "." if shown == "" else shown
        except ValueError:
            continue
    relative = os.path.relpath(path, cwd)
    return relative if len(relative) < len(str(path)) else str(path)
