"""``heroes rules coverage``: which rules the engine simulates, from its registry (by the
pack's game system's handler, builder.systems.seam)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from builder.content.paths import BUNDLED_CONTENT

app = typer.Typer(help="The rules engine's coverage of the rules.", no_args_is_help=True)


class CoverageFormat(str, Enum):
    """How the coverage is printed: the Markdown table is what the docs paste."""

    text = "text"
    json = "json"
    markdown = "markdown"


@app.command("coverage")
def coverage_command(
    format: CoverageFormat = typer.Option(
        CoverageFormat.text, "--format", "-f",
        help="text, json, or markdown (the table docs/solo-mode.md and docs/tide-of-iron.md paste)."),
    pack: Path = typer.Option(BUNDLED_CONTENT / "core", "--pack", help="Pack whose cards and effects to include."),
    kind: Optional[str] = typer.Option(
        None, "--kind", help="Only the rows of this kind (ability, option, card, solo, terrain, ...)."),
) -> None:
    """List every special ability, recruitment option and card effect with its status."""
    from builder.systems.seam import command_handler, system_of_pack

    command_handler(system_of_pack(pack), "rules coverage", kind=kind)(pack, format.value)
