"""The embedded rules engine: a pure rules core (no I/O) over loaded content.

Public API (docs/engine.md; contract in the engine brief)::

    from builder.engine import Rules, legal_actions, apply
    state = Rules.new_game(pack, "family-meeting-1", seed=7)
    while not state.is_over:
        action = pick(legal_actions(state))
        events = apply(state, action)
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)

from builder.engine.heroes.actions import Action
from builder.engine.heroes.alliances import scenario_seats, seat_players
from builder.engine.heroes.api import apply, legal_actions
from builder.engine.heroes.assault import plan_assault
from builder.engine.kernel.dice import Rng, derive_seed
from builder.engine.kernel.errors import IllegalAction
from builder.engine.kernel.events import Event
from builder.engine.heroes.firing import fire_odds, plan_shot
from builder.engine.board.los import line_of_sight, precompute_lines
from builder.engine.heroes.movement import reachable
from builder.engine.heroes.objectives import objective_control
from builder.engine.kernel import RandomPlayer, make_player, play, register_player
from builder.engine.kernel.random_play import random_playout
from builder.engine.heroes.rules import Rules
from builder.engine.heroes.state import GameResult, GameState, UnitState

__all__ = [
    "Action", "Event", "GameResult", "GameState", "IllegalAction", "RandomPlayer", "Rng", "Rules",
    "UnitState", "apply", "derive_seed", "fire_odds", "legal_actions", "line_of_sight", "make_player",
    "objective_control", "play", "plan_assault", "plan_shot", "precompute_lines", "random_playout", "reachable",
    "register_player", "scenario_seats", "seat_players",
]
