"""The turn marker moved on by a scenario (003 Battle for Normandy, Campaign > 3 Beaver
Tails with Sauerkraut, Victory Conditions: when both players have completed their
objective at the end of a Supply phase, the marker moves one more space; a marker that
would go beyond the last turn ends the game in a draw).

An ``advance_turn_marker`` effect (builder/systems/heroes/content/models/scenario_events.py) sits in an
``end_of_supply`` event. It moves ``GameState.turn`` on by ``count`` spaces: the rounds
it skips are not played, and the supply phase then closes the round as usual (the game
ends when the marker stands on the last turn). Beyond the last turn the game ends at the
end of this round as a draw (a sudden death declaring no winner: builder/systems/heroes/engine/sudden_death.py,
read by builder/systems/heroes/engine/victory.py as a drawn game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import SCENARIO_EFFECT
from builder.kernel.events import Event
from builder.systems.heroes.engine.sudden_death import KIND

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

RULE = "003 Battle for Normandy, Campaign > 3 Beaver Tails with Sauerkraut, Victory Conditions"
DRAW = "draw"


def advance(state: "GameState", eff: Any) -> None:
    last = state.static.scenario.turns
    to = state.turn + (eff.count or 0)
    state.events.append(Event("turn-marker", {"from": state.turn, "to": min(to, last + 1), "text": eff.text}))
    if to > last:
        state.events.append(Event(KIND, {"turn": state.turn, "winner": None, "level": DRAW, "text": eff.text}))
        return
    state.turn = to


def advanced(state: "GameState", eff: Any, side: int) -> bool:
    """Carry out an ``advance_turn_marker`` effect (no side: the turn track is everyone's)."""
    advance(state, eff)
    return True


register("scenario-rule", "turn-marker", "The turn marker moved on by a scenario event", "simulated", RULE,
         scenario_effects=("advance_turn_marker",), hooks=[SCENARIO_EFFECT.by(advanced)])
