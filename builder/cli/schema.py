"""``heroes schema export``: JSON Schema files for editors."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from builder.content.paths import SCHEMA_DIR

app = typer.Typer(help="JSON Schema for content files (editor hover help and completion).", no_args_is_help=True)


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema ``heroes schema export`` writes: each game system's (``GameSystem.schemas``,
    builder.systems.seam) and the campaign record's (builder.campaign.record)."""
    from builder.campaign.record import SCHEMAS
    from builder.content.schema_export import json_schemas
    from builder.systems.seam import systems

    found = json_schemas(SCHEMAS)
    for system in systems().values():
        if system.schemas is not None:
            found.update(system.schemas())
    return found


@app.command("install")
def install(
    folder: Optional[Path] = typer.Option(None, "--dir", help="Store folder (default: HEROES_SCHEMA_STORE, else "
                                          "$XDG_DATA_HOME/heroes-builder/schemas)."),
) -> None:
    """Copy the schemas into a per-user store, so that files written outside the checkout
    name a schema that stays where it is (re-run after an update)."""
    from builder.content.schema_store import install as install_schemas

    written = install_schemas(folder)
    typer.echo(f"installed {len(written)} schemas into {written[0].parent if written else folder}")


@app.command("export")
def export(
    out: Path = typer.Option(SCHEMA_DIR, "--out", "-o", help="Folder to write the schemas to."),
    check: bool = typer.Option(False, "--check", help="Only check the files are up to date (exit 1 if not)."),
) -> None:
    """Write schemas/<kind>.schema.json from the content models."""
    from builder.content.schema_export import export_schemas, stale_schemas

    if check:
        stale = stale_schemas(all_schemas(), out)
        for name in stale:
            typer.echo(f"{out / name}: stale; run 'heroes schema export'")
        raise typer.Exit(1 if stale else 0)
    for path in export_schemas(all_schemas(), out):
        typer.echo(f"wrote {path}")
