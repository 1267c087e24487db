"""Battlefield coordinates: squares are column letters then a row number ('C4'),
A1 at the top-left; areas are a square or a rectangle 'A1:D3' (corners included)."""

from __future__ import annotations

import re

_SQUARE = re.compile(r"^([A-Z]{1,2})([1-9][0-9]{0,2})$")


def column_index(letters: str) -> int:
    """'A' -> 0, 'Z' -> 25, 'AA' -> 26."""
    index = 0
    for char in letters:
        index = index * 26 + (ord(char) - ord("A") + 1)
    return index - 1


def column_name(index: int) -> str:
    """Inverse of :func:`column_index`."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def parse_square(square: str) -> tuple[int, int]:
    """'C4' -> (row 3, column 2), zero-based."""
    match = _SQUARE.match(square)
    if match is None:
        raise ValueError(f"not a square: {square!r}")
    return int(match.group(2)) - 1, column_index(match.group(1))


def square_name(row: int, col: int) -> str:
    return f"{column_name(col)}{row + 1}"


def parse_area(area: str) -> tuple[int, int, int, int]:
    """'A1:D3' -> (top, left, bottom, right), inclusive and normalised."""
    first, _, second = area.partition(":")
    r1, c1 = parse_square(first)
    r2, c2 = parse_square(second) if second else (r1, c1)
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def rotate_cell(row: int, col: int, height: int, width: int, rotation: int) -> tuple[int, int]:
    """Where cell (row, col) of a height x width grid lands after a clockwise rotation."""
    if rotation == 90:
        return col, height - 1 - row
    if rotation == 180:
        return height - 1 - row, width - 1 - col
    if rotation == 270:
        return width - 1 - col, row
    return row, col


def rotated_size(height: int, width: int, rotation: int) -> tuple[int, int]:
    return (width, height) if rotation in (90, 270) else (height, width)


_SIDES = "nesw"


def rotate_side(side: str, rotation: int) -> str:
    """Compass side of a square after a clockwise rotation ('n' at 90 becomes 'e')."""
    return _SIDES[(_SIDES.index(side) + rotation // 90) % 4]
