"""Game systems other than the Heroes System, each a self-contained package.

A pack says which system its content belongs to with ``system:`` in ``pack.yaml``
(absent means the Heroes System). :func:`pack_system` reads that one key, safely, so
the command layer can hand a pack to the system that understands it.
"""

from __future__ import annotations

from pathlib import Path

from builder.content.yaml_io import read_yaml
from builder.errors import HeroesError

HEROES_SYSTEM = "heroes-of-normandie"


def pack_system(pack: Path | str | None) -> str:
    """The ``system:`` named by the pack's manifest, or the Heroes System.

    A missing or unreadable manifest also means the Heroes System: its own loader then
    reports the problem with its usual located diagnostics."""
    if pack is None:
        return HEROES_SYSTEM
    manifest = Path(pack) / "pack.yaml"
    if not manifest.is_file():
        return HEROES_SYSTEM
    try:
        data = read_yaml(manifest)
    except (HeroesError, OSError):  # the Heroes loader reports broken manifests with positions
        return HEROES_SYSTEM
    system = data.get("system") if isinstance(data, dict) else None
    return system if isinstance(system, str) and system else HEROES_SYSTEM
