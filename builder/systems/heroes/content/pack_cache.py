"""A disk cache of loaded content packs, so commands (``heroes army check``, ``render``,
``site``) start fast.

Loading a pack parses and validates every YAML file; an army check needs the same
pack every time. After a successful load the pack is pickled under the user's cache
folder with the size and modification time of every file and folder of the packs it
came from (the pack and its dependencies) and of the content models' source. Before
a cached pack is used all of them are checked again: an edited, added or removed
file (which changes its folder's time) means a fresh load, so a stale pack is never
used. Only packs that loaded without errors are stored; a cache that cannot be read
or written is skipped. ``HEROES_NO_CACHE=1`` turns it off; ``HEROES_CACHE_DIR``
moves it. Pickles are read only from the user's own cache folder, written here.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.pack import Pack
from builder.content.paths import cache_dir  # noqa: F401  (re-exported)
from builder.content.yaml_io import atomic_write_bytes

FORMAT = "army-pack-cache-2"
MODELS = Path(__file__).resolve().parent

Stamps = dict[str, tuple[int, int]]


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def _pack_root(path: Path) -> Path | None:
    for parent in path.parents:
        if (parent / "pack.yaml").is_file():
            return parent
    return None


def _stamps(roots: set[Path]) -> Stamps:
    """Size and time of every file and folder under the pack roots, and of the models."""
    stamps: Stamps = {}
    for path in sorted(MODELS.rglob("*.py")):
        stamps[str(path)] = _stamp(path)
    for root in sorted(roots):
        stamps[str(root)] = _stamp(root)
        for path in root.rglob("*"):
            if not any(part.startswith(".") for part in path.relative_to(root).parts):
                stamps[str(path)] = _stamp(path)
    return stamps


def _fresh(stamps: Stamps) -> bool:
    try:
        return all(_stamp(Path(p)) == s for p, s in stamps.items())
    except OSError:
        return False


def load_pack_cached(path: str | Path) -> Pack:
    """:func:`~builder.systems.heroes.content.loader.load_pack`, through the disk cache."""
    root = Path(path).resolve()
    if os.environ.get("HEROES_NO_CACHE") or not os.path.isfile(root / "pack.yaml"):  # os.path: never raises
        return load_pack(root)
    key = hashlib.sha256(f"{FORMAT}:{root}".encode()).hexdigest()
    file = cache_dir() / f"{key}.pickle"
    try:
        with open(file, "rb") as handle:
            stamps, pack = pickle.load(handle)
        if isinstance(pack, Pack) and _fresh(stamps):
            return pack
    except Exception:  # noqa: BLE001  (a missing, truncated or outdated cache file: load the pack instead)
        pass
    pack = load_pack(root)
    try:
        roots = {root} | {r for o in pack.origins.values() if o.path and (r := _pack_root(o.path.resolve()))}
        atomic_write_bytes(file, pickle.dumps((_stamps(roots), pack), protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001  (an unwritable cache only costs speed)
        pass
    return pack
