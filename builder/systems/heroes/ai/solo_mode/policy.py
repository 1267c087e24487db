"""The decision-table player (``solo:ATTITUDE`` in the two-player game, and the AI side
of the Solo game mode, ``solo-mode:ATTITUDE:DIFFICULTY``).

In the two-player game the tables serve as a policy: the lowest order token goes to
the unit 5.1 names, a revealed unit acts as 5.5 says, the supply phase follows 5.6. In
the Solo game mode the AI places no orders in the order phase (its reaction cards do,
builder.systems.heroes.engine.solo_mode.rules), so only 5.5 and 5.6 are asked of this player there. The
tables know no smoke bombs: with the Smoke option, the side's highest order token goes
on a bomb when two armed enemies or more stand under one pattern (builder.systems.heroes.ai.evaluate).
Directives and advanced positions follow 002's rules for the AI (builder.systems.heroes.ai.solo_mode.
tokens); Autonomous units offered between activations act at once. In the Solo game
mode the AI's hand is its reserve of action cards, played as builder.systems.heroes.ai.solo_mode.
action_cards says.
"""

from __future__ import annotations

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.players import Player
from builder.systems.heroes.ai.solo_mode import tokens
from builder.systems.heroes.engine.solo_mode import action_cards
from builder.systems.heroes.ai.solo_mode.brain import Brain
from builder.systems.heroes.ai.tables import TableSet
from builder.systems.heroes.engine import Action, GameState
from builder.systems.heroes.engine.features.autonomy import AUTONOMOUS


class SoloPlayer(Player):
    name = "solo"

    def __init__(self, seed: int, side: int, attitude: str = "balanced", *, mode: bool = False,
                 difficulty: str = "medium") -> None:
        super().__init__(seed, side)
        self.attitude, self.mode, self.difficulty = attitude, mode, difficulty
        self._brain: Brain | None = None

    def brain(self, state: GameState) -> Brain:
        if self._brain is None:
            self._brain = Brain(TableSet.from_pack(state.static.pack), self.side, self.attitude, self, self.rules_fired)
        return self._brain

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        brain = self.brain(state)
        kind = actions[0].kind
        if state.pending or kind in ("retreat", "displace", "opfire", "pass"):
            return brain.pending(state, actions)
        if state.phase == "orders":
            return self._order(state, actions, brain)
        if kind == AUTONOMOUS:  # between activations: its Autonomous units act at once
            return self._autonomous(state, actions, brain)
        cards = [a for a in actions if a.kind == "card"] if self.mode else []
        plain = [a for a in actions if a.kind != "card"] if cards else actions
        if state.phase == "activation":
            chosen = brain.activation(state, plain)
            if not cards:
                return chosen
            return action_cards.in_activation(state, cards, chosen, lambda units: brain.order_unit(state, units)) or chosen
        if state.phase == "supply":
            return (action_cards.in_supply(state, cards) if cards else None) or brain.supply(state, plain)
        return actions[0]

    def _autonomous(self, state: GameState, actions: list[Action], brain: Brain) -> Action:
        """An Autonomous unit is activated as soon as it is offered, the one table 5.1
        would give the next order (the AI uses its abilities whenever it can, 002
        Solo Mode, 4 Clarifications; 4.1 reads Autonomous as a token given to it)."""
        units = sorted(a.unit for a in actions if a.kind == AUTONOMOUS)
        uid = brain.order_unit(state, units) if len(units) > 1 else units[0]
        return next(a for a in actions if a.kind == AUTONOMOUS and a.unit == uid)

    def _order(self, state: GameState, actions: list[Action], brain: Brain) -> Action:
        placed = tokens.directive(state, actions, self.side, self)  # 002 Solo Mode, 4.2 Directives
        if placed is not None:
            return placed
        bombs = [a for a in actions if a.kind == "smoke-order" and a.token > 0]
        if bombs:  # the tables say nothing of smoke: the highest token on a bomb when enemies bunch
            top = max(bombs, key=lambda a: a.token)
            if ev.smoke_order_value(state, self.side, top.token) > 0:
                return top
        numbered = [a for a in actions if a.kind == "order" and a.token > 0]
        if not numbered:
            done = [a for a in actions if a.kind == "done"]
            return done[0] if done else actions[0]
        lowest = min(a.token for a in numbered)
        units = sorted({a.unit for a in numbered if a.token == lowest})
        uid = brain.order_unit(state, units)
        return next(a for a in numbered if a.token == lowest and a.unit == uid)
