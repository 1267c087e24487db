"""``heroes playtest``: play a scenario many times with AI players and report its balance;
``heroes playtest --compare OLD NEW`` compares two reports."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.systems.tide_of_iron import cli as toi  # Tide of Iron packs (system: tide-of-iron)


class OutputFormat(str, Enum):
    """How the report is printed on stdout."""

    text = "text"
    json = "json"


def playtest(
    scenario: Optional[str] = typer.Argument(None, help="Scenario id (e.g. family-meeting-1)."),
    games: int = typer.Option(1000, "--games", "-n", help="Games to play."),
    seed: int = typer.Option(1, "--seed", "-s", help="Base seed; the same seed gives the same report."),
    players: str = typer.Option(
        "greedy,greedy", "--players", "-p",
        help="One player per side, in the scenario's order: random, greedy, solo:ATTITUDE, "
        "solo-mode:ATTITUDE:DIFFICULTY.",
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes (the result does not depend on it)."),
    pack: Path = typer.Option(BUNDLED_CONTENT / "core", "--pack", help="Content pack folder."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json (the report)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the HTML report here."),
    jsonl: Optional[Path] = typer.Option(None, "--jsonl", help="Write one JSON row per game here."),
    save: bool = typer.Option(True, "--save/--no-save",
                              help="Also write the JSON report to PACK/reports/SCENARIO.json for sheets and site."),
    compare: Optional[tuple[Path, Path]] = typer.Option(
        None, "--compare", help="Compare two JSON reports OLD NEW instead of playing."),
    campaign: Optional[str] = typer.Option(
        None, "--campaign", help="Play whole campaigns (e.g. battle-for-normandy) instead of one scenario."),
) -> None:
    """Playtest a scenario with AI players and report its balance.

    Exit status: 0 fine, 1 invalid input, 2 usage error.
    """
    from builder.playtest import compare as cmp
    from builder.playtest.report import load_report, report_json, write_html, write_json

    if compare is not None:
        result = cmp.compare_reports(load_report(compare[0]), load_report(compare[1]))
        if format is OutputFormat.json:
            import json
            typer.echo(json.dumps(result, indent=2, sort_keys=True))
        else:
            typer.echo(cmp.compare_text(result), nl=False)
        return
    if campaign is not None:
        from builder.cli.campaign import playtest_campaign

        return playtest_campaign(campaign, games, seed, players, jobs, pack, format is OutputFormat.json, save)
    if scenario is None:
        raise UsageError("give a SCENARIO to playtest, --campaign CAMPAIGN, or --compare OLD NEW")
    if toi.is_toi(pack):
        return toi.playtest(pack, scenario, games, seed, players, jobs, format.value, output, jsonl, save)
    if games >= LONG_PLAYTEST:
        _suggest_native()
    report, _rows = _run(scenario, games, seed, players, jobs, pack, jsonl)
    if output is not None:
        write_html(report, output)
    if save:
        write_json(report, Path(pack) / "reports" / f"{scenario}.json")
    if format is OutputFormat.json:
        typer.echo(report_json(report), nl=False)
    else:
        typer.echo(_text(report))


LONG_PLAYTEST = 500
"""Games from which a playtest lasts long enough for the compiled copies to matter."""


def _suggest_native() -> None:
    """Say once per user, on stderr, that ``make native`` would speed a long playtest.

    Why: ``make demo`` skips the seven-minute compile so that a first run is quick;
    whoever then plays thousands of games should learn that it exists, once, without
    the note repeating on every run. Silent when the copies are in use or turned off
    on purpose (``HEROES_NATIVE=0``) or when the stamp cannot be written.
    """
    from builder.content.pack_cache import cache_dir
    from builder.native import status

    state = status()
    if state.active or "HEROES_NATIVE" in state.reason:
        return
    stamp = cache_dir().parent / "native-hint-shown"
    if stamp.exists():
        return
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
    except OSError:
        return
    typer.echo("note: long playtests run 1.5-2x faster with the compiled engine: `make native` "
               f"(about 7 minutes, once; {state.reason}). This note is shown once.", err=True)


def _run(scenario: str, games: int, seed: int, players: str, jobs: int, pack: Path,
         jsonl: Optional[Path]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the batch, with a progress bar when stderr is a terminal."""
    from builder.playtest.api import run_playtest

    names = [p for p in players.split(",") if p.strip()]
    if not sys.stderr.isatty():
        return run_playtest(scenario, games=games, seed=seed, players=names, jobs=jobs, pack=pack, jsonl=jsonl)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(f"playing {scenario}", total=games)
        return run_playtest(scenario, games=games, seed=seed, players=names, jobs=jobs, pack=pack, jsonl=jsonl,
                            progress=lambda n: bar.advance(task, n))


def _text(report: dict[str, Any]) -> str:
    lines = [f"{report['scenario_name']} ({report['scenario']}): {report['games']} games, seed {report['seed']}",
             "players: " + ", ".join(f"{side}={p}" for side, p in report["seats"].items()),
             f"verdict: {report['verdict']}"]
    for name, iv in report["win_intervals"].items():
        lines.append(f"  {name:<10} {iv['rate'] * 100:5.1f}%  [{iv['low'] * 100:.1f}%, {iv['high'] * 100:.1f}%]")
    if report["symmetric"]:
        lines.append("by player (sides and initiative rotated): " + ", ".join(
            f"{name} {iv['rate'] * 100:.1f}%" for name, iv in report["player_win_rates"].items()))
    lines.append(f"rounds: mean {report['rounds']['mean']:.2f}; lead changes: mean {report['lead_changes']['mean']:.2f}")
    lines.append(f"distinct games: {report['distinct_games']} of {report['games']}")
    if report["engine_errors"]["games"]:
        lines.append(f"engine errors: {report['engine_errors']['games']} game(s) left out "
                     f"(first: {report['engine_errors']['examples'][0]['error']})")
    return "\n".join(lines)
