"""Sudden death (000 core rules, Setup > Victory Conditions): reaching the scenario's
victory condition ends the game at the end of the current round, not at once.

A scenario says so with an ``end_game`` effect (builder/systems/heroes/content/models/scenario_events.py)
in an ``end_of_supply`` event, whose ``when`` is the condition the scenario prints. The
effect only declares the end; the supply phase closes the round (control, order tokens,
the end-of-round record) and then ends the game with reason ``sudden_death``
(builder/systems/heroes/engine/phases/supply.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.kernel.events import Event

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

KIND = "sudden-death"


def declare(state: "GameState", eff: Any) -> None:
    """Record that the game ends at the end of this round, with the winner and level the
    scenario declares (none: the victory levels decide)."""
    state.events.append(Event(KIND, {"turn": state.turn, "winner": eff.winner, "level": eff.level,
                                     "text": eff.text}))


def due(state: "GameState", since: int) -> Event | None:
    """The end declared by the events logged from index ``since`` on (this round's
    end-of-supply events), the first one if several did."""
    return next((e for e in state.events[since:] if e.kind == KIND), None)
