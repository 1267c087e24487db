"""Load a content pack folder into a :class:`~builder.systems.heroes.content.pack.Pack`.

A pack is a folder with ``pack.yaml`` and content files in sub-folders named after
their kind (``units/``, ``recruitment/``, ``scenarios/``...; see
:data:`builder.systems.heroes.content.models.KINDS`). ``depends_on`` packs load first, found beside the
pack or among the bundled packs; an ``overrides`` pack (errata) may replace their items.

Valid files take the fast path (C loader, plain data, pydantic); only a file with
errors is read again with positions so each diagnostic gets its line and column.
Files are never followed outside the pack folder (see :mod:`.discovery`).
"""

from __future__ import annotations

import os
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from builder.systems.heroes.content.discovery import content_files, display_path, find_modeline
from builder.content.locator import Locator
from builder.systems.heroes.content.models import Kind, PackManifest
from builder.systems.heroes.content.pack import Origin, Pack, SourceFile
from builder.content.pydantic_errors import validation_diagnostics
from builder.content.yaml_io import parse_yaml, parse_yaml_positions, read_text
from builder.diagnostics import Diagnostic, Severity, define_code
from builder.errors import ContentError, InvalidInputError, YamlError
from builder.inputs import unreadable

P_NO_MANIFEST = define_code("P501", "folder is not a content pack (no pack.yaml)")
P_DEPENDENCY = define_code("P502", "pack dependency not found or circular")
P_OVERRIDE = define_code("P505", "item replaced by an errata pack")
C_DUPLICATE_ID = define_code("C301", "duplicate id")
S_CHECK_FAILED = define_code("S200", "a model check failed (a bug in Heroes Builder, not in the content)")

from builder.content.paths import BUNDLED_CONTENT, find_dependency  # noqa: E402  (BUNDLED_CONTENT re-exported)


@dataclass
class LoadResult:
    """A pack and every diagnostic found while loading it."""

    pack: Pack | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.pack is not None and not any(d.is_error for d in self.diagnostics)


def load_pack(path: str | Path = BUNDLED_CONTENT / "core") -> Pack:
    """Load a pack and its dependencies; raise :class:`ContentError` when it is invalid."""
    result = load_pack_with_diagnostics(path)
    if not result.ok or result.pack is None:
        errors = [d for d in result.diagnostics if d.is_error]
        raise ContentError(f"content pack {path} has {len(errors)} error(s)", result.diagnostics)
    return result.pack


def load_pack_with_diagnostics(path: str | Path) -> LoadResult:
    """Load a pack, collecting every diagnostic instead of stopping at the first."""
    root = Path(path)
    diagnostics: list[Diagnostic] = []
    manifest = _read_manifest(root, diagnostics)
    if manifest is None:
        return LoadResult(None, diagnostics)
    pack = Pack(manifest=manifest, root=root.resolve())
    _load_into(pack, root, manifest, diagnostics, stack=[])
    return LoadResult(pack, diagnostics)


def _not_a_pack(root: Path) -> tuple[str, str]:
    """Why ``root`` is not a pack folder, and what to do."""
    shown = display_path(root)
    if (reason := unreadable(root)) is not None:
        why = "does not exist" if reason == "no such file" else f"cannot be read: {reason}"
        return f"{shown} {why}", "give the path of a pack folder (one that holds pack.yaml), e.g. content/core"
    if os.path.isfile(root):
        return (f"{shown} is a file; 'heroes validate' checks a whole pack folder",
                f"give the folder of the pack that holds it, e.g. {display_path(_pack_above(root))}")
    return f"{shown} is not a content pack: it has no pack.yaml", (
        "point at a pack folder (one that holds pack.yaml), e.g. content/core")


def _pack_above(path: Path) -> Path:
    for parent in Path(os.path.abspath(path)).parents:
        if (parent / "pack.yaml").is_file():
            return parent
    return BUNDLED_CONTENT / "core"


