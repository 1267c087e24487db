"""Registry of players by name. The engine registers ``random``; builder/ai/
(the playtest helper) registers greedy/solo players with :func:`register_player`.

A player factory takes ``(seed: int, side: int)`` and returns an object with
``choose(state, actions) -> Action``.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from builder.errors import UsageError

PLAYERS: dict[str, Callable[[int, int], Any]] = {}


def register_player(name: str, factory: Callable[[int, int], Any]) -> None:
    PLAYERS[name] = factory


def get_player(name: str, seed: int, side: int) -> Any:
    """A player instance; loads builder.ai (if present) so its players register."""
    if name not in PLAYERS:
        try:
            importlib.import_module("builder.ai")
        except ImportError:
            pass
    factory = PLAYERS.get(name)
    if factory is None:
        raise UsageError(f"unknown player '{name}' (known: {', '.join(sorted(PLAYERS))})")
    return factory(seed, side)


def _random(seed: int, side: int) -> Any:
    from builder.engine.random_play import RandomPlayer
    return RandomPlayer(seed)


register_player("random", _random)
