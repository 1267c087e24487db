"""Sets of squares as bitboards: one Python int, bit ``sq`` set for square ``sq``.

The movement search floods a whole frontier at once with a shift per direction
(as chess engines do, python-chess among them) instead of visiting squares one by
one; a set of squares is then a few integer operations to intersect, compare or
copy. Squares are numbered as everywhere in the engine (``y * width + x``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.engine.grid import DIRS

if TYPE_CHECKING:
    from builder.engine.grid import Battlefield

_ONE = re.compile("1")


def squares(board: int) -> list[int]:
    """The squares of ``board``, in ascending order."""
    return [m.start() for m in _ONE.finditer(bin(board)[:1:-1])]


def board_of(squares_: "list[int] | tuple[int, ...] | set[int]") -> int:
    board = 0
    for sq in squares_:
        board |= 1 << sq
    return board


@dataclass(frozen=True, slots=True)
class StepBoards:
    """One kind of mover's steps (builder.engine.grid.Battlefield.steps) as bitboards:
    per direction, the squares a step that way may start from and the shift it
    makes; per square, the squares one step away; and difficult passage."""

    shifts: tuple[tuple[int, int], ...]  # (squares a step may start from, shift of the step)
    neighbours: tuple[int, ...]  # by square
    difficult: int


def step_boards(bf: "Battlefield", unit_type: str, amphibious: bool) -> StepBoards:
    """The :class:`StepBoards` of a kind of mover (built once per battlefield)."""
    key = ("boards", unit_type, amphibious)
    hit = bf._steps.get(key)  # type: ignore[call-overload]
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    steps = bf.steps(unit_type, amphibious)
    shifts = []
    for direction, (dx, dy) in enumerate(DIRS):
        shift = dy * bf.width + dx
        starts = board_of([sq for sq in range(bf.size)
                           if (n := bf.offset(sq, direction)) >= 0 and n in steps[sq]])
        if starts:
            shifts.append((starts, shift))
    boards = StepBoards(tuple(shifts), tuple(board_of(steps[sq]) for sq in range(bf.size)),
                        board_of([sq for sq, d in enumerate(bf.difficult_squares()) if d]))
    bf._steps[key] = boards  # type: ignore[index]
    return boards


def spread(frontier: int, shifts: tuple[tuple[int, int], ...]) -> int:
    """Every square one step from a square of ``frontier``."""
    out = 0
    for starts, shift in shifts:
        moving = frontier & starts
        if moving:
            out |= moving << shift if shift > 0 else moving >> -shift
    return out

