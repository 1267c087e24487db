"""Lines drawn between squares that carry a terrain type's effects: low barricades, contour
and elevated lines (003 Battle for Normandy, Battlefield 1.1, Lines and Terrain Effects;
1.2, Low Barricades).

A line is not a wall. Its movement effects apply when a unit crosses it; its effects on
sight apply to the shots of units that are not adjacent to it: a unit on one of the two
squares the line runs between ignores the line when it fires across it, while a unit
firing from further away at a unit behind the line is hindered by it (003's examples A,
B and C). So a line's verdict depends on which end fires: the line of sight is no
longer symmetric across a line.

Readings: a line without movement effects (every line of the bundled packs) is crossed
freely; a line carrying one (difficult passage, water, impassable) closes the edge to
every unit, as a wall does (:func:`closes_edge`). A line that blocks sight (an elevated
line) blocks the shots of units not adjacent to it; one that obscures (a low barricade, a
contour line) takes its value off them. A low barricade is an 'Obstacle (Infantry)' (003
1.2): read as an obstacle to infantry only (the terrain's ``infantry_obstacle``), it does not
hinder a shot when the firer or the target is a vehicle, as infantry standing in a line
does not (000 core rules, Line of Sight): a placeholder reading. Lines with a defence bonus are not drawn in the
packs, so the bonus is not played (coverage row ``craters-barricades-rubble``). From an
Elevated Position contour lines are ignored and elevated lines are obstacles
(builder/systems/heroes/board/elevation.py), with the same adjacency exception.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.board.bitboard import board_of

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield, TerrainInfo

RULE = "003 Battle for Normandy, Battlefield 1.1, Lines and Terrain Effects"

# a line crossed by a line of sight: (the squares it runs along there, blocks, penalty, what,
# an obstacle to infantry only)
Crossing = tuple[tuple[int, ...], bool, int, str, bool]


def closes_edge(line: "TerrainInfo | None") -> bool:
    """Does a line of this terrain close the edge it lies on (see the module)?"""
    return line is None or bool(line.difficult or line.water or line.impassable_to)


def line_crossed(bf: "Battlefield", p: int, q: int) -> tuple[tuple[int, int], ...]:
    """The line edges crossed stepping from ``p`` to ``q`` (neighbours): the one between
    them, or across a corner one on each route round it (none: the corner is passed
    beside the line)."""
    lines = bf.line_terrain
    if not lines:
        return ()
    w = bf.width
    if abs(p - q) in (1, w):
        key = (min(p, q), max(p, q))
        return (key,) if key in lines else ()
    py, px = divmod(p, w)
    qy, qx = divmod(q, w)
    routes: list[tuple[int, int]] = []
    for c in (py * w + qx, qy * w + px):
        on = [e for e in ((min(p, c), max(p, c)), (min(c, q), max(c, q))) if e in lines]
        if not on:
            return ()
        routes.append(on[0])
    return tuple(routes)


def crossings(bf: "Battlefield", path: list[int], board: int) -> tuple[Crossing, ...]:
    """The lines hindering sight that the line along ``path`` (both ends included, the
    bitboard ``board`` of its squares) crosses, in order."""
    if not bf.line_terrain:
        return ()
    near_board = bf.derived.get(("line-board",))
    if near_board is None:
        near_board = bf.derived[("line-board",)] = board_of(sq for edge in bf.line_terrain for sq in edge)
    if not near_board & board:
        return ()
    near = bf.derived.get(("line-squares",))
    if near is None:
        near = bf.derived[("line-squares",)] = frozenset(sq for edge in bf.line_terrain for sq in edge)
    out: list[Crossing] = []
    for k in range(1, len(path)):
        if path[k - 1] not in near and path[k] not in near:  # every edge crossed has one of them
            continue
        edges = line_crossed(bf, path[k - 1], path[k])
        if not edges:
            continue
        t = bf.line_terrain[edges[0]]
        if t.blocks_los or t.obscures:
            along = tuple(sorted({sq for e in edges for sq in e}))
            out.append((along, t.blocks_los, t.obscures,
                        f"{t.id} line between {bf.name(edges[0][0])} and {bf.name(edges[0][1])}",
                        t.infantry_obstacle))
    return tuple(out)


def facing(lines: tuple[Crossing, ...], firer_sq: int, vehicle: bool = False) -> list[Crossing]:
    """The lines that hinder a shot from ``firer_sq``: those it is not adjacent to (not on
    a square the line runs along where the shot crosses it); with a vehicle firing or
    targeted (``vehicle``), not the obstacles to infantry only."""
    return [c for c in lines if firer_sq not in c[0] and not (vehicle and c[4])]
