"""``--army SIDE=FILE`` as given to ``heroes play`` and ``heroes playtest``, read the
same way for every game system (the Heroes System's army lists in
:mod:`builder.systems.heroes.playtests.armies`, Tide of Iron's squad lists in its own package): this
module imports no game's rules, so any system may use it."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from builder.errors import UsageError

ARMY_HELP = ("An army list for a side, as SIDE=FILE (checked first, like `heroes army check`); "
             "repeat for each side. A side without one plays the scenario's army (Tide of Iron: a squad list).")


def parse_army_options(values: Sequence[str], sides: list[str]) -> dict[str, Path]:
    """``["de=armies/de.yaml"]`` -> {side: path}; unknown sides and repeats are usage errors."""
    out: dict[str, Path] = {}
    for value in values:
        side, sep, file = value.partition("=")
        side, file = side.strip(), file.strip()
        if not sep or not side or not file:
            raise UsageError(f"--army takes SIDE=FILE, not {value!r} (e.g. --army de=armies/de.yaml)")
        if side not in sides:
            raise UsageError(f"--army names side '{side}'; the scenario's sides are: {', '.join(sides)}")
        if side in out:
            raise UsageError(f"--army gives side '{side}' twice")
        out[side] = Path(file)
    return out
