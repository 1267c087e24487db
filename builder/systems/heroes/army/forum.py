"""The plain-text (forum) form of an army list, written and read back.

Why: players post lists on forums and in chats as readable text, and paste such text
back into a builder. :func:`forum_text` writes printed names with costs (what a reader
wants); :func:`read_forum` turns that text back into an :class:`ArmyList` by looking the
names up in the pack, among the list's faction first. The lines that carry the list
(the header, ``Pack:``, ``Scenario:``, ``Points:``, tiles, slots, heroes, support and
deck lines) are enough to rebuild it exactly; the totals lines are for the reader and
are ignored when read. A name may also be given as its id. Alliances (multiplayer)
travel as YAML or share links: this form holds one player's army.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.army.model import ArmyList, CardEntry, HeroEntry, SlotChoice, TileEntry
from builder.systems.heroes.army.roster import PackView, Roster
from builder.systems.heroes.army.summary import Summary
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_SPECIAL_ORDERS

A_FORUM = define_code("A435", "plain-text army list cannot be read back")

_HEADER = re.compile(r"^(?P<name>.+) \((?P<faction>[a-z0-9][a-z0-9-]*), (?:\d+/)?(?:\d+|-) pts\)$")
_TILE = re.compile(r"^\* (?P<name>.+?) \[-?\d+\]$")
_HERO = re.compile(r"^\* Hero: (?P<name>.+?) \[-?\d+\]$")
_SUPPORT = re.compile(r"^\* Support: (?P<name>.+?)$")
_SLOT = re.compile(r"^ {2}- slot (?P<slot>\d+): (?P<name>.+?) \[-?\d+\]$")
_HERO_OPTION = re.compile(r"^ {2}- (?P<name>.+?) \[-?\d+\]$")
_CARD = re.compile(r"^ {2}- (?P<copies>\d+)x (?P<name>.+)$")
_META = re.compile(r"^(?P<key>Pack|Scenario|Points): (?P<value>.+)$")
_SCENARIO = re.compile(r"^(?P<scenario>[a-z0-9][a-z0-9-]*)(?:, side (?P<side>[a-z0-9][a-z0-9-]*))?$")


def forum_text(roster: Roster, summary: Summary, diagnostics: list[Diagnostic]) -> str:
    """The list for a forum post: tiles with their options, heroes, totals and the deck."""
    army, t = roster.army, summary.totals
    budget = f"{t.spent}/{t.budget} pts" if t.budget is not None else f"{t.spent} pts"
    lines = [f"{army.name} ({army.faction or 'alliance'}, {budget})"]
    if army.pack:
        lines.append(f"Pack: {army.pack}")
    if army.scenario:
        lines.append(f"Scenario: {army.scenario}" + (f", side {army.side}" if army.side else ""))
    if army.points is not None:
        lines.append(f"Points: {army.points}")
    lines.append("")
    for tile in roster.tiles:
        lines.append(f"* {tile.name} [{tile.cost}]")
        for placed in tile.options:
            lines.append(f"  - slot {placed.slot}: {placed.name} [{placed.cost}]")
    for hero in roster.heroes:
        lines.append(f"* Hero: {hero.name} [{hero.cost}]")
        for placed in hero.options:
            lines.append(f"  - {placed.name} [{placed.cost}]")
    for placed in roster.support:
        lines.append(f"* Support: {placed.name}")
    lines.append("")
    lines.append(f"Orders: {t.order_tokens}, special orders: {min(t.special_orders, MAX_SPECIAL_ORDERS)}, "
                 f"bluffs: {min(t.bluffs, MAX_BLUFFS)}")
    if army.deck is not None:
        lines.append(f"Deck: {sum(c.copies for c in army.deck)} cards")
        for card in army.deck:
            item = roster.pack.get("cards", card.card)
            lines.append(f"  - {card.copies}x {item.name if item is not None else card.card}")
    errors = sum(d.is_error for d in diagnostics)
    lines.append("Legal" if not errors else f"Not legal yet: {errors} error(s)")
    return "\n".join(lines) + "\n"


def looks_like_forum(text: str) -> bool:
    """Whether ``text`` starts as :func:`forum_text` writes (a header line, not YAML keys)."""
    first = text.lstrip("\ufeff").strip().splitlines()[0] if text.strip() else ""
    return bool(_HEADER.match(first.strip()))


@dataclass
class _Reader:
    pack: PackView
    display: str
    faction: str = ""
    problems: list[Diagnostic] = field(default_factory=list)

    def problem(self, line: int, message: str, hint: str) -> None:
        self.problems.append(Diagnostic(A_FORUM, message, file=self.display, line=line, col=1, hint=hint))

    def find(self, collection: str, name: str, line: int, what: str) -> str | None:
        """The id of the ``collection`` item named ``name`` (or with that id), the
        list's faction first; a problem when none or several match."""
        items: dict[str, Any] = self.pack.items[collection]
        if name in items:
            return name
        wanted = name.casefold()
        named = [i for i in items.values() if str(i.name).casefold() == wanted]
        own = [i for i in named if getattr(i, "faction", None) == self.faction] or named
        if len(own) == 1:
            return str(own[0].id)
        if own:
            self.problem(line, f"{len(own)} {what}s are named '{name}': {', '.join(sorted(i.id for i in own))}",
                         f"write the id of the {what} you mean instead of its name")
        else:
            self.problem(line, f"no {what} of the pack is named '{name}'",
                         "check the name, or open the list on the pack it was built with ('Pack:' line)")
        return None


