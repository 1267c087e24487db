"""Game systems behind one seam (:mod:`builder.systems.seam`).

A pack says which system its content belongs to with ``system:`` in ``pack.yaml``
(absent means the Heroes System); :func:`pack_system` names it, and
:func:`builder.systems.seam.system_of_pack` gives the :class:`~builder.systems.seam.GameSystem`
object that the commands, the site and the docs ask for everything system-specific.
The Heroes System is :mod:`builder.systems.heroes`; Tide of Iron is the self-contained
package :mod:`builder.systems.tide_of_iron`.
"""

from __future__ import annotations

from pathlib import Path

from builder.systems.seam import HEROES_SYSTEM, system_of_pack

__all__ = ["HEROES_SYSTEM", "pack_system"]


def pack_system(pack: Path | str | None) -> str:
    """The id of the system the pack's manifest names (default: the Heroes System).

    A missing or unreadable manifest also means the Heroes System: its own loader then
    reports the problem with its usual located diagnostics; an unknown system is a
    located error (S220)."""
    return system_of_pack(pack).id
