"""``heroes pack new ID``: scaffold a content pack (builder.content.scaffold)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(help="Content packs: start a new one.", no_args_is_help=True)


@app.command("new")
def new(
    pack_id: str = typer.Argument(..., metavar="ID", help="Id of the new pack (lower-case, hyphens), e.g. my-pack."),
    name: Optional[str] = typer.Option(None, "--name", help="Human name of the pack (default: its id)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Folder to create (default: ./ID)."),
) -> None:
    """Write a new pack that validates: pack.yaml (building on the core box) and a README of its folders.

    Exit status: 0 fine, 2 usage error (a bad id, or the folder exists).
    """
    from builder.content.scaffold import scaffold_pack

    folder = out or Path(pack_id)
    for path in scaffold_pack(folder, pack_id, name):
        typer.echo(f"wrote {path}")
    typer.echo(f"check it with: heroes validate {folder}")
