"""``heroes play`` and ``heroes replay``: seeded games with a JSONL log, and
checking a log against the engine (registers ``rules`` and ``explain`` too)."""

from __future__ import annotations

from typing import Any, Optional

import json
from pathlib import Path

import typer

from builder.cli.common import OutputFormat
from builder.cli.outputs import output_file
from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.playtest_core.army_options import ARMY_HELP
from builder.systems.seam import command_for, pack_command, system_of_log

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
    from builder.systems.heroes.tools.log import play as play_game

    from builder.outputs import refuse_inputs

    refuse_inputs(log, "--log", [("--army", a.partition("=")[2]) for a in army if "=" in a])
    names = [p.strip() for p in players.split(",") if p.strip()]
    if not 2 <= len(names) <= 4:
        raise UsageError("--players takes one player name per player (two to four), e.g. random,random")
    if (handler := pack_command(pack, "play")) is not None:
        return handler(pack, scenario, seed, names, log, format.value, army)
    from builder.systems.heroes.content.loader import load_pack
    from builder.content.yaml_io import atomic_write_text
    from builder.systems.heroes.tools.log import require_scenario
    from builder.systems.heroes.validation.runner import refuse_invalid_scenario
    from builder.content.search import is_file_argument, scenario_file_pack

    if is_file_argument(scenario):
        from builder.systems.heroes.content.loader import with_scenario_file

        folder = scenario_file_pack(Path(scenario), None if pack == DEFAULT_PACK else pack)
        content, scenario = with_scenario_file(load_pack(folder), Path(scenario))
        pack = folder
    else:
        content = load_pack(pack)
    require_scenario(content, scenario)
    refuse_invalid_scenario(content, scenario)
    armies = _armies(content, scenario, army)
    state, record = play_game(content, scenario, seed, names, pack_ref=str(pack), armies=armies)
    if log is not None:
        atomic_write_text(log, record.jsonl())
    result = state.result.to_dict() if state.result else {}
    decisions = record.lines[-1]["decisions"]
    if format is OutputFormat.json:
        typer.echo(json.dumps({"scenario": scenario, "seed": seed, "players": names, "decisions": decisions,
                               "result": result, "state_hash": state.state_hash()}, indent=2))
        return
    typer.echo(game_summary(content, scenario, seed, names, result, decisions), nl=False)
    if log is not None:
        typer.echo(f"log written to {log}")


def _armies(content: Any, scenario: str, army: list[str]) -> tuple[Any, ...]:
    """The checked army lists of ``--army SIDE=FILE``, and the default army built for the
    scenario for each side given only points: the armies a playtest plays
    (builder.systems.heroes.playtests.armies), so a playtest game replays here."""
    from builder.playtest_core.army_options import parse_army_options
    from builder.systems.heroes import load_armies, played_lists

    model = content.items["scenarios"].get(scenario)
    if model is None:
        known = ", ".join(sorted(content.items["scenarios"])) or "none"
        raise UsageError(f"unknown scenario '{scenario}' (known: {known})")
    return played_lists(content, model, load_armies(content, model, parse_army_options(army, [s.id for s in model.sides])))


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
    from builder.systems.heroes.tools.log import parse_log
    from builder.systems.heroes.tools.log import replay as replay_game

    from builder.inputs import MAX_LOG_BYTES, read_input_text

    if not log.exists():
        raise UsageError(f"no such log file: {log}")
    # a FIFO, a device or a folder is invalid input (exit 1, H840 located), as for every command
    text = read_input_text(log, max_bytes=MAX_LOG_BYTES)
    if narrate or output is not None:
        return _watch(log, pack, narrate, output)
    if (handler := command_for(system_of_log(log), "replay")) is not None:
        return handler(log, pack)
    lines = parse_log(text, str(log))
    from builder.systems.heroes.content.loader import load_pack

    content = load_pack(pack or Path(lines[0].get("pack") or DEFAULT_PACK))
    state, _expected = replay_game(content, lines, str(log))
    typer.echo(f"{log}: replay reproduces the final state ({state.state_hash()[:16]}...)")
    if why:
        from builder.systems.heroes.ai.solo_mode.why import table_choices

        choices = table_choices(content, lines, str(log))
        shown = [c for c in choices if (turn is None or c["turn"] == turn)
                 and (table is None or c["table"] == table or c["table"] == f"{table} destination")]
        typer.echo(f"{len(shown)} of the Solo AI's {len(choices)} table choices:")
        for c in shown:
            typer.echo(f"  {c['text']}")


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


def _losses(by_type: dict[str, int]) -> str:
    return ", ".join(f"{count} {kind.replace('_', ' ')}" for kind, count in sorted(by_type.items())) or "none"


def game_summary(pack: Any, scenario: str, seed: int, players: list[str], result: dict[str, Any],
                 decisions: int) -> str:
    """One game's result for a reader: a sentence, then a table of the sides."""
    from io import StringIO

    from rich.console import Console
    from rich.table import Table

    from builder.systems.heroes.tools.story import ENDINGS

    found = pack.items["scenarios"].get(scenario)
    title = f"{found.name} ({scenario})" if found is not None else scenario
    names = {s.id: (s.name or s.id) for s in found.sides} if found is not None else {}
    winner = result.get("winner")
    level = result.get("level")
    verdict = (f"{names.get(winner, winner)} won" + (f" a {level} victory" if level else "")) if winner \
        else "the game was a draw"
    ending = ENDINGS.get(str(result.get("end_reason")), str(result.get("end_reason", "")).replace("_", " "))
    rounds = result.get("rounds")
    sentence = (f"{title}, seed {seed}: {verdict} {ending}, after {rounds} round{'s' if rounds != 1 else ''} "
                f"and {decisions} decisions.")
    table = Table()
    for column in ("side", "player", "victory points", "losses"):
        table.add_column(column)
    points = result.get("victory_points") or {}
    losses = result.get("losses") or {}
    sides = list(names) or list(points)
    if found is not None and any(s.players for s in found.sides):  # alliances: each side's players, in order
        from builder.systems.heroes.engine import scenario_seats

        seats = scenario_seats(found)
        players = [", ".join(f"{pid}={players[k]}" for k, (pid, of) in enumerate(seats) if of == i)
                   for i in range(len(found.sides))]
    for side, player in zip(sides, players):
        table.add_row(f"{names.get(side, side)} ({side})", player, str(points.get(side, 0)),
                      _losses(losses.get(side, {})))
    out = StringIO()
    Console(file=out, width=100, highlight=False).print(table)
    return sentence + "\n" + out.getvalue()


def register(app: typer.Typer) -> None:
    """Add the engine's commands to the ``heroes`` app."""
    from builder.cli import explain, rules

    app.command(name="play")(play)
    app.command(name="replay")(replay)
    app.add_typer(rules.app, name="rules")
    app.command(name="explain")(explain.explain)
