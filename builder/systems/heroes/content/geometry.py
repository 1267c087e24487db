"""Battlefield geometry: squares, areas and where boards and overlays lie.

Squares are written as in the scenario files: column letters then row number, 'A1' at
the top-left (column A = x 0, row 1 = y 0). Areas are a square or a rectangle 'A1:D3',
corners included, in any order. A board or overlay is placed with its top-left square
at ``at`` and turned clockwise by ``rotation`` (0, 90, 180 or 270 degrees); a turn by 90
or 270 swaps its width and height.

Everything here is pure: plain values in, plain values out, no I/O, so the validator,
the engine and the renderer can share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from builder.systems.heroes.content.models.terrain import square_to_xy, xy_to_square

XY = tuple[int, int]

parse_square = square_to_xy
"""'A1' -> (0, 0), 'C4' -> (2, 3); the square notation lives with the terrain models."""

format_square = xy_to_square
"""Inverse of :func:`parse_square`: (2, 3) -> 'C4'."""


@dataclass(frozen=True)
class Rect:
    """A rectangle of squares, ``x0..x1`` and ``y0..y1`` inclusive."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0 + 1

    @property
    def height(self) -> int:
        return self.y1 - self.y0 + 1

    def contains(self, xy: XY) -> bool:
        return self.x0 <= xy[0] <= self.x1 and self.y0 <= xy[1] <= self.y1

    def overlaps(self, other: "Rect") -> bool:
        return not (other.x0 > self.x1 or other.x1 < self.x0 or other.y0 > self.y1 or other.y1 < self.y0)

    def intersection(self, other: "Rect") -> "Rect | None":
        """The squares both rectangles cover, or None."""
        if not self.overlaps(other):
            return None
        return Rect(max(self.x0, other.x0), max(self.y0, other.y0), min(self.x1, other.x1), min(self.y1, other.y1))

    def squares(self) -> Iterator[XY]:
        """Squares row by row, top row first."""
        for y in range(self.y0, self.y1 + 1):
            for x in range(self.x0, self.x1 + 1):
                yield x, y

    def label(self) -> str:
        first, last = format_square(self.x0, self.y0), format_square(self.x1, self.y1)
        return first if first == last else f"{first}:{last}"


def parse_area(area: str) -> Rect:
    """'C4' or 'A1:D3' (corners in any order) -> :class:`Rect`."""
    first, _, last = area.partition(":")
    (ax, ay), (bx, by) = parse_square(first), parse_square(last or first)
    return Rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def rotated_size(width: int, height: int, rotation: int) -> tuple[int, int]:
    """Width and height of a grid once turned ``rotation`` degrees clockwise."""
    return (height, width) if rotation % 180 == 90 else (width, height)


def to_rotated(x: int, y: int, width: int, height: int, rotation: int) -> XY:
    """Where square (x, y) of an unrotated ``width`` x ``height`` grid lands, as an
    offset from the grid's top-left corner, once the grid is turned clockwise; the
    inverse of :func:`to_local`."""
    rotation %= 360
    if rotation == 0:
        return x, y
    if rotation == 90:
        return height - 1 - y, x
    if rotation == 180:
        return width - 1 - x, height - 1 - y
    if rotation == 270:
        return y, width - 1 - x
    raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation}")


def to_local(rx: int, ry: int, width: int, height: int, rotation: int) -> XY:
    """The square of the unrotated grid (``width`` x ``height``) that shows at offset
    (rx, ry) from the top-left corner of the grid once turned clockwise."""
    rotation %= 360
    if rotation == 0:
        return rx, ry
    if rotation == 90:
        return ry, height - 1 - rx
    if rotation == 180:
        return width - 1 - rx, height - 1 - ry
    if rotation == 270:
        return width - 1 - ry, rx
    raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation}")


@dataclass(frozen=True)
class Placed:
    """A grid (board or overlay) as laid on the battlefield."""

    id: str
    rect: Rect
    rows: tuple[str, ...]
    rotation: int

    def char_at(self, xy: XY) -> str | None:
        """The grid character shown at battlefield square ``xy`` (None when outside)."""
        if not self.rect.contains(xy):
            return None
        width, height = len(self.rows[0]), len(self.rows)
        lx, ly = to_local(xy[0] - self.rect.x0, xy[1] - self.rect.y0, width, height, self.rotation)
        return self.rows[ly][lx]


def place(grid_id: str, rows: Sequence[str], at: str, rotation: int) -> Placed:
    """Lay a grid of ``rows`` with its top-left corner at square ``at``."""
    x, y = parse_square(at)
    width, height = rotated_size(len(rows[0]), len(rows), rotation)
    return Placed(grid_id, Rect(x, y, x + width - 1, y + height - 1), tuple(rows), rotation)


@dataclass(frozen=True)
class Battlefield:
    """Boards laid side by side; the battlefield is the union of their squares."""

    boards: tuple[Placed, ...]

    def contains(self, xy: XY) -> bool:
        return any(b.rect.contains(xy) for b in self.boards)

    def outside(self, rect: Rect) -> list[XY]:
        """Squares of ``rect`` that lie on no board."""
        return [xy for xy in rect.squares() if not self.contains(xy)]

    def extent(self) -> Rect | None:
        """The bounding rectangle of all boards (None without boards)."""
        if not self.boards:
            return None
        return Rect(
            min(b.rect.x0 for b in self.boards), min(b.rect.y0 for b in self.boards),
            max(b.rect.x1 for b in self.boards), max(b.rect.y1 for b in self.boards),
        )

    def board_at(self, xy: XY) -> Placed | None:
        for board in self.boards:
            if board.rect.contains(xy):
                return board
        return None


def overlapping_pairs(placed: Iterable[Placed]) -> list[tuple[int, int]]:
    """Index pairs (i, j), i < j, of placed grids whose rectangles share a square."""
    items = list(placed)
    return [
        (i, j)
        for i in range(len(items))
        for j in range(i + 1, len(items))
        if items[i].rect.overlaps(items[j].rect)
    ]
