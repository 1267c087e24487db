"""Helpers shared by the command modules: output, exit codes, error handling."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NoReturn

import typer

from builder.cli.exits import exit_code
from builder.errors import HeroesError

if TYPE_CHECKING:
    pass


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"


def fail(error: HeroesError) -> NoReturn:
    raise error


def run_app(app: typer.Typer, argv: list[str] | None = None) -> int:
    """Run ``app``; turn every error into a message and an exit code (builder.cli.exits)."""
    return exit_code(lambda: app(args=argv, prog_name="heroes"))
