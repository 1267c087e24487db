"""Random legal play: uniform over ``legal_actions``, for tests and benchmarks."""

from __future__ import annotations

from typing import Callable

from builder.engine.api import apply, legal_actions
from builder.engine.dice import Rng
from builder.engine.state import GameState


def random_playout(state: GameState, rng: Rng, max_decisions: int = 100_000,
                   on_decision: Callable[..., None] | None = None) -> int:
    """Play ``state`` to the end with uniformly random legal actions; returns the
    number of decisions taken."""
    n = 0
    while state.result is None and n < max_decisions:
        actions = legal_actions(state)
        if not actions:
            raise RuntimeError(f"no legal action in phase {state.phase} for side {state.to_act}")
        action = actions[rng.below(len(actions))]
        side = state.to_act
        events = apply(state, action)
        if on_decision is not None:
            on_decision(side, action, events)
        n += 1
    return n


class RandomPlayer:
    """A player choosing uniformly among legal actions from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, actions: list) -> object:  # type: ignore[type-arg]
        return actions[self.rng.below(len(actions))]
