"""``heroes playtest``: play a scenario many times with AI players and report its balance;
``heroes playtest --compare OLD NEW`` compares two reports."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer

from builder.cli.outputs import output_file
from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.playtest_core.army_options import ARMY_HELP
from builder.systems.seam import command_handler, system_of_pack


class OutputFormat(str, Enum):
    """How the report is printed on stdout."""

    text = "text"
    json = "json"


def playtest(
    scenario: Optional[str] = typer.Argument(None, help="Scenario id (e.g. family-meeting-1)."),
    games: Optional[int] = typer.Option(
        None, "--games", "-n", min=1, max=10_000_000,
        help="Games a pairing. Default: 200 when a pairing plays search (a search/search game of family-meeting-1 "
        "costs about 2.8 CPU s, so the default playtest takes some 5 minutes on 2 cores with --jobs 2), else 1000."),
    seed: int = typer.Option(1, "--seed", "-s", min=0, max=2**63 - 1,
                             help="Base seed; the same seed gives the same report."),
    players: Optional[str] = typer.Option(
        None, "--players", "-p",
        help="Play one pairing: one player per side, in the scenario's order: random, greedy, search[:PLAYOUTS], "
        "solo:ATTITUDE, solo-mode:ATTITUDE:DIFFICULTY (e.g. greedy,greedy: the quick way).",
    ),
    pairings: Optional[str] = typer.Option(
        None, "--pairings",
        help="The pairings to play and compare, saying how robust the verdict is; default: greedy-greedy,search-search "
        "(players joined by '-', or '/'; a pairing of two different players is also played with their sides "
        "swapped). docs/players.md."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1,
                             help="Worker processes, at most the CPU count (the result does not depend on it)."),
    pack: Path = typer.Option(BUNDLED_CONTENT / "core", "--pack", help="Content pack folder."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json (the report)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the HTML report here.",
                                          callback=output_file(".html", ".htm", what="HTML report")),
    jsonl: Optional[Path] = typer.Option(None, "--jsonl", help="Write one JSON row per game here.",
                                         callback=output_file(what="JSONL file")),
    save: bool = typer.Option(False, "--save/--no-save",
                              help="Also write the JSON report to PACK/reports/SCENARIO.json for sheets and site "
                              "(default: nothing is written into the pack)."),
    games_dir: Optional[Path] = typer.Option(
        None, "--games-dir", help="Save the games worth watching (a typical win per side, the shortest, the longest, "
        "the underdog's win, a game where a warning fired) here as logs; with --output the report links each to "
        "its replay viewer (default with --save: PACK/reports/games/SCENARIO)."),
    compare: Optional[tuple[Path, Path]] = typer.Option(
        None, "--compare", help="Compare two JSON reports OLD NEW instead of playing."),
    until_decided: bool = typer.Option(
        False, "--until-decided",
        help="Stop as soon as a sequential test (Wald's SPRT) decides the balance; --games is then a cap."),
    margin: float = typer.Option(0.05, "--margin", help="--until-decided: win-share margin counted as balanced."),
    alpha: float = typer.Option(0.05, "--alpha", help="--until-decided: chance of calling a balanced scenario unbalanced."),
    beta: float = typer.Option(0.05, "--beta", help="--until-decided: chance of missing an imbalance of --margin."),
    scheduler: Optional[str] = typer.Option(
        None, "--scheduler", help="Play on a Dask cluster: its scheduler's address, or 'local' for a LocalCluster."),
    army: list[str] = typer.Option([], "--army", help=ARMY_HELP),
    campaign: Optional[str] = typer.Option(
        None, "--campaign", help="Play whole campaigns (e.g. battle-for-normandy) instead of one scenario."),
    every: bool = typer.Option(
        False, "--all", help="Play every scenario of --pack (an alliance's players each take their side's "
        "player) and print the Markdown table of docs/playtest.md (json: the reports)."),
    solo_sweep: bool = typer.Option(
        False, "--solo-sweep", help="Play the Solo game mode at every attitude and difficulty on SCENARIO, or "
        "on every scenario of --pack with Solo Mode notes, and print the Markdown table of docs/solo-mode.md "
        "(the first of --players plays the other side; json: the reports)."),
) -> None:
    """Playtest a scenario with AI players and report its balance.

    Exit status: 0 fine, 1 invalid input, 2 usage error.
    """
    from builder.playtest import compare as cmp
    from builder.playtest.api import cap_jobs
    from builder.playtest_core.report import load_report

    from builder.playtest.pairings import chosen_pairings, default_games

    if pairings is not None and (compare is not None or solo_sweep):
        raise UsageError("--pairings plays SCENARIO (or --all, or --campaign) under several pairings; it does not "
                         "go with --compare or --solo-sweep")
    if compare is not None:
        result = cmp.compare_reports(load_report(compare[0], "--compare"), load_report(compare[1], "--compare"))
        if format is OutputFormat.json:
            import json
            typer.echo(json.dumps(result, indent=2, sort_keys=True))
        else:
            typer.echo(cmp.compare_text(result), nl=False)
        return
    if campaign is not None:
        from builder.campaign.playtest import default_campaigns
        from builder.cli.campaign import playtest_campaign
        from builder.playtest.pairings import Plan

        wanted = chosen_pairings(pairings, players)
        return playtest_campaign(campaign, games or default_campaigns(wanted), seed, Plan(tuple(wanted), players is None),
                                 jobs, pack, format is OutputFormat.json, save)
    if solo_sweep:
        return _solo_sweep(scenario, games or 1000, seed, players or "greedy", jobs, pack,
                           format is OutputFormat.json)
    wanted = chosen_pairings(pairings, players)
    swap = players is None  # --players is one pairing, played as given
    games = games or default_games(wanted)
    if every:
        return _all(scenario, games, seed, wanted, swap, jobs, pack, format is OutputFormat.json)
    if scenario is None:
        raise UsageError("give a SCENARIO to playtest, --all, --campaign CAMPAIGN, or --compare OLD NEW")
    from builder.outputs import refuse_inputs

    for written, option in ((output, "-o"), (jsonl, "--jsonl")):
        refuse_inputs(written, option, [("--army", a.partition("=")[2]) for a in army if "=" in a])
    handler = command_handler(system_of_pack(pack), "playtest")
    jobs, note = cap_jobs(jobs, games)
    if note:
        typer.echo(f"note: {note}", err=True)
    if games >= LONG_PLAYTEST:
        _suggest_native()
    from builder.playtest.pairings import Plan
    from builder.playtest.text import report_text

    handler(pack, scenario, games, seed, Plan(tuple(wanted), swap), jobs, format.value, output, jsonl, save,
            until_decided, margin, alpha, beta, scheduler, army,
            chosen=lambda report, rows: chosen_games(report, rows, pack, scenario, games_dir, save, output, army),
            text=report_text)


def chosen_games(report: dict[str, Any], rows: list[dict[str, Any]], pack: Path, scenario: str,
                 games_dir: Optional[Path], save: bool, output: Optional[Path], army: list[str] | None = None,
                 ) -> None:
    """Save the games worth watching (builder.playtest.chosen) into ``games_dir`` (with
    --save by default PACK/reports/games/SCENARIO, where ``heroes serve`` finds them) and
    list them in the report, each linked to its replay viewer when an HTML report is written."""
    from builder.playtest.chosen import link_games, save_chosen
    from builder.systems.seam import system_of_pack

    folder = games_dir or (Path(pack) / "reports" / "games" / scenario if save else None)
    system = system_of_pack(pack)
    if folder is None or system.replay is None:
        return
    entries = save_chosen(system.replay.game_log, Path(pack), scenario, rows, list(report["sides"]), folder,
                          list(army or []))

    def viewer(log: Path, page: Path) -> None:
        from builder.content.yaml_io import atomic_write_text
        from builder.web.replay import log_html

        atomic_write_text(page, log_html(log))

    link_games(entries, folder, output, viewer)
    report["chosen_games"] = entries


LONG_PLAYTEST = 500
"""Games from which a playtest lasts long enough for the compiled copies to matter."""


def _suggest_native() -> None:
    """Say once per user, on stderr, that ``make native`` would speed a long playtest.

    Why: ``make demo`` skips the seven-minute compile so that a first run is quick;
    whoever then plays thousands of games should learn that it exists, once, without
    the note repeating on every run. Silent when the copies are in use or turned off
    on purpose (``HEROES_NATIVE=0``) or when the stamp cannot be written.
    """
    from builder.content.paths import cache_dir
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


def _all(scenario: Optional[str], games: int, seed: int, wanted: list[tuple[str, ...]], swap: bool, jobs: int,
         pack: Path, as_json: bool) -> None:
    """``--all``: every scenario of two sides of the pack (alliances included) under the
    pairings ``wanted``, as the Markdown table of docs/playtest.md (builder.playtest.table;
    each verdict says how robust it is) or the reports as JSON."""
    import json

    from builder.playtest.api import cap_jobs
    from builder.playtest.table import all_scenarios, table

    if scenario is not None:
        raise UsageError("--all plays every scenario of --pack: give no SCENARIO with it")
    jobs, _ = cap_jobs(jobs, games)
    reports = all_scenarios(games=games, seed=seed, pairings=wanted, swap=swap, pack=pack, jobs=jobs,
                            progress=lambda sid: typer.echo(f"playing {sid}", err=True))
    if as_json:
        typer.echo(json.dumps(reports, indent=2, sort_keys=True))
    else:
        typer.echo(table(reports), nl=False)


def _solo_sweep(scenario: Optional[str], games: int, seed: int, players: str, jobs: int, pack: Path,
                as_json: bool) -> None:
    """``--solo-sweep``: the Solo game mode at every attitude and difficulty, as the Markdown
    table of docs/solo-mode.md (builder.playtest.table.solo_sweep) or the reports as JSON."""
    import json

    from builder.playtest.api import cap_jobs
    from builder.playtest.table import solo_sweep, solo_table
    from builder.systems.heroes import player_kind

    opponent = next((p.strip() for p in players.split(",") if p.strip()), "greedy")
    if player_kind(opponent) == "solo-mode":
        raise UsageError("--solo-sweep plays the Solo AI itself: give the other side's player first in --players "
                         "(e.g. greedy)")
    jobs, _ = cap_jobs(jobs, games)
    cells = solo_sweep(games=games, seed=seed, opponent=opponent, scenarios=[scenario] if scenario else None,
                       pack=pack, jobs=jobs, progress=lambda cell: typer.echo(f"playing {cell}", err=True))
    if as_json:
        typer.echo(json.dumps(cells, indent=2, sort_keys=True))
    else:
        typer.echo(solo_table(cells), nl=False)
