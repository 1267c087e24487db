"""The playtest library entry point: check the request, run the batch, build the report.

``run_playtest(...)`` is what ``heroes playtest`` calls; it is pleasant from Python too::

    from builder.playtest.api import run_playtest
    report, rows = run_playtest("family-meeting-1", games=1000, seed=1,
                                players=["greedy", "solo-mode:aggressive:hard"])
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Sequence

from builder.systems.heroes.ai.players import check_players, parse_spec
from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.content.yaml_io import atomic_write_text
from builder.systems.heroes.engine import scenario_seats
from builder.errors import UsageError
from builder.playtest.armies import (
    describe,
    load_armies,
    parse_army_options,
    placeholder_units,
    played_lists,
    reach_warnings,
)
from builder.playtest_core.report import build_report, rows_jsonl
from builder.playtest.runner import Batch, _pack, run_batch, scenario_facts
from builder.playtest_core.sequential import run_until_decided, sequential_entry, sequential_rule
from builder.systems.seam import PlaytestRun, playtest_tools, system_of_pack


def coverage_line(players: tuple[str, ...]) -> str:
    """What the report's games simulate: the Solo Mode rules when a Solo player took part."""
    if not any(parse_spec(p).kind in ("solo", "solo-mode") for p in players):
        return "Core rules as the engine simulates them (heroes coverage lists each rule module)."
    from builder.systems.heroes.engine.solo_mode.coverage import summary

    return summary() + " See docs/solo-mode.md."


def unit_costs(pack: Any) -> dict[str, int]:
    """Points per unit counter: the cost of the tile or option that brings it, shared
    between the counters it brings (the cheapest when several bring it)."""
    costs: dict[str, int] = {}
    for collection in ("tiles", "options"):
        for item in pack.items.get(collection, {}).values():
            grants = getattr(item, "units", None) or []
            total = sum(g.count for g in grants)
            if not total or getattr(item, "cost", None) is None:
                continue
            each = max(1, round(item.cost / total))
            for g in grants:
                costs[g.unit] = min(costs.get(g.unit, each), each)
    return costs


def cap_jobs(jobs: int, games: int) -> tuple[int, str | None]:
    """The worker count actually used, and a note when it is lower than asked.

    Why: ``--jobs 1000`` forked a thousand workers for 4 games on a two-core machine;
    more workers than CPUs or than games only cost memory and start-up (the report
    does not depend on the count, builder.playtest.runner).
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
    ``["de=armies/de.yaml"]`` (checked before any game; builder.playtest.armies).
    ``until_decided``: ``games`` is a cap; batches stop as soon as the sequential rule
    (builder.playtest_core.sequential) decides, at ``margin`` with error rates ``alpha`` and
    ``beta``, and the report's ``sequential`` entry says how many games it took.
    ``scheduler``: play on a Dask cluster (builder.playtest_core.pools) instead of ``jobs``
    local processes; the rows are the same. ``warn`` hears, before any game is played,
    each victory level the armies cannot reach (C380, builder.playtest.armies.reach_warnings);
    the report carries them too (:func:`add_warnings`)."""
    if games < 1:
        raise UsageError("--games must be at least 1")
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    jobs, _note = cap_jobs(jobs, games)
    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    system = system_of_pack(pack_path)
    if not system.builtin_cli:  # another game system plays its own games (builder.systems.seam.PlaytestTools)
        if isinstance(armies, dict):
            armies = [f"{side}={path}" for side, path in armies.items()]
        report, rows = playtest_tools(system, "playtest").run(PlaytestRun(
            Path(pack_path), scenario, games, seed, tuple(players), jobs, until_decided, margin, alpha, beta,
            scheduler, tuple(armies or ())))
        if jsonl is not None:
            atomic_write_text(jsonl, rows_jsonl(rows))
        return report, rows
    model = scenario_facts(pack_path, scenario)
    check_players(model, players)
    sides = [s.id for s in model.sides]
    files = dict(armies) if isinstance(armies, dict) else parse_army_options(armies or (), sides)
    lists = played_lists(_pack(pack_path), model, load_armies(_pack(pack_path), model, files) if files else ())
    gaps = reach_warnings(_pack(pack_path), model, lists)
    if warn is not None:
        for gap in gaps:
            warn(gap)
    names = tuple(p.strip().lower() for p in players)
    # The Solo game mode is asymmetric by nature: the AI keeps the side the scenario allows;
    # the players of alliances keep their seats (the rotation swaps two players, builder.playtest_core.seeds).
    rotate = bool(model.symmetric) and not any(parse_spec(p).kind == "solo-mode" for p in names) \
        and not scenario_seats(model)
    batch = Batch(pack_path, scenario, games, seed, names, rotate, armies=lists)
    rule = sequential_rule(until_decided, sides, margin, alpha, beta)
    outcome = None
    if scheduler is None and rule is None:
        rows = list(run_batch(batch, jobs, progress))
    else:
        from builder.playtest_core.pools import open_pool

        with open_pool(jobs, scheduler) as pool:
            if rule is None:
                rows = list(pool.play(batch, progress))
            else:
                rows, outcome = run_until_decided(
                    lambda first, count: pool.play(replace(batch, first=first, games=count), progress),
                    sides, rule, games)
    if jsonl is not None:
        atomic_write_text(Path(jsonl), rows_jsonl(rows))
    content = _pack(pack_path)
    report = build_report(
        scenario=scenario, scenario_name=model.name, sides=sides, players=list(batch.players), seed=seed,
        symmetric=rotate, records=rows, coverage=coverage_line(batch.players), unit_costs=unit_costs(content),
        side_names={s.id: s.name or s.id for s in model.sides},
        armies=describe(content, model, files, lists), placeholders=placeholder_units(content),
    )
    if rule is not None and outcome is not None:
        report["sequential"] = sequential_entry(rule, outcome, sides, games)
    add_warnings(report, gaps)
    return report, rows


def add_warnings(report: dict[str, Any], found: list[dict[str, str]]) -> None:
    """Put warnings found before the games (C380: a level the armies cannot reach) at the
    head of the report's warnings: they explain the verdict that follows."""
    if found:
        report["warnings"] = [*found, *report.get("warnings", [])]


