"""``heroes playtest SCENARIO`` on a Heroes System pack: many seeded games with AI players
under each pairing, and the balance report. builder/cli/playtest.py parses the options,
says how many workers it uses and hands over here through the seam, with the signature
Tide of Iron's handler has (builder.systems.tide_of_iron.cli.playtest), so one call
serves both systems.

The Heroes System's batches are still built by the shared playtest service
(builder.playtest.api: ``GameSystem.playtest`` is None for this system), so this handler
names it, and the shared pairings and report writers, as Tide of Iron's games name the
shared pools and report (pyproject.toml lists each import, issue 33: still to cut)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import typer


class PairingPlan(Protocol):
    """The pairings a playtest plays (builder.playtest.pairings.Plan, made by the shared
    command): the players of each pairing, and whether their sides may swap."""

    @property
    def pairings(self) -> tuple[tuple[str, ...], ...]: ...

    @property
    def swap(self) -> bool: ...


def playtest(pack: Path, scenario: str, games: int, seed: int, pairings: PairingPlan, jobs: int, fmt: str,
             output: Path | None, jsonl_path: Path | None, save: bool, until_decided: bool = False,
             margin: float = 0.05, alpha: float = 0.05, beta: float = 0.05, scheduler: str | None = None,
             army: list[str] | None = None, chosen: Callable[[dict[str, Any], list[dict[str, Any]]], None] | None = None,
             text: Callable[[dict[str, Any]], str] | None = None) -> None:
    """``heroes playtest``: the first pairing's report with every pairing's verdict;
    ``chosen(report, rows)`` saves the games worth watching (``--games-dir``), ``text`` is
    the shared report's terminal text."""
    from builder.outputs import check_output
    from builder.playtest.report import report_json, write_reports
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.systems.heroes.validation.runner import refuse_invalid_scenario

    loaded = load_pack_cached(pack)
    known = scenario in loaded.items["scenarios"]
    if known:  # an unknown one is refused by the run, with the known ids
        refuse_invalid_scenario(loaded, scenario)
    saved = check_output(Path(pack) / "reports" / f"{scenario}.json", what="saved report") if save else None
    extra = {"until_decided": until_decided, "margin": margin, "alpha": alpha, "beta": beta,
             "scheduler": scheduler, "armies": army, "warn": _warn_now}
    report, rows = _run_pairings(scenario, games, seed, pairings, jobs, pack, loaded if known else None, extra)
    if chosen is not None:
        chosen(report, rows)  # among the first pairing's games
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


def _run(scenario: str, games: int, seed: int, players: tuple[str, ...], jobs: int, pack: Path,
         extra: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the batch, with a progress bar when stderr is a terminal."""
    from builder.playtest.api import run_playtest

    names = [p for p in players if p.strip()]
    if not sys.stderr.isatty():
        return run_playtest(scenario, games=games, seed=seed, players=names, jobs=jobs, pack=pack, **extra)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(f"playing {scenario}", total=games)
        return run_playtest(scenario, games=games, seed=seed, players=names, jobs=jobs, pack=pack,
                            progress=lambda n: bar.advance(task, n), **extra)


def _run_pairings(scenario: str, games: int, seed: int, plan: PairingPlan, jobs: int, pack: Path,
                  model: Any, extra: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the plan's pairings (builder.playtest.pairings; with the sides swapped too where
    the scenario allows, if the plan swaps): the first pairing's report and rows, with
    every pairing's verdict and the robustness line. ``model`` is the loaded pack when it
    holds ``scenario`` (None: the run refuses it, naming the known ids)."""
    from builder.playtest.pairings import merged, play_pairings, seated_by_side, swappable
    from builder.systems.heroes.engine import scenario_seats

    seats = [side for _, side in scenario_seats(model.items["scenarios"][scenario])] if model is not None else []
    rows_of: dict[tuple[str, ...], list[dict[str, Any]]] = {}

    def run(players: tuple[str, ...]) -> dict[str, Any]:
        report, rows = _run(scenario, games, seed, seated_by_side(players, seats), jobs, pack, extra)
        rows_of[players] = rows
        return report

    wanted = list(plan.pairings)
    part = play_pairings(run, wanted, plan.swap and model is not None and swappable(str(pack), scenario))
    return merged(part), rows_of[wanted[0]]  # the first arrangement is the first pairing as given
