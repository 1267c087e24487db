"""``heroes demo``: the main job on the bundled content, saying what it wrote."""

from __future__ import annotations

from pathlib import Path

import typer

from builder.content.loader import BUNDLED_CONTENT
from builder.content.yaml_io import atomic_write_text
from builder.diagnostics import format_json
from builder.validation import validate_pack


def demo(out: Path = typer.Option(Path("out"), "--out", "-o", help="Folder for the files written.")) -> None:
    """Validate the bundled pack and write the demo outputs into OUT."""
    report = validate_pack(BUNDLED_CONTENT / "core")
    path = out / "validation.json"
    atomic_write_text(path, format_json(report.diagnostics, summary=report.summary()) + "\n")
    typer.echo(f"validated {report.path}: {'valid' if report.ok else 'INVALID'}")
    typer.echo(f"wrote {path}")
    raise typer.Exit(0 if report.ok else 1)
