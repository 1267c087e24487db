"""The playtest library entry point: check the request, run the batch, build the report.

``run_playtest(...)`` is what ``heroes playtest`` calls; it is pleasant from Python too::

    from builder.playtest.api import run_playtest
    report, rows = run_playtest("family-meeting-1", games=1000, seed=1,
                                players=["greedy", "solo-mode:aggressive:hard"])
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Sequence

from builder.ai.players import parse_spec
from builder.content.loader import BUNDLED_CONTENT
from builder.errors import UsageError
from builder.playtest.armies import describe, load_armies, parse_army_options
from builder.playtest.report import build_report
from builder.playtest.runner import Batch, _pack, run_batch, scenario_facts

def coverage_line(players: tuple[str, ...]) -> str:
    """What the report's games simulate: the Solo Mode rules when a Solo player took part."""
    if not any(parse_spec(p).kind in ("solo", "solo-mode") for p in players):
        return "Core rules as the engine simulates them (heroes coverage lists each rule module)."
    from builder.ai.solo_mode.coverage import summary

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


def check_players(scenario: Any, players: list[str]) -> None:
    sides = [s.id for s in scenario.sides]
    if len(players) != len(sides):
        raise UsageError(
            f"scenario '{scenario.id}' has {len(sides)} sides ({', '.join(sides)}); give one player per side "
            f"in that order, e.g. --players greedy,random"
        )
    specs = [parse_spec(p) for p in players]
    allowed = list(scenario.solo.ai_sides) if scenario.solo and scenario.solo.ai_sides else None
    for side, spec in zip(sides, specs):
        if spec.kind == "solo-mode" and allowed is not None and side not in allowed:
            raise UsageError(
                f"the Solo Mode AI cannot play side '{side}' of '{scenario.id}' (the scenario lets it play: "
                f"{', '.join(allowed)}); put solo-mode on that side or use solo:ATTITUDE as a policy"
            )
    if sum(s.kind == "solo-mode" for s in specs) > 1:
        raise UsageError("only one side can be the Solo Mode AI (solo-mode:...)")


def run_playtest(scenario: str, *, games: int, seed: int, players: list[str], jobs: int = 1,
                 pack: str | Path | None = None, progress: Callable[[int], None] | None = None,
                 jsonl: Path | None = None, armies: dict[str, Path] | Sequence[str] | None = None
                 ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``games`` games and return (report, rows); ``armies`` gives sides their army
    list files, as {side: path} or ``["de=armies/de.yaml"]`` (checked before any game;
    builder.playtest.armies)."""
    if games < 1:
        raise UsageError("--games must be at least 1")
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    pack_path = str(Path(pack) if pack is not None else BUNDLED_CONTENT / "core")
    model = scenario_facts(pack_path, scenario)
    check_players(model, players)
    sides = [s.id for s in model.sides]
    files = dict(armies) if isinstance(armies, dict) else parse_army_options(armies or (), sides)
    lists = load_armies(_pack(pack_path), model, files) if files else ()
    names = tuple(p.strip().lower() for p in players)
    # The Solo game mode is asymmetric by nature: the AI keeps the side the scenario allows.
    rotate = bool(model.symmetric) and not any(parse_spec(p).kind == "solo-mode" for p in names)
    batch = Batch(pack_path, scenario, games, seed, names, rotate, lists)
    rows = []
    handle = open(jsonl, "w", encoding="utf-8") if jsonl is not None else None
    try:
        for row in run_batch(batch, jobs, progress):
            rows.append(row)
            if handle is not None:
                handle.write(json.dumps(row, sort_keys=True) + "\n")
    finally:
        if handle is not None:
            handle.close()
    report = build_report(
        scenario=scenario, scenario_name=model.name, sides=sides, players=list(batch.players), seed=seed,
        symmetric=rotate, records=rows, coverage=coverage_line(batch.players), unit_costs=unit_costs(_pack(pack_path)),
        side_names={s.id: s.name or s.id for s in model.sides},
    )
    report["armies"] = describe(model, files)
    return report, rows
