"""Tracing a line of sight between two square centres, and the verdict on it (000 core
rules, Firing > Line of Sight), shared by the ground rules (builder/systems/heroes/board/los.py)
and those of Elevated Positions (builder/systems/heroes/board/elevation.py), which los.py hands
lines with an elevated end.

A line runs from the centre of one square to the centre of the other and crosses the
squares whose inside it enters: a line through a corner only touches the squares beside
it. Exact integer arithmetic (no sampling): in doubled coordinates the line meets the
vertical grid line k at t ~ (2k-1)*|dy| and the horizontal line j at t ~ (2j-1)*|dx|;
equal values are corners.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield

CLEAR, OBSCURED, BLOCKED = "clear", "obscured", "blocked"


@dataclass(slots=True, unsafe_hash=True)
class Sight:
    """The verdict on one line: clear/obscured/blocked, the total penalty and why.
    A value, never changed once made (not ``frozen``: see builder/systems/heroes/engine/terms.py)."""

    kind: str
    penalty: int
    obscurers: tuple[tuple[int, int], ...]
    blocker: str
    squares: tuple[int, ...]
    lines: tuple[tuple[str, int], ...]  # obscuring lines crossed: (what, penalty), in ``penalty`` too

    def __init__(self, kind: str, penalty: int, obscurers: tuple[tuple[int, int], ...], blocker: str,
                 squares: tuple[int, ...], lines: tuple[tuple[str, int], ...] = ()) -> None:
        self.kind, self.penalty, self.obscurers, self.blocker, self.squares = kind, penalty, obscurers, blocker, squares
        self.lines = lines

    @property
    def ok(self) -> bool:
        return self.kind != BLOCKED


def trace(bf: "Battlefield", a: int, b: int) -> tuple[list[int], bool]:
    """Squares strictly between ``a`` and ``b`` crossed by the centre line, and
    whether a no-passage edge or wall on the way blocks it (a corner is blocked
    when both routes round it are)."""
    w = bf.width
    mask = bf.edge_mask()
    ay, ax = divmod(a, w)
    by, bx = divmod(b, w)
    dx, dy = bx - ax, by - ay
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    xbit = 1 << (2 if sx > 0 else 6)
    ybit = 1 << (4 if sy > 0 else 0)
    adx, ady = abs(dx), abs(dy)
    x, y = ax, ay
    i = j = 1
    out: list[int] = []
    edge = False
    last = adx + ady
    tx = ady if adx else None
    ty = adx if ady else None
    while (x != bx or y != by) and last >= 0:
        last -= 1
        cur = y * w + x
        if tx is not None and (ty is None or tx < ty):
            x += sx
            i += 1
            tx = (2 * i - 1) * ady if i <= adx else None
            if mask[cur] & xbit:
                edge = True
        elif ty is not None and (tx is None or ty < tx):
            y += sy
            j += 1
            ty = (2 * j - 1) * adx if j <= ady else None
            if mask[cur] & ybit:
                edge = True
        else:
            c1 = cur + sx
            c2 = cur + sy * w
            route1 = (mask[cur] & xbit) or (mask[c1] & ybit)
            route2 = (mask[cur] & ybit) or (mask[c2] & xbit)
            if route1 and route2:
                edge = True
            x += sx
            y += sy
            i += 1
            j += 1
            tx = (2 * i - 1) * ady if i <= adx else None
            ty = (2 * j - 1) * adx if j <= ady else None
        if x != bx or y != by:
            out.append(y * w + x)
    return out, edge
