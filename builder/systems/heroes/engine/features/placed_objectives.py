"""Objectives placed during the game (003 Battle for Normandy, Campaign > 1 Trading Blows:
"as soon as the CW player controls his Primary Objective, place 2 German Secondary
[Objectives]"; Campaign > 2 Charge of the Light Brigade: the CW Primary Objective "is placed
as soon as the CW player controls the 2 CW Secondary Objectives").

A scenario marks such objectives ``placed: false`` (builder/systems/heroes/content/models/scenario.py)
and puts them on the battlefield with a ``place_objective`` effect in an ``end_of_supply``
event whose ``when`` is the printed condition. Control is only settled at the end of a
supply phase, so "as soon as" is read as: at the end of the supply phase in which the
condition first holds, just after control is settled (builder/systems/heroes/engine/phases/supply.py).
The objective's own control is settled as it is placed: infantry already on or next to it
holds it at once, and the end-of-supply events after this one (a sudden death) see it.
Until then it is nobody's and no presence counts (builder/systems/heroes/engine/objectives.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.kernel.events import Event
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import SCENARIO_EFFECT
from builder.systems.heroes.engine.objectives import PLACED, off_map, presence
from builder.systems.heroes.engine.state import rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

RULE = ("003 Battle for Normandy, Campaign > 1 Trading Blows and 2 Charge of the Light Brigade, "
        "Victory Conditions")
KIND = "objective-placed"


def place(state: "GameState", eff: Any, side: int) -> bool:
    """Put the effect's objectives on the battlefield (those already there stay) and
    settle their control."""
    index = {o[0]: i for i, o in enumerate(state.static.objectives)}
    gone = off_map(state)
    placed = list(rule_field(state, PLACED))
    for oid in eff.objectives:
        i = index.get(oid, -1)
        if i < 0 or i not in gone:
            continue
        placed.append(i)
        here = presence(state, state.static.objectives[i][1])
        state.control[i] = next(iter(here)) if len(here) == 1 else -1
        state.events.append(Event(KIND, {"objective": oid, "turn": state.turn, "control": state.control[i]}))
    set_rule_field(state, PLACED, tuple(sorted(placed)))
    return True


register("scenario-rule", "placed-objectives", "Objectives placed once a condition holds", "simulated", RULE,
         scenario_effects=("place_objective",), hooks=[SCENARIO_EFFECT.by(place)])
