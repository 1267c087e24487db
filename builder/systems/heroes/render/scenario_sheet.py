"""The scenario sheet: header, battlefield map, preparation, turn events, victory
conditions in words, army compositions with points, Solo Mode notes and the latest
playtest verdict (000 core rules, Setup; 002 Solo Mode, scenario pages)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.systems.heroes.content.models.scenario import ArmySpec, Scenario
from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError
from builder.render.env import render
from builder.systems.heroes.render.svg_map import build_map
from builder.render.verdict import load_verdict, report_path
from builder.systems.heroes.render.words import Namer, event_in_words, victory_in_words

COMPOSITION_KINDS = (("tile", "tiles"), ("option", "options"), ("hero", "heroes"), ("unit", "units"))


def find_scenario(pack: Pack, scenario_id: str) -> Scenario:
    scenario = pack.get("scenarios", scenario_id)
    if scenario is None:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise UsageError(f"no scenario '{scenario_id}' in pack '{pack.manifest.id}' (scenarios: {known})")
    return scenario


def _holder(pack: Pack, entry: Any) -> str:
    """Name of the tile or hero an option line sits on, if the line says."""
    for collection, item_id in (("tiles", entry.on), ("heroes", getattr(entry, "for_hero", None))):
        if item_id:
            item = pack.get(collection, item_id)
            return item.name if item is not None else item_id
    return ""


def composition(army: ArmySpec, pack: Pack) -> dict[str, Any]:
    """A fixed composition as lines with names and costs, and its total in points."""
    lines = []
    total = 0
    for entry in army.composition:
        for attribute, collection in COMPOSITION_KINDS:
            item_id = getattr(entry, attribute)
            if item_id is None:
                continue
            item = pack.get(collection, item_id)
            cost = getattr(item, "cost", None) if item is not None else None
            points = cost * entry.count if cost is not None else None
            total += points or 0
            lines.append({
                "kind": attribute, "id": item_id, "collection": collection,
                "name": item.name if item is not None else item_id, "count": entry.count,
                "points": points, "set_aside": entry.set_aside,
                "on": _holder(pack, entry),
            })
    return {"lines": lines, "total": total, "budget": army.points, "cards": army.cards, "hand": army.hand}


def scenario_context(scenario: Scenario, pack: Pack, report: Path | None = None,
                     report_required: bool = False) -> dict[str, Any]:
    """Everything the sheet (and the site's scenario page) shows, as plain data."""
    names = Namer(scenario, pack)
    sides = []
    for side in scenario.sides:
        faction = pack.get("factions", side.faction)
        sides.append({
            "id": side.id, "name": names.side(side.id),
            "faction": faction.name if faction is not None else side.faction,
            "faction_id": side.faction,
            "deployment": list(side.deployment), "entry": list(side.entry),
            "army": composition(side.army, pack),
        })
    events = sorted((event_in_words(e, names) for e in scenario.events), key=lambda e: e["first_turn"])
    initiative = scenario.initiative
    initiative_text = (
        f"{names.side(initiative.first)} has the initiative throughout the game."
        if initiative.rule == "fixed"
        else f"{names.side(initiative.first)} has the initiative in turn 1; it passes to the other side each turn."
    )
    verdict_file = report if report is not None else report_path(pack.root, scenario.id)
    solo = scenario.solo
    track = [{"turn": t, "events": sum(1 for e in scenario.events if t in e.turns)}
             for t in range(1, scenario.turns + 1)]
    return {
        "track": track,
        "scenario": scenario,
        "map": build_map(scenario, pack, names.sides),
        "sides": sides,
        "initiative": initiative_text,
        "events": events,
        "victory": [victory_in_words(v, names, getattr(scenario, "perspective", None)) for v in scenario.victory],
        "solo": solo,
        "solo_ai": [names.side(s) for s in solo.ai_sides] if solo else [],
        "solo_particular": [names.unit(u) for u in solo.particular_units] if solo else [],
        "solo_scouts": [names.unit(u) for u in getattr(solo, "scouts", [])] if solo else [],
        "support_tiles": [getattr(pack.get("tiles", t), "name", t) for t in scenario.support_tiles],
        "verdict": load_verdict(verdict_file, scenario.id, names.sides, required=report_required),
        "names": names,
    }


def render_scenario_html(scenario: Scenario, pack: Pack, report: Path | None = None) -> str:
    """The printable scenario sheet as a standalone HTML document; a ``report`` named by
    the caller (``render scenario --report``) must exist."""
    return render("print/scenario.html.j2", **scenario_context(scenario, pack, report, report is not None),
                  pack=pack.manifest)
