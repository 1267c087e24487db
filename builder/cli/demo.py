"""``heroes demo``: the main job on the bundled content, saying what it wrote (validation,
a roster and a scenario sheet as PDF, the static site). The body is the Heroes System's
handler (builder.systems.heroes.commands.demo), reached through the seam."""

from __future__ import annotations

from pathlib import Path

import typer

from builder.cli.outputs import output_folder
from builder.systems.seam import command_handler, system_of_pack


def demo(out: Path = typer.Option(Path("out"), "--out", "-o", help="Folder for the files written.",
                                  callback=output_folder)) -> None:
    """Validate the bundled pack and write the demo outputs into OUT."""
    command_handler(system_of_pack(None), "demo")(out)
