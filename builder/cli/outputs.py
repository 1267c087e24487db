"""Typer callbacks that check an output option before the command does any work
(through :func:`builder.outputs.check_output`): a PDF is not laid out, a playtest not
played, a site not built when its target cannot be written."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

import typer

from builder.outputs import OutputError, check_output, check_output_folder
from builder.render.paper import PRINTABLE  # noqa: F401  (re-exported for the commands' options)


def _named(param: typer.CallbackParam | None, error: OutputError) -> OutputError:
    """The error with the option that gave the path named (issue 37: a path error says
    which option it came from)."""
    option = max(param.opts, key=len) if param is not None and param.opts else None
    if not option:
        return error
    named = OutputError(f"{option}: {error}", error.diagnostic, error.exit_code)
    named.diagnostics = [replace(d, message=f"{d.message} (given by {option})") for d in error.diagnostics]
    return named


def output_file(*suffixes: str, what: str = "output file") -> Callable[..., Optional[Path]]:
    """A callback checking an optional file option (``-o``, ``--log``, ``--jsonl``)."""
    def check(param: typer.CallbackParam, value: Optional[Path]) -> Optional[Path]:
        if value is not None:
            try:
                check_output(value, suffixes=suffixes, what=what)
            except OutputError as exc:
                raise _named(param, exc) from None
        return value
    return check


def output_folder(param: typer.CallbackParam, value: Optional[Path]) -> Optional[Path]:
    """A callback checking a folder option (``site build -o``, ``demo -o``)."""
    if value is not None:
        try:
            check_output_folder(value)
        except OutputError as exc:
            raise _named(param, exc) from None
    return value
