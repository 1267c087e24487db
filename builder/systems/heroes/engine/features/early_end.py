"""A side that may end the game (003 Battle for Normandy, Campaign > 2 Charge of the Light
Brigade, Victory Conditions: once the CW player controls the Primary Objective, "he may
decide to end the game at the end of a Supply Phase or continue to the end of Turn 6 to
eliminate all German Units").

An ``offer_end`` effect (builder/systems/heroes/content/models/scenario_events.py) in an ``end_of_supply``
event, its ``when`` the printed condition, asks its ``side`` as the round ends: a pending
decision of kind ``end-choice`` with two answers, ``square`` 1 to end the game at the end
of this round (a sudden death with no declared winner: the victory levels decide) and 0 to
play on. The supply phase waits for the answer, then closes the round
(builder/systems/heroes/engine/phases/supply.py, step ``close_round``). When the round ends the game
anyway (a sudden death, the last turn) nothing is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.kernel.events import Event
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import DECIDE, SCENARIO_EFFECT
from builder.systems.heroes.engine.sudden_death import KIND as SUDDEN_DEATH

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState

RULE = "003 Battle for Normandy, Campaign > 2 Charge of the Light Brigade, Victory Conditions"
CHOICE = "end-choice"
PLAY_ON, END = 0, 1


def offer(state: "GameState", eff: Any, side: int) -> bool:
    """Ask ``side`` whether the game ends at the end of this round (not on the last turn,
    which ends it anyway)."""
    if side < 0 or state.turn >= state.static.scenario.turns:
        return True
    state.pending.append((CHOICE, side, -1, (PLAY_ON, END), ()))
    state.events.append(Event("end-offered", {"side": side, "turn": state.turn, "text": eff.text}))
    return True


def decide(state: "GameState", action: "Action") -> None:
    """The side's answer: end the game at the end of this round, or play on."""
    kind, side, _, options, _ = state.pending[0]
    if kind != CHOICE or action.square not in options:
        raise IllegalAction("expected the answer to the offer to end the game")
    state.pending.pop(0)
    ending = None
    if action.square == END:
        ending = Event(SUDDEN_DEATH, {"turn": state.turn, "winner": None, "level": None,
                                      "text": "the side chose to end the game"})
        state.events.append(ending)
    state.events.append(Event("end-answered", {"side": side, "turn": state.turn, "end": action.square == END}))
    steps.close_round(state, ending)


register("scenario-rule", "early-end", "A side that may end the game at the end of a supply phase", "simulated",
         RULE, scenario_effects=("offer_end",), decides=(CHOICE,), hooks=[SCENARIO_EFFECT.by(offer), DECIDE.by(decide)])