def _read_manifest(root: Path, diagnostics: list[Diagnostic]) -> PackManifest | None:
    manifest_path = root / "pack.yaml"
    shown = display_path(manifest_path)
    if not os.path.isdir(root) or not os.path.isfile(manifest_path):  # never raise: a name too long
        message, hint = _not_a_pack(root)
        diagnostics.append(Diagnostic(P_NO_MANIFEST, message, file=display_path(root), hint=hint))
        return None
    text = _read_text(manifest_path, shown, diagnostics)
    if text is None:
        return None
    data = _parse(text, shown, diagnostics)
    if data is _FAILED:
        return None
    return _validate(PackManifest, data, text, shown, diagnostics)


_FAILED = object()


def _read_text(path: Path, shown: str, diagnostics: list[Diagnostic]) -> str | None:
    try:
        return read_text(path, shown)
    except YamlError as exc:
        diagnostics.extend(exc.diagnostics or [Diagnostic("Y101", str(exc), file=shown)])
        return None


def _parse(text: str, shown: str, diagnostics: list[Diagnostic]) -> Any:
    try:
        return parse_yaml(text, shown)
    except YamlError as exc:
        diagnostics.extend(exc.diagnostics or [Diagnostic("Y101", str(exc), file=shown)])
        return _FAILED


def _validate(model: Any, data: Any, text: str, shown: str, diagnostics: list[Diagnostic]) -> Any:
    try:
        return model.model_validate(data if data is not None else {})
    except ValidationError as exc:
        try:
            positioned = parse_yaml_positions(text, shown)
        except YamlError:
            positioned = data  # the round-trip parser disagrees: report without positions
        diagnostics.extend(validation_diagnostics(exc, model, shown, positioned))
        return None
    except Exception as exc:  # noqa: BLE001 - a model check with a bug: reported, never a traceback
        diagnostics.append(Diagnostic(
            S_CHECK_FAILED, f"checking this file against {model.__name__} failed: {type(exc).__name__}: {exc}",
            file=shown, line=1, col=1,
            hint="this is a bug in Heroes Builder's content models; please report it with this file"))
        return None


def _load_into(pack: Pack, root: Path, manifest: PackManifest,
               diagnostics: list[Diagnostic], stack: list[str]) -> None:
    if manifest.id in stack:
        diagnostics.append(
            Diagnostic(P_DEPENDENCY, f"packs depend on each other in a circle: {' -> '.join(stack + [manifest.id])}",
                       file=display_path(root / "pack.yaml"), line=1, col=1,
                       hint="remove one of the depends_on entries")
        )
        return
    if any(p.id == manifest.id for p in pack.packs):
        return
    for dep in manifest.depends_on:
        dep_root = find_dependency(dep, root.resolve())
        if dep_root is None:
            diagnostics.append(
                Diagnostic(P_DEPENDENCY, f"pack '{manifest.id}' depends on '{dep}', which was not found",
                           file=display_path(root / "pack.yaml"), line=1, col=1,
                           hint=f"put the '{dep}' pack folder beside this pack, or remove it from depends_on")
            )
            continue
        dep_manifest = _read_manifest(dep_root, diagnostics)
        if dep_manifest is not None:
            _load_into(pack, dep_root, dep_manifest, diagnostics, stack + [manifest.id])
    pack.packs.append(manifest)
    manifest_file = root / "pack.yaml"
    pack.sources.append(SourceFile(display_path(manifest_file), manifest_file, "pack",
                                   find_modeline(manifest_file.read_text(encoding="utf-8", errors="replace"))))
    _load_files(pack, root, manifest, diagnostics)


def _load_files(pack: Pack, root: Path, manifest: PackManifest, diagnostics: list[Diagnostic]) -> None:
    for kind, file, shown in content_files(root, diagnostics):
        pack.files.append(shown)
        text = _read_text(file, shown, diagnostics)
        if text is None:
            continue
        pack.sources.append(SourceFile(shown, file, kind.folder, find_modeline(text)))
        data = _parse(text, shown, diagnostics)
        if data is _FAILED:
            continue
        model = _validate(kind.file_model, data, text, shown, diagnostics)
        if model is None:
            _salvage(pack, kind, data, file, shown, manifest, diagnostics)
            continue
        if kind.single:
            _add(pack, kind.single, model, Origin(shown, (), manifest.id, file), manifest, diagnostics)
            continue
        for attribute, collection in kind.collections.items():
            for index, item in enumerate(getattr(model, attribute)):
                origin = Origin(shown, (attribute, index), manifest.id, file)
                _add(pack, collection, item, origin, manifest, diagnostics)


