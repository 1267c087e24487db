"""The army index: what the army check reads of a pack, as plain data cached on disk.

Why: ``heroes army check`` runs on every save in an editor, and loading a pack through
the content models (pydantic) cost several times the check itself. The army rules read
only a few fields of a few collections (:data:`FIELDS`), so after a pack has loaded
through the models once, those fields are written to a JSON file in the user's cache
folder; the next check reads that file instead, without importing pydantic, and runs
the very same rule modules on it (they only read attributes).

Safe by construction:

* the file's first line is its key, the sha256 of this format, the tool's version
  (``builder/__init__.py``), the source of the content layer and of this module, and the path and bytes of every
  YAML file of the pack and of each pack it depends on (found again on every read with
  the loader's rule, :func:`builder.content.paths.find_dependency`); a key that differs
  from the one computed now means the file is ignored, never trusted;
* it is written only from a pack that loaded without errors, and only when the key
  computed before the load equals the key after it (no edit slipped in between);
* it is JSON, written atomically (:func:`builder.outputs.write_bytes`): reading it runs
  no code, and a truncated or foreign file simply does not parse or match;
* a pack folder holding a symbolic link to a folder, or a ``pack.yaml`` the light
  parser cannot read, gets no index: the check then takes the full path.

``HEROES_NO_CACHE=1`` turns it off, ``HEROES_CACHE_DIR`` moves it (as the pack cache).
"""

from __future__ import annotations

import hashlib
import json
import os
from enum import Enum
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Union

from builder.content.paths import cache_dir, find_dependency
from builder.systems.heroes.content.vocabulary import Band, CommandIcon, OptionCategory, TileKind, UnitType

FORMAT = "army-index-1"
HEROES = "heroes-of-normandie"  # builder.systems.seam.HEROES_SYSTEM, the default of PackManifest.system
CODE = Path(__file__).resolve()
VERSION = CODE.parents[3] / "version.py"  # holds builder.__version__
CONTENT_CODE = (CODE.parents[3] / "content", CODE.parents[1] / "content")  # shared loading, the Heroes models
YAML = (".yaml", ".yml")

Fields = tuple[Union[str, tuple[str, "Fields"]], ...]
_GRANT: Fields = ("unit", "count")
_BREAKING: Fields = ("units", "victory_points")

#: The fields of each collection the army check reads (builder.systems.heroes.army.roster, summary,
#: totals, effects and legality); a nested tuple names the fields of a sub-item.
FIELDS: dict[str, Fields] = {
    "factions": ("id",),
    "insignia": ("id", "name", "generic"),
    "tiles": ("id", "name", "faction", "insignia", "kind", "cost", "stars",
              ("slots", ("size", "bands", ("grants", ("stars",)))), ("units", _GRANT),
              ("breaking_point", _BREAKING)),
    "options": ("id", "name", "faction", "category", "effect_key", "cost", "size", "bands", "tokens",
                ("units", _GRANT), "stars", "special_orders", "bluffs", "points_bonus",
                ("unlocks_cards", ("command", "count")), ("breaking_point", _BREAKING)),
    "heroes": ("id", "name", "faction", "insignia", "cost", "unit"),
    "units": ("id", "name", "type", ("front", ("stars", ("abilities", ("id", "value"))))),
    "cards": ("id", "name", "faction", "copies", "command"),
    "scenarios": ("id", "name", "support_tiles",
                  ("sides", ("id", "faction", "name",
                             ("army", ("points", "cards",
                                       ("composition", ("tile", "option", "hero", "unit", "count", "on",
                                                        "for_hero"))))))),
}

ENUMS: dict[str, type[Enum]] = {e.__name__: e for e in (Band, CommandIcon, OptionCategory, TileKind, UnitType)}


class ArmyIndex:
    """A pack as the army rules see it (:class:`builder.systems.heroes.army.roster.PackView`): items by
    collection and id, each a namespace holding the fields of :data:`FIELDS`."""

    def __init__(self, system: str, items: dict[str, dict[str, Any]]) -> None:
        self.system = system
        self.items = items

    def get(self, collection: str, item_id: str) -> Any | None:
        return self.items[collection].get(item_id)


def enabled() -> bool:
    return not os.environ.get("HEROES_NO_CACHE")


def _file(root: Path) -> Path:
    return cache_dir() / f"army-index-{hashlib.sha256(str(root).encode()).hexdigest()[:32]}.json"


def _depends_on(root: Path) -> list[str] | None:
    """The ``depends_on`` ids of a pack's manifest, read with the light YAML parser."""
    from builder.content.yaml_io import read_yaml
    from builder.errors import HeroesError

    try:
        data = read_yaml(root / "pack.yaml")
    except (HeroesError, OSError):
        return None
    if not isinstance(data, dict):
        return None
    deps = data.get("depends_on", [])
    if not isinstance(deps, list) or not all(isinstance(d, str) for d in deps):
        return None
    return deps


