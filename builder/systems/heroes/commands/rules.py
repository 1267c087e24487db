"""``heroes rules coverage`` on a Heroes System pack: every special ability, recruitment
option, card effect and Solo Mode rule with the engine's status for it (the rule
registry, builder.systems.heroes.tools.coverage)."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def coverage(pack: Path, fmt: str, *, kind: str | None = None) -> None:
    """Tide of Iron's ``coverage`` with ``--kind``: only the rows of one kind of rule."""
    import builder.systems.heroes.engine.solo_mode.coverage  # noqa: F401  (adds the Solo Mode rules to the registry)
    from builder.errors import UsageError
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.tools.coverage import coverage as rows_of, markdown, summary

    rows = rows_of(load_pack(pack))
    if kind is not None:
        kinds = sorted({r["kind"] for r in rows})
        if kind not in kinds:
            raise UsageError(f"--kind {kind}: no such kind of rule; kinds are {', '.join(kinds)}")
        rows = [r for r in rows if r["kind"] == kind]
    if fmt == "markdown":
        typer.echo(markdown(rows), nl=False)
        return
    if fmt == "json":
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
