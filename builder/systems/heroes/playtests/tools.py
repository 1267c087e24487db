"""The Heroes System for the shared playtest and balance services (``heroes playtest``,
``--all``, ``--solo-sweep``, ``heroes balance``): the seam's
:class:`~builder.systems.seam.PlaytestTools`, registered on ``HEROES``.

A playtest plays seeded games in batches (:mod:`.runner`, one game: :mod:`.game`) with
the armies of :mod:`.armies` (``--army`` lists, else a default army built for the
scenario, C380 when an army cannot reach a victory level) and builds the shared report
(builder.playtest_core.report). On a symmetric scenario the seats rotate game by game
(builder.playtest_core.seeds), except with a Solo Mode AI, which keeps the side the
scenario gives it (002 Solo Mode), or in a game of three or four, whose players keep
their seats (000 core rules, Multiplayer Rules). A balance search turns the knobs of
builder.systems.heroes.content.knobs; a ``points.SIDE`` knob plays nested armies
(:mod:`.balance_armies`), one plan per search.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from builder.errors import UsageError
from builder.playtest_core.army_options import parse_army_options
from builder.playtest_core.pools import open_pool
from builder.playtest_core.report import build_report
from builder.playtest_core.sequential import BATCH, run_until_decided, sequential_entry, sequential_rule
from builder.systems.heroes.ai.players import ATTITUDES, DIFFICULTIES, check_players, parse_spec
from builder.systems.heroes.content.knobs import knobs_of, parse_vary
from builder.systems.heroes.engine import scenario_seats
from builder.systems.heroes.playtests.armies import (describe, load_armies, placeholder_units, played_lists,
                                                     reach_warnings)
from builder.systems.heroes.playtests.balance_armies import ArmyPlan
from builder.systems.heroes.playtests.runner import Batch, _pack, scenario_facts
from builder.systems.seam import (BatchRequest, Knob, PlayBatch, PlaytestRun, ScenarioFacts, SearchPlays,
                                  SearchRequest, Setting, SweepCell)


def scenarios(pack: Path) -> list[str]:
    """The pack's scenarios of two sides (its dependencies' too; alliances of three or
    four players included), sorted; a scenario variant (``id@variant``) is left out."""
    found = _pack(str(pack)).items.get("scenarios", {})
    return sorted(sid for sid, sc in found.items() if len(sc.sides) == 2 and "@" not in sid)


def facts(pack: Path, scenario: str) -> ScenarioFacts:
    """The scenario's name, sides, symmetry and alliance seats; an unknown id is a usage
    error naming the known ones."""
    model = scenario_facts(str(pack), scenario)
    return ScenarioFacts(scenario, model.name, tuple(s.id for s in model.sides),
                         {s.id: s.name or s.id for s in model.sides}, bool(model.symmetric),
                         tuple(side for _, side in scenario_seats(model)), model.players)


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


def _rotates(model: Any, players: tuple[str, ...] | list[str]) -> bool:
    """Do the seats rotate? A symmetric scenario, unless a Solo Mode AI plays (it keeps
    the side the scenario allows) or the sides are alliances (their players keep their
    seats; the rotation swaps two players, builder.playtest_core.seeds)."""
    return bool(model.symmetric) and not any(parse_spec(p).kind == "solo-mode" for p in players) \
        and not scenario_seats(model)


def run(request: PlaytestRun) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play a playtest and build the shared report: (report, rows).

    The ``--army`` lists are checked before any game; the victory levels the armies
    cannot reach (C380) are told to ``request.warn`` first and head the report's
    warnings: they explain the verdict that follows."""
    pack_path = str(request.pack)
    model = scenario_facts(pack_path, request.scenario)
    check_players(model, list(request.players))
    sides = [s.id for s in model.sides]
    content = _pack(pack_path)
    files = parse_army_options(request.armies, sides)
    lists = played_lists(content, model, load_armies(content, model, files) if files else ())
    gaps = reach_warnings(content, model, lists)
    if request.warn is not None:
        for gap in gaps:
            request.warn(gap)
    names = tuple(p.strip().lower() for p in request.players)
    rotate = _rotates(model, names)
    batch = Batch(pack_path, request.scenario, request.games, request.seed, names, rotate, armies=lists)
    rule = sequential_rule(request.until_decided, sides, request.margin, request.alpha, request.beta)
    outcome = None
    with open_pool(request.jobs, request.scheduler) as pool:
        if rule is None:
            rows = list(pool.play(batch, request.progress))
        else:
            rows, outcome = run_until_decided(
                lambda first, count: pool.play(replace(batch, first=first, games=count), request.progress),
                sides, rule, request.games)
    report = build_report(
        scenario=request.scenario, scenario_name=model.name, sides=sides, players=list(batch.players),
        seed=request.seed, symmetric=rotate, records=rows, coverage=coverage_line(batch.players),
        unit_costs=unit_costs(content), side_names={s.id: s.name or s.id for s in model.sides},
        armies=describe(content, model, files, lists), placeholders=placeholder_units(content),
    )
    if rule is not None and outcome is not None:
        report["sequential"] = sequential_entry(rule, outcome, sides, request.games)
    if gaps:
        report["warnings"] = [*gaps, *report.get("warnings", [])]
    return report, rows


