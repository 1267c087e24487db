"""The builder page as plain data: tiles with their slots, heroes, deck, totals, and
every diagnostic placed beside the element it is about.

A finding knows its place in the list (``("tiles", 0, "options", 1, "option")``); the
first two or four parts of that place name the tile, slot, hero or deck line the page
shows it next to. Findings about the whole army go at the top.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from builder.systems.heroes.army.legality.support import ungranted_support_tiles
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_ORDERS, MAX_SPECIAL_ORDERS
from builder.diagnostics import Diagnostic
from builder.web.workbench import Bench


def _place(loc: tuple[Any, ...], slots: dict[tuple[int, int], int]) -> str:
    """The page element a finding at ``loc`` belongs to."""
    if len(loc) >= 2 and loc[0] == "tiles" and isinstance(loc[1], int):
        if len(loc) >= 4 and loc[2] == "options" and isinstance(loc[3], int):
            return f"slot-{loc[1] + 1}-{slots.get((loc[1], loc[3]), 0)}"
        return f"tile-{loc[1] + 1}"
    if len(loc) >= 2 and loc[0] == "heroes" and isinstance(loc[1], int):
        return f"hero-{loc[1] + 1}"
    if loc and loc[0] == "deck":
        return "deck"
    return "army"


def _diag(d: Diagnostic) -> dict[str, str]:
    return {"severity": d.severity.value, "code": d.code, "where": d.where(), "message": d.message,
            "rule": d.rule, "hint": d.hint}


def army_view(bench: Bench) -> dict[str, Any]:
    """Everything the builder page shows, from the checker's view of the bench."""
    checked = bench.check()
    army, roster, summary = checked.file.army, checked.roster, checked.summary
    pack = {"id": bench.pack.manifest.id, "name": bench.pack.manifest.name}
    if army is None or roster is None or summary is None:
        return {"readable": False, "army_diagnostics": [_diag(d) for d in checked.file.diagnostics],
                "text": bench.text, "can_undo": bool(bench.history), "filename": bench.filename, "pack": pack,
                "pack_note": "", "share": None}
    slots = {(i, j): c.slot for i, e in enumerate(army.tiles) for j, c in enumerate(e.options)}
    placed: dict[str, list[dict[str, str]]] = defaultdict(list)
    for finding, diagnostic in checked.findings:
        placed[_place(finding.loc, slots)].append(_diag(diagnostic))
    tiles = []
    for i, tile in enumerate(roster.tiles, start=1):
        by_slot = {p.slot: p for p in tile.options}
        tile_slots = []
        for n, slot in enumerate(tile.tile.slots if tile.tile else [], start=1):
            current = by_slot.get(n)
            tile_slots.append({
                "number": n, "size": slot.size, "bands": [b.value for b in slot.bands],
                "option": current.name if current else "", "option_id": current.option_id if current else "",
                "cost": current.cost if current else 0, "diagnostics": placed.get(f"slot-{i}-{n}", []),
            })
        tiles.append({"index": i, "id": tile.tile_id, "name": tile.name, "cost": tile.cost,
                      "kind": tile.tile.kind.value if tile.tile else "unknown", "slots": tile_slots,
                      "insignia": (tile.tile.insignia or "") if tile.tile else "",
                      "diagnostics": placed.get(f"tile-{i}", [])})
    heroes = [{"index": i, "id": h.hero_id, "name": h.name, "cost": h.cost,
               "diagnostics": placed.get(f"hero-{i}", [])} for i, h in enumerate(roster.heroes, start=1)]
    totals = summary.totals
    faction = army.deck_faction
    deck = {e.card: e.copies for e in army.deck or []}
    cards = [{"id": c.id, "name": c.name, "copies": deck.get(c.id, 0), "printed": c.copies,
              "command": c.command.value if getattr(c, "command", None) else ""}
             for c in sorted(bench.pack.by_faction("cards", faction), key=lambda c: c.name)]
    budget = totals.budget
    ungranted = ungranted_support_tiles(bench.pack, roster)
    return {
        "readable": True,
        "army": army,
        "filename": bench.filename,
        "can_undo": bool(bench.history),
        "legal": checked.ok,
        "errors": sum(d.is_error for d in checked.diagnostics),
        "warnings": sum(not d.is_error for d in checked.diagnostics),
        "army_diagnostics": placed.get("army", []),
        "deck_diagnostics": placed.get("deck", []),
        "tiles": tiles,
        "heroes": heroes,
        "tile_choices": sorted(
            ({"id": t.id, "name": t.name, "cost": t.cost, "kind": t.kind.value}
             for t in bench.pack.by_faction("tiles", army.faction or faction) if t.id not in ungranted),
            key=lambda t: (t["kind"], t["cost"], t["id"])),
        "pack": pack,
        "pack_note": bench.pack_note(),
        "share": bench.share_token(),
        "cards": cards,
        "deck_size": sum(deck.values()),
        "has_deck": army.deck is not None,
        "totals": {
            "spent": totals.spent, "budget": budget, "left": totals.left,
            "percent": min(100, round(100 * totals.spent / budget)) if budget else 0,
            "over": budget is not None and totals.spent > budget,
            "orders": totals.order_tokens, "max_orders": MAX_ORDERS, "stars": totals.stars,
            "special_orders": min(totals.special_orders, MAX_SPECIAL_ORDERS),
            "bluffs": min(totals.bluffs, MAX_BLUFFS),
        },
        "breaking_points": [{"holder": b.holder, "units": b.units, "vp": b.victory_points}
                            for b in summary.breaking_points],
        "scenario": roster.scenario.name if roster.scenario is not None else "",
    }


def unit_profile(pack: Any, unit_id: str, count: int = 1) -> str:
    """A counter's front side on one line, so a player picks an option without the box
    at hand (000 core rules, Units: movement, defence, combat values against infantry,
    light and heavy vehicles, abilities): ``2 x Rifle Squad: infantry, move 4, defence 5,
    M1 Garand 3/1/X; machine-gunner``."""
    unit = pack.get("units", unit_id)
    if unit is None:
        return f"{count} x {unit_id}"
    side = unit.sides[0] if unit.sides else None
    parts = [str(unit.type.value).replace("_", " ")]
    if side is not None:
        parts.append(f"move {side.movement}")
        defence = side.defence
        if defence is not None:
            parts.append(f"defence {defence}" if isinstance(defence, int)
                         else f"defence {defence.front}/{defence.side}/{defence.rear}")
        for weapon in side.weapons:
            c = weapon.combat
            parts.append(f"{weapon.name or 'weapon'} {c.infantry}/{c.light_vehicle}/{c.heavy_vehicle}")
        abilities = [a.id + (f" {a.value}" if a.value is not None else "") for a in side.abilities]
        if abilities:
            parts.append(", ".join(abilities))
    return f"{count} x {unit.name}: " + "; ".join(parts)


def option_profiles(pack: Any, option_ids: list[str]) -> dict[str, list[str]]:
    """The unit profiles each option brings (empty for traits, equipment and orders)."""
    out: dict[str, list[str]] = {}
    for option_id in option_ids:
        option = pack.get("options", option_id)
        if option is not None and option.units:
            out[option_id] = [unit_profile(pack, g.unit, g.count) for g in option.units]
    return out


def hero_profiles(pack: Any, heroes: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Each hero's counter on one line."""
    out: dict[str, list[str]] = {}
    for h in heroes:
        hero = pack.get("heroes", h["id"])
        if hero is not None and hero.unit:
            out[h["id"]] = [unit_profile(pack, hero.unit)]
    return out
