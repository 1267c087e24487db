"""The greedy player: the legal action with the best immediate expected damage or
objective gain, ties broken at random. No look-ahead: it is the yardstick a scenario's
balance is measured with when both sides play equally simply."""

from __future__ import annotations

from builder.ai import evaluate as ev
from builder.ai.players import Player
from builder.engine import Action, GameState

EPS = 1e-9


def order_potential(state: GameState, uid: int, enemies: list[int] | None = None) -> float:
    """How much a unit gains from acting early: near an enemy or an objective not held.
    ``enemies`` (builder.ai.evaluate.enemy_squares of the unit's side) spares reading
    the units again when many potentials of one position are measured."""
    u = state.units[uid]
    if enemies is None:
        enemies = ev.enemy_squares(state, u.side)
    enemy = ev.danger_from(state, u.sq, enemies)
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
        """:meth:`score` of every action, with what many actions share measured once.

        Moves are most of every list: those of the first moving unit are read from its
        map of move values (builder.ai.evaluate.move_value_map) in one pass; the
        others (orders, shots, assaults, moves of other units in the supply phase)
        are scored one by one, an order's potential once per unit, from one reading
        of the enemy squares per side."""
        units = state.units
        mover = next((a.unit for a in actions if a.kind == "move"), -1)
        out: list[float | None] = [None] * len(actions)
        if mover >= 0:
            values = ev.move_value_map(state, units[mover])
            out = [values[a.square] if a.unit == mover and a.kind == "move" else None for a in actions]
        rest = [i for i, v in enumerate(out) if v is None]
        if not rest:
            return out  # type: ignore[return-value]
        maps: dict[int, list[float]] = {}
        potential: dict[int, float] = {}
        enemies: dict[int, list[int]] = {}
        for i in rest:
            a = actions[i]
            kind = a.kind
            if kind == "move":
                values = maps.get(a.unit)
                if values is None:
                    values = maps[a.unit] = ev.move_value_map(state, units[a.unit])
                out[i] = values[a.square]
            elif kind == "order" and a.token > 0:
                p = potential.get(a.unit)
                if p is None:
                    side = units[a.unit].side
                    seen = enemies.get(side)
                    if seen is None:
                        seen = enemies[side] = ev.enemy_squares(state, side)
                    p = potential[a.unit] = order_potential(state, a.unit, seen)
                out[i] = p * (20 - a.token)
            else:
                out[i] = self.score(state, a)
        return out  # type: ignore[return-value]

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        best = best_actions(actions, self.scores(state, actions))
        return best[0] if len(best) == 1 else self.pick(best)


def best_actions_in_order(actions: list[Action], scores: list[float]) -> list[Action]:
    """The actions tied for the best score, as the greedy player defines the tie: read
    in order, a score more than EPS above the best so far starts a new list, one
    within EPS of it joins the list (so the running best may trail the true maximum
    by up to EPS)."""
    best: list[Action] = []
    top = float("-inf")
    for a, s in zip(actions, scores):
        if s > top + EPS:
            best, top = [a], s
        elif s >= top - EPS:
            best.append(a)
    return best


def best_actions(actions: list[Action], scores: list[float]) -> list[Action]:
    """:func:`best_actions_in_order`, without its loop in the usual case: when every
    score is either the maximum exactly or more than 2 x EPS below it, the running
    best reaches the maximum at its first occurrence and never moves again, and
    nothing below it joins, so the tie is exactly the actions scoring the maximum.
    Near-ties (scores within 2 x EPS of the maximum but not equal) take the loop."""
    top = max(scores)
    floor = top - 2 * EPS
    if all(s == top for s in scores if s >= floor):
        return [a for a, s in zip(actions, scores) if s == top]
    return best_actions_in_order(actions, scores)
