"""The greedy player: the legal action with the best immediate expected damage or
objective gain, ties broken at random. No look-ahead: it is the yardstick a scenario's
balance is measured with when both sides play equally simply."""

from __future__ import annotations

from typing import Iterable

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai import extras_values as xv
from builder.systems.heroes.ai import token_values as tv
from builder.systems.heroes.ai import support_values as sv
from builder.systems.heroes.ai.demolition import charge_value, climb_value, structure_shot_value, target_shot_value
from builder.systems.heroes.ai.players import Player
from builder.systems.heroes.engine import Action, GameState
from builder.systems.heroes.engine.features import autonomy
from builder.systems.heroes.engine.features.autonomy import AUTONOMOUS
from builder.systems.heroes.engine.features.aircraft import AT_AIRCRAFT, aa_plan
from builder.systems.heroes.engine.features.concealment import CONCEALED
from builder.systems.heroes.engine.features.advanced_positions import POSITION
from builder.systems.heroes.engine.features.demolition_charges import KEY as CHARGE
from builder.systems.heroes.engine.features.demolition_targets import CLIMB
from builder.systems.heroes.engine.features.demolition_targets import MODE as TARGET
from builder.systems.heroes.engine.features.destruction import STRUCTURE
from builder.systems.heroes.engine.features.goliath import DETONATE
from builder.systems.heroes.engine.features.hedgerow_cutter import PASSAGE
from builder.systems.heroes.engine.features.mg_nest import NEST
from builder.systems.heroes.engine.features.directives import KINDS
from builder.systems.heroes.engine.transport import square_of

EPS = 1e-9
PRICED = (PASSAGE, DETONATE)  # moves scored one by one: a token spent, a Goliath blown up


def order_potential(state: GameState, uid: int) -> float:
    """How much a unit gains from acting early: near an enemy or an objective not held."""
    return order_potentials(state, [uid])[uid]


def order_potentials(state: GameState, uids: Iterable[int]) -> dict[int, float]:
    """:func:`order_potential` of several units of one position: the enemy squares and
    the map of distances to the objectives not held are read once per side."""
    units = state.units
    seen: dict[int, tuple[list[int], list[int]]] = {}
    out: dict[int, float] = {}
    for uid in uids:
        u = units[uid]
        side = u.side
        maps = seen.get(side)
        if maps is None:
            maps = seen[side] = (ev.enemy_squares(state, side), ev.nearest_map(state, side, "any", True))
        sq = u.sq if u.sq >= 0 else square_of(state, u)  # a carried unit is where its vehicle is
        enemy = ev.danger_from(state, sq, maps[0])
        obj = maps[1][sq]
        out[uid] = 1.0 / (1 + enemy) + (1.0 / (1 + obj) if u.type == "infantry" else 0.0)
    return out


