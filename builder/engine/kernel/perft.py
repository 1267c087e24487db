"""perft: count the leaves of the legal-action tree to a depth, as chess engines
do to pin their move generators. Dice come from each clone's own copy of the
seeded generator, so counts are reproducible."""

from __future__ import annotations

from builder.engine.heroes.api import apply, legal_actions
from builder.engine.heroes.state import GameState


def perft(state: GameState, depth: int) -> int:
    if depth == 0 or state.result is not None:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        apply(child, action)
        total += perft(child, depth - 1)
    return total
