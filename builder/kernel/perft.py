"""perft: count the leaves of the legal-action tree to a depth, as chess engines
do to pin their move generators. Dice come from each clone's own copy of the
seeded generator, so counts are reproducible. Asks only the kernel's
:class:`~builder.kernel.game.Game` protocol, so it counts any game system's tree."""

from __future__ import annotations

from builder.kernel.game import Game


def perft(state: Game, depth: int) -> int:
    if depth == 0 or state.result is not None:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total