def knob(pack: Path, scenario: str, text: str) -> Knob:
    """One ``--vary KNOB=RANGE`` read against the scenario (builder.systems.heroes.content.knobs)."""
    vary = parse_vary(scenario_facts(str(pack), scenario), text)
    return Knob(vary.knob.name, tuple(vary.values), vary.knob.current, vary.knob.numeric, vary.knob.description)


def default_vary(pack: Path, scenario: str) -> str:
    """The knob ``heroes balance --all`` searches: the second side's points when it builds
    to a budget (60% either way, by 5), else the number of turns (3 either way)."""
    model = scenario_facts(str(pack), scenario)
    side = model.sides[1]
    name = f"points.{side.id}"
    if name in knobs_of(model):
        points = side.army.points or 100
        low, high = max(0, round(points * 0.4 / 5) * 5), min(5000, round(points * 1.6 / 5) * 5)
        return f"{name}={low}:{high}:5"
    return f"turns={max(1, model.turns - 3)}:{min(20, model.turns + 3)}"


def _armies(plan: ArmyPlan, armies: tuple[Any, ...]) -> dict[str, dict[str, Any]]:
    """Each side's army at a setting, as the playtest report describes it: points spent,
    tiles, heroes, counters (:func:`.armies.describe`)."""
    found = describe(plan.pack, plan.scenario, {}, armies)
    return {side: {k: a[k] for k in ("source", "budget", "spent", "tiles", "heroes", "counters") if k in a}
            for side, a in found.items()}


def search(request: SearchRequest) -> SearchPlays:
    """The games of one balance search: each setting plays the scenario with its knobs set
    and the armies of one :class:`.balance_armies.ArmyPlan`, built as the search asks
    (neighbouring settings, neighbouring armies). Bad players are refused here, before
    any game."""
    pack_path = str(request.pack)
    model = scenario_facts(pack_path, request.scenario)
    players = list(request.players)
    check_players(model, players)
    rotate = bool(model.symmetric) and not any(parse_spec(p).kind == "solo-mode" for p in players)
    batch = Batch(pack_path, request.scenario, BATCH, request.seed, tuple(players), rotate)
    plan = ArmyPlan(_pack(pack_path), model, {k.name: list(k.values) for k in request.knobs})

    def at(setting: Setting) -> PlayBatch:
        return replace(batch, knobs=setting, armies=plan.at(setting))

    return SearchPlays(at, rotate, armies=lambda setting: _armies(plan, plan.at(setting)), held=plan.held())


def batch(request: BatchRequest) -> PlayBatch:
    """The games of one setting with the default armies (:func:`search` plays a whole
    search, a ``points.SIDE`` knob with nested armies)."""
    return search(SearchRequest(request.pack, request.scenario, request.seed, request.players)).batch(request.knobs)


def solo_scenarios(pack: Path) -> list[str]:
    """The ids of the pack's scenarios the Solo Mode may play (those whose solo notes name
    the side the AI plays by default), sorted."""
    found = _pack(str(pack)).items.get("scenarios", {})
    chosen = sorted(sid for sid, sc in found.items()
                    if sc.solo is not None and sc.solo.default_ai_side is not None and "@" not in sid)
    if not chosen:
        raise UsageError(f"{pack} has no scenario with Solo Mode notes (solo.default_ai_side) to sweep")
    return chosen


def sweep(pack: Path, scenario: str | None, opponent: str) -> list[SweepCell]:
    """The Solo game mode at every attitude and difficulty (002 Solo Mode, 2.1 Difficulty
    and Danger Levels; 5 attitudes): for ``scenario`` (else every one of
    :func:`solo_scenarios`), its default AI side played by
    ``solo-mode:ATTITUDE:DIFFICULTY``, the other by ``opponent``."""
    found = _pack(str(pack)).items.get("scenarios", {})
    cells = []
    for sid in [scenario] if scenario is not None else solo_scenarios(pack):
        sc = found.get(sid)
        if sc is None or sc.solo is None or sc.solo.default_ai_side is None:
            raise UsageError(f"{sid}: no scenario of {pack} with Solo Mode notes naming the AI's side "
                             f"(solo.default_ai_side); scenarios to sweep: {', '.join(solo_scenarios(pack))}")
        ai = sc.solo.default_ai_side
        for attitude in ATTITUDES:
            for difficulty in DIFFICULTIES:
                players = tuple(f"solo-mode:{attitude}:{difficulty}" if side.id == ai else opponent
                                for side in sc.sides)
                cells.append(SweepCell(sid, players, {"ai_side": ai, "attitude": attitude, "difficulty": difficulty},
                                       f"{sid} {attitude} {difficulty}"))
    return cells
