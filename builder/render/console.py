"""The console every command prints its tables on.

Why: rich wraps a table to the terminal's width, and when output is not a terminal (a
pipe, a file) it assumes 80 columns, so ``heroes list tiles --faction us | cat`` broke
ids across two lines and copy and paste failed. At a terminal the console keeps its
width and tables mark id columns ``no_wrap``; piped, the console is wide enough that no
cell wraps or is cut, so every id stays whole on one line.
"""

from __future__ import annotations

from typing import IO

from rich.console import Console

PIPED_WIDTH = 10_000  # wide enough that no table of ours wraps when piped


def table_console(file: IO[str] | None = None, width: int | None = None) -> Console:
    """A console for tables: ``width`` (or the terminal's) at a terminal; piped, wide
    enough that nothing wraps."""
    console = Console(highlight=False, file=file)
    if console.is_terminal:
        return Console(highlight=False, file=file, width=width) if width else console
    return Console(highlight=False, file=file, width=PIPED_WIDTH)
