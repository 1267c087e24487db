"""``heroes explain los|move|fire|assault|order POSITION ...``: the whole computation of
one rule question on a position file, with rule references."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from builder.cli.common import OutputFormat
from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError


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
    from builder.systems.seam import command_for, system_of_file

    system, system_pack = system_of_file(position, pack)
    if (handler := command_for(system, "explain")) is not None:
        return handler(position, system_pack, question, list(args or []), mode, format.value)
    from builder.systems.heroes.tools.explain import explain_question
    from builder.systems.heroes.tools.position import load_position

    if question not in ("los", "move", "fire", "assault", "order", "solo"):
        raise UsageError(f"unknown question '{question}': use los, move, fire, assault, order or solo")
    if mode not in ("normal", "suppressive", "sniper", "panzerfaust"):
        raise UsageError(f"unknown fire mode '{mode}': use normal, suppressive, sniper or panzerfaust")
    state, names = load_position(position, pack, BUNDLED_CONTENT / "core", factions=True)
    if question == "solo":  # a Solo position: the AI's table choices for one reaction effect, with reasons
        from builder.systems.heroes.ai.solo_mode.why import explain_effect

        if len(args or []) != 1:
            raise UsageError("solo takes one effect: order, move, fire, suppressive or assault")
        report = explain_effect(state, (args or [])[0])
    else:
        report = explain_question(state, names, question, list(args or []), weapon=weapon, mode=mode, tokens=tokens)
    if format is OutputFormat.json:
        typer.echo(json.dumps(report, indent=2))
    else:
        typer.echo(report["text"])
