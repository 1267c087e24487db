"""The Heroes System's rules engine: a pure rules core (no I/O) over loaded content:
state, actions, mechanics, scenario effects, set-up, phases and
:class:`~builder.systems.heroes.engine.rules.Rules`. It builds on the board
(:mod:`builder.systems.heroes.board`) and the game-free kernel (:mod:`builder.kernel`);
its rule modules live in :mod:`.features` and :mod:`.effects`.

Public API (docs/engine.md; contract in the engine brief)::

    from builder.systems.heroes.engine import Rules, legal_actions, apply
    state = Rules.new_game(pack, "family-meeting-1", seed=7)
    while not state.is_over:
        action = pick(legal_actions(state))
        events = apply(state, action)

Adding a feature (docs/architecture.md, "Adding a feature: where its data goes"): one
module under :mod:`.features` and one import line in ``all_features.py``. The module
registers its hooks (``effects.register(..., hooks=[MOVEMENT.by(fn)])``, each hook a typed
constant of ``effects/hooks.py``),
declares the state it changes during a game with ``state.declare_field`` (or
``declare_side_field``), the data it works out once per game with a
``derived.Derived`` key, and provides a step of ``steps.py`` it owns with
``steps.NAME.provide(fn)``; it adds no slot to the game state.
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.alliances import scenario_seats, seat_players
from builder.systems.heroes.engine.api import apply, legal_actions
from builder.systems.heroes.engine.assault import plan_assault
from builder.kernel.dice import Rng, derive_seed
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import fire_odds, plan_shot
from builder.systems.heroes.board.los import line_of_sight, precompute_lines
from builder.systems.heroes.engine.movement import reachable
from builder.systems.heroes.engine.objectives import objective_control
from builder.systems.heroes.engine.observation import HeroesObservation, determinize, observation
from builder.kernel import RandomPlayer, make_player, play, register_player, register_player_package
from builder.kernel.random_play import random_playout
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.engine.rotation import new_game
from builder.systems.heroes.engine.state import GameResult, GameState, UnitState

register_player_package("builder.systems.heroes.ai")  # greedy, solo, solo-mode: imported when first asked for

__all__ = [
    "Action", "Event", "GameResult", "GameState", "HeroesObservation", "IllegalAction", "RandomPlayer", "Rng", "Rules",
    "UnitState", "apply", "derive_seed", "determinize", "fire_odds", "legal_actions", "line_of_sight", "make_player",
    "new_game", "objective_control", "observation", "play", "plan_assault", "plan_shot", "precompute_lines", "random_playout", "reachable",
    "register_player", "scenario_seats", "seat_players",
]
