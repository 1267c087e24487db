"""``heroes rules coverage``: which rules the engine simulates, from its registry."""

from __future__ import annotations

import json
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
    from builder.errors import UsageError
    from builder.systems.seam import pack_command

    if (handler := pack_command(pack, "rules coverage")) is not None:
        if kind is not None:
            raise UsageError("--kind applies to the Heroes packs only")
        return handler(pack, format.value)
    import builder.systems.heroes.engine.solo_mode.coverage  # noqa: F401  (adds the Solo Mode rules to the registry)
    from builder.systems.heroes.tools.coverage import coverage, markdown, summary

    from builder.systems.heroes.content.loader import load_pack

    rows = coverage(load_pack(pack))
    if kind is not None:
        kinds = sorted({r["kind"] for r in rows})
        if kind not in kinds:
            raise UsageError(f"--kind {kind}: no such kind of rule; kinds are {', '.join(kinds)}")
        rows = [r for r in rows if r["kind"] == kind]
    if format is CoverageFormat.markdown:
        typer.echo(markdown(rows), nl=False)
        return
    if format is CoverageFormat.json:
        typer.echo(json.dumps({"summary": summary(rows), "rules": rows}, indent=2))
        return
    from rich.table import Table

    from builder.render.console import table_console

    table = Table(title="rules coverage")
    for col in ("kind", "id", "status", "missing"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["kind"], r["id"], r["status"], r["missing"])
    console = table_console(width=160)
    console.print(table)
    console.print(", ".join(f"{k}: {v}" for k, v in summary(rows).items()))