def _salvage(pack: Pack, kind: Kind, data: Any, file: Path, shown: str, manifest: PackManifest,
             diagnostics: list[Diagnostic]) -> None:
    """Keep the valid items of a file whose other items have schema errors (already
    reported), so one typo does not turn into dangling references all over the pack."""
    if kind.single or not isinstance(data, dict):
        return
    for attribute, collection in kind.collections.items():
        items = data.get(attribute)
        field_info = kind.file_model.model_fields.get(attribute)
        if not isinstance(items, list) or field_info is None:
            continue
        item_model = typing.get_args(field_info.annotation)[0]
        for index, raw in enumerate(items):
            try:
                item = item_model.model_validate(raw)
            except Exception:  # noqa: BLE001 - already reported for the whole file
                continue
            _add(pack, collection, item, Origin(shown, (attribute, index), manifest.id, file), manifest, diagnostics)


def _add(pack: Pack, collection: str, item: Any, origin: Origin, manifest: PackManifest,
         diagnostics: list[Diagnostic]) -> None:
    previous = pack.origins.get((collection, item.id))
    if previous is not None:
        if manifest.overrides and previous.pack != manifest.id:
            line, col = Locator().position(origin.path, origin.loc + ("id",))
            diagnostics.append(
                Diagnostic(P_OVERRIDE, f"{collection[:-1] if collection.endswith('s') else collection} "
                           f"'{item.id}' from pack '{previous.pack}' is replaced by errata",
                           file=origin.file, line=line, col=col, severity=Severity.INFO,
                           related=(previous.file,), hint="nothing to do if the replacement is meant")
            )
        else:
            line, col = Locator().position(origin.path, origin.loc + ("id",))
            diagnostics.append(
                Diagnostic(
                    C_DUPLICATE_ID, f"id '{item.id}' is defined twice in {collection} "
                    f"(first in {previous.file})",
                    file=origin.file, severity=Severity.ERROR,
                    hint="give one of them another id; to replace an item of a dependency, "
                    "set 'overrides: true' in the pack.yaml of an errata pack",
                    related=(previous.file,),
                    line=line, col=col,
                )
            )
            return
    pack.items[collection][item.id] = item
    pack.origins[(collection, item.id)] = origin


__all__ = ["BUNDLED_CONTENT", "LoadResult", "display_path", "load_pack", "load_pack_with_diagnostics"]


def with_scenario_file(pack: Pack, path: Path) -> tuple[Pack, str]:
    """``pack`` with the scenario of the file ``path`` added (a copy: the cached pack is
    left alone), and that scenario's id.

    Why: ``heroes campaign next`` writes the next scenario as a file, consequences applied;
    ``heroes render scenario`` and ``heroes play`` take that file where they take an id.
    The file is checked as a pack's scenario file is (located diagnostics, never a traceback)."""
    import dataclasses

    from builder.systems.heroes.content.models import KINDS

    shown = display_path(path)
    diagnostics: list[Diagnostic] = []
    text = _read_text(path, shown, diagnostics)
    data = _parse(text, shown, diagnostics) if text is not None else _FAILED
    kind = KINDS["scenarios"]
    model = _validate(kind.file_model, data, text or "", shown, diagnostics) if data is not _FAILED else None
    if model is None:
        raise InvalidInputError(f"{shown} is not a scenario file", diagnostics)
    copy = dataclasses.replace(pack, items={c: dict(v) for c, v in pack.items.items()},
                               origins=dict(pack.origins))
    found = [model] if kind.single else [item for attribute in kind.collections for item in getattr(model, attribute)]
    if len(found) != 1:
        raise InvalidInputError(f"{shown} holds {len(found)} scenarios; give a file with one", [])
    scenario = found[0]
    copy.items["scenarios"][scenario.id] = scenario
    copy.origins[("scenarios", scenario.id)] = Origin(shown, (), pack.manifest.id, path)
    return copy, scenario.id
