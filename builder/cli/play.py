"""``heroes play`` and ``heroes replay``: seeded games with a JSONL log, and
checking a log against the engine (registers ``rules`` and ``explain`` too)."""

from __future__ import annotations

from typing import Optional

from pathlib import Path

import typer

from builder.cli.common import OutputFormat
from builder.cli.outputs import output_file
from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.playtest_core.army_options import ARMY_HELP
from builder.systems.seam import command_handler, system_of_log, system_of_pack

DEFAULT_PACK = BUNDLED_CONTENT / "core"


def play(
    scenario: str = typer.Argument(..., help="Scenario id, e.g. family-meeting-1, or a scenario file (e.g. written "
                                   "by 'heroes campaign next')."),
    seed: int = typer.Option(1, "--seed", "-s", min=0, max=2**63 - 1,
                             help="Seed of the game (dice, players, deployment)."),
    players: str = typer.Option(
        "random,random", "--players",
        help="Player per side (per player of each alliance in a game of three or four), comma-separated: random, greedy, solo:ATTITUDE, solo-mode:ATTITUDE:DIFFICULTY "
             "(the Solo game mode, on a side the scenario gives the AI)."),
    log: Path | None = typer.Option(None, "--log", help="Write the JSONL game log here.",
                                    callback=output_file(what="game log")),
    pack: Path = typer.Option(DEFAULT_PACK, "--pack", help="Content pack folder."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json."),
    army: list[str] = typer.Option([], "--army", help=ARMY_HELP),
) -> None:
    """Play one game of SCENARIO and print the result."""
    from builder.outputs import refuse_inputs

    refuse_inputs(log, "--log", [("--army", a.partition("=")[2]) for a in army if "=" in a])
    names = [p.strip() for p in players.split(",") if p.strip()]
    if not 2 <= len(names) <= 4:
        raise UsageError("--players takes one player name per player (two to four), e.g. random,random")
    command_handler(system_of_pack(pack), "play")(pack, scenario, seed, names, log, format.value, army)


def replay(
    log: Path = typer.Argument(..., help="A JSONL log written by `heroes play --log`."),
    pack: Path | None = typer.Option(None, "--pack", help="Content pack folder (default: the log's)."),
    why: bool = typer.Option(False, "--why", help="Then show how the Solo AI chose: every decision table's choice "
                             "with the priorities that kept and decided it (the game is played again, checked "
                             "against the log)."),
    turn: Optional[int] = typer.Option(None, "--turn", min=1, help="--why: only the choices of this turn."),
    table: Optional[str] = typer.Option(None, "--table",
                                        help="--why: only the choices of this table (e.g. fire-target, movement)."),
    narrate: bool = typer.Option(False, "--narrate", help="Tell the game turn by turn: units by name, squares by "
                                 "label, each roll with what it needed (either game system)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the replay viewer here: one HTML "
                                          "file, no network (either game system).",
                                          callback=output_file(".html", ".htm", what="replay viewer")),
) -> None:
    """Re-apply a game log and prove it: every event, state hash and the result must match."""
    from builder.inputs import MAX_LOG_BYTES, read_input_text

    if not log.exists():
        raise UsageError(f"no such log file: {log}")
    # a FIFO, a device or a folder is invalid input (exit 1, H840 located), as for every command
    read_input_text(log, max_bytes=MAX_LOG_BYTES)
    if narrate or output is not None:
        return _watch(log, pack, narrate, output)
    command_handler(system_of_log(log), "replay")(log, pack, why, turn, table)


def _watch(log: Path, pack: Path | None, narrate: bool, output: Path | None) -> None:
    """``--narrate`` and ``-o``: the game told, or drawn in the replay viewer, through its
    system's replay tools (builder.systems.seam.ReplayTools); both replay and prove the log."""
    from builder.content.yaml_io import atomic_write_text
    from builder.web.replay import read_game, viewer_html

    tools, loaded, lines = read_game(log, pack)
    if narrate:
        typer.echo(tools.narrate(loaded, lines, str(log)), nl=False)
    if output is not None:
        atomic_write_text(output, viewer_html(tools.view(loaded, lines, str(log))))
        typer.echo(f"replay viewer written to {output}", err=narrate)


def register(app: typer.Typer) -> None:
    """Add the engine's commands to the ``heroes`` app."""
    from builder.cli import explain, rules

    app.command(name="play")(play)
    app.command(name="replay")(replay)
    app.add_typer(rules.app, name="rules")
    app.command(name="explain")(explain.explain)
