"""The random player: uniform over the legal actions, from its own seeded stream.

The baseline every other player should beat; also the fastest way to exercise every
rule of the engine in a batch."""

from __future__ import annotations

from builder.ai.players import Player
from builder.engine import Action, GameState


class RandomPlayer(Player):
    name = "random"

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        return actions[self.rng.below(len(actions))]
