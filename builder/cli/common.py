"""Helpers shared by the command modules: output, exit codes, error handling."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NoReturn

import typer

from builder.cli.exits import exit_code
from builder.diagnostics import FORMATS, Diagnostic
from builder.errors import HeroesError

if TYPE_CHECKING:
    from builder.systems.seam import CommandHandler, GameSystem


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
    """Run ``app``; turn every error into a message and an exit code (builder.cli.exits)."""
    return exit_code(lambda: app(args=argv, prog_name="heroes"))


def handler_for(system: GameSystem, command: str) -> CommandHandler:
    """``system``'s handler of ``command`` (:func:`builder.systems.seam.command_for`: S221
    when the command has no meaning for it), for a command whose body every system gives:
    the command module holds only its options and calls the handler, whatever the system."""
    from builder.systems.seam import command_for

    found = command_for(system, command)
    if found is None:  # a builtin_cli system without the line of its command table
        raise RuntimeError(f"the {system.title} registers no handler for 'heroes {command}'")
    return found
