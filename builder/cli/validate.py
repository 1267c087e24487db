"""``heroes validate``: check a content pack (schema and semantic rules)."""

from __future__ import annotations

from pathlib import Path

import typer

from builder.cli.common import OutputFormat, emit_diagnostics
from builder.content.paths import BUNDLED_CONTENT
from builder.systems.seam import pack_command


def validate(
    pack: Path = typer.Argument(BUNDLED_CONTENT / "core", help="Pack folder (holds pack.yaml)."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text, json or github."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only problems."),
) -> None:
    """Check a content pack and print every problem as file:line:col.

    Exit status: 0 valid, 1 invalid, 2 usage error.
    """
    if (handler := pack_command(pack, "validate")) is not None:
        return handler(pack, format.value, quiet)
    from builder.diagnostics import FORMATS
    from builder.systems.heroes.validation import validate_pack

    report = validate_pack(pack)
    if format is OutputFormat.json:
        emit_diagnostics(report.diagnostics, format, summary=report.summary())
    else:
        if report.diagnostics:
            typer.echo(FORMATS[format.value](report.diagnostics))
        if not quiet and format is OutputFormat.text:
            _print_summary(report)
    raise typer.Exit(0 if report.ok else 1)


def _print_summary(report) -> None:
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
