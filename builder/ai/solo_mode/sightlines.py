"""What the terrain alone says about a line of sight, for the Solo Mode AI's many
questions about sight (builder.engine.los reads the same cached static lines first).

A line the terrain blocks is never seen along, and one it obscures is never clear,
whatever units stand on the board: those pairs of squares need no call to
builder.engine.los.sight. Spotting (002 Solo Mode, 3.2 > Reveal a Concealed Unit) asks
about every concealed AI unit and every enemy after every move, so its terrain verdicts
are kept per battlefield.
"""

from __future__ import annotations

from typing import Any

from builder.engine.los import static_line


def terrain_clear(bf: Any, a: int, b: int) -> bool:
    """Could the line a-b be clear at all (terrain neither blocks nor obscures it)?
    The cached static line is looked up as builder.engine.los.sight does."""
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    return not line.blocker and not line.obscurers


def terrain_open(bf: Any, a: int, b: int) -> bool:
    """Could there be a line of sight a-b at all (terrain does not block it)?"""
    line = bf.los_cache.get(a * bf.size + b if a < b else b * bf.size + a) or static_line(bf, a, b)
    return not line.blocker


_ROWS: dict[int, tuple[Any, list[int | None], list[int | None]]] = {}
"""Per battlefield (kept beside its rows so its id is never reused meanwhile): by
square, the bitboard of the squares :func:`terrain_clear` (first list) or
:func:`terrain_open` (second) says yes to, built on first use of the square."""


def terrain_row(bf: Any, a: int, clear: bool) -> int:
    """Bitboard (builder.engine.bitboard) of the squares ``b`` for which
    :func:`terrain_clear` (``clear``) or :func:`terrain_open` holds for the line a-b.
    A battlefield's terrain never changes (a destroyed structure gives the game a new
    battlefield: builder/engine/structures.py), so a row is traced once per
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


NEAR, OPEN, SHUT = 2, 1, 0
"""An enemy on one square and a concealed unit on another: within 2 squares (spotted
whatever the line), in a line terrain leaves clear (spotted if units leave it clear
too), or neither (never spotted from there)."""

_SPOTTING: dict[int, tuple[Any, dict[int, int]]] = {}
"""Per battlefield (kept beside its verdicts so its id is never reused meanwhile): the
verdict for ``hidden_square * size + enemy_square``."""

_MAX_BATTLEFIELDS = 8


def spotting_verdicts(bf: Any) -> dict[int, int]:
    """The spotting verdicts known for ``bf``, by ``hidden_square * size + enemy_square``
    (look a pair up there first; :func:`spotting` fills in the missing ones)."""
    got = _SPOTTING.get(id(bf))
    if got is None or got[0] is not bf:
        if len(_SPOTTING) >= _MAX_BATTLEFIELDS:
            _SPOTTING.clear()
        got = _SPOTTING[id(bf)] = (bf, {})
    return got[1]


def spotting(bf: Any, verdicts: dict[int, int], hidden: int, enemy: int) -> int:
    """:data:`NEAR`, :data:`OPEN` or :data:`SHUT` for a concealed unit on ``hidden`` and
    an enemy on ``enemy`` (both on the battlefield), kept in ``verdicts``."""
    if bf.distance(hidden, enemy) <= 2:
        verdict = NEAR
    else:
        verdict = OPEN if terrain_clear(bf, enemy, hidden) else SHUT
    verdicts[hidden * bf.size + enemy] = verdict
    return verdict
