"""Sets of squares as bitboards: one Python int, bit ``sq`` set for square ``sq``.

The movement search floods a whole frontier at once with a shift per direction
(as chess engines do, python-chess among them) instead of visiting squares one by
one; a set of squares is then a few integer operations to intersect, compare or
copy. Squares are numbered as everywhere in the engine (``y * width + x``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Iterable, TypeVar

from builder.systems.heroes.board.grid import DIRS

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield

T = TypeVar("T")


_NUMBERS: list[int] = list(range(1024))
_BYTE_BITS: Final = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
"""For each byte value, the positions of its set bits."""


def select(items: "list[T]", board: int) -> "list[T]":
    """``[items[sq] for sq in squares(board)]`` (``items`` at least as long as the
    board's highest square + 1). One or two squares are peeled off lowest bit
    first; more (a move's destinations, often 30 to 60) are read a byte at a time
    from the board's little-endian bytes, each non-zero byte giving its set bits
    from a table: a few machine operations a byte in the compiled copy, instead of
    a shift and a big-integer allocation a square. ``items`` is a list, not any
    sequence: the compiled copy then indexes it directly, where a generic sequence
    would be handed the index as a Python int (allocated past 256)."""
    rest = board & (board - 1)  # the board less its lowest square
    if not rest & (rest - 1):  # at most two squares
        out = []
        while board:
            low = board & -board
            out.append(items[low.bit_length() - 1])
            board ^= low
        return out
    out = []
    base = 0
    for byte in board.to_bytes((board.bit_length() + 7) >> 3, "little"):
        if byte:
            for offset in _BYTE_BITS[byte]:
                out.append(items[base + offset])
        base += 8
    return out


def squares(board: int) -> list[int]:
    """The squares of ``board``, in ascending order."""
    global _NUMBERS
    if board.bit_length() > len(_NUMBERS):
        _NUMBERS = list(range(2 * board.bit_length()))
    return select(_NUMBERS, board)


def board_of(squares_: "Iterable[int]") -> int:
    board = 0
    for sq in squares_:
        board |= 1 << sq
    return board


@dataclass(frozen=True, slots=True)
class StepBoards:
    """One kind of mover's steps (builder.systems.heroes.board.grid.Battlefield.steps) as bitboards:
    per direction, the squares a step that way may start from and the shift it
    makes; per square, the squares one step away; and difficult passage."""

    shifts: tuple[tuple[int, int], ...]  # (squares a step may start from, shift of the step)
    neighbours: tuple[int, ...]  # by square
    difficult: int
    # Squares from which every step onto the battlefield is open (all 8 neighbours,
    # fewer on an edge, are in ``neighbours``): :func:`king_spread` finds their
    # neighbours with a few shifts for the whole set, the others go square by square.
    regular: int = 0
    width: int = 0
    not_west: int = 0  # squares with a neighbour to the west (x > 0)
    not_east: int = 0  # squares with a neighbour to the east (x < width - 1)
    board: int = 0  # every square of the battlefield


def step_boards(bf: "Battlefield", unit_type: str, amphibious: bool) -> StepBoards:
    """The :class:`StepBoards` of a kind of mover (built once per battlefield)."""
    key = ("boards", unit_type, amphibious)
    hit = bf.derived.get(key)
    if hit is not None:
        return hit
    steps = bf.steps(unit_type, amphibious)
    shifts = []
    for direction, (dx, dy) in enumerate(DIRS):
        shift = dy * bf.width + dx
        starts = board_of([sq for sq in range(bf.size)
                           if (n := bf.offset(sq, direction)) >= 0 and n in steps[sq]])
        if starts:
            shifts.append((starts, shift))
    around = [board_of([n for d in range(len(DIRS)) if (n := bf.offset(sq, d)) >= 0]) for sq in range(bf.size)]
    neighbours = tuple(board_of(steps[sq]) for sq in range(bf.size))
    boards = StepBoards(tuple(shifts), neighbours,
                        board_of([sq for sq, d in enumerate(bf.difficult_squares()) if d]),
                        board_of([sq for sq in range(bf.size) if neighbours[sq] == around[sq]]),
                        bf.width,
                        board_of([sq for sq in range(bf.size) if sq % bf.width > 0]),
                        board_of([sq for sq in range(bf.size) if sq % bf.width < bf.width - 1]),
                        (1 << bf.size) - 1)
    bf.derived[key] = boards
    return boards


def spread(frontier: int, shifts: tuple[tuple[int, int], ...]) -> int:
    """Every square one step from a square of ``frontier``."""
    out = 0
    for starts, shift in shifts:
        moving = frontier & starts
        if moving:
            out |= moving << shift if shift > 0 else moving >> -shift
    return out



def king_spread(frontier: int, boards: StepBoards) -> int:
    """``frontier`` and every square next to one of its squares (diagonals too):
    a shift each way along the row, then along the column. For squares of
    ``boards.regular`` that is exactly :func:`spread` (plus the frontier itself);
    for any set of squares it contains :func:`spread`."""
    row = frontier | (frontier & boards.not_east) << 1 | (frontier & boards.not_west) >> 1
    w = boards.width
    return (row | row << w | row >> w) & boards.board


def adjacent_boards(bf: "Battlefield") -> tuple[int, ...]:
    """By square, :meth:`Battlefield.adjacent` as a bitboard (built once per battlefield)."""
    key = ("adjacent-boards",)
    hit = bf.derived.get(key)
    if hit is None:
        hit = bf.derived[key] = tuple(board_of(bf.adjacent(sq)) for sq in range(bf.size))
    return hit
