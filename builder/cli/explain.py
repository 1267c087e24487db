"""``heroes explain los|move|fire|assault|order POSITION ...``: the whole computation of
one rule question on a position file, with rule references (by the position's game
system's handler, builder.systems.seam)."""

from __future__ import annotations

from pathlib import Path

import typer

from builder.cli.common import OutputFormat


def explain(
    question: str = typer.Argument(..., help="los, move, fire, assault, order or solo."),
    position: Path = typer.Argument(..., help="Position file (YAML)."),
    args: list[str] = typer.Argument(None, help="Squares or unit names: los A B | move U | fire U T | assault U T | order U | "
                                                    "solo order|move|fire|suppressive|assault."),
    weapon: int = typer.Option(0, "--weapon", "-w", help="Weapon index for fire."),
    mode: str = typer.Option("normal", "--mode",
                             help="fire mode: normal, suppressive, sniper, or panzerfaust (its token's shot)."),
    tokens: int = typer.Option(0, "--tokens", min=0, max=10,
                               help="fire: equipment tokens spent on the shot (Ammo, APC Shells, Ammo Belt)."),
    pack: Path | None = typer.Option(None, "--pack", help="Content pack (default: the position's, else core)."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json."),
) -> None:
    """Explain line of sight, movement, a shot, an assault, a unit's order token, or the Solo AI's
    choice for a reaction effect on POSITION."""
    from builder.systems.seam import command_handler, system_of_file

    system, system_pack = system_of_file(position, pack)
    command_handler(system, "explain", weapon=weapon or None, tokens=tokens or None)(
        position, system_pack, question, list(args or []), mode, format.value)
