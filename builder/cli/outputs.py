"""Typer callbacks that check an output option before the command does any work
(through :func:`builder.outputs.check_output`): a PDF is not laid out, a playtest not
played, a site not built when its target cannot be written."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from builder.outputs import check_output, check_output_folder

PRINTABLE = (".html", ".htm", ".pdf")


def output_file(*suffixes: str, what: str = "output file") -> Callable[[Optional[Path]], Optional[Path]]:
    """A callback checking an optional file option (``-o``, ``--log``, ``--jsonl``)."""
    def check(value: Optional[Path]) -> Optional[Path]:
        if value is not None:
            check_output(value, suffixes=suffixes, what=what)
        return value
    return check


def output_folder(value: Optional[Path]) -> Optional[Path]:
    """A callback checking a folder option (``site build -o``, ``demo -o``)."""
    if value is not None:
        check_output_folder(value)
    return value
