"""The kernel of the rules engine: what every game system shares and nothing that
knows a game (issue 19, item 1: the first layer; docs/architecture.md).

- :class:`Game`: the protocol a game in progress offers (``legal_actions``,
  ``apply``, ``clone``, ``state_hash``, ``to_act``, ``result``); the Heroes System's
  :class:`builder.systems.heroes.engine.state.GameState` is one;
- :class:`Player` and the one player registry (:func:`register_player`,
  :func:`make_player`), with the one random player;
- :func:`play`: the one game loop, used by ``heroes play``, ``heroes playtest``, the
  golden games and the benchmarks.
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)

from builder.kernel.dice import Rng, derive_seed
from builder.kernel.game import Game, GameStuck
from builder.kernel.loop import play
from builder.kernel.players import (
    Player,
    PlayerFactory,
    RandomPlayer,
    make_player,
    player_kinds,
    register_player,
    register_player_package,
)

__all__ = ["Game", "GameStuck", "Player", "PlayerFactory", "RandomPlayer", "Rng", "derive_seed", "make_player", "play",
           "player_kinds", "register_player", "register_player_package"]
