"""Line of sight to and from an Elevated Position, as board geometry (003 Battle for
Normandy, Battlefield > Elevated Positions; note on Battlepack #3: contour and elevated
lines).

A square is in an Elevated Position when its terrain has an elevation level above 0
(:attr:`builder.systems.heroes.board.grid.TerrainInfo.elevated`: elevated ground, a hill crest, the
top floor of the Chimney). A line with an elevated square at one end or both is traced
square by square from the elevated end (the higher, else the lower-numbered square), and:

* an obstacle (a terrain element that blocks or hinders sight, a vehicle or a wreck,
  a wall, a no-passage symbol or an elevated line crossed) affects the line only when
  the far end's square comes directly after it; when the line crosses several squares
  of that obstacle in a row, all their modifiers apply; obstacles further back do not
  count (003's examples A, B, C);
* infantry never blocks it (example D);
* contour lines are ignored, elevated lines are not (Battlepack #3 note);
* looking down, the line may not cross another square of the elevated position the
  unit stands on (a square of its level or higher) to reach a square on lower ground
  (the steep down-angle);
* from an elevated building square (the Chimney's top floor, seen from its red dot) the
  squares and walls of its own structure do not count: its sight ignores the structure's own
  walls (003, The Chimney);
* between two elevated positions only obstacles that are themselves elevated (an
  elevated line, a terrain element, vehicle or wreck on an elevated square) hinder the
  line: nothing at ground level interferes.

003 prints no defence bonus for height: a unit on an elevated square takes the defence
bonus of its square's terrain, as anywhere (000 core rules, Terrain > Defense).

The verdict is symmetric: a unit that can be targeted from an elevated position can
fire back, through the same obstacles (003: "Any of the Obstacle restrictions apply in
both directions"), but for an elevated line the firer is adjacent to, which does not
hinder its shot (the exception for effects "limited by Adjacency";
builder/systems/heroes/board/lines.py). Lines that are not elevated are read as contour lines.

Terrain is traced once per pair of squares and kept on the battlefield
(``Battlefield.high_cache``) with the squares where a vehicle or wreck would count; at a
query, vehicles are laid over those squares only. :func:`builder.systems.heroes.board.los.sight`
hands every line with an elevated end here, so every shot, opportunity fire, spotting
and AI question reads the same verdict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.systems.heroes.board.bitboard import board_of
from builder.systems.heroes.board.tracing import BLOCKED, CLEAR, OBSCURED, Sight, trace

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "003 Battle for Normandy, Battlefield > Elevated Positions"

# an obstacle on the line: (square right after it, blocks, penalty, what, its square or -1 for an
# edge, and for a line drawn between squares its two squares, else -1 -1)
Obstacle = tuple[int, bool, int, str, int, int, int]


@dataclass(frozen=True, slots=True)
class HighLine:
    """The terrain of one line with an elevated end, traced once."""

    path: tuple[int, ...]  # the elevated end, the squares crossed, the other end
    both_up: bool  # both ends elevated: only elevated obstacles count
    steep: str  # why the steep down-angle forbids the line, or ""
    found: tuple[Obstacle, ...]  # terrain obstacles (edges and squares)
    watch: int  # bitboard: crossed squares where a vehicle or wreck would be an obstacle
    verdict: Sight  # with no vehicle on the line, fired from the elevated end
    verdict_up: Sight  # the same, fired from the other end


def levels(bf: "Battlefield") -> list[int]:
    """Per square, its elevation level (0: the ground; set when the battlefield is laid)."""
    if len(bf.levels) != bf.size:
        bf.levels = [t.elevated for t in bf.terrain]
        bf.high = any(bf.levels)
    return bf.levels


def elevated_end(bf: "Battlefield", a: int, b: int) -> bool:
    """Does the line between ``a`` and ``b`` have an end in an Elevated Position?"""
    if not bf.high:
        return False
    level = bf.levels
    return bool(level[a] or level[b])


def edge_crossed(bf: "Battlefield", p: int, q: int) -> tuple[int, int] | None:
    """The closed edge or line crossed stepping from ``p`` to ``q`` (neighbours); for a
    diagonal step, the first closed edge of the first route round the corner when both
    routes are closed."""
    w = bf.width
    closed = bf.blocked_edges
    lines = bf.line_edges  # every line: those closing their edge are in ``closed`` too
    if abs(p - q) in (1, w):
        key = (min(p, q), max(p, q))
        return key if key in closed or key in lines else None
    py, px = divmod(p, w)
    qy, qx = divmod(q, w)
    routes: list[tuple[int, int] | None] = []
    for c in (py * w + qx, qy * w + px):
        shut = [e for e in ((min(p, c), max(p, c)), (min(c, q), max(c, q))) if e in closed or e in lines]
        routes.append(shut[0] if shut else None)
    return routes[0] if routes[0] is not None and routes[1] is not None else None


def _ends(bf: "Battlefield", a: int, b: int) -> tuple[int, int]:
    """The two ends, the one the line is traced from first: the higher, else the lower square."""
    level = levels(bf)
    if level[a] != level[b]:
        return (a, b) if level[a] > level[b] else (b, a)
    return (a, b) if a < b else (b, a)


def high_line(bf: "Battlefield", a: int, b: int) -> HighLine:
    """The terrain verdict of the line between ``a`` and ``b``, at least one elevated
    (cached per battlefield, symmetric)."""
    key = a * bf.size + b if a < b else b * bf.size + a
    hit = bf.high_cache.get(key)
    if hit is not None:
        return hit
    top, low = _ends(bf, a, b)
    level = levels(bf)
    crossed, _ = trace(bf, min(a, b), max(a, b))  # as the static line: from the lower square
    path = (top, *crossed, low) if top < low else (top, *reversed(crossed), low)
    both_up = level[low] > 0
    steep = ""
    if not both_up and any(level[s] >= level[top] for s in crossed):
        steep = f"steep down-angle across the elevated position at {bf.name(top)}"
    found: list[Obstacle] = []
    watch: list[int] = []
    own = _own_structure(bf, top)
    for k in range(1, len(path)):
        p, q = path[k - 1], path[k]
        edge = edge_crossed(bf, p, q)
        if edge is not None and own and (edge[0] in own or edge[1] in own):
            edge = None  # the walls of the structure the elevated end stands on
        if edge is not None:
            terrain = bf.line_edges.get(edge)
            raised = edge in bf.elevated_lines
            contour = terrain is not None and not raised
            if not contour and (not both_up or raised):
                ends = edge if terrain is not None else (-1, -1)
                found.append((q, True, 0, f"{terrain or 'wall or no-passage edge'} before {bf.name(q)}", -1, *ends))
        if q == low:
            break
        t = bf.terrain[q]
        up = level[q] > 0
        if q in own:
            continue
        if not both_up or up:
            watch.append(q)
            if t.blocks_los or t.obscures:
                found.append((path[k + 1], t.blocks_los, t.obscures, f"{t.id} at {bf.name(q)}", q, -1, -1))
    line = HighLine(path, both_up, steep, tuple(found), board_of(watch), _verdict(path, both_up, steep, found, top),
                    _verdict(path, both_up, steep, found, low))
    bf.high_cache[key] = line
    return line


def _own_structure(bf: "Battlefield", top: int) -> frozenset[int]:
    """The squares of the structure an elevated building square stands on (the building
    squares joined to it side to side, walls or not), which do not hinder sight from it: the
    top floor of the Chimney sees from its red dot, its sight ignoring the chimney's own
    circular walls (003 Battle for Normandy, Battlefield > Buildings > The Chimney). Empty
    for elevated ground that is not a building."""
    if not bf.terrain[top].building:
        return frozenset()
    w, seen, todo = bf.width, {top}, [top]
    while todo:
        sq = todo.pop()
        y, x = divmod(sq, w)
        for nb in (sq - w if y else -1, sq + w if y + 1 < bf.height else -1,
                   sq - 1 if x else -1, sq + 1 if x + 1 < w else -1):
            if nb >= 0 and nb not in seen and bf.terrain[nb].building:
                seen.add(nb)
                todo.append(nb)
    return frozenset(seen)


def _verdict(path: tuple[int, ...], both_up: bool, steep: str, found: list[Obstacle], firer_sq: int) -> Sight:
    """The verdict fired from ``firer_sq`` (an end): a line drawn between squares that the
    firer is adjacent to does not hinder it (003 1.1, Lines and Terrain Effects: the
    exception "limited by Adjacency")."""
    crossed = path[1:-1]
    if steep:
        return Sight(BLOCKED, 0, (), steep, crossed)
    found = [f for f in found if firer_sq != f[5] and firer_sq != f[6]]
    hits = found if both_up else directly_before(found, path)
    blocker = next((f[3] for f in hits if f[1]), "")
    if blocker:
        return Sight(BLOCKED, 0, (), blocker, crossed)
    obscurers = tuple((f[4], f[2]) for f in hits if f[2] and f[4] >= 0)
    penalty = sum(v for _, v in obscurers)
    return Sight(OBSCURED if penalty else CLEAR, penalty, obscurers, "", crossed)


def directly_before(found: list[Obstacle], path: tuple[int, ...]) -> list[Obstacle]:
    """The obstacles of the run that ends right before the far end: the last step's
    obstacle, and those of the squares just before it as long as each is followed by
    another obstacle of the run (all modifiers of an obstacle crossed over several
    squares, 003's example B)."""
    after = {f[0] for f in found}
    b = path[-1]
    if b not in after:
        return []
    run = {b}
    k = len(path) - 1
    while k > 1 and path[k - 1] in after:
        run.add(path[k - 1])
        k -= 1
    return [f for f in found if f[0] in run]


def high_sight(state: "GameState", a: int, b: int, firer: "UnitState | None" = None,
               target: "UnitState | None" = None) -> Sight:
    """Line of sight between ``a`` and ``b`` (one of them elevated) with the units on
    the board: vehicles and wrecks that are not concealed, neither the firer nor the
    target, are obstacles where terrain would be; infantry never is."""
    bf = state.static.bf
    line = high_line(bf, a, b)
    if line.steep or not line.watch & state.occupied:
        return line.verdict if a == line.path[0] else line.verdict_up
    occ, units = state.occ, state.units
    fid, tid = firer.id if firer else -1, target.id if target else -1
    path = line.path
    extra: list[Obstacle] = []
    for k in range(1, len(path) - 1):
        q = path[k]
        o = occ[q]
        if o >= 0 and o != fid and o != tid and line.watch >> q & 1:
            u = units[o]
            if (u.is_vehicle or u.wreck) and not u.concealed:
                extra.append((path[k + 1], True, 0, f"vehicle {u.st.profile.name} at {bf.name(q)}", q, -1, -1))
    if not extra:
        return line.verdict if a == line.path[0] else line.verdict_up
    return _verdict(line.path, line.both_up, line.steep, list(line.found) + extra, a)
