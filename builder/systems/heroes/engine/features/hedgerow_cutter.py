"""Culling Hedgerow Cutter (000 core rules, Recruitment Options > Equipment >
Culling Hedgerow Cutter; Terrain and Terrain Overlays > Examples > Hedgerow).

The option holds two Passage tokens. A heavy vehicle of the side (of the
option's tile, or any with the option on an officer's tile) may, during a move,
drive through one hedgerow square, which vehicles otherwise never enter, and a
Passage token is left on that square; once the tokens are spent the cutter is
gone (no token left, nothing more is offered).

The engine offers this as ``move`` actions with mode ``passage``: the
destinations (front square and facing) a heavy vehicle reaches only by cutting
through one hedgerow square in this move (one cut per move). Making such a move
spends a token and puts the Passage on the first hedgerow square the search
crosses to get there (squares are searched in a fixed order), then moves as
usual.

A Passage stays for the rest of the game (the rule field ``passages``, declared
here) and is a gap
through the hedgerow for every vehicle, of either side: vehicles enter that
square as open ground (the hedgerow's stop is written for infantry). The rule
says nothing else about the square, so infantry still stops in it, it still
gives infantry its defence bonus and it still blocks sight: line of sight reads
the terrain unchanged. Games in which no Passage was placed search vehicle moves
as before: this module registers its search with builder/systems/heroes/engine/movement.py
(``VEHICLE_FLOODS``), which runs it only once the ``passages`` field is set.

The module owns its rule: it offers the moves (hook ``actions``), lays the Passage
before such a move (hook ``prepare``) and declares its field; the game loop, the
phases and the state name none of it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, TYPE_CHECKING

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import ACTIONS, PREPARE
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.movement import VEHICLE_FLOODS, movement_allowance, vehicle_blocks, vehicle_graph
from builder.systems.heroes.engine.state import RuleField, declare_field, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.state import GameState, UnitState

CUTTER = "culling-hedgerow-cutter"
PASSAGE = "passage"  # mode of the move actions cutting through a hedgerow
RULE = "000 core rules, Recruitment Options > Equipment > Culling Hedgerow Cutter"
# the hedgerow squares with a Passage token, for the rest of the game
PASSAGES: Final[RuleField[tuple[int, ...]]] = declare_field("passages", __name__)

Node = tuple[int, int]  # (vehicle state square * 8 + facing, hedgerow square cut in this move or -1)


def hedgerows(bf: "Battlefield") -> frozenset[int]:
    """The battlefield's hedgerow squares (computed once)."""
    key = ("hedgerows",)
    hit = bf.derived.get(key)
    if hit is None:
        hit = bf.derived[key] = frozenset(sq for sq, t in enumerate(bf.terrain)
                                         if "hedgerow" in t.id)
    return hit


def may_cut(state: "GameState", u: "UnitState") -> bool:
    """A heavy vehicle of a side with the option and a Passage token left for it."""
    return (u.type == "heavy_vehicle" and CUTTER in state.static.sides[u.side].keys
            and tokens_left(state, u, CUTTER) > 0 and bool(hedgerows(state.static.bf)))


def _flood(state: "GameState", u: "UnitState", mv: int, cutting: bool) -> tuple[dict[Node, int], dict[Node, Node]]:
    """Vehicle states reached with ``mv`` movement points through hedgerows with a
    Passage token, and with ``cutting`` through one more hedgerow square."""
    bf = state.static.bf
    hedges = hedgerows(bf)
    trans, cover, diff = vehicle_graph(bf, u.type, u.ability("amphibious") is not None,
                                       u.st.profile.footprint, hedges)
    passages = set(rule_field(state, PASSAGES))
    blocked = vehicle_blocks(state, u)
    start: Node = (u.sq * 8 + u.facing, -1)
    dist: dict[Node, int] = {start: 0}
    parents: dict[Node, Node] = {}
    frontier = [start]
    stuck = diff[start[0]] if cover[start[0]] is not None else False
    d = 0
    while frontier and d < mv:
        d += 1
        nxt = []
        for node in frontier:
            for t in trans[node[0]]:
                squares = cover[t]
                if blocked and (squares[0] in blocked or squares[-1] in blocked):
                    continue
                cut = node[1]
                for s in squares:
                    if s in hedges and s not in passages and s != cut:
                        cut = s if cut < 0 and cutting else -2
                if cut == -2 or (t, cut) in dist:
                    continue
                dist[t, cut] = d
                parents[t, cut] = node
                if not diff[t] and not stuck:
                    nxt.append((t, cut))
        frontier = nxt
    return dist, parents


def through_passages(state: "GameState", u: "UnitState", mv: int,
                     parents: dict[int, int] | None = None) -> dict[int, int]:
    """Vehicle states (``square * 8 + facing`` -> MP spent) of an ordinary move
    once Passage tokens lie on the battlefield: as builder.systems.heroes.engine.movement's
    search, the hedgerow squares with a Passage entered as open ground."""
    dist, came = _flood(state, u, mv, False)
    if parents is not None:
        parents.update({t: p[0] for (t, _), p in came.items()})
    return {t: d for (t, _), d in dist.items()}


def cuts(state: "GameState", u: "UnitState", mv: int) -> dict[int, int]:
    """Vehicle state -> hedgerow square cut, for the states ``u`` reaches only by
    cutting through a hedgerow in this move (the first cut found for each)."""
    dist, _ = _flood(state, u, mv, True)
    plain = {t for (t, cut) in dist if cut < 0}
    out: dict[int, int] = {}
    for (t, cut) in dist:
        if cut >= 0 and t not in plain and t not in out:
            out[t] = cut
    return out


def passage_moves(state: "GameState", u: "UnitState", phase: str = "move") -> list[Action]:
    """The ``move`` actions (mode ``passage``) of heavy vehicle ``u`` cutting through
    a hedgerow, when it may (offered with its moves, ``phase`` ``move``)."""
    if phase != "move" or not may_cut(state, u):
        return []
    return [Action("move", unit=u.id, square=t >> 3, facing=t & 7, mode=PASSAGE)
            for t in sorted(cuts(state, u, movement_allowance(state, u)))]


def cut_through(state: "GameState", action: Action) -> None:
    """Before a ``passage`` move: spend a token and put the Passage on the hedgerow
    square the move cuts through (the move itself is then an ordinary one)."""
    u = state.units[action.unit]
    found = cuts(state, u, movement_allowance(state, u)) if may_cut(state, u) else {}
    sq = found.get(action.square * 8 + action.facing)
    if sq is None:
        raise IllegalAction(f"no hedgerow to cut through: {action.describe(state)}")
    spend_token(state, u, CUTTER)
    set_rule_field(state, PASSAGES, tuple(sorted(rule_field(state, PASSAGES) + (sq,))))
    state.events.append(Event("passage", {"unit": u.id, "square": sq}))


def before_move(state: "GameState", action: Action) -> Action:
    """A ``passage`` move lays its Passage first (so that the path to its square is
    found through it); the move is then an ordinary one."""
    if action.mode != PASSAGE:
        return action
    cut_through(state, action)
    return replace(action, mode="")


VEHICLE_FLOODS.append((PASSAGES, through_passages))
register("option", CUTTER, "Culling Hedgerow Cutter", "partial", RULE,
         "one hedgerow square cut per move; the Passage opens the square to every vehicle of either side and "
         "changes nothing else (sight, infantry movement and defence read the hedgerow as before): the rule "
         "does not say", hooks=[ACTIONS.by(passage_moves), PREPARE.by(before_move)])
