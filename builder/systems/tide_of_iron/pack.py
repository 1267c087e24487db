"""Loading and validating a Tide of Iron pack, with located diagnostics.

Files are read with :mod:`builder.content.yaml_io` (safe, size-capped). The positions
of keys are read only when a problem must be located, as the Heroes loader does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from builder.content.yaml_io import parse_yaml, parse_yaml_positions, read_text
from builder.diagnostics import Diagnostic, DiagnosticTally, Severity
from builder.errors import ContentError, HeroesError, UsageError, YamlError
from builder.systems.tide_of_iron import codes
from builder.systems.tide_of_iron.models import FILE_MODELS, KINDS, Manifest

Loc = tuple[str | int, ...]


class Locator:
    """Line and column of a key path in a YAML text, parsed on first need."""

    def __init__(self, text: str, display: str) -> None:
        self.text, self.display = text, display
        self._tree: Any = None
        self._parsed = False

    def where(self, loc: Loc) -> tuple[int, int]:
        if not self._parsed:
            self._parsed = True
            try:
                self._tree = parse_yaml_positions(self.text, self.display)
            except YamlError:
                self._tree = None
        node, line, col = self._tree, 1, 1
        for part in loc:
            lc = getattr(node, "lc", None)
            if lc is None:
                break
            try:
                if isinstance(part, int) and isinstance(node, list) and part < len(node):
                    line, col = lc.item(part)
                    node = node[part]
                elif isinstance(node, dict) and part in node:
                    line, col = lc.key(part)
                    node = node[part]
                else:
                    break
            except (KeyError, IndexError, TypeError):
                break
            line, col = line + 1, col + 1
        return line, col


@dataclass
class Origin:
    """Where an item was defined."""

    file: str
    loc: Loc
    locator: Locator


@dataclass
class ToiPack:
    """A loaded Tide of Iron pack: items by kind and id, and where each came from."""

    manifest: Manifest
    root: Path
    items: dict[str, dict[str, Any]] = field(default_factory=lambda: {k: {} for k in KINDS})
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

    def get(self, kind: str, item_id: str) -> Any | None:
        return self.items[kind].get(item_id)

    def counts(self) -> dict[str, int]:
        return {k: len(v) for k, v in self.items.items()}

    def placeholders(self) -> int:
        return sum(1 for items in self.items.values() for i in items.values() if getattr(i, "placeholder", False))

    def scenario(self, scenario_id: str) -> Any:
        """The scenario, or a usage error naming the ones there are."""
        found = self.items["scenarios"].get(scenario_id)
        if found is None:
            known = ", ".join(sorted(self.items["scenarios"])) or "none"
            raise UsageError(f"no scenario '{scenario_id}' in pack '{self.manifest.id}' (scenarios: {known})")
        return found

    def diag(self, code: str, kind: str, item_id: str, sub: Loc, message: str, hint: str,
             rule: str = "", severity: Severity = Severity.ERROR) -> Diagnostic:
        """A diagnostic pointing into an item (``sub`` is the key path inside it)."""
        origin = self.origins.get((kind, item_id))
        if origin is None:
            return Diagnostic(code, message, file=str(self.root), severity=severity, hint=hint, rule=rule)
        line, col = origin.locator.where(origin.loc + sub)
        return Diagnostic(code, message, file=origin.file, line=line, col=col, severity=severity, hint=hint, rule=rule)


@dataclass
class Report(DiagnosticTally):
    """What ``validate`` found."""

    path: Path
    pack: ToiPack | None
    diagnostics: list[Diagnostic]

    def summary(self) -> dict[str, Any]:
        return {"system": "tide-of-iron", "pack": self.pack.manifest.id if self.pack else None,
                "counts": self.pack.counts() if self.pack else {}, "errors": len(self.errors),
                "warnings": len(self.warnings)}


def display_of(path: Path, cwd: Path | None = None) -> str:
    """The path as shown to users: relative to the working folder when inside it."""
    try:
        return str(path.absolute().relative_to(cwd or Path.cwd().absolute()))
    except ValueError:
        return str(path)


def _schema_diagnostics(exc: ValidationError, locator: Locator, display: str, code: str) -> list[Diagnostic]:
    out = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        line, col = locator.where(loc)
        where = ".".join(str(p) for p in loc) or "(top level)"
        out.append(Diagnostic(code, f"{where}: {err['msg']}", file=display, line=line, col=col,
                              hint="fix the value or the key; the schema in schemas/ lists every allowed key"))
    return out


def _read(path: Path, cwd: Path | None = None, display: str | None = None) -> tuple[Any, Locator, str]:
    display = display or display_of(path, cwd)
    text = read_text(path, display)
    return parse_yaml(text, display), Locator(text, display), display


def read_model(path: Path, model: type[BaseModel], code: str) -> tuple[Any, Locator, str]:
    """Read one YAML file into ``model``; located errors as :class:`ContentError`."""
    display = display_of(path)
    return parse_model(read_text(path, display), display, model, code)


def parse_model(text: str, display: str, model: type[BaseModel], code: str) -> tuple[Any, Locator, str]:
    """:func:`read_model` on a text already in memory (the web builder's squad list),
    located as the file ``display`` it will be saved as."""
    data, locator = parse_yaml(text, display), Locator(text, display)
    try:
        return model.model_validate(data), locator, display
    except ValidationError as exc:
        diags = _schema_diagnostics(exc, locator, display, code)
        raise ContentError(f"{display} is not valid", diags) from None


def load(root: Path | str) -> ToiPack:
    """Load a pack; raise :class:`ContentError` with every problem found."""
    report = validate(root)
    if not report.ok or report.pack is None:
        raise ContentError(f"pack {root} is not valid ({len(report.errors)} error(s)); run 'heroes validate {root}'",
                           report.errors)
    return report.pack


def validate(root: Path | str) -> Report:
    """Read every file of the pack, check schemas, references and rules."""
    root = Path(root)
    if not (root / "pack.yaml").is_file():
        raise UsageError(f"{root} is not a pack folder (no pack.yaml)")
    diags: list[Diagnostic] = []
    try:
        manifest, _, _ = read_model(root / "pack.yaml", Manifest, codes.N_MANIFEST)
    except (ContentError, YamlError) as exc:
        return Report(root, None, list(exc.diagnostics))
    pack = ToiPack(manifest, root)
    cwd = Path.cwd().absolute()
    for sub in sorted(p for p in root.iterdir() if p.is_dir()):
        if sub.name not in KINDS and sub.name not in ("reports", "armies"):
            diags.append(Diagnostic(codes.N_FOLDER, f"folder '{sub.name}' is not a Tide of Iron content kind",
                                    file=display_of(sub), severity=Severity.WARNING,
                                    hint="use one of: " + ", ".join(KINDS)))
    for folder, (key, _model) in KINDS.items():
        directory = root / folder
        if not directory.is_dir():
            continue
        inside = root.resolve()
        # a file found in the kind's folder is inside the pack unless it or the folder is a
        # link: only those are resolved (one lstat a file instead of a realpath walk)
        linked_folder = not directory.resolve().is_relative_to(inside)
        shown = display_of(directory, cwd)
        for path in sorted(directory.glob("*.yaml")):
            if (linked_folder or path.is_symlink()) and not path.resolve().is_relative_to(inside):
                diags.append(Diagnostic(codes.N_OUTSIDE, f"{path.name} points outside the pack", file=display_of(path, cwd),
                                        hint="copy the file into the pack instead of linking to it"))
                continue
            try:
                data, locator, display = _read(path, cwd, os.path.join(shown, path.name))
            except HeroesError as exc:
                diags.extend(getattr(exc, "diagnostics", []) or [Diagnostic(codes.N_SCHEMA, str(exc), file=str(path))])
                continue
            pack.files.append(display)
            if not locator.text.startswith("# yaml-language-server: $schema="):
                diags.append(Diagnostic(codes.N_MODELINE, "no schema modeline on the first line", file=display,
                                        line=1, col=1, severity=Severity.WARNING,
                                        hint=f"start the file with '# yaml-language-server: $schema=../../schemas/toi-{folder}.schema.json'"))
            try:
                parsed = FILE_MODELS[folder].model_validate(data)
            except ValidationError as exc:
                diags.extend(_schema_diagnostics(exc, locator, display, codes.N_SCHEMA))
                continue
            for index, item in enumerate(getattr(parsed, key)):
                if item.id in pack.items[folder]:
                    first = pack.origins[(folder, item.id)]
                    line, col = locator.where((key, index, "id"))
                    diags.append(Diagnostic(codes.N_DUPLICATE, f"{folder} id '{item.id}' is defined twice",
                                            file=display, line=line, col=col,
                                            hint=f"rename it; the first one is in {first.file}"))
                    continue
                pack.items[folder][item.id] = item
                pack.origins[(folder, item.id)] = Origin(display, (key, index), locator)
    from builder.systems.tide_of_iron.validation import check_pack

    diags.extend(check_pack(pack))
    return Report(root, pack, diags)

