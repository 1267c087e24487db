"""What the terrain alone says about a line of sight, for the Solo Mode AI's many
questions about sight (builder.systems.heroes.board.los reads the same cached static lines first).

A line the terrain blocks is never seen along, and one it obscures is never clear,
whatever units stand on the board: those pairs of squares need no call to
builder.systems.heroes.board.los.sight. Spotting (002 Solo Mode, 3.2 > Reveal a Concealed Unit) asks
about every concealed AI unit and every enemy after every move, so its terrain verdicts
are kept per battlefield, as bitboards (builder.systems.heroes.board.bitboard).
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.board.elevation import elevated_end, high_line
from builder.systems.heroes.board.grid import Battlefield
from builder.systems.heroes.board.lines import facing
from builder.systems.heroes.board.los import BLOCKED, CLEAR, static_line


def terrain_clear(bf: Battlefield, a: int, b: int) -> bool:
    """Could the line a-b be clear at all (terrain neither blocks nor obscures it)?
    The cached static line is looked up as builder.systems.heroes.board.los.sight does (a line
    with an elevated end: its Elevated Position verdict without vehicles; lines drawn
    between squares: from either end, the lines it is adjacent to not counting, nor
    obstacles to infantry only, as when a vehicle fires or is targeted)."""
    if bf.high and elevated_end(bf, a, b):
        high = high_line(bf, a, b)
        return CLEAR in (high.verdict.kind, high.verdict_up.kind)
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    if line.blocker or line.obscurers:
        return False
    return not line.lines or not facing(line.lines, a, True) or not facing(line.lines, b, True)


def terrain_open(bf: Battlefield, a: int, b: int) -> bool:
    """Could there be a line of sight a-b at all (terrain does not block it)?"""
    if bf.high and elevated_end(bf, a, b):
        high = high_line(bf, a, b)
        return BLOCKED != high.verdict.kind or BLOCKED != high.verdict_up.kind
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    if line.blocker:
        return False
    return not line.lines or any(not any(c[1] for c in facing(line.lines, end, True)) for end in (a, b))


_MAX_BATTLEFIELDS = 8

_ROWS: dict[int, tuple[Any, list[int | None], list[int | None]]] = {}
"""Per battlefield (kept beside its rows so its id is never reused meanwhile): by
square, the bitboard of the squares :func:`terrain_clear` (first list) or
:func:`terrain_open` (second) says yes to, built on first use of the square."""


def terrain_row(bf: Battlefield, a: int, clear: bool) -> int:
    """Bitboard (builder.systems.heroes.board.bitboard) of the squares ``b`` for which
    :func:`terrain_clear` (``clear``) or :func:`terrain_open` holds for the line a-b.
    A battlefield's terrain never changes (a destroyed structure gives the game a new
    battlefield: builder/systems/heroes/engine/structures.py), so a row is traced once per
    battlefield; the AI then tests every enemy of a unit with a shift instead of a
    lookup."""
    if a < 0:  # not a square of the battlefield: the lines themselves, uncached
        test = terrain_clear if clear else terrain_open
        return sum(1 << b for b in range(bf.size) if test(bf, a, b))
    got = _ROWS.get(id(bf))
    if got is None or got[0] is not bf:
        if len(_ROWS) >= _MAX_BATTLEFIELDS:
            _ROWS.clear()
        got = _ROWS[id(bf)] = (bf, [None] * bf.size, [None] * bf.size)
    rows = got[1] if clear else got[2]
    row = rows[a]
    if row is None:
        test = terrain_clear if clear else terrain_open
        row = 0
        for b in range(bf.size):
            if test(bf, a, b):
                row |= 1 << b
        rows[a] = row
    return row


SPOTTING_RANGE = 2
"""An enemy this close spots a concealed unit whatever the line between them (002 Solo
Mode, 3.2 > Reveal a Concealed Unit)."""

_SPOTTING: dict[int, tuple[Any, list[tuple[int, int] | None]]] = {}
"""Per battlefield (kept beside its rows so its id is never reused meanwhile): by
square, its :func:`spotting_rows`, built on first use of the square."""


def spotting_rows(bf: Battlefield, hidden: int) -> tuple[int, int]:
    """Where an enemy spots a concealed unit on ``hidden`` (a square of ``bf``), as two
    bitboards: the squares within :data:`SPOTTING_RANGE` (spotted whatever the line),
    and the squares beyond it whose line the terrain leaves clear (spotted if units
    leave it clear too). From any other square an enemy never spots it (002 Solo Mode,
    3.2 > Reveal a Concealed Unit). Spotting is asked about after every move, for
    every concealed AI unit: testing all the enemies at once takes one ``&``."""
    got = _SPOTTING.get(id(bf))
    if got is None or got[0] is not bf:
        if len(_SPOTTING) >= _MAX_BATTLEFIELDS:
            _SPOTTING.clear()
        got = _SPOTTING[id(bf)] = (bf, [None] * bf.size)
    rows = got[1]
    row = rows[hidden]
    if row is None:
        near = 0
        for b in range(bf.size):
            if bf.distance(hidden, b) <= SPOTTING_RANGE:
                near |= 1 << b
        row = rows[hidden] = (near, terrain_row(bf, hidden, True) & ~near)
    return row
