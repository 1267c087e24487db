"""Horn of Plenty (000 core rules, Recruitment Options > Equipment > Horn of
Plenty; Special Abilities > Indirect Fire).

The option brings a counter deployed as a unit with Scout 3 (the option's
``units``: the pack's counter carries the Scout ability, so deployment handles
it as any scout). While it is on the battlefield, every mortar of its side (a
weapon with Indirect Fire, whose pattern is blue) within 2 squares of it places
the green pattern instead of the blue one.

The green pattern's size is not in the transcription: the engine takes it as
radius 2 (as large as the red pattern) with the weapon's own combat values and
dispersal, a placeholder (:data:`GREEN_RADIUS`). The swap happens where the
patterns a unit may place are listed (:func:`builder.systems.heroes.engine.features.blast.patterns`),
after one test of the side's options, so games without the option are not
slowed down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.derived import Derived, derived

if TYPE_CHECKING:
    from builder.systems.heroes.engine.features.blast import Pattern
    from builder.systems.heroes.engine.state import GameState, UnitState

HORN = "horn-of-plenty"
RULE = "000 core rules, Recruitment Options > Equipment > Horn of Plenty"
REACH = 2  # squares from the Horn of Plenty to the mortar
GREEN_RADIUS = 2  # placeholder: the green pattern's size is lost in transcription


def _counters(state: "GameState") -> frozenset[str]:
    return frozenset(u.unit for o in state.static.pack.items["options"].values()
                     if (o.effect_key or o.id) == HORN for u in (o.units or ()))


_COUNTERS: Final = Derived("horn_of_plenty: the counters Horn of Plenty options bring", _counters)


def counters(state: "GameState") -> frozenset[str]:
    """Ids of the counters Horn of Plenty options bring (worked out once per game)."""
    return derived(state, _COUNTERS)


def near_horn(state: "GameState", u: "UnitState") -> bool:
    """Is a Horn of Plenty of ``u``'s side on the battlefield within 2 squares of it?"""
    ids = counters(state)
    bf = state.static.bf
    return any(h.side == u.side and h.alive and h.sq >= 0 and h.st.profile.id in ids
               and bf.distance(h.sq, u.sq) <= REACH for h in state.units)


def green(state: "GameState", u: "UnitState", found: list["Pattern"]) -> list["Pattern"]:
    """``found`` with the mortar's blue patterns turned green when a Horn of Plenty
    is near."""
    if u.sq < 0 or not any(p.key == "indirect-fire" for p in found) or not near_horn(state, u):
        return found
    return [p._replace(radius=GREEN_RADIUS) if p.key == "indirect-fire" else p for p in found]


register("option", HORN, "Horn of Plenty", "partial", RULE,
         "the green pattern is taken as radius 2 with the mortar's own combat values and dispersal, a "
         "placeholder: its printed size and values are lost in transcription")
