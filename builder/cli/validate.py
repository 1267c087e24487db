"""``heroes validate``: check a content pack (schema and semantic rules), by its game
system's handler (builder.systems.seam)."""

from __future__ import annotations

from pathlib import Path

import typer

from builder.cli.common import OutputFormat
from builder.content.paths import BUNDLED_CONTENT
from builder.systems.seam import command_handler, system_of_pack


def validate(
    pack: Path = typer.Argument(BUNDLED_CONTENT / "core", help="Pack folder (holds pack.yaml)."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text, json or github."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only problems."),
) -> None:
    """Check a content pack and print every problem as file:line:col.

    Exit status: 0 valid, 1 invalid, 2 usage error.
    """
    command_handler(system_of_pack(pack), "validate")(pack, format.value, quiet)
