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
