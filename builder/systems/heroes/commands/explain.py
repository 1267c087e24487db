"""``heroes explain`` on a Heroes System position file: the whole computation of one
rule question (line of sight, movement, a shot, an assault, an order token) with rule
references, or the Solo AI's table choices for one reaction effect."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError

QUESTIONS = ("los", "move", "fire", "assault", "order", "solo")
MODES = ("normal", "suppressive", "sniper", "panzerfaust")


def explain(position: Path, pack: Path | None, question: str, args: list[str], mode: str, fmt: str, *,
            weapon: int = 0, tokens: int = 0) -> None:
    """Tide of Iron's ``explain`` with the shot's ``--weapon`` (index) and ``--tokens``
    (equipment tokens spent on it)."""
    from builder.systems.heroes.tools.explain import explain_question
    from builder.systems.heroes.tools.position import load_position

    if question not in QUESTIONS:
        raise UsageError(f"unknown question '{question}': use los, move, fire, assault, order or solo")
    if mode not in MODES:
        raise UsageError(f"unknown fire mode '{mode}': use normal, suppressive, sniper or panzerfaust")
    state, names = load_position(position, pack, BUNDLED_CONTENT / "core", factions=True)
    if question == "solo":  # a Solo position: the AI's table choices for one reaction effect, with reasons
        from builder.systems.heroes.ai.solo_mode.why import explain_effect

        if len(args) != 1:
            raise UsageError("solo takes one effect: order, move, fire, suppressive or assault")
        report = explain_effect(state, args[0])
    else:
        report = explain_question(state, names, question, args, weapon=weapon, mode=mode, tokens=tokens)
    if fmt == "json":
        typer.echo(json.dumps(report, indent=2))
    else:
        typer.echo(report["text"])
