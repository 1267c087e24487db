"""``heroes rules coverage``: which rules the engine simulates, from its registry."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from builder.cli.common import OutputFormat
from builder.content.paths import BUNDLED_CONTENT

app = typer.Typer(help="The rules engine's coverage of the rules.", no_args_is_help=True)


@app.command("coverage")
def coverage_command(
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json."),
    pack: Path = typer.Option(BUNDLED_CONTENT / "core", "--pack", help="Pack whose cards and effects to include."),
) -> None:
    """List every special ability, recruitment option and card effect with its status."""
    from builder.systems.seam import pack_command

    if (handler := pack_command(pack, "rules coverage")) is not None:
        return handler(pack, format.value)
    import builder.ai.solo_mode.coverage  # noqa: F401  (adds the Solo Mode rules to the registry)
    from builder.engine.tools.coverage import coverage, summary

    from builder.content.loader import load_pack

    rows = coverage(load_pack(pack))
    if format is OutputFormat.json:
        typer.echo(json.dumps({"summary": summary(rows), "rules": rows}, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="rules coverage")
    for col in ("kind", "id", "status", "missing"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["kind"], r["id"], r["status"], r["missing"])
    console = Console(highlight=False, width=160)
    console.print(table)
    console.print(", ".join(f"{k}: {v}" for k, v in summary(rows).items()))
