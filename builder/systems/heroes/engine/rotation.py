"""The initiative handed to the other side every turn: how a playtest of a symmetric
scenario rotates who moves first (builder.playtest_core.seeds.seating), as part of the game's
set-up rather than driven from outside the engine.

000 core rules, Supply Phase (last step) moves the initiative along the turn track from
the scenario's first side; a rotated game starts the track from the other side, so the
first turn's orders phase is opened again for it. Only the core rules rotate (a Solo
Mode game keeps the AI's side as the scenario sets it).
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine.phases import orders
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.engine.state import GameState


class RotatedRules(Rules):
    """The core rules (000) with the turn track started from the scenario's other side."""

    name = "core"

    def initiative_for_turn(self, state: GameState) -> int:
        return 1 - super().initiative_for_turn(state)


def new_game(pack: Any, scenario_id: str, *, seed: int, rules: type[Rules] = Rules, armies: Any = None,
             options: dict[str, Any] | None = None, initiative_swapped: bool = False) -> GameState:
    """A new game under ``rules``; with ``initiative_swapped`` (the core rules only) the
    other side holds the initiative from the first turn on, its first orders phase
    already opened for that side."""
    if initiative_swapped:  # said in the options too: the game's rules record how it was set up
        options = {**(options or {}), "initiative_swapped": True}
    if not initiative_swapped or rules is not Rules:
        return rules.new_game(pack, scenario_id, seed=seed, armies=armies, options=options or None)
    state = RotatedRules.new_game(pack, scenario_id, seed=seed, armies=armies, options=options)
    if state.phase == "orders":  # set up by the scenario's side: hand the first turn over
        state.initiative = state.turn_side = 1 - state.initiative
        orders.advance(state)
    return state
