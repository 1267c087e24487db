"""The greedy player: the legal action with the best immediate expected damage or
objective gain, ties broken at random. No look-ahead: it is the yardstick a scenario's
balance is measured with when both sides play equally simply."""

from __future__ import annotations

from builder.ai import evaluate as ev
from builder.ai.players import Player
from builder.engine import Action, GameState

EPS = 1e-9


def order_potential(state: GameState, uid: int) -> float:
    """How much a unit gains from acting early: near an enemy or an objective not held."""
    u = state.units[uid]
    enemy = ev.danger_distance(state, u.sq, u.side)
    obj = ev.nearest_objective_distance(state, u.sq, u.side, not_held=True)
    return 1.0 / (1 + enemy) + (1.0 / (1 + obj) if u.type == "infantry" else 0.0)


class GreedyPlayer(Player):
    name = "greedy"

    def score(self, state: GameState, action: Action) -> float:
        kind = action.kind
        if kind == "fire":
            return ev.shot_value(state, action)
        if kind == "assault":
            return ev.assault_value(state, action)
        if kind == "move":
            return ev.move_value(state, state.units[action.unit], action.square)
        if kind == "order":
            if action.token <= 0:
                return -1.0
            return order_potential(state, action.unit) * (20 - action.token)
        if kind in ("retreat", "displace"):
            return float(ev.danger_distance(state, action.square, self.side))
        if kind == "opfire":
            return ev.opfire_value(state, action)
        return 0.0

    def scores(self, state: GameState, actions: list[Action]) -> list[float]:
        """:meth:`score` of every action; the moves of one unit are scored together
        (builder.ai.evaluate.move_values) and an order's potential is measured once per unit."""
        out: list[float | None] = [None] * len(actions)
        moves: dict[int, list[int]] = {}
        potential: dict[int, float] = {}
        for i, a in enumerate(actions):
            if a.kind == "move":
                moves.setdefault(a.unit, []).append(i)
            elif a.kind == "order" and a.token > 0:
                p = potential.get(a.unit)
                if p is None:
                    p = potential[a.unit] = order_potential(state, a.unit)
                out[i] = p * (20 - a.token)
        for uid, idx in moves.items():
            values = ev.move_values(state, state.units[uid], [actions[i].square for i in idx])
            for i, v in zip(idx, values):
                out[i] = v
        return [self.score(state, a) if s is None else s for a, s in zip(actions, out)]

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        best: list[Action] = []
        top = float("-inf")
        for a, s in zip(actions, self.scores(state, actions)):
            if s > top + EPS:
                best, top = [a], s
            elif s >= top - EPS:
                best.append(a)
        return best[0] if len(best) == 1 else self.pick(best)
