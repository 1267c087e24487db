"""Write army lists as commented YAML: the skeleton of ``heroes army new`` and the
armies ``heroes army suggest`` finds.

The first line is the yaml-language-server modeline, so editors validate and complete
the file against ``schemas/army.schema.json``: a path relative to the file inside the
checkout, else the installed or shipped copy (:func:`builder.content.schema_store.schema_for`),
never a network address, so it resolves offline. Every list names its ``pack:``, so it
checks again on another machine without ``--pack``. Comments give each id's printed
name and cost; they are for people, the checker reads only the ids.
"""

from __future__ import annotations

import json
import re

from builder.content.schema_store import schema_for
from builder.systems.heroes.army.model import ArmyList
from builder.systems.heroes.content.pack import Pack

MODELINE = "# yaml-language-server: $schema={schema}"
_MODELINE = re.compile(r"\A# yaml-language-server: \$schema=[^\n]*\n?")


def default_schema() -> str:
    """The modeline's schema for text not yet written to a folder (the shipped or installed copy)."""
    return schema_for("army", None)


def with_schema(text: str, schema: str) -> str:
    """``text`` with its first-line modeline naming ``schema`` (added when absent): a list
    saved into a folder points at the schema as seen from there."""
    line = MODELINE.format(schema=schema) + "\n"
    return line + (_MODELINE.sub("", text, count=1))


def _q(text: str) -> str:
    """A YAML scalar for free text (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _named(pack: Pack | None, collection: str, item_id: str) -> str:
    item = pack.get(collection, item_id) if pack is not None else None
    if item is None:
        return ""
    cost = getattr(item, "cost", None)
    return f"  # {item.name}" + (f", {cost} pts" if cost is not None else "")


def skeleton(name: str, faction: str, points: int | None, scenario: str | None = None,
             schema: str | None = None, pack: str | None = None, side: str | None = None) -> str:
    """A commented, empty army list to fill in."""
    lines = [
        MODELINE.format(schema=schema or default_schema()),
        "# Army list for Heroes Builder. Check it with: heroes army check FILE",
        f"name: {_q(name)}",
    ]
    if pack:
        lines.append(f"pack: {pack}            # the content pack: found through --pack, HEROES_PACK_PATH, content/")
    lines.append(f"faction: {faction}")
    if points is not None:
        lines.append(f"points: {points}          # army points budget")
    if scenario:
        lines.append(f"scenario: {scenario}      # the scenario supplies the budget and constraints")
    if side:
        lines.append(f"side: {side}")
    lines += [
        "# Recruitment tiles, each with the option chosen for its slots (numbered from 1):",
        f"# 'heroes list tiles --faction {faction}' lists the tile ids,",
        "# 'heroes army options FILE --tile N --slot M' what fits a slot. For example:",
        "#   tiles:",
        "#     - tile: <tile id>",
        "#       options:",
        "#         - {slot: 1, option: <option id>}",
        "tiles: []",
        f"# Heroes need no slot; a specific insignia needs a tile bearing it ('heroes list heroes --faction {faction}').",
        "heroes: []",
        "# The action-card deck: at least 40 cards of your faction, none beyond its printed copies",
        f"# ('heroes list cards --faction {faction}'), for example:",
        "#   deck:",
        "#     - {card: <card id>, copies: 2}",
    ]
    return "\n".join(lines) + "\n"


def army_yaml(army: ArmyList, pack: Pack | None = None, schema: str | None = None,
              header: list[str] | None = None) -> str:
    """A two-player army list as commented YAML (alliances are written by hand). The
    list's ``pack:`` is written, else the id of ``pack`` when given."""
    lines = [MODELINE.format(schema=schema or default_schema())]
    lines += [f"# {h}" for h in header or []]
    lines.append(f"name: {_q(army.name)}")
    pack_id = army.pack or (pack.manifest.id if pack is not None else None)
    if pack_id:
        lines.append(f"pack: {pack_id}")
    if army.faction:
        lines.append(f"faction: {army.faction}")
    if army.points is not None:
        lines.append(f"points: {army.points}")
    if army.scenario:
        lines.append(f"scenario: {army.scenario}")
    if army.side:
        lines.append(f"side: {army.side}")
    lines.append("tiles:" if army.tiles else "tiles: []")
    for entry in army.tiles:
        lines.append(f"  - tile: {entry.tile}{_named(pack, 'tiles', entry.tile)}")
        if entry.options:
            lines.append("    options:")
            for choice in entry.options:
                lines.append(f"      - {{slot: {choice.slot}, option: {choice.option}}}"
                             f"{_named(pack, 'options', choice.option)}")
    lines.append("heroes:" if army.heroes else "heroes: []")
    for hero in army.heroes:
        lines.append(f"  - hero: {hero.hero}{_named(pack, 'heroes', hero.hero)}")
        if hero.options:
            lines.append(f"    options: [{', '.join(hero.options)}]")
    if army.support:
        lines.append(f"support: [{', '.join(army.support)}]")
    if army.deck is not None:
        total = sum(c.copies for c in army.deck)
        lines.append(f"deck:  # {total} cards" if army.deck else "deck: []")
        for card in army.deck:
            item = pack.get("cards", card.card) if pack is not None else None
            note = f"  # {item.name}" if item is not None else ""
            lines.append(f"  - {{card: {card.card}, copies: {card.copies}}}{note}")
    if army.notes:
        lines.append(f"notes: {_q(army.notes)}")
    return "\n".join(lines) + "\n"
