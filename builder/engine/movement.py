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
from builder.engine.zoc import enemy_zoc

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState


def movement_allowance(state: "GameState", unit: "UnitState") -> int:
    """MV of the current face, -2 per Suppressed marker, 0 with a damaged track,
    plus movement modifiers of rule modules (Double Time!, Fuel...)."""
    if unit.damage & 2:
        return 0
    mv = unit.st.profile.faces[unit.face].movement - 2 * unit.suppressed
    mv += state.rules.movement_bonus(state, unit)
    return mv if mv > 0 else 0


def infantry_reach(state: "GameState", unit: "UnitState", mv: int | None = None) -> tuple[dict[int, int], set[int]]:
    """(square -> MP spent, squares from which the move may go on). Includes the
    start square (a move of 0)."""
    bf = state.static.bf
    if mv is None:
        mv = movement_allowance(state, unit)
    start = unit.sq
    steps = bf.steps(unit.type, unit.ability("amphibious") is not None)
    terrain = bf.terrain
    occ, units, side = state.occ, state.units, unit.side
    masks = enemy_zoc(state, side)
    dist = {start: 0}
    go_on = {start}
    if terrain[start].difficult:
        mv = min(mv, 1)
    frontier = [start]
    d = 0
    while frontier and d < mv:
        d += 1
        nxt = []
        for sq in frontier:
            ma = masks.get(sq, 0)
            for n in steps[sq]:
                if n in dist:
                    continue
                o = occ[n]
                if o >= 0:
                    ou = units[o]
                    if ou.side != side or not ou.is_infantry or ou.wreck:
                        continue
                if ma and ma & masks.get(n, 0):
                    continue
                dist[n] = d
                if not terrain[n].difficult:
                    go_on.add(n)
                    nxt.append(n)
        frontier = nxt
    return dist, go_on


def infantry_destinations(state: "GameState", unit: "UnitState") -> list[int]:
    """Squares where ``unit`` may end a move (not the start, not on another unit)."""
    dist, _ = infantry_reach(state, unit)
    occ = state.occ
    return [sq for sq in dist if occ[sq] < 0]


def _vehicle_squares(bf, sq: int, facing: int, footprint: int) -> tuple[int, ...] | None:  # type: ignore[no-untyped-def]
    if footprint == 1:
        return (sq,)
    back = bf.offset(sq, (facing + 4) % 8)
    return None if back < 0 else (sq, back)


def vehicle_reach(state: "GameState", unit: "UnitState", mv: int | None = None) -> dict[tuple[int, int], int]:
    """(front square, facing) -> MP spent, for the vehicle ``unit``."""
    bf = state.static.bf
    if mv is None:
        mv = movement_allowance(state, unit)
    fp = unit.st.profile.footprint
    amph = unit.ability("amphibious") is not None
    vtype = unit.type
    occ, units, uid = state.occ, state.units, unit.id
    terrain = bf.terrain

    def free(squares: tuple[int, ...]) -> bool:
        for s in squares:
            if not bf.enterable(s, vtype, amph):
                return False
            o = occ[s]
            if o >= 0 and o != uid:
                ou = units[o]
                if not ou.is_infantry or ou.wreck:
                    return False
        return True

    start = (unit.sq, unit.facing)
    dist = {start: 0}
    frontier = [start]
    d = 0
    stuck = terrain[unit.sq].difficult
    while frontier and d < mv:
        d += 1
        nxt = []
        for sq, f in frontier:
            options: list[tuple[int, int, int, int]] = [(sq, (f + 1) % 8, -1, -1), (sq, (f + 7) % 8, -1, -1)]
            fwd = bf.offset(sq, f)
            if fwd >= 0:
                options.append((fwd, f, sq, fwd))
            tail = bf.offset(sq, (f + 4) % 8) if fp == 2 else sq
            if tail >= 0:
                behind = bf.offset(tail, (f + 4) % 8)
                if behind >= 0:
                    options.append((tail if fp == 2 else behind, f, tail, behind))
            for nsq, nf, ea, eb in options:
                key = (nsq, nf)
                if key in dist:
                    continue
                squares = _vehicle_squares(bf, nsq, nf, fp)
                if squares is None or not free(squares):
                    continue
                if ea >= 0 and not bf.step_open(ea, eb):
                    continue
                dist[key] = d
                if not any(terrain[s].difficult for s in squares) and not stuck:
                    nxt.append(key)
        frontier = nxt
    return dist


def vehicle_destinations(state: "GameState", unit: "UnitState") -> list[tuple[int, int]]:
    start = (unit.sq, unit.facing)
    return [k for k in vehicle_reach(state, unit) if k != start]


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
