"""Load a content pack folder into a :class:`~builder.content.pack.Pack`.

A pack is a folder with ``pack.yaml`` and content files in sub-folders named after
their kind (``units/``, ``recruitment/``, ``scenarios/``...; see
:data:`builder.content.models.KINDS`). ``depends_on`` packs load first, found beside the
pack or among the bundled packs; an ``overrides`` pack (errata) may replace their items.

Valid files take the fast path (C loader, plain data, pydantic); only a file with
errors is read again with positions so each diagnostic gets its line and column.
Files are never followed outside the pack folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from builder.content.locator import Locator
from builder.content.models import KINDS, Kind, PackManifest
from builder.content.pack import Origin, Pack
from builder.content.pydantic_errors import validation_diagnostics
from builder.content.yaml_io import read_yaml, read_yaml_positions
from builder.diagnostics import Diagnostic, Severity, define_code
from builder.errors import ContentError, YamlError

P_NO_MANIFEST = define_code("P501", "folder is not a content pack (no pack.yaml)")
P_DEPENDENCY = define_code("P502", "pack dependency not found or circular")
P_PATH_ESCAPE = define_code("P503", "file lies outside the pack folder")
P_UNKNOWN_FOLDER = define_code("P504", "folder of unknown kind in a pack")
P_OVERRIDE = define_code("P505", "item replaced by an errata pack")
C_DUPLICATE_ID = define_code("C301", "duplicate id")

BUNDLED_CONTENT = Path(__file__).resolve().parents[2] / "content"
YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class LoadResult:
    """A pack and every diagnostic found while loading it."""

    pack: Pack | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.pack is not None and not any(d.is_error for d in self.diagnostics)


def display_path(path: Path, base: Path | None = None) -> str:
    """A path as shown to users: relative to the working directory when possible."""
    path = path.resolve()
    for anchor in (base, Path.cwd()):
        if anchor is None:
            continue
        try:
            return str(path.relative_to(anchor.resolve()))
        except ValueError:
            continue
    return str(path)


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


def _read_manifest(root: Path, diagnostics: list[Diagnostic]) -> PackManifest | None:
    manifest_path = root / "pack.yaml"
    shown = display_path(manifest_path)
    if not root.is_dir() or not manifest_path.is_file():
        diagnostics.append(
            Diagnostic(
                P_NO_MANIFEST,
                f"{display_path(root)} is not a content pack: it has no pack.yaml",
                file=display_path(root),
                hint="point at a pack folder (one that holds pack.yaml), e.g. content/core",
            )
        )
        return None
    data = _read(manifest_path, shown, diagnostics)
    if data is _FAILED:
        return None
    return _validate(PackManifest, data, manifest_path, shown, diagnostics)


_FAILED = object()


def _read(path: Path, shown: str, diagnostics: list[Diagnostic]) -> Any:
    try:
        return read_yaml(path, shown)
    except YamlError as exc:
        diagnostics.extend(exc.diagnostics or [Diagnostic("Y101", str(exc), file=shown)])
        return _FAILED


def _validate(model: Any, data: Any, path: Path, shown: str, diagnostics: list[Diagnostic]) -> Any:
    try:
        return model.model_validate(data if data is not None else {})
    except ValidationError as exc:
        positioned = read_yaml_positions(path, shown)
        diagnostics.extend(validation_diagnostics(exc, model, shown, positioned))
        return None


def _find_dependency(dep: str, near: Path) -> Path | None:
    for candidate in (near.parent / dep, BUNDLED_CONTENT / dep):
        if (candidate / "pack.yaml").is_file():
            return candidate
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
        dep_root = _find_dependency(dep, root.resolve())
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
    _load_files(pack, root, manifest, diagnostics)


def _content_files(root: Path, diagnostics: list[Diagnostic]) -> list[tuple[Kind, Path]]:
    real_root = root.resolve()
    found: list[tuple[Kind, Path]] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        kind = KINDS.get(folder.name)
        if kind is None:
            if any(folder.rglob("*.yaml")):
                diagnostics.append(
                    Diagnostic(P_UNKNOWN_FOLDER, f"folder '{folder.name}' is not a content kind; its files are ignored",
                               file=display_path(folder), severity=Severity.WARNING,
                               hint=f"content folders are: {', '.join(KINDS)}")
                )
            continue
        for file in sorted(folder.rglob("*")):
            if file.suffix not in YAML_SUFFIXES or not file.is_file():
                continue
            try:
                file.resolve().relative_to(real_root)
            except ValueError:
                diagnostics.append(
                    Diagnostic(P_PATH_ESCAPE, f"{display_path(file)} points outside the pack folder",
                               file=display_path(file),
                               hint="packs may not link to files outside their folder; copy the file in")
                )
                continue
            found.append((kind, file))
    return found


def _load_files(pack: Pack, root: Path, manifest: PackManifest, diagnostics: list[Diagnostic]) -> None:
    for kind, file in _content_files(root, diagnostics):
        shown = display_path(file)
        pack.files.append(shown)
        data = _read(file, shown, diagnostics)
        if data is _FAILED:
            continue
        model = _validate(kind.file_model, data, file, shown, diagnostics)
        if model is None:
            continue
        if kind.single:
            _add(pack, kind.single, model, Origin(shown, (), manifest.id, file), manifest, diagnostics)
            continue
        for attribute, collection in kind.collections.items():
            for index, item in enumerate(getattr(model, attribute)):
                origin = Origin(shown, (attribute, index), manifest.id, file)
                _add(pack, collection, item, origin, manifest, diagnostics)


def _add(pack: Pack, collection: str, item: Any, origin: Origin, manifest: PackManifest,
         diagnostics: list[Diagnostic]) -> None:
    previous = pack.origins.get((collection, item.id))
    if previous is not None:
        if manifest.overrides and previous.pack != manifest.id:
            diagnostics.append(
                Diagnostic(P_OVERRIDE, f"{collection[:-1] if collection.endswith('s') else collection} "
                           f"'{item.id}' from pack '{previous.pack}' is replaced by errata",
                           file=origin.file, severity=Severity.INFO, related=(previous.file,))
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

