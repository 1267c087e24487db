"""Random legal play: uniform over ``legal_actions``, for tests and benchmarks."""

from __future__ import annotations

from collections.abc import Callable

from builder.kernel.dice import Rng
from builder.kernel.game import Game
from builder.kernel.loop import play
from builder.kernel.players import RandomPlayer


def random_playout(state: Game, rng: Rng, max_decisions: int = 100_000,
                   on_decision: Callable[..., None] | None = None) -> int:
    """Play ``state`` to the end (through the one game loop, builder.kernel.play)
    with uniformly random legal actions, both sides drawing from ``rng``; returns the
    number of decisions taken."""
    player = RandomPlayer(0, 0, rng)
    return play(state, [player, player], max_decisions=max_decisions, on_decision=on_decision)
