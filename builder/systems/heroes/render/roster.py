"""The roster sheet, made for the table: a one-page list first (tiles with their
options and units, heroes, points, order tokens, breaking points, equipment tokens and
the deck, with tick boxes), then the stat blocks of every unit counter (both sides, a
damage box per counter), option and hero, and the legality verdict printed on the sheet
(000 core rules, Army Creation; Breaking Point; Order Tokens).

Legality, totals and the summary come from :mod:`builder.systems.heroes.army` (``check_file``); this
module only lays them out. An illegal army still renders, with its diagnostics.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from builder.systems.heroes.army.check import ArmyReport, check_file
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_SPECIAL_ORDERS
from builder.systems.heroes.content.pack import Pack
from builder.errors import InvalidInputError
from builder.systems.heroes.render.blocks import option_block, tile_block, unit_block
from builder.systems.heroes.render.cards import deck_lines
from builder.render.env import render


def _units(grants: list[Any], pack: Pack) -> list[dict[str, Any]]:
    counts: Counter[str] = Counter()
    for grant in grants:
        counts[grant.unit] += grant.count
    out = []
    for unit_id, count in counts.items():
        unit = pack.get("units", unit_id)
        if unit is not None:
            out.append({"count": count, "block": unit_block(unit, pack)})
    return out


def _options(placed: list[Any], pack: Pack) -> list[dict[str, Any]]:
    return [
        {"slot": p.slot, "block": option_block(p.option, pack) if p.option else None, "id": p.option_id,
         "name": p.name, "cost": p.cost}
        for p in placed
    ]


def _counters(tiles: list[dict[str, Any]], heroes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each unit kind of the army once, with how many counters of it the army fields, so
    the stat blocks carry one damage box per counter (000 core rules, Damage)."""
    merged: dict[str, dict[str, Any]] = {}
    for tile in tiles:
        for unit in tile["units"]:
            entry = merged.setdefault(unit["block"]["id"], {"count": 0, "block": unit["block"]})
            entry["count"] += unit["count"]
    for hero in heroes:
        if hero["unit"] is not None:
            merged.setdefault(hero["unit"]["id"], {"count": 1, "block": hero["unit"], "hero": hero["name"]})
    return list(merged.values())


def roster_context(report: ArmyReport, pack: Pack) -> dict[str, Any]:
    """The sheet as plain data, from the army checker's report (builder.systems.heroes.army)."""
    roster, summary = report.roster, report.summary
    if roster is None or summary is None:
        raise InvalidInputError(f"{report.file.display}: the army list cannot be read", report.diagnostics)
    army = roster.army
    tiles: list[dict[str, Any]] = []
    for placed in roster.tiles:
        tiles.append({
            "name": placed.name, "cost": placed.cost,
            "player": roster.forces[placed.force].player if placed.force >= 0 else "high command",
            "block": tile_block(placed.tile, pack) if placed.tile else None,
            "options": _options(placed.options, pack),
            "units": _units(placed.unit_grants(), pack),
        })
    heroes: list[dict[str, Any]] = []
    for hero in roster.heroes:
        unit = pack.get("units", hero.hero.unit) if hero.hero else None
        heroes.append({
            "name": hero.name, "cost": hero.cost,
            "effect": hero.hero.effect if hero.hero else "",
            "unit": unit_block(unit, pack) if unit is not None else None,
            "options": _options(hero.options, pack),
        })
    totals = summary.totals
    counters = _counters(tiles, heroes)
    option_blocks: dict[str, dict[str, Any]] = {}
    for entry in [*tiles, *heroes, {"options": _options(roster.support, pack)}]:
        for option in entry["options"]:
            if option["block"] is not None:
                option_blocks.setdefault(option["block"]["id"], option["block"])
    placeholder = any(c["block"]["placeholder"] for c in counters) or any(
        t["block"] is not None and t["block"]["placeholder"] for t in tiles)
    deck = deck_lines([(e.card, e.copies) for e in army.deck], pack) if army.deck is not None else None
    errors = [d for d in report.diagnostics if d.is_error]
    faction = pack.get("factions", army.faction) if army.faction else None
    from builder.version import __version__

    return {
        "army": army, "tiles": tiles,
        "versions": [f"{m.id} {m.version}" for m in pack.packs], "tool_version": __version__,
        "counters": counters, "option_blocks": list(option_blocks.values()), "placeholder": placeholder,
        "faction_name": faction.name if faction else (army.faction or "alliance"), "heroes": heroes,
        "support": _options(roster.support, pack),
        "totals": {
            "spent": totals.spent, "budget": totals.budget, "left": totals.left, "bonus": totals.bonus,
            "orders": totals.order_tokens, "stars": totals.stars,
            "special_orders": min(totals.special_orders, MAX_SPECIAL_ORDERS),
            "bluffs": min(totals.bluffs, MAX_BLUFFS),
            "forces": totals.forces if len(totals.forces) > 1 else [],
        },
        "breaking_points": summary.breaking_points,
        "breaking_vp": sum(b.victory_points for b in summary.breaking_points),
        "by_type": summary.by_type,
        "served": summary.served,
        "deck": deck,
        "legal": not errors,
        "diagnostics": [
            {"severity": d.severity.value, "code": d.code, "where": d.where(), "message": d.message,
             "hint": d.hint} for d in report.diagnostics
        ],
        "errors": len(errors),
        "scenario": roster.scenario.name if roster.scenario is not None else "",
    }


def render_roster_html(path: Path, pack: Pack, display: str | None = None) -> str:
    """Check the army file with the army checker (builder.systems.heroes.army) and lay the roster out."""
    report = check_file(Path(path), pack, display)
    return render("print/roster.html.j2", **roster_context(report, pack), pack=pack.manifest)
