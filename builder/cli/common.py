"""Helpers shared by the command modules: output, exit codes, error handling."""

from __future__ import annotations

from enum import Enum
from typing import NoReturn

import typer

from builder.diagnostics import FORMATS, Diagnostic
from builder.errors import HeroesError, InvalidInputError


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"


def emit_diagnostics(diagnostics: list[Diagnostic], fmt: OutputFormat, **extra: object) -> None:
    if fmt is OutputFormat.json:
        typer.echo(FORMATS["json"](diagnostics, **extra))
    elif diagnostics:
        typer.echo(FORMATS[fmt.value](diagnostics))


def fail(error: HeroesError) -> NoReturn:
    raise error


def run_app(app: typer.Typer, argv: list[str] | None = None) -> int:
    """Run ``app``; turn every error into a message and an exit code.

    Typer (click) handles usage errors itself and exits 2; errors of the library
    (:class:`HeroesError`) are caught here and printed without a traceback.
    """
    try:
        app(args=argv, prog_name="heroes")
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except InvalidInputError as exc:
        if exc.diagnostics:
            typer.echo(FORMATS["text"](exc.diagnostics), err=True)
        typer.echo(f"error: {exc}", err=True)
        return exc.exit_code
    except HeroesError as exc:
        typer.echo(f"error: {exc}", err=True)
        return exc.exit_code
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        return 130
    except BrokenPipeError:
        return 0
    return 0
