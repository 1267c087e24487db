"""What the terrain alone says about a line of sight, for the Solo Mode AI's many
questions about sight (builder.engine.board.los reads the same cached static lines first).

A line the terrain blocks is never seen along, and one it obscures is never clear,
whatever units stand on the board: those pairs of squares need no call to
builder.engine.board.los.sight. Spotting (002 Solo Mode, 3.2 > Reveal a Concealed Unit) asks
about every concealed AI unit and every enemy after every move, so its terrain verdicts
are kept per battlefield, as bitboards (builder.engine.board.bitboard).
"""

from __future__ import annotations

from typing import Any

from builder.engine.board.grid import Battlefield
from builder.engine.board.los import static_line


def terrain_clear(bf: Battlefield, a: int, b: int) -> bool:
    """Could the line a-b be clear at all (terrain neither blocks nor obscures it)?
    The cached static line is looked up as builder.engine.board.los.sight does."""
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    return not line.blocker and not line.obscurers


def terrain_open(bf: Battlefield, a: int, b: int) -> bool:
    """Could there be a line of sight a-b at all (terrain does not block it)?"""
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    return not line.blocker


_MAX_BATTLEFIELDS = 8

_ROWS: dict[int, tuple[Any, list[int | None], list[int | None]]] = {}
"""Per battlefield (kept beside its rows so its id is never reused meanwhile): by
square, the bitboard of the squares :func:`terrain_clear` (first list) or
:func:`terrain_open` (second) says yes to, built on first use of the square."""


def terrain_row(bf: Battlefield, a: int, clear: bool) -> int:
    """Bitboard (builder.engine.board.bitboard) of the squares ``b`` for which
    :func:`terrain_clear` (``clear``) or :func:`terrain_open` holds for the line a-b.
    A battlefield's terrain never changes (a destroyed structure gives the game a new
    battlefield: builder/engine/heroes/structures.py), so a row is traced once per
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
