"""Intersections: the corners squares share, where blast and smoke patterns are
placed (000 core rules, Recruitment Options > Equipment > Grenade; Special
Abilities > Indirect Fire; Recruitment Options > Orders > Smoke).

Intersections are numbered ``iy * (width + 1) + ix``; intersection ``(ix, iy)``
is the top-left corner of square ``(ix, iy)``. A pattern of radius 1 covers the
4 squares around its intersection; radius 2 the 4x4 block around it without its
corner squares. The distance from a square to an intersection counts the
square's own corners as 1. Pure geometry: no game state, no dice.
"""

from __future__ import annotations

from typing import Any

# The direction each dispersal die of 1-4 names on the template (printed, lost in
# transcription; a placeholder): 1 up the board, 2 right, 3 down, 4 left.
SCATTER = {1: (0, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0)}




def intersection(bf: Any, ix: int, iy: int) -> int:
    return iy * (bf.width + 1) + ix


def intersection_xy(bf: Any, i: int) -> tuple[int, int]:
    iy, ix = divmod(i, bf.width + 1)
    return ix, iy


def distance(bf: Any, sq: int, i: int) -> int:
    """Intersections from square ``sq`` to intersection ``i``, its own corners
    counting 1 (000 core rules, Recruitment Options > Equipment > Grenade: up to
    2 intersections away)."""
    y, x = divmod(sq, bf.width)
    ix, iy = intersection_xy(bf, i)
    dx = 0 if x <= ix <= x + 1 else min(abs(ix - x), abs(ix - x - 1))
    dy = 0 if y <= iy <= y + 1 else min(abs(iy - y), abs(iy - y - 1))
    return 1 + max(dx, dy)


_SQUARES: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


def pattern_squares(bf: Any, i: int, radius: int) -> tuple[int, ...]:
    """The squares on the board under a pattern of ``radius`` on intersection ``i``."""
    key = (bf.width, bf.height, i, radius)
    out = _SQUARES.get(key)
    if out is None:
        ix, iy = intersection_xy(bf, i)
        found = []
        for y in range(iy - radius, iy + radius):
            for x in range(ix - radius, ix + radius):
                corner = radius > 1 and x in (ix - radius, ix + radius - 1) and y in (iy - radius, iy + radius - 1)
                if not corner and 0 <= x < bf.width and 0 <= y < bf.height:
                    found.append(y * bf.width + x)
        out = _SQUARES[key] = tuple(found)
    return out


_COVERING: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


def covering(bf: Any, sq: int, radius: int) -> tuple[int, ...]:
    """The intersections whose pattern of ``radius`` covers square ``sq``."""
    key = (bf.width, bf.height, sq, radius)
    out = _COVERING.get(key)
    if out is None:
        y, x = divmod(sq, bf.width)
        out = _COVERING[key] = tuple(
            intersection(bf, ix, iy)
            for iy in range(max(0, y - radius + 1), min(bf.height, y + radius) + 1)
            for ix in range(max(0, x - radius + 1), min(bf.width, x + radius) + 1)
            if sq in pattern_squares(bf, intersection(bf, ix, iy), radius))
    return out


def inside_building(bf: Any, i: int) -> bool:
    """Is every square around the intersection a building square? Such an
    intersection cannot be targeted (000 core rules, Terrain > Buildings)."""
    around = pattern_squares(bf, i, 1)
    return bool(around) and all(bf.terrain[s].building for s in around)


def scattered(bf: Any, i: int, die: int, dist: int) -> int:
    """The intersection a pattern lands on after a dispersal die, kept on the board."""
    if die > 4 or dist <= 0:
        return i
    dx, dy = SCATTER[die]
    ix, iy = intersection_xy(bf, i)
    return intersection(bf, min(bf.width, max(0, ix + dx * dist)), min(bf.height, max(0, iy + dy * dist)))
