"""Movement (000 core rules, Action! > Movement; Terrain and Terrain Overlays).

Infantry moves up to its MV square by square, diagonals allowed, through friendly
infantry (never ending on it), never through vehicles, wrecks or enemy infantry,
obeying zones of control; entering difficult passage ends the move, and a unit
starting in one moves one square. Vehicles move as (front square, facing)
states: one square forward or backward, or 45 degrees of rotation, for 1 MP
each; they ignore zones of control and pass through infantry, which is displaced
at the end. Every Suppressed marker costs 2 MV (Suppressed Marker Penalties).
Move actions are destinations from a breadth-first search, not paths.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.grid import DIRS
from builder.engine.zoc import enemy_zoc_table

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState


def movement_allowance(state: "GameState", unit: "UnitState") -> int:
    """MV of the current face, -2 per Suppressed marker, 0 with a damaged track,
    plus movement modifiers of rule modules (Double Time!, Fuel...)."""
    if unit.damage & 2:
        return 0
    mv = unit.st.profile.faces[unit.face].movement - 2 * unit.suppressed
    mv += state.rules.movement_bonus(state, unit)
    if state.boosts:
        mv += state.boosts.get(("movement", unit.id), 0)
    return mv if mv > 0 else 0


def infantry_reach(state: "GameState", unit: "UnitState", mv: int | None = None,
                   parents: dict[int, int] | None = None) -> tuple[dict[int, int], set[int]]:
    """(square -> MP spent, squares from which the move may go on). Includes the
    start square (a move of 0). With ``parents``, records each square's
    predecessor on a shortest path."""
    bf = state.static.bf
    if mv is None:
        mv = movement_allowance(state, unit)
    start = unit.sq
    steps = bf.steps(unit.type, unit.ability("amphibious") is not None)
    difficult = bf.difficult_squares()
    occ, side = state.occ, unit.side
    zoc, friends = _side_view(state, side)
    dist = {start: 0}
    if difficult[start]:
        mv = min(mv, 1)
    frontier = [start]
    d = 0
    # The order squares enter ``dist`` is the order of the move actions: keep the
    # breadth-first order (frontier order, then the neighbour order of ``steps``).
    # Every square entered that is not difficult passage goes on the next
    # frontier, so those frontiers are exactly the squares the move may go on from.
    go_on = {start}
    while frontier and d < mv:
        d += 1
        nxt = []
        for sq in frontier:
            ma = zoc[sq]
            for n in steps[sq]:
                if n in dist or (occ[n] >= 0 and n not in friends):
                    continue
                if ma and ma & zoc[n]:
                    continue
                dist[n] = d
                if parents is not None:
                    parents[n] = sq
                if not difficult[n]:
                    nxt.append(n)
        go_on.update(nxt)
        frontier = nxt
    return dist, go_on


def _side_view(state: "GameState", side: int) -> tuple[list[int], set[int]]:
    """For movers of ``side``, memoised for the current decision: the enemy
    zone-of-control masks as a list by square (0 where no enemy controls it; a
    list index is much cheaper than a dict lookup in the search's inner loop),
    and the squares of friendly infantry it may pass through."""
    view = state.memo.get(("side-view", side))
    if view is None:
        zoc = enemy_zoc_table(state, side)
        occ = state.occ
        friends = {
            u.sq for u in state.units
            if u.side == side and u.sq >= 0 and u.alive and not u.wreck and occ[u.sq] == u.id
            and u.st.profile.type in ("infantry", "gun")}
        view = state.memo[("side-view", side)] = (zoc, friends)
    return view  # type: ignore[return-value]


def infantry_destinations(state: "GameState", unit: "UnitState") -> list[int]:
    """Squares where ``unit`` may end a move (not the start, not on another unit)."""
    dist, _ = infantry_reach(state, unit)
    occ = state.occ
    return [sq for sq in dist if occ[sq] < 0]


def vehicle_graph(bf, vtype: str, amph: bool, fp: int):  # type: ignore[no-untyped-def]
    """Static moves of a vehicle as a graph over states ``square * 8 + facing``:
    one square forward (counted from the front), one back (from the back), or 45
    degrees either way; each state's covered squares and whether it stands in
    difficult passage. Built once per battlefield and kind of vehicle."""
    key = ("vehicle", vtype, amph, fp)
    hit = bf._steps.get(key)
    if hit is not None:
        return hit
    n = bf.size * 8
    cover: list[tuple[int, ...] | None] = [None] * n
    for sq in range(bf.size):
        for f in range(8):
            squares: tuple[int, ...] | None = (sq,)
            if fp == 2:
                back = bf.offset(sq, (f + 4) % 8)
                squares = None if back < 0 else (sq, back)
            if squares is not None and all(bf.enterable(c, vtype, amph) for c in squares):
                cover[sq * 8 + f] = squares
    trans: list[tuple[int, ...]] = [()] * n
    diff = [False] * n
    for state in range(n):
        squares = cover[state]
        if squares is None:
            continue
        sq, f = divmod(state, 8)
        diff[state] = any(bf.terrain[c].difficult for c in squares)
        out = [sq * 8 + (f + 1) % 8, sq * 8 + (f + 7) % 8]
        fwd = bf.offset(sq, f)
        if fwd >= 0 and bf.step_open(sq, fwd):
            out.append(fwd * 8 + f)
        tail = squares[-1]
        behind = bf.offset(tail, (f + 4) % 8)
        if behind >= 0 and bf.step_open(tail, behind):
            out.append((tail if fp == 2 else behind) * 8 + f)
        trans[state] = tuple(t for t in out if cover[t] is not None)
    graph = (trans, cover, diff)
    bf._steps[key] = graph  # type: ignore[assignment]
    return graph


def vehicle_reach(state: "GameState", unit: "UnitState", mv: int | None = None) -> dict[tuple[int, int], int]:
    """(front square, facing) -> MP spent, for the vehicle ``unit``. Vehicles pass
    through infantry but not through other vehicles or wrecks."""
    return {(t >> 3, t & 7): v for t, v in vehicle_states(state, unit, mv).items()}


def vehicle_states(state: "GameState", unit: "UnitState", mv: int | None = None,
                   parents: dict[int, int] | None = None) -> dict[int, int]:
    """As :func:`vehicle_reach`, keyed by ``square * 8 + facing``."""
    bf = state.static.bf
    if mv is None:
        mv = movement_allowance(state, unit)
    trans, cover, diff = vehicle_graph(bf, unit.type, unit.ability("amphibious") is not None,
                                       unit.st.profile.footprint)
    blocked = set()
    for u in state.units:
        if u.id != unit.id and u.sq >= 0 and u.alive and (u.wreck or u.st.profile.type in ("light_vehicle", "heavy_vehicle")):
            blocked.update(state.squares_of(u))
    start = unit.sq * 8 + unit.facing
    dist = {start: 0}
    frontier = [start]
    stuck = diff[start] if cover[start] is not None else False
    d = 0
    while frontier and d < mv:
        d += 1
        nxt = []
        for s0 in frontier:
            for t in trans[s0]:
                if t in dist:
                    continue
                squares = cover[t]
                if blocked and (squares[0] in blocked or squares[-1] in blocked):  # type: ignore[index]
                    continue
                dist[t] = d
                if parents is not None:
                    parents[t] = s0
                if not diff[t] and not stuck:
                    nxt.append(t)
        frontier = nxt
    return dist


def vehicle_destinations(state: "GameState", unit: "UnitState") -> list[tuple[int, int]]:
    start = unit.sq * 8 + unit.facing
    return [(t >> 3, t & 7) for t in vehicle_states(state, unit) if t != start]


def reachable(state: "GameState", unit: "UnitState") -> list[int]:
    """Squares ``unit`` could end a move on now (evaluation helper for AI players)."""
    if unit.is_vehicle:
        return sorted({sq for sq, _ in vehicle_reach(state, unit)})
    return sorted(infantry_reach(state, unit)[0])


def facing_towards(dx: int, dy: int) -> int:
    """The facing (0-7) nearest to the direction (dx, dy)."""
    best, best_dot = 0, -10**9
    for i, (fx, fy) in enumerate(DIRS):
        dot = (fx * dx + fy * dy) * (1.0 if fx == 0 or fy == 0 else 0.7071)
        if dot > best_dot:
            best, best_dot = i, dot
    return best


def path_to(state: "GameState", unit: "UnitState", square: int, facing: int = -1) -> list[int]:
    """Squares a shortest legal move of ``unit`` to ``square`` enters, in order
    (the start excluded); empty when it cannot get there."""
    parents: dict[int, int] = {}
    if unit.is_vehicle:
        dist = vehicle_states(state, unit, parents=parents)
        goal = square * 8 + (facing if facing >= 0 else unit.facing)
        if goal not in dist:
            return []
        chain = [goal]
        while chain[-1] in parents:
            chain.append(parents[chain[-1]])
        out: list[int] = []
        prev = unit.sq
        for t in reversed(chain[:-1]):
            if t >> 3 != prev:
                prev = t >> 3
                out.append(prev)
        return out
    dist2, _ = infantry_reach(state, unit, parents=parents)
    if square not in dist2:
        return []
    out = [square]
    while out[-1] in parents:
        out.append(parents[out[-1]])
    return list(reversed(out[:-1]))
