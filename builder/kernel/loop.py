"""The one game loop (issue 19, item 1): ``heroes play``, ``heroes playtest``, the
golden games and the benchmarks all play through :func:`play`, so they play the same
game for the same seed and players."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from builder.kernel.game import Game, GameStuck
from builder.kernel.players import Player

OnDecision = Callable[[int, Any, list[Any]], None]
"""Called after every decision with the side that took it, the action and its events
(the game log's writer, the playtest's counters)."""


def play(game: Game, players: Sequence[Player], *, max_decisions: int,
         on_decision: OnDecision | None = None) -> int:
    """Let ``players[side]`` choose for the side to act until the game is over or
    ``max_decisions`` were taken; returns the number of decisions taken. Every player
    is told of each decision's events (once, even when it plays both sides).

    Raises :class:`GameStuck` when the game goes on but offers no decision."""
    listeners = list({id(p): p for p in players}.values())
    n = 0
    while game.result is None and n < max_decisions:
        side = game.to_act
        actions = game.legal_actions()
        if side is None or not actions:
            raise GameStuck(f"no legal action after {n} decisions (side to act: {side})")
        action = players[side].choose(game, actions)
        events = game.apply(action)
        if on_decision is not None:
            on_decision(side, action, events)
        for p in listeners:
            p.notify(game, events)
        n += 1
    return n
