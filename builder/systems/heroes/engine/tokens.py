"""Equipment and trait tokens of a side's recruitment options: how many a unit may
spend and spending one (000 core rules, Recruitment Options: tokens sit on their
tile, or serve the whole army when bought for it).

A module of its own, below every rule module and mechanic that spends tokens (a
shot's Ammo, a Fuel token, a Passage, a Panzerfaust): the options' module
(builder/systems/heroes/engine/effects/options.py) sits above them all, so asking it for the count
closed an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState


def tokens_left(state: "GameState", unit: "UnitState", key: str) -> int:
    """Tokens of option ``key`` the unit may spend: its tile's and the army's (a
    unit outside any tile, such as a hero, may spend any)."""
    equipment = state.sides[unit.side].equipment
    tile = unit.st.tile
    if tile != -1:  # two lookups: asked at every shot and many AI questions
        return equipment.get((tile, key), 0) + equipment.get((-1, key), 0)
    total = 0
    for (_, k), v in equipment.items():
        if k == key:
            total += v
    return total


def spend_token(state: Any, unit: Any, key: str) -> None:
    """Discard one token of option ``key``, the unit's tile's first."""
    equipment = state.sides[unit.side].equipment
    tile = unit.st.tile
    for scope in (tile, -1, *[k[0] for k in equipment if k[1] == key and tile == -1]):
        if equipment.get((scope, key), 0) > 0:
            equipment[(scope, key)] -= 1
            return