class GreedyPlayer(Player):
    name = "greedy"

    def score(self, state: GameState, action: Action) -> float:
        kind = action.kind
        if kind == "fire" and action.mode == STRUCTURE:
            return structure_shot_value(state, action)
        if kind == "fire" and action.mode == TARGET:
            return target_shot_value(state, action)
        if kind == "fire" and action.mode == AT_AIRCRAFT:
            return aircraft_shot_value(state, action)
        if kind == "fire":
            return ev.shot_value(state, action)
        if kind == "assault":
            return ev.assault_value(state, action)
        if kind == "blast":
            return ev.blast_value(state, action)
        if kind == "barrage":
            return sv.barrage_value(state, action)
        if kind == "token" and action.mode == CHARGE:  # a demolition charge on a structure
            return charge_value(state, action)
        if kind == "token" and action.target >= 0:  # a bomb or mine on a vehicle
            return ev.bomb_value(state, action)
        if kind == "token" and action.mode == CONCEALED:  # a Concealed token on the unit
            return ev.conceal_value(state, action)
        if kind == "token" and action.mode in KINDS:
            return tv.directive_value(state, action)
        if kind == "token" and action.mode == POSITION:
            return tv.position_value(state, action)
        if kind == "token" and action.mode == NEST:  # valued as an advanced position
            return tv.position_value(state, action)
        if kind == "move" and action.mode == PASSAGE:  # through a hedgerow on a Passage token
            return xv.passage_value(state, action)
        if kind == "move" and action.mode == DETONATE:  # a Goliath blowing up
            return xv.detonation_value(state, action)
        if kind == CLIMB:  # to or from the top floor of a demolition target (the Chimney's)
            return climb_value(state, action)
        if kind == "move":
            if action.extra:  # on a Fuel token
                return tv.fuel_move_value(state, action)
            return ev.move_value(state, state.units[action.unit], action.square)
        if kind == "order":
            if action.token <= 0:
                return -1.0
            if autonomous_units(state):
                return _order_value(state, action, order_potential(state, action.unit))
            return order_potential(state, action.unit) * (20 - action.token)
        if kind == AUTONOMOUS:  # acting now rather than later costs the side nothing
            return order_potential(state, action.unit)
        if kind == "smoke":
            return ev.smoke_value(state, self.side, action.square)
        if kind == "smoke-order":
            return ev.smoke_order_value(state, self.side, action.token)
        if kind in ("retreat", "displace"):
            return float(ev.danger_distance(state, action.square, self.side))
        if kind == "opfire":
            return ev.opfire_value(state, action)
        if kind == "card" and state.pending:  # an answer to the opponent's shot or move: worth playing
            return 1.0
        if kind == "card" and state.phase == "activation":
            return sv.card_value(state, action)
        return 0.0

    def scores(self, state: GameState, actions: list[Action]) -> list[float]:
        """:meth:`score` of every action, with what many actions share measured once.

        Moves and order placements are most of every list: moves read their unit's
        map of move values (builder.systems.heroes.ai.evaluate.move_value_map), orders their unit's
        potential (:func:`order_potentials`), each built once per unit, in one pass
        over the list. Shots, assaults and the rest are scored one by one."""
        units = state.units
        maps = {uid: ev.move_value_map(state, units[uid]) for uid in {a.unit for a in actions if a.kind == "move"}}
        potential = order_potentials(state, {a.unit for a in actions if a.kind == "order" and a.token > 0})
        out = [maps[a.unit][a.square] if a.kind == "move" and not a.extra and a.mode not in PRICED
               else potential[a.unit] * (20 - a.token) if a.kind == "order" and a.token > 0
               else None for a in actions]
        if potential and autonomous_units(state):
            out = [_order_value(state, a, potential[a.unit]) if a.kind == "order" and a.token > 0 else v
                   for a, v in zip(actions, out)]
        for i, v in enumerate(out):
            if v is None:
                out[i] = self.score(state, actions[i])
        return out  # type: ignore[return-value]

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        best = best_actions(actions, self.scores(state, actions))
        return best[0] if len(best) == 1 else self.pick(best)


def aircraft_shot_value(state: GameState, action: Action) -> float:
    """Anti-aircraft fire (builder/systems/heroes/engine/features/aircraft.py): the chance of a hit
    plus that of a kill shot, times the aircraft's worth, as any shot is valued."""
    plan = aa_plan(state, action)
    if not plan.ok:
        return -1.0
    p_hit, p_kill = plan.odds()
    return (p_hit + p_kill) * ev.target_value(state, state.units[action.target])


def autonomous_units(state: GameState) -> frozenset[int]:
    """Ids of the units that act without a token (000 core rules, Special Abilities >
    Autonomous; builder/systems/heroes/engine/features/autonomy.py): empty, at the cost of one flag, in
    games without them."""
    if not autonomy.in_game(state):
        return frozenset()
    found = state.memo.get(AUTONOMOUS)
    if found is None:
        found = state.memo[AUTONOMOUS] = frozenset(
            u.id for u in state.units
            if autonomy.is_autonomous(state, u) and state.rules.autonomous_activation(state, u.side))
    return found


def _order_value(state: GameState, action: Action, potential: float) -> float:
    """A numbered token on a unit: an Autonomous unit needs none, so it takes one
    only once every other unit has (below any unit that needs it, above a bluff)."""
    if action.unit in autonomous_units(state):
        return -0.5
    return potential * (20 - action.token)


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
