"""``heroes balance``: search a scenario's knobs (points, turns, objective VP, initiative,
tunable numbers) for the settings whose win share is closest to a target."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import UsageError

if TYPE_CHECKING:
    from builder.playtest.balance import BalanceRequest


def balance(
    scenario: Optional[str] = typer.Argument(None, help="Scenario id (e.g. zuruck); omit with --all."),
    vary: list[str] = typer.Option(
        [], "--vary", "-v",
        help="KNOB=LO:HI, KNOB=LO:HI:STEP or KNOB=A,B,C; knobs: points.SIDE, turns, vp.OBJECTIVE, initiative, "
        "or a number the scenario marks tunable. Repeat to vary several.",
    ),
    players: Optional[str] = typer.Option(
        None, "--players", "-p",
        help="One player per side, in the scenario's order (as heroes playtest): one pairing. Default: greedy,greedy."),
    pairings: Optional[str] = typer.Option(
        None, "--pairings",
        help="Judge every setting under several pairings, e.g. greedy-greedy,search-search (as heroes playtest; a "
        "pairing of two different players also with the sides swapped): a setting is recommended as balanced only "
        "when balanced under every pairing. Not with --players."),
    target: float = typer.Option(0.5, "--target", help="The first side's wanted share of the decisive games."),
    margin: float = typer.Option(0.05, "--margin", help="How close to the target counts as balanced."),
    alpha: float = typer.Option(0.05, "--alpha", help="Chance of calling a setting at the target off it."),
    beta: float = typer.Option(0.05, "--beta", help="Chance of calling a setting off by the margin balanced."),
    games: int = typer.Option(2000, "--games", "-n", help="Most games played at one setting."),
    seed: int = typer.Option(1, "--seed", "-s", min=0, max=2**63 - 1,  # as play and playtest
                             help="Base seed; the same seed gives the same report."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes (the result does not depend on it)."),
    scheduler: Optional[str] = typer.Option(
        None, "--scheduler", help="Play on a Dask cluster: its scheduler's address, or 'local' for a LocalCluster."),
    pack: Path = typer.Option(BUNDLED_CONTENT / "core", "--pack", help="Content pack folder."),
    output: Optional[Path] = typer.Option(None, "--output", "-o",
                                          help="Write the report here: .json for data, else an HTML page."),
    save: bool = typer.Option(False, "--save/--no-save",
                              help="Also write PACK/reports/SCENARIO.balance.json, which the site turns into a page."),
    all_: bool = typer.Option(False, "--all",
                              help="Every two-player scenario of the pack, the second side's points (or the turns when "
                              "armies are fixed) searched; prints a Markdown table."),
) -> None:
    """Recommend knob settings that balance a scenario, with the evidence.

    Exit status: 0 fine, 1 invalid input, 2 usage error.
    """
    from builder.playtest import balance as lib
    from builder.playtest.pairings import chosen_pairings

    wanted = chosen_pairings(pairings, players if pairings is not None or players is not None else lib.PLAYERS)
    names = wanted[0]
    common: dict[str, Any] = dict(target=target, seed=seed, games=games, margin=margin, alpha=alpha, beta=beta,
                                  jobs=jobs, scheduler=scheduler, pack=str(pack), pairings=tuple(wanted),
                                  swap=pairings is not None)
    if all_:
        if scenario is not None or vary:
            raise UsageError("--all searches every two-player scenario with its own knobs; give no SCENARIO or --vary")
        typer.echo(lib.all_scenarios_table(names, **common), nl=False)
        return
    if scenario is None:
        raise UsageError("give a SCENARIO to balance (or --all)")
    if output is not None and (output.is_dir() or (output.parent.exists() and not output.parent.is_dir())):
        raise UsageError(f"cannot write {output}: it is a folder or lies under a file; give a file name ending "
                         "in .json or .html")
    report = _run(lib.BalanceRequest(scenario, names, tuple(vary), **common))
    if output is not None:
        lib.write_report(report, output)
    if save:
        lib.write_report(report, Path(pack) / "reports" / f"{scenario}.balance.json")
    typer.echo(lib.balance_text(report), nl=False)


def _run(request: "BalanceRequest") -> dict[str, Any]:
    """The search, with a progress count on stderr when it is a terminal."""
    from builder.playtest import balance as lib

    if not sys.stderr.isatty():
        return lib.balance(request)
    from rich.progress import Progress, SpinnerColumn, TextColumn

    with Progress(SpinnerColumn(), TextColumn("{task.description}: {task.completed} games"), transient=True) as bar:
        task = bar.add_task(f"balancing {request.scenario}", total=None)
        return lib.balance(request, progress=lambda n: bar.advance(task, n))
