"""``heroes site``: build the static site of a content pack (by its game system's
handler, builder.systems.seam) and preview it."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from builder.cli.outputs import output_folder

app = typer.Typer(help="The browsable site of a content pack.", no_args_is_help=True)


@app.command("build")
def build(
    out: Path = typer.Option(Path("site-out"), "--out", "-o", help="Folder to write the site into.",
                             callback=output_folder),
    pack: Optional[Path] = typer.Option(None, "--pack", "-p", help="Content pack folder (default: bundled core)."),
    reports: Optional[Path] = typer.Option(
        None, "--reports", help="Folder of playtest reports (default: reports/ in the pack, else beside it)."),
    dependencies: bool = typer.Option(
        False, "--with-dependencies/--only-pack",
        help="Also publish the pages of the packs it depends on (default: only the pack's own items)."),
) -> None:
    """Write a static site: index, a page per faction, unit, tile, option, card, board
    and scenario, with a filter and search that work when opened from disk."""
    from builder.systems.seam import command_handler, system_of_pack

    if reports is not None and not reports.is_dir():  # a typo used to build a site without its verdicts
        from builder.errors import UsageError

        raise UsageError(f"--reports {reports}: no such folder of playtest reports")
    command_handler(system_of_pack(pack), "site build", with_dependencies=dependencies or None)(pack, out, reports)


@app.command("serve")
def serve(
    folder: Path = typer.Argument(Path("site-out"), help="Built site folder."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port on 127.0.0.1."),
) -> None:
    """Preview a built site on http://127.0.0.1:PORT/ (Ctrl-C stops it)."""
    from builder.render.site.serve import make_server

    server = make_server(folder, port)
    typer.echo(f"serving {folder} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    finally:
        server.server_close()
