"""Battlefield coordinates: squares are column letters then a row number ('C4'),
A1 at the top-left; areas are a square or a rectangle 'A1:D3' (corners included)."""

from __future__ import annotations

from builder.systems.heroes.content import geometry
from builder.systems.heroes.content.models.terrain import square_to_xy, xy_to_square

# The map is drawn row by row, so these helpers speak (row, column); the notation and
# the rotation arithmetic themselves live in builder.systems.heroes.content.geometry, shared with the
# validator.


def column_index(letters: str) -> int:
    """'A' -> 0, 'Z' -> 25, 'AA' -> 26."""
    return square_to_xy(f"{letters}1")[0]


def column_name(index: int) -> str:
    """Inverse of :func:`column_index`."""
    return xy_to_square(index, 0)[:-1]


def parse_square(square: str) -> tuple[int, int]:
    """'C4' -> (row 3, column 2), zero-based."""
    x, y = square_to_xy(square)
    return y, x


def square_name(row: int, col: int) -> str:
    return xy_to_square(col, row)


def parse_area(area: str) -> tuple[int, int, int, int]:
    """'A1:D3' -> (top, left, bottom, right), inclusive and normalised."""
    rect = geometry.parse_area(area)
    return rect.y0, rect.x0, rect.y1, rect.x1


def rotate_cell(row: int, col: int, height: int, width: int, rotation: int) -> tuple[int, int]:
    """Where cell (row, col) of a height x width grid lands after a clockwise rotation."""
    x, y = geometry.to_rotated(col, row, width, height, rotation)
    return y, x


def rotated_size(height: int, width: int, rotation: int) -> tuple[int, int]:
    w, h = geometry.rotated_size(width, height, rotation)
    return h, w


_SIDES = "nesw"


def rotate_side(side: str, rotation: int) -> str:
    """Compass side of a square after a clockwise rotation ('n' at 90 becomes 'e')."""
    return _SIDES[(_SIDES.index(side) + rotation // 90) % 4]
