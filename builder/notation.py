"""Square names of the square grid: column letters then row number (``C4``), ``A1`` the
top-left square, columns past Z going on as ``AA``, ``AB``... (000 core rules,
Battlefield: the board's lettered columns and numbered rows).

One notation for the content packs and the engine's board: it sits at the bottom of the
layers so that both read it, the board layer included, which imports no content model.
"""

from __future__ import annotations

import re

SQUARE = re.compile(r"^([A-Z]{1,2})([1-9][0-9]{0,2})$")
"""A square's name as packs write it; rows up to 999, columns up to ZZ."""


def square_xy(name: str) -> tuple[int, int] | None:
    """``'C4'`` -> ``(2, 3)``, zero-based column and row; None for anything else."""
    match = SQUARE.match(name)
    if match is None:
        return None
    letters, number = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + (ord(letter) - ord("A") + 1)
    return column - 1, int(number) - 1


def column_letters(x: int) -> str:
    """Column letters of the zero-based column ``x``: 0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    letters, n = "", x + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters
