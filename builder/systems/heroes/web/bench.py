"""The web army builder's side in the Heroes System (000 core rules, Army Creation): a
list's text checked, viewed, completed and read, as plain data for ``heroes serve``
(:class:`builder.systems.seam.WebTools`; builder.web.workbench holds the text and its
undo history).

Nothing here decides a rule of its own. Every change is an edit of the list's text
through :func:`builder.systems.heroes.army.edit.edit_text` (ruamel round-trip: comments,
key order and any key the author wrote, such as ``pack:``, stay as they were), and every
verdict comes from :func:`builder.systems.heroes.army.check.check_army` and
:func:`builder.systems.heroes.army.options.slot_options`, so the page and ``heroes army
check`` cannot disagree.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable

from builder.diagnostics import Diagnostic
from builder.errors import InvalidInputError, UsageError
from builder.systems.heroes.army.check import check_army, check_text
from builder.systems.heroes.army.edit import edit_text, fill_deck_text
from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality.support import ungranted_support_tiles
from builder.systems.heroes.army.loading import ArmyFile, parse_army
from builder.systems.heroes.army.model import ArmyList, HeroEntry
from builder.systems.heroes.army.options import slot_options
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.army.summary import Summary
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_ORDERS, MAX_SPECIAL_ORDERS
from builder.systems.heroes.army.writer import army_yaml, skeleton
from builder.systems.heroes.content.pack import Pack


@dataclass
class Checked:
    """One check of a list's text: the file, and (when it parsed) roster, summary and
    the findings paired with their located diagnostics."""

    file: ArmyFile
    roster: Roster | None = None
    summary: Summary | None = None
    findings: list[tuple[Finding, Diagnostic]] = field(default_factory=list)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for _, d in self.findings] if self.roster is not None else self.file.diagnostics

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def check_list(pack: Pack, text: str, display: str, locate: bool = True) -> Checked:
    """The checker's verdict on ``text``, keeping each finding's place in the list.

    The page shows a finding beside the tile, slot, hero or deck it is about and, as
    ``heroes army check`` does, with its ``file:line:col`` in the list as written (the
    CLI's located path, :meth:`builder.systems.heroes.army.loading.ArmyFile.locate`), so a player who
    saves the list finds the same place in the file. That costs a round-trip parse of
    the text, made only when there are findings; ``locate=False`` skips it."""
    file = parse_army(text, display)
    if file.army is None:
        return Checked(file)
    roster, summary, findings = check_army(file.army, pack)
    located = file.locate(findings) if locate else [f.diagnostic(display) for f in findings]
    return Checked(file, roster, summary, list(zip(findings, located)))


def new_list(pack: Pack, *, faction: str | None = None, points: int | None = None, scenario: str | None = None,
             side: str | None = None, name: str | None = None) -> str:
    """An empty list's text for a faction and budget, or for a scenario side (the side
    gives the faction; the scenario the budget)."""
    if scenario:
        found = pack.get("scenarios", scenario)
        if found is None:
            raise UsageError(f"unknown scenario '{scenario}' in pack '{pack.manifest.id}'")
        sides = [s for s in found.sides if side is None or s.id == side]
        if len(sides) != 1:
            raise UsageError(f"choose one side of '{scenario}': {', '.join(s.id for s in found.sides)}")
        return skeleton(name or f"{found.name}: {sides[0].name or sides[0].id}", sides[0].faction, points, scenario,
                        pack=pack.manifest.id, side=sides[0].id)
    if not faction or faction not in pack.factions:
        raise UsageError(f"choose a faction of the pack: {', '.join(sorted(pack.factions))}")
    if points is None:
        raise UsageError("give a points budget (or choose a scenario and side)")
    return skeleton(name or f"My {pack.factions[faction].name}", faction, points, pack=pack.manifest.id)


def edit_list(text: str, display: str, **change: Any) -> str:
    """One edit of the list (:func:`builder.systems.heroes.army.edit.edit_text` arguments):
    the seam's ``edit_army``."""
    return edit_text(text, display=display, **change)


def pack_note(pack: Pack, army: ArmyList | None) -> str:
    """What the page says when the list names another pack than the one it is checked
    against (a list opened on the wrong pack), else nothing."""
    served = pack.manifest.id
    if army is None or army.pack == served or (army.pack is None and served == "core"):
        return ""
    named = army.pack or "core (no pack: line)"
    return (f"This list names pack '{named}' but is checked against pack '{served}': ids of the other pack "
            f"are unknown here. Open it on pack '{army.pack or 'core'}', or change its 'pack:' line.")


def _readable(checked: Checked) -> Roster:
    if checked.roster is None:
        raise UsageError("the list cannot be read; fix its errors first")
    return checked.roster


def slot_picker(pack: Pack, checked: Checked, tile: int, slot: int) -> dict[str, Any]:
    """What fits slot ``slot`` of the list's tile ``tile`` (1-based), why each other
    option does not (builder.systems.heroes.army.options), and the unit profile of each
    option that brings units."""
    report = slot_options(_readable(checked), str(tile), slot)
    return {"kind": "slot", "tile": tile, "report": report,
            "profiles": option_profiles(pack, [c.option for c in report.candidates])}


def hero_choices(pack: Pack, checked: Checked) -> list[dict[str, Any]]:
    """Every hero of the army's faction, with the errors the checker raises when it
    joins the list (the insignia rule, hero limits, the budget)."""
    army = checked.file.army
    if army is None or checked.roster is None or not army.faction:
        return []
    before = {(f.code, f.message) for f, _ in checked.findings}
    out = []
    for hero in sorted(pack.by_faction("heroes", army.faction), key=lambda h: (h.cost, h.id)):
        trial = army.model_copy(update={"heroes": [*army.heroes, HeroEntry(hero=hero.id)]})
        _, _, findings = check_army(trial, pack)
        reasons = [f.message for f in findings if f.is_error and (f.code, f.message) not in before]
        out.append({"id": hero.id, "name": hero.name, "cost": hero.cost,
                    "insignia": getattr(hero, "insignia", None) or "", "reasons": reasons})
    return out


def hero_picker(pack: Pack, checked: Checked) -> dict[str, Any]:
    """The hero picker: :func:`hero_choices` with each hero's counter on one line."""
    heroes = hero_choices(pack, checked)
    return {"kind": "heroes", "heroes": heroes, "profiles": hero_profiles(pack, heroes)}


def complete_list(pack: Pack, checked: Checked, text: str, display: str, seed: int) -> str:
    """The list completed to its budget or scenario side with the suggester
    (builder.systems.heroes.army.suggest, given the list as its start): the user's tiles,
    options, heroes and deck stay, and only the suggester's additions are edited into the
    text, so comments and keys survive. A side with a fixed composition is replaced by it."""
    from builder.systems.heroes.army.suggest import suggest_for

    army = checked.file.army
    if army is None:
        raise UsageError("the list cannot be read; fix its errors first")
    summary = checked.summary
    budget = summary.totals.budget if summary is not None else army.points
    suggested = suggest_for(pack, faction=army.faction, points=army.points if army.scenario else budget,
                            seed=seed, name=army.name, scenario=army.scenario, side=army.side, start=army)
    if _completes(army, suggested):
        return _additions(text, display, army, suggested)
    suggested.pack = army.pack or pack.manifest.id
    return army_yaml(suggested, pack, header=[f"Filled to budget by heroes serve (seed {seed})"])


def _completes(army: ArmyList, suggested: ArmyList) -> bool:
    """Whether ``suggested`` keeps every entry of ``army`` (a completion, not a replacement)."""
    kept = {t.tile: {(c.slot, c.option) for c in t.options} for t in suggested.tiles}
    return (all(t.tile in kept and {(c.slot, c.option) for c in t.options} <= kept[t.tile] for t in army.tiles)
            and {h.hero for h in army.heroes} <= {h.hero for h in suggested.heroes})


def _additions(text: str, display: str, army: ArmyList, suggested: ArmyList) -> str:
    """``text`` with the entries ``suggested`` adds to ``army`` edited in."""
    had = {t.tile: {c.slot for c in t.options} for t in army.tiles}
    for entry in suggested.tiles:
        if entry.tile not in had:
            text = edit_text(text, tile=entry.tile, display=display)
        for choice in entry.options:
            if choice.slot not in had.get(entry.tile, set()):
                text = edit_text(text, tile=entry.tile, slot=choice.slot, option=choice.option, display=display)
    heroes = {h.hero for h in army.heroes}
    for hero in suggested.heroes:
        if hero.hero not in heroes:
            text = edit_text(text, hero=hero.hero, display=display)
    if not army.deck:
        for card in suggested.deck or []:
            text = edit_text(text, card=card.card, copies=card.copies, display=display)
    return text


def fill_deck(pack: Pack, checked: Checked, text: str, display: str) -> str:
    """The deck completed to the rules' minimum with the suggester's deck builder
    (:func:`builder.systems.heroes.army.edit.fill_deck_text`, as ``heroes army edit --fill-deck``)."""
    if checked.file.army is None or checked.roster is None:
        raise UsageError("the list cannot be read; fix its errors first")
    return fill_deck_text(text, pack, display)


def list_text(checked: Checked) -> str:
    """The list for a forum post (:func:`builder.systems.heroes.army.forum.forum_text`), which
    ``heroes army import`` and the builder's paste box read back."""
    from builder.systems.heroes.army.forum import forum_text

    if checked.roster is None or checked.summary is None:
        return "\n".join(d.format() for d in checked.diagnostics) + "\n"
    return forum_text(checked.roster, checked.summary, checked.diagnostics)


def share_token(army: ArmyList | None) -> str | None:
    """The list as a share-link token (:mod:`builder.systems.heroes.army.share`), when it reads."""
    from builder.systems.heroes.army.share import encode

    return encode(army) if army is not None else None


def read_list(text: str, display: str, pack_of: Callable[[str | None], Pack]) -> tuple[Pack, str]:
    """A list given as text (forum text, a share token or YAML) as the served pack it is
    read against and its YAML text (builder.systems.heroes.army.intake)."""
    from builder.systems.heroes.army.intake import read_list_text

    army, pack, problems = read_list_text(text, display, pack_of)
    if army is None or pack is None:
        raise InvalidInputError(f"{display} cannot be read as an army list", problems)
    return pack, army_yaml(army, pack)


def roster_html(pack: Pack, text: str, display: str) -> str:
    """The printable roster of the list's text (print/roster.html.j2, as ``heroes render roster``)."""
    from builder.render.env import render
    from builder.systems.heroes.render.roster import roster_context

    html: str = render("print/roster.html.j2", **roster_context(check_text(text, pack, display), pack),
                       pack=pack.manifest)
    return html


# -- the builder page ---------------------------------------------------------------------

def _place(loc: tuple[Any, ...], slots: dict[tuple[int, int], int]) -> str:
    """The page element a finding at ``loc`` belongs to: the first two or four parts of
    its place in the list (``("tiles", 0, "options", 1, "option")``) name the tile, slot,
    hero or deck line; findings about the whole army go at the top."""
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


def builder_view(pack: Pack, checked: Checked, text: str, display: str, can_undo: bool) -> dict[str, Any]:
    """Everything the builder page shows: tiles with their slots, heroes, deck, totals,
    and every diagnostic placed beside the element it is about."""
    army, roster, summary = checked.file.army, checked.roster, checked.summary
    served = {"id": pack.manifest.id, "name": pack.manifest.name}
    if army is None or roster is None or summary is None:
        return {"readable": False, "army_diagnostics": [_diag(d) for d in checked.file.diagnostics],
                "text": text, "can_undo": can_undo, "filename": display, "pack": served,
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
             for c in sorted(pack.by_faction("cards", faction), key=lambda c: c.name)]
    budget = totals.budget
    ungranted = ungranted_support_tiles(pack, roster)
    return {
        "readable": True,
        "army": army,
        "filename": display,
        "can_undo": can_undo,
        "legal": checked.ok,
        "errors": sum(d.is_error for d in checked.diagnostics),
        "warnings": sum(not d.is_error for d in checked.diagnostics),
        "army_diagnostics": placed.get("army", []),
        "deck_diagnostics": placed.get("deck", []),
        "tiles": tiles,
        "heroes": heroes,
        "tile_choices": sorted(
            ({"id": t.id, "name": t.name, "cost": t.cost, "kind": t.kind.value}
             for t in pack.by_faction("tiles", army.faction or faction) if t.id not in ungranted),
            key=lambda t: (t["kind"], t["cost"], t["id"])),
        "pack": served,
        "pack_note": pack_note(pack, army),
        "share": share_token(army),
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
