"""``heroes validate`` on a Heroes System pack: the schema and semantic rules of
builder.systems.heroes.validation, every problem as file:line:col and, for text, a
table of the pack's items."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from builder.systems.heroes.validation.runner import ValidationReport


def validate(pack: Path, fmt: str, quiet: bool) -> None:
    """Exit 0 valid, 1 invalid (the signature of Tide of Iron's ``validate``)."""
    from builder.systems.heroes.validation import validate_pack

    report = validate_pack(pack)
    about = _about(report) if fmt == "text" and not quiet else []
    if printed := report.printed(fmt, quiet=quiet, where=report.path, about=about):
        typer.echo(printed)
    raise typer.Exit(0 if report.ok else 1)


def _about(report: ValidationReport) -> list[str]:
    """The pack's items by kind (its own, and with its dependencies), its files and its
    items with placeholder values."""
    from rich.table import Table

    from builder.render.console import table_console

    if report.pack is None:
        return []
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
    text = io.StringIO()
    table_console(file=text).print(table)
    return [text.getvalue().rstrip("\n"), f"{len(pack.files)} files, {pack.placeholders()} items with placeholder values"]
