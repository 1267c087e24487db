"""``heroes playtest SCENARIO`` on a Heroes System pack: many seeded games with AI players
under each pairing, and the balance report. builder/cli/playtest.py parses the options,
says how many workers it uses and hands over here through the seam, with the signature
Tide of Iron's handler has (builder.systems.tide_of_iron.cli.playtest), so one call
serves both systems. The games are the system's own playtest
(builder.systems.heroes.playtests.tools.run, its ``PlaytestTools.run``); the pairings are
played by the plan the shared command made (:class:`builder.systems.seam.PairingPlan`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from builder.systems.seam import PairingPlan, PlaytestRun


def playtest(pack: Path, scenario: str, games: int, seed: int, pairings: PairingPlan, jobs: int, fmt: str,
             output: Path | None, jsonl_path: Path | None, save: bool, until_decided: bool = False,
             margin: float = 0.05, alpha: float = 0.05, beta: float = 0.05, scheduler: str | None = None,
             army: list[str] | None = None, chosen: Callable[[dict[str, Any], list[dict[str, Any]]], None] | None = None,
             text: Callable[[dict[str, Any]], str] | None = None) -> None:
    """``heroes playtest``: the first pairing's report with every pairing's verdict;
    ``chosen(report, rows)`` saves the games worth watching (``--games-dir``), ``text`` is
    the shared report's terminal text."""
    from builder.outputs import check_output
    from builder.playtest_core.report import report_json, write_reports
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.systems.heroes.playtests.tools import facts
    from builder.systems.heroes.validation.runner import refuse_invalid_scenario

    loaded = load_pack_cached(pack)
    known = scenario in loaded.items["scenarios"]
    if known:  # an unknown one is refused by the run, with the known ids
        refuse_invalid_scenario(loaded, scenario)
    saved = check_output(Path(pack) / "reports" / f"{scenario}.json", what="saved report") if save else None
    rows_of: list[list[dict[str, Any]]] = []

    def run(players: tuple[str, ...]) -> dict[str, Any]:
        request = PlaytestRun(pack=Path(pack), scenario=scenario, games=games, seed=seed,
                              players=tuple(p for p in players if p.strip()), jobs=jobs, until_decided=until_decided,
                              margin=margin, alpha=alpha, beta=beta, scheduler=scheduler, armies=tuple(army or ()),
                              warn=_warn_now)
        report, rows = _run(request)
        rows_of.append(rows)
        return report

    report = pairings.play(run, facts(Path(pack), scenario) if known else None)
    rows = rows_of[0]  # the first arrangement is the first pairing as given
    if chosen is not None:
        chosen(report, rows)
    failures = write_reports(report, output, saved, jsonl_path, rows)
    if fmt == "json":
        typer.echo(report_json(report), nl=False)
    elif text is not None:
        typer.echo(text(report))
    if failures:
        raise failures[0]


def _warn_now(warning: dict[str, str]) -> None:
    """A warning found before the games (C380: a victory level the armies cannot reach),
    on stderr at once, so it is read before the wait."""
    typer.echo(f"warning {warning['code']}: {warning['message']}", err=True)


def _run(request: PlaytestRun) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the batch, with a progress bar when stderr is a terminal."""
    from dataclasses import replace

    from builder.systems.heroes.playtests.tools import run

    if not sys.stderr.isatty():
        return run(request)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(f"playing {request.scenario}", total=request.games)
        return run(replace(request, progress=lambda n: bar.advance(task, n)))
