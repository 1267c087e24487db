"""Line of sight (000 core rules, Firing > Line of Sight; Terrain > Obstacles).

A line runs from the centre of the firer's square to the centre of the target's
(builder/systems/heroes/board/tracing.py traces it and holds the verdict type, Sight).

Static terrain is traced once per pair of squares and cached on the battlefield;
units (dynamic blockers) are laid over the cached squares at each query:
vehicles and wrecks block; infantry blocks unless the firer or the target is a
vehicle; concealed units never block (Special Abilities > Ambush). Obscuring
squares subtract their value each, cumulatively; the firer's and the target's
squares do not count. No-passage symbols and building walls crossed block.
A line with an end in an Elevated Position follows 003's rules instead
(builder/systems/heroes/board/elevation.py); lines drawn between squares (low barricades,
contour lines) hinder only shots from units not adjacent to them
(builder/systems/heroes/board/lines.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.systems.heroes.board.bitboard import board_of
from builder.systems.heroes.board.tracing import BLOCKED, CLEAR, OBSCURED, Sight, trace
from builder.systems.heroes.board.elevation import edge_crossed, elevated_end, high_line, high_sight, levels
from builder.systems.heroes.board.lines import Crossing, crossings, facing

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.state import GameState, UnitState


EDGE_BLOCKER = "no-passage edge or wall"


@dataclass(frozen=True, slots=True)
class StaticLine:
    squares: tuple[int, ...]  # squares crossed, firer and target excluded
    blocker: str  # "" or why terrain blocks
    obscurers: tuple[tuple[int, int], ...]  # (square, penalty)
    board: int  # the squares crossed as a bitboard: no unit in the way when it
    # shares no square with the occupied ones (builder.systems.heroes.board.bitboard)
    lines: tuple[Crossing, ...] = ()  # lines hindering sight crossed (builder/systems/heroes/board/lines.py)


def static_line(bf: "Battlefield", a: int, b: int) -> StaticLine:
    """Terrain verdict of the line a-b, cached per battlefield (symmetric)."""
    key = a * bf.size + b if a < b else b * bf.size + a
    hit = bf.los_cache.get(key)
    if hit is not None:
        return hit
    squares, edge = trace(bf, a, b) if a < b else trace(bf, b, a)
    blocker = ""
    if edge:
        blocker = EDGE_BLOCKER
    obscurers = []
    for sq in squares:
        t = bf.terrain[sq]
        if t.blocks_los and not blocker:
            blocker = f"{t.id} at {bf.name(sq)}"
        if t.obscures:
            obscurers.append((sq, t.obscures))
    board = board_of(squares)
    lines = crossings(bf, [min(a, b), *squares, max(a, b)], board | 1 << a | 1 << b) if bf.line_terrain else ()
    line = StaticLine(tuple(squares), blocker, tuple(obscurers), board, lines)
    bf.los_cache[key] = line
    return line


def _unit_in_the_way(state: "GameState", line: StaticLine, firer: "UnitState | None",
                     target: "UnitState | None") -> int:
    """The square of the first unit blocking ``line`` (terrain aside), or -1: vehicles
    and wrecks block; infantry blocks unless the firer or the target is a vehicle;
    concealed units never block; the firer and the target themselves do not count
    (000 core rules, Firing > Line of Sight; Special Abilities > Ambush)."""
    if not line.board & state.occupied:
        return -1
    occ, units = state.occ, state.units
    fid, tid = firer.id if firer else -1, target.id if target else -1
    vehicle_involved = (firer is not None and firer.is_vehicle) or (target is not None and target.is_vehicle)
    for sq in line.squares:
        o = occ[sq]
        if o >= 0 and o != fid and o != tid:
            u = units[o]
            if u.concealed:
                continue
            if u.is_vehicle or u.wreck or not vehicle_involved:
                return sq
    return -1


def _blocked_by_unit(state: "GameState", line: StaticLine, firer: "UnitState | None",
                     target: "UnitState | None") -> Sight | None:
    """The blocked verdict naming the first unit in the way of ``line``, or None."""
    sq = _unit_in_the_way(state, line, firer, target)
    if sq < 0:
        return None
    u = state.units[state.occ[sq]]
    what = "vehicle" if u.is_vehicle or u.wreck else "infantry"
    return Sight(BLOCKED, 0, line.obscurers, f"{what} {u.st.profile.name} at {state.static.bf.name(sq)}", line.squares)


def sight(state: "GameState", a: int, b: int, firer: "UnitState | None" = None,
          target: "UnitState | None" = None) -> Sight:
    """Line of sight from square ``a`` to square ``b`` with the units on the board; a
    line with an end in an Elevated Position is traced by
    :func:`builder.systems.heroes.board.elevation.high_sight`."""
    bf = state.static.bf
    if bf.high and elevated_end(bf, a, b):
        return high_sight(state, a, b, firer, target)
    return ground_sight(state, a, b, firer, target)


def ground_sight(state: "GameState", a: int, b: int, firer: "UnitState | None" = None,
                 target: "UnitState | None" = None) -> Sight:
    """:func:`sight` traced on the ground whatever the ends' elevation: a shot at the
    Chimney's red dot, which is not an Elevated Position (003 Battle for Normandy,
    Battlefield > Buildings > Destroying the Chimney)."""
    bf = state.static.bf
    key = a * bf.size + b if a < b else b * bf.size + a
    line = bf.los_cache.get(key) or static_line(bf, a, b)
    if line.lines:
        return _across_lines(state, line, a, b, firer, target)
    if not line.blocker:
        in_the_way = _blocked_by_unit(state, line, firer, target)
        if in_the_way is not None:
            return in_the_way
    # No unit in the way: the verdict is the terrain's alone, the same object for
    # every query of this line (Sight is immutable; AI players ask by the million).
    verdict = bf.sight_cache.get(key)
    if verdict is None:
        if line.blocker:
            verdict = Sight(BLOCKED, 0, line.obscurers, line.blocker, line.squares)
        elif line.obscurers:
            verdict = Sight(OBSCURED, sum(v for _, v in line.obscurers), line.obscurers, "", line.squares)
        else:
            verdict = Sight(CLEAR, 0, (), "", line.squares)
        bf.sight_cache[key] = verdict
    return verdict


def sight_to_dot(state: "GameState", a: int, dot: int, firer: "UnitState | None" = None) -> Sight:
    """Line of sight from square ``a`` to a red dot inside the square ``dot`` (the
    Chimney's: 003 Battle for Normandy, Battlefield > Buildings > Destroying the Chimney):
    traced on the ground (the red dot is not an Elevated Position), the walls round the
    dot's own square aside, since the line ends inside them."""
    bf = state.static.bf
    line = static_line(bf, a, dot)
    if line.blocker != EDGE_BLOCKER:
        return ground_sight(state, a, dot, firer, None)
    path = (a, *line.squares, dot) if a < dot else (a, *reversed(line.squares), dot)
    for p, q in zip(path, path[1:]):
        e = edge_crossed(bf, p, q)
        if e is not None and dot not in e and e in bf.blocked_edges:
            return Sight(BLOCKED, 0, line.obscurers, EDGE_BLOCKER, line.squares)
    terrain = next((f"{bf.terrain[sq].id} at {bf.name(sq)}" for sq in line.squares if bf.terrain[sq].blocks_los), "")
    if terrain:
        return Sight(BLOCKED, 0, line.obscurers, terrain, line.squares)
    sq = _unit_in_the_way(state, line, firer, None)
    if sq >= 0:
        u = state.units[state.occ[sq]]
        what = "vehicle" if u.is_vehicle or u.wreck else "infantry"
        return Sight(BLOCKED, 0, line.obscurers, f"{what} {u.st.profile.name} at {bf.name(sq)}", line.squares)
    penalty = sum(v for _, v in line.obscurers)
    return Sight(OBSCURED if penalty else CLEAR, penalty, line.obscurers, "", line.squares)


def _across_lines(state: "GameState", line: StaticLine, a: int, b: int, firer: "UnitState | None",
                  target: "UnitState | None") -> Sight:
    """:func:`sight` of a line crossing lines drawn between squares, fired from ``a``:
    the lines ``a`` is adjacent to do not count, nor obstacles to infantry only when a
    vehicle fires or is targeted (builder/systems/heroes/board/lines.py). The verdict without
    units is kept per direction and per vehicle involved or not."""
    bf = state.static.bf
    if not line.blocker:
        in_the_way = _blocked_by_unit(state, line, firer, target)
        if in_the_way is not None:
            return in_the_way
    vehicle = (firer is not None and firer.is_vehicle) or (target is not None and target.is_vehicle)
    key = bf.size * bf.size * (2 if vehicle else 1) + a * bf.size + b
    verdict = bf.sight_cache.get(key)
    if verdict is None:
        hinder = facing(line.lines, a, vehicle)
        blocker = line.blocker or next((c[3] for c in hinder if c[1]), "")
        crossed = tuple((c[3], c[2]) for c in hinder if c[2])
        penalty = sum(v for _, v in line.obscurers) + sum(v for _, v in crossed)
        if blocker:
            verdict = Sight(BLOCKED, 0, line.obscurers, blocker, line.squares)
        else:
            verdict = Sight(OBSCURED if penalty else CLEAR, penalty, line.obscurers, "", line.squares, crossed)
        bf.sight_cache[key] = verdict
    return verdict


def sight_kind(state: "GameState", a: int, b: int, firer: "UnitState | None" = None,
               target: "UnitState | None" = None) -> str:
    """``sight(...).kind`` without building the verdict or its explanation: the AI
    players ask it of every square a unit could move to and every enemy."""
    bf = state.static.bf
    if bf.high and elevated_end(bf, a, b):
        return high_sight(state, a, b, firer, target).kind
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    if line.lines:
        return _across_lines(state, line, a, b, firer, target).kind
    if line.blocker or _unit_in_the_way(state, line, firer, target) >= 0:
        return BLOCKED
    return OBSCURED if line.obscurers else CLEAR


def line_of_sight(state: "GameState", a: "UnitState", b: "UnitState") -> Sight:
    """Best line between two units (either square of a 2-square vehicle)."""
    best = None
    for sa in state.squares_of(a):
        for sb in state.squares_of(b):
            s = sight(state, sa, sb, a, b)
            if best is None or (s.ok, -s.penalty) > (best.ok, -best.penalty):
                best = s
    assert best is not None
    return best


def sees(state: "GameState", a: int, b: int, firer: "UnitState | None" = None,
         target: "UnitState | None" = None) -> bool:
    """``sight(...).ok`` without building the verdict (legal actions, the AI)."""
    return sight_kind(state, a, b, firer, target) != BLOCKED


def precompute_lines(bf: "Battlefield") -> int:
    """Trace every pair of squares of a battlefield once (the static line-of-sight
    table, and the lines with an end in an Elevated Position; about 0.4 s for a 24 x 16
    battlefield). Lines are otherwise traced on
    first use; playtest runners and benchmarks call this once per layout, the
    table then lives on the battlefield, cached on the pack. Returns the pairs."""
    n = bf.size
    level = levels(bf)
    for a in range(n):
        for b in range(a + 1, n):
            static_line(bf, a, b)
            if level[a] or level[b]:  # a line with an elevated end (builder/systems/heroes/board/elevation.py)
                high_line(bf, a, b)
    return len(bf.los_cache)
