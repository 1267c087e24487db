"""The playtest library entry point: check the request, then the pack's game system plays
it and builds the shared report (its :class:`~builder.systems.seam.PlaytestTools`: one
path for every system).

``run_playtest(...)`` is what ``heroes playtest`` calls; it is pleasant from Python too::

    from builder.playtest.api import run_playtest
    report, rows = run_playtest("family-meeting-1", games=1000, seed=1,
                                players=["greedy", "solo-mode:aggressive:hard"])
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Sequence

from builder.content.paths import BUNDLED_CONTENT
from builder.content.yaml_io import atomic_write_text
from builder.errors import UsageError
from builder.playtest_core.report import rows_jsonl
from builder.systems.seam import PlaytestRun, playtest_tools, system_of_pack


def cap_jobs(jobs: int, games: int) -> tuple[int, str | None]:
    """The worker count actually used, and a note when it is lower than asked.

    Why: ``--jobs 1000`` forked a thousand workers for 4 games on a two-core machine;
    more workers than CPUs or than games only cost memory and start-up (the report
    does not depend on the count, builder.playtest_core.seeds).
    """
    cpus = os.cpu_count() or 1
    used = max(1, min(jobs, cpus, games))
    if used == jobs:
        return jobs, None
    limit = "the CPU count" if used == cpus else "the number of games"
    return used, f"--jobs {jobs} capped at {used} ({limit}); the report does not depend on it"



def run_playtest(scenario: str, *, games: int, seed: int, players: list[str], jobs: int = 1,
                 pack: str | Path | None = None, progress: Callable[[int], None] | None = None,
                 jsonl: Path | None = None, until_decided: bool = False, margin: float = 0.05,
                 alpha: float = 0.05, beta: float = 0.05, scheduler: str | None = None,
                 armies: dict[str, Path] | Sequence[str] | None = None,
                 warn: Callable[[dict[str, str]], None] | None = None,
                 ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``games`` games and return (report, rows).

    ``armies`` gives sides their army list files, as {side: path} or
    ``["de=armies/de.yaml"]`` (checked by the system before any game).
    ``until_decided``: ``games`` is a cap; batches stop as soon as the sequential rule
    (builder.playtest_core.sequential) decides, at ``margin`` with error rates ``alpha`` and
    ``beta``, and the report's ``sequential`` entry says how many games it took.
    ``scheduler``: play on a Dask cluster (builder.playtest_core.pools) instead of ``jobs``
    local processes; the rows are the same. ``warn`` hears, before any game is played,
    each warning the set-up already shows (the Heroes System: C380, a victory level the
    armies cannot reach; builder.systems.seam.PlaytestRun.warn); the report carries them too."""
    if games < 1:
        raise UsageError("--games must be at least 1")
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    jobs, _note = cap_jobs(jobs, games)
    folder = Path(pack) if pack is not None else BUNDLED_CONTENT / "core"
    if isinstance(armies, dict):
        armies = [f"{side}={path}" for side, path in armies.items()]
    tools = playtest_tools(system_of_pack(folder), "playtest")  # the pack's game system plays its games
    report, rows = tools.run(PlaytestRun(folder, scenario, games, seed, tuple(players), jobs, until_decided, margin,
                                         alpha, beta, scheduler, tuple(armies or ()), progress, warn))
    if jsonl is not None:
        atomic_write_text(Path(jsonl), rows_jsonl(rows))
    return report, rows
