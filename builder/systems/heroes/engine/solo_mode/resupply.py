"""The Resupply tactical bonus: spent gear markers go back on their option tile
(002 Solo Mode, Set Up > Tactical Bonus Descriptions > Resupply).

Gear options are the equipment options (000 core rules, Recruitment Options >
Equipment); the markers an army starts with are its static equipment, the markers
left are the side's equipment in play, so the spent ones are the difference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.kernel.events import Event
from builder.systems.heroes.engine.derived import Derived, derived

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

# The AI's order of preference for the marker it takes back; any other gear comes after.
AI_PREFERENCE = ("grenade", "ammo", "panzerfaust", "rifle-grenade", "knife")


def _gear_keys(state: "GameState") -> frozenset[str]:
    return frozenset(o.effect_key or o.id for o in state.static.pack.items["options"].values()
                     if o.category.value == "equipment" and o.tokens)


_GEAR_KEYS: Final = Derived("resupply: the effect keys of the pack's equipment options", _gear_keys)


def gear_keys(state: "GameState") -> frozenset[str]:
    """Effect keys of the pack's equipment options (their markers are gear)."""
    return derived(state, _GEAR_KEYS)


def spent(state: "GameState", side: int) -> dict[tuple[int, str], int]:
    """Spent gear markers of ``side`` by (tile group or -1, effect key)."""
    gear = gear_keys(state)
    left = state.sides[side].equipment
    return {scope: start - left.get(scope, 0) for scope, start in state.static.sides[side].equipment.items()
            if scope[1] in gear and start > left.get(scope, 0)}


def ai_takes_back_one(state: "GameState", side: int) -> str | None:
    """At the start of an order phase the AI takes back one spent marker, the first
    key of :data:`AI_PREFERENCE` that has one, else the gear with most spent."""
    used = spent(state, side)
    if not used:
        return None

    def rank(scope: tuple[int, str]) -> tuple[int, int, int, str]:
        key = scope[1]
        first = AI_PREFERENCE.index(key) if key in AI_PREFERENCE else len(AI_PREFERENCE)
        return first, -used[scope], scope[0], key

    scope = min(used, key=rank)
    state.sides[side].equipment[scope] = state.sides[side].equipment.get(scope, 0) + 1
    state.events.append(Event("resupply", {"side": side, "option": scope[1], "tile": scope[0], "markers": 1}))
    return scope[1]


def player_takes_back_all(state: "GameState", side: int) -> str | None:
    """The player discards the token in an order phase to take back every spent
    marker of one gear option: the one with the most spent (the engine chooses for
    the player, as it does for Veteran rerolls)."""
    used = spent(state, side)
    if not used:
        return None
    key = min({k for _, k in used}, key=lambda k: (-sum(n for (_, kk), n in used.items() if kk == k), k))
    total = 0
    for scope, n in used.items():
        if scope[1] == key:
            state.sides[side].equipment[scope] = state.sides[side].equipment.get(scope, 0) + n
            total += n
    state.events.append(Event("resupply", {"side": side, "option": key, "tile": -1, "markers": total}))
    return key
