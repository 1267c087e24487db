"""``heroes play`` and ``heroes replay`` on a Heroes System pack: a seeded game with its
JSONL log, and a log proved against the engine (with ``--why``, the Solo AI's table
choices). builder/cli/play.py parses the options and hands over here through the seam;
the signatures are Tide of Iron's (builder.systems.tide_of_iron.cli), so one call serves
both systems."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError

DEFAULT_PACK = BUNDLED_CONTENT / "core"


def play(pack: Path, scenario: str, seed: int, names: list[str], log: Path | None, fmt: str,
         army: list[str] | None = None) -> None:
    """``heroes play``: one game of ``scenario`` (an id, or a scenario file such as ``heroes
    campaign next`` writes) with ``--army SIDE=FILE`` lists, printed as a sentence and a
    table of the sides, or as JSON."""
    from builder.content.search import is_file_argument, scenario_file_pack
    from builder.content.yaml_io import atomic_write_text
    from builder.systems.heroes.content.loader import load_pack, with_scenario_file
    from builder.systems.heroes.tools.log import play as play_game
    from builder.systems.heroes.tools.log import require_scenario
    from builder.systems.heroes.validation.runner import refuse_invalid_scenario

    if is_file_argument(scenario):
        folder = scenario_file_pack(Path(scenario), None if pack == DEFAULT_PACK else pack)
        content, scenario = with_scenario_file(load_pack(folder), Path(scenario))
        pack = folder
    else:
        content = load_pack(pack)
    require_scenario(content, scenario)
    refuse_invalid_scenario(content, scenario)
    armies = _armies(content, scenario, army or [])
    state, record = play_game(content, scenario, seed, names, pack_ref=str(pack), armies=armies)
    if log is not None:
        atomic_write_text(log, record.jsonl())
    result = state.result.to_dict() if state.result else {}
    decisions = record.lines[-1]["decisions"]
    if fmt == "json":
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
    from builder.systems.heroes.playtests.armies import load_armies, played_lists

    model = content.items["scenarios"].get(scenario)
    if model is None:
        known = ", ".join(sorted(content.items["scenarios"])) or "none"
        raise UsageError(f"unknown scenario '{scenario}' (known: {known})")
    return played_lists(content, model, load_armies(content, model, parse_army_options(army, [s.id for s in model.sides])))


def replay(log: Path, pack: Path | None, why: bool = False, turn: int | None = None, table: str | None = None) -> None:
    """``heroes replay``: re-apply the log and prove every event, state hash and the result;
    ``why``: then the Solo AI's table choices (of ``turn``, of ``table``)."""
    from builder.inputs import MAX_LOG_BYTES, read_input_text
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.tools.log import parse_log
    from builder.systems.heroes.tools.log import replay as replay_game

    lines = parse_log(read_input_text(log, max_bytes=MAX_LOG_BYTES), str(log))
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