def read_forum(text: str, pack: PackView, display: str = "<text>") -> tuple[ArmyList | None, list[Diagnostic]]:
    """The army list written as :func:`forum_text`, its names looked up in ``pack``; or
    None and located diagnostics (line of the text) for what cannot be read."""
    reader = _Reader(pack, display)
    lines = text.lstrip("\ufeff").splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    header = _HEADER.match(lines[start].strip()) if start is not None else None
    if start is None or header is None:
        reader.problem((start or 0) + 1, "the text does not start with a list's header line",
                       "start with 'NAME (FACTION, SPENT/BUDGET pts)' as 'heroes army show --format forum' writes")
        return None, reader.problems
    reader.faction = header["faction"]
    if reader.faction == "alliance":
        reader.problem(start + 1, "an alliance cannot be read from plain text", "share it as YAML or a share link")
        return None, reader.problems
    fields: dict[str, Any] = {"name": header["name"], "faction": reader.faction}
    tiles: list[TileEntry] = []
    heroes: list[HeroEntry] = []
    support: list[str] = []
    deck: list[CardEntry] | None = None
    section = ""
    for number, raw in enumerate(lines[start + 1:], start + 2):
        line = raw.rstrip()
        if not line.strip():
            continue
        if meta := _META.match(line):
            key, value = meta["key"], meta["value"].strip()
            if key == "Pack":
                fields["pack"] = value
            elif key == "Points" and value.isdigit():
                fields["points"] = int(value)
            elif key == "Scenario" and (found := _SCENARIO.match(value)):
                fields["scenario"], fields["side"] = found["scenario"], found["side"]
            else:
                reader.problem(number, f"'{key}:' has an unreadable value '{value}'", "write it as the builder does")
            continue
        if hero := _HERO.match(line):
            section = "hero"
            if (hero_id := reader.find("heroes", hero["name"], number, "hero")) is not None:
                heroes.append(HeroEntry(hero=hero_id))
            continue
        if found := _SUPPORT.match(line):
            section = ""
            if (option_id := reader.find("options", found["name"], number, "option")) is not None:
                support.append(option_id)
            continue
        if tile := _TILE.match(line):
            section = "tile"
            if (tile_id := reader.find("tiles", tile["name"], number, "tile")) is not None:
                tiles.append(TileEntry(tile=tile_id))
            continue
        if line.startswith("Deck:"):
            section, deck = "deck", []
            continue
        if section == "deck" and deck is not None and (card := _CARD.match(line)):
            if (card_id := reader.find("cards", card["name"], number, "card")) is not None:
                deck.append(CardEntry(card=card_id, copies=min(20, max(1, int(card["copies"])))))
            continue
        if section == "tile" and (slot := _SLOT.match(line)):
            if (option_id := reader.find("options", slot["name"], number, "option")) is not None and tiles:
                tiles[-1].options.append(SlotChoice(slot=min(12, max(1, int(slot["slot"]))), option=option_id))
            continue
        if section == "hero" and (option := _HERO_OPTION.match(line)):
            if (option_id := reader.find("options", option["name"], number, "option")) is not None and heroes:
                heroes[-1].options.append(option_id)
            continue
        if line.startswith(("Orders:", "Legal", "Not legal yet:")):
            section = ""
            continue
        reader.problem(number, f"line not understood: {line.strip()[:60]!r}",
                       "keep the lines as the builder writes them ('* TILE [cost]', '  - slot N: OPTION [cost]')")
    if reader.problems:
        return None, reader.problems
    from pydantic import ValidationError

    fields.update(tiles=tiles, heroes=heroes, support=support, deck=deck)
    try:
        return ArmyList.model_validate({k: v for k, v in fields.items() if v is not None}), []
    except ValidationError as exc:
        reader.problem(start + 1, f"the list read is not valid: {exc.errors()[0]['msg']}", "fix the header line")
        return None, reader.problems
