"""The battlefield as integer squares, built from a scenario layout.

A square is an integer ``y * width + x``; ``A1`` is the top-left square (column
letters, row numbers from the top). Boards are laid first, then overlays (a space
in an overlay row leaves the square below visible), each rotated clockwise by its
placement. Edges (no passage, walls, openings) sit between two orthogonal squares.

Rule references: 000 core rules, Terrain and Terrain Overlays (No Passage, Water,
Impassable, Difficult Passage, Buildings: "enter only through an opening").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.notation import column_letters, square_xy

# 8 directions, clockwise from north: facing index -> (dx, dy).
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
FACING_NAMES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
_SIDE_DIR = {"n": 0, "e": 2, "s": 4, "w": 6}


class GridError(ValueError):
    """A square name or area that does not parse or lies off the battlefield."""


_COLUMN_NAMES: list[str] = []


def column_name(x: int) -> str:
    """Column letters of column ``x`` (0 -> 'A', 26 -> 'AA'), worked out once per
    column: explanations and shot plans name squares by the thousand."""
    if x < 0:
        raise ValueError(f"no column {x}")
    names = _COLUMN_NAMES
    while len(names) <= x:
        names.append(column_letters(len(names)))
    return names[x]


def parse_square(name: str) -> tuple[int, int]:
    """``'C4'`` -> ``(2, 3)`` (x, y), zero-based (the notation of :mod:`builder.notation`)."""
    xy = square_xy(name.strip())
    if xy is None:
        raise GridError(f"'{name}' is not a square name (column letters then row number, e.g. C4)")
    return xy


def rotate_xy(x: int, y: int, w: int, h: int, rotation: int) -> tuple[int, int]:
    """Local (x, y) of a w x h grid rotated clockwise by ``rotation`` degrees."""
    if rotation == 90:
        return h - 1 - y, x
    if rotation == 180:
        return w - 1 - x, h - 1 - y
    if rotation == 270:
        return y, w - 1 - x
    return x, y


def rotated_size(w: int, h: int, rotation: int) -> tuple[int, int]:
    return (h, w) if rotation in (90, 270) else (w, h)


@dataclass(frozen=True, slots=True)
class TerrainInfo:
    """The effects of one terrain type, as plain values for the hot paths."""

    id: str
    defence_bonus: int = 0
    obscures: int = 0
    blocks_los: bool = False
    difficult: bool = False
    impassable_to: frozenset[str] = frozenset()
    water: bool = False
    opportunity_fire: bool = False
    building: bool = False
    elevated: int = 0  # elevation level, 0 on the ground (builder/systems/heroes/board/elevation.py)
    infantry_obstacle: bool = False  # a line hindering infantry's sight only (builder/systems/heroes/board/lines.py)
    half_square: bool = False  # the strip between two buildings or ruins (builder/systems/heroes/board/rooms.py)


@dataclass
class Battlefield:
    """Static terrain of a scenario: per-square terrain, overlay areas and edges."""

    width: int
    height: int
    terrain: list[TerrainInfo]
    area: list[int]  # overlay instance index per square, -1 when none
    area_kind: list[str]
    blocked_edges: set[tuple[int, int]] = field(default_factory=set)
    openings: set[tuple[int, int]] = field(default_factory=set)
    windows: set[tuple[int, int]] = field(default_factory=set)  # white-arrow openings (Urban Fighter)
    line_edges: dict[tuple[int, int], str] = field(default_factory=dict)  # line edges: their terrain
    # the lines crossed freely, with their terrain's effects (builder/systems/heroes/board/lines.py)
    line_terrain: dict[tuple[int, int], TerrainInfo] = field(default_factory=dict)
    elevated_lines: set[tuple[int, int]] = field(default_factory=set)  # lines of elevated terrain (elevation.py)
    key: str = ""
    # standing structures by overlay area: (demolition points that destroy it, its ruin
    # side or None: removed), and the areas already destroyed with what replaced them
    # (builder/systems/heroes/engine/structures.py; 000 core rules, Terrain > Structure)
    structures: dict[int, tuple[int, str | None]] = field(default_factory=dict)
    ruined: tuple[tuple[int, str | None], ...] = ()
    layout: Any = None
    _steps: dict[tuple[str, bool], list[tuple[int, ...]]] = field(default_factory=dict)
    # tables other rule modules derive from the battlefield alone, by a key naming
    # the table (zones, step bitboards, Scout rings, ...): built once per battlefield
    derived: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    _adjacent: list[tuple[int, ...]] = field(default_factory=list)
    _edge_mask: list[int] = field(default_factory=list)
    _difficult: list[bool] = field(default_factory=list)
    los_cache: dict[int, Any] = field(default_factory=dict)
    sight_cache: dict[int, Any] = field(default_factory=dict)  # line-of-sight verdicts without units (los.py)
    high_cache: dict[int, Any] = field(default_factory=dict)  # lines with an elevated end (elevation.py)
    # per square its elevation level, and whether any square is elevated (set once laid)
    levels: list[int] = field(default_factory=list)
    high: bool = False
    room: list[int] = field(default_factory=list)  # per square its building room, -1 outside (rooms.py)
    _ranges: dict[int, list[int]] = field(default_factory=dict)
    _named: dict[str, int] = field(default_factory=dict)  # square by name, as read so far
    _areas: dict[str, tuple[int, ...]] = field(default_factory=dict)  # squares by area, as read so far

    @property
    def size(self) -> int:
        return self.width * self.height

    def square(self, name: str) -> int:
        """The square named ``name`` (``'C4'``); kept once read: set-up and scenario
        events read the same few names game after game."""
        sq = self._named.get(name)
        if sq is not None:
            return sq
        x, y = parse_square(name)
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise GridError(
                f"square {name} is off the battlefield ({self.width} x {self.height}: "
                f"A1 to {column_name(self.width - 1)}{self.height})"
            )
        sq = self._named[name] = y * self.width + x
        return sq

    def name(self, sq: int) -> str:
        y, x = divmod(sq, self.width)
        return f"{column_name(x)}{y + 1}"

    def xy(self, sq: int) -> tuple[int, int]:
        y, x = divmod(sq, self.width)
        return x, y

    def offset(self, sq: int, direction: int) -> int:
        """The square one step in ``direction`` (0-7), or -1 off the battlefield."""
        y, x = divmod(sq, self.width)
        dx, dy = DIRS[direction]
        x, y = x + dx, y + dy
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return -1

    def area_squares(self, area: str) -> list[int]:
        """Squares of ``'C4'`` or ``'A1:D3'`` (corners included), a new list each time
        (the squares are kept once read)."""
        got = self._areas.get(area)
        if got is None:
            if ":" in area:
                a, b = area.split(":", 1)
                ax, ay = self.xy(self.square(a))
                bx, by = self.xy(self.square(b))
                got = tuple(y * self.width + x
                            for y in range(min(ay, by), max(ay, by) + 1)
                            for x in range(min(ax, bx), max(ax, bx) + 1))
            else:
                got = (self.square(area),)
            self._areas[area] = got
        return list(got)

    def distance(self, a: int, b: int) -> int:
        """Range: diagonals allowed, shortest path, the target square counted and the
        firer's not (000 core rules, Firing > Range). AI players ask for ranges by
        the million, so each square's row of ranges is computed once, on first need."""
        if a < 0 or b < 0:  # off the battlefield: the formula, as callers always had it
            ay, ax = divmod(a, self.width)
            by, bx = divmod(b, self.width)
            return max(abs(ax - bx), abs(ay - by))
        row = self._ranges.get(a)
        if row is None:
            w = self.width
            ay, ax = divmod(a, w)
            row = self._ranges[a] = [max(abs(ax - sq % w), abs(ay - sq // w)) for sq in range(self.size)]
        return row[b]

    # --- passage between squares -------------------------------------------------

    def edge_blocked(self, a: int, b: int) -> bool:
        """No passage or wall between two orthogonal squares, or a building side
        crossed away from an opening (000, Terrain > No Passage; Buildings)."""
        key = (a, b) if a < b else (b, a)
        if key in self.blocked_edges:
            return True
        ta, tb = self.terrain[a], self.terrain[b]
        if (ta.building or tb.building) and self.area[a] != self.area[b]:
            return key not in self.openings
        return False

    def difficult_squares(self) -> list[bool]:
        """Per square: difficult passage (cached)."""
        if not self._difficult:
            self._difficult = [t.difficult for t in self.terrain]
        return self._difficult

    def edge_mask(self) -> list[int]:
        """Per square, bit ``1 << d`` set when the side towards orthogonal direction
        ``d`` (0 n, 2 e, 4 s, 6 w) is closed (computed once)."""
        if not self._edge_mask:
            mask = [0] * self.size
            for sq in range(self.size):
                for d in (0, 2, 4, 6):
                    n = self.offset(sq, d)
                    if n >= 0 and self.edge_blocked(sq, n):
                        mask[sq] |= 1 << d
            self._edge_mask = mask
        return self._edge_mask

    def step_open(self, a: int, b: int) -> bool:
        """May a unit step from ``a`` to the adjacent ``b``? A diagonal step is closed
        when both orthogonal routes round the corner are closed, never enters or
        leaves a building (openings are on sides, not corners), and never enters or
        leaves a half-square (003 Battle for Normandy, 1.4 Half-Squares, example A)."""
        ay, ax = divmod(a, self.width)
        by, bx = divmod(b, self.width)
        if ax == bx or ay == by:
            return not self.edge_blocked(a, b)
        ta, tb = self.terrain[a], self.terrain[b]
        if (ta.building or tb.building) and self.area[a] != self.area[b]:
            return False
        if ta.half_square or tb.half_square:
            return False
        c1 = ay * self.width + bx
        c2 = by * self.width + ax
        route1 = not self.edge_blocked(a, c1) and not self.edge_blocked(c1, b)
        route2 = not self.edge_blocked(a, c2) and not self.edge_blocked(c2, b)
        return route1 or route2

    def adjacent(self, sq: int) -> tuple[int, ...]:
        """The up to 8 squares around ``sq`` reachable in one step (edges respected)."""
        if not self._adjacent:
            self._adjacent = [
                tuple(n for d in range(8) if (n := self.offset(s, d)) >= 0 and self.step_open(s, n))
                for s in range(self.size)
            ]
        return self._adjacent[sq]

    def enterable(self, sq: int, unit_type: str, amphibious: bool) -> bool:
        """Terrain a unit of ``unit_type`` may enter (000, Terrain > Impassable, Water;
        vehicles never enter buildings)."""
        t = self.terrain[sq]
        if unit_type in t.impassable_to:
            return False
        if t.water and not amphibious:
            return False
        if t.building and unit_type in ("light_vehicle", "heavy_vehicle"):
            return False
        return True

    def steps(self, unit_type: str, amphibious: bool) -> list[tuple[int, ...]]:
        """Precomputed neighbour lists for one kind of mover (cached)."""
        key = (unit_type, amphibious)
        table = self._steps.get(key)
        if table is None:
            table = [
                tuple(n for n in self.adjacent(s) if self.enterable(n, unit_type, amphibious))
                for s in range(self.size)
            ]
            self._steps[key] = table
        return table
