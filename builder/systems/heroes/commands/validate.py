"""``heroes validate`` on a Heroes System pack: the schema and semantic rules of
builder.systems.heroes.validation, every problem as file:line:col and, for text, a
table of the pack's items."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from builder.diagnostics import FORMATS, format_json

if TYPE_CHECKING:
    from builder.systems.heroes.validation.runner import ValidationReport


def validate(pack: Path, fmt: str, quiet: bool) -> None:
    """Exit 0 valid, 1 invalid (the signature of Tide of Iron's ``validate``)."""
    from builder.systems.heroes.validation import validate_pack

    report = validate_pack(pack)
    if fmt == "json":
        typer.echo(format_json(report.diagnostics, summary=report.summary()))
    else:
        if report.diagnostics:
            typer.echo(FORMATS[fmt](report.diagnostics))
        if not quiet and fmt == "text":
            _print_summary(report)
    raise typer.Exit(0 if report.ok else 1)


def _print_summary(report: ValidationReport) -> None:
    from rich.table import Table

    from builder.render.console import table_console

    console = table_console()
    if report.pack is not None:
        pack = report.pack
        own: dict[str, int] = {}
        for (kind, _), origin in pack.origins.items():
            if origin.pack == pack.manifest.id:
                own[kind] = own.get(kind, 0) + 1
        deps = pack.manifest.depends_on
        table = Table(title=f"pack '{pack.manifest.id}' {pack.manifest.version}")
        table.add_column("kind")
        table.add_column("items", justify="right")
        if deps:
            table.add_column(f"with {', '.join(deps)}", justify="right")
        for kind, count in report.counts.items():
            if count:
                table.add_row(kind, str(own.get(kind, 0)), *([str(count)] if deps else []))
        console.print(table)
        console.print(f"{len(report.pack.files)} files, {report.pack.placeholders()} items with placeholder values")
    verdict = "valid" if report.ok else f"invalid: {len(report.errors)} error(s)"
    console.print(f"{report.path}: {verdict}, {len(report.warnings)} warning(s)")