def _roots(root: Path) -> list[Path] | None:
    """The pack and every pack it depends on, in the order the loader meets them."""
    found: list[Path] = []

    def visit(folder: Path) -> bool:
        if folder in found:
            return True
        found.append(folder)
        deps = _depends_on(folder)
        if deps is None:
            return False
        for dep in deps:
            dep_root = find_dependency(dep, folder)
            if dep_root is not None and not visit(dep_root.resolve()):
                return False
        return True

    return found if visit(root) else None


def _pack_files(root: Path) -> list[Path] | None:
    """Every YAML file under ``root`` (hidden folders left out, as the loader does), sorted;
    None when a symbolic link to a folder makes the set of files uncertain."""
    files: list[Path] = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if any(os.path.islink(os.path.join(folder, d)) for d in dirs):
            return None
        files.extend(Path(folder, n) for n in names if n.endswith(YAML) and not n.startswith("."))
    return sorted(files)


def key(root: Path) -> str | None:
    """The key of the index of the pack in ``root`` as the files are now (None: no index)."""
    try:
        return _key(root)
    except OSError:  # an unreadable file or folder: the loader reports it
        return None


def _key(root: Path) -> str | None:
    roots = _roots(root)
    if roots is None:
        return None
    digest = hashlib.sha256(f"{FORMAT}\0".encode())
    for path in [VERSION, CODE, *sorted(p for folder in CONTENT_CODE for p in folder.rglob("*.py"))]:
        digest.update(f"{path.relative_to(VERSION.parent)}\0".encode() + path.read_bytes() + b"\0")
    for folder in roots:
        files = _pack_files(folder)
        if files is None:
            return None
        digest.update(f"{folder}\0".encode())
        for file in files:
            data = file.read_bytes()
            digest.update(f"{file.relative_to(folder)}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()


def _hook(obj: dict[str, Any]) -> Any:
    if "$enum" in obj:
        return ENUMS[obj["$enum"]](obj["value"])
    return SimpleNamespace(**obj)


def load(root: Path) -> ArmyIndex | None:
    """The index of the pack in ``root`` when one is stored under the key of its files
    now; None otherwise (the caller loads the pack through the models)."""
    if not enabled():
        return None
    try:
        raw = _file(root).read_bytes()
    except OSError:
        return None
    stored, _, body = raw.partition(b"\n")
    now = key(root)
    if now is None or stored.decode("ascii", "replace") != now:
        return None
    try:
        system, collections = json.loads(body, object_hook=_hook)
        items = {name: {item.id: item for item in listed} for name, listed in collections}
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    return ArmyIndex(system, items) if isinstance(system, str) and set(items) == set(FIELDS) else None


def _plain(value: Any, fields: Fields | None) -> Any:
    if isinstance(value, Enum):
        if ENUMS.get(type(value).__name__) is not type(value):
            raise TypeError(f"the army index does not know the enumeration {type(value).__name__}")
        return {"$enum": type(value).__name__, "value": value.value}
    if isinstance(value, (list, tuple)):
        return [_plain(v, fields) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    if fields is None:
        raise TypeError(f"the army index holds plain values only, not {type(value).__name__}")
    return _project(value, fields)


def _project(item: Any, fields: Fields) -> dict[str, Any]:
    out = {}
    for entry in fields:
        name, sub = (entry, None) if isinstance(entry, str) else entry
        out[name] = _plain(getattr(item, name), sub)
    return out


def build(pack: Any) -> bytes:
    """The JSON body of the index of a loaded pack (:class:`builder.systems.heroes.content.pack.Pack`)."""
    collections = [[name, [_project(item, fields) for item in pack.items[name].values()]]
                   for name, fields in FIELDS.items()]
    return json.dumps([pack.manifest.system, collections], separators=(",", ":")).encode()


def store(root: Path, pack: Any, before: str | None) -> None:
    """Write the index of ``pack`` (loaded from ``root``) when its files still have the
    key ``before`` they had when the load began; an unwritable cache only costs speed."""
    from builder.errors import HeroesError
    from builder.outputs import write_bytes

    if not enabled() or before is None or key(root) != before:
        return
    try:
        with open(_file(root), "rb") as handle:
            if handle.readline() == before.encode() + b"\n":
                return  # already stored under this key
    except OSError:
        pass
    try:
        _file(root).parent.mkdir(parents=True, exist_ok=True)
        write_bytes(_file(root), before.encode() + b"\n" + build(pack))
    except (OSError, HeroesError):
        pass
