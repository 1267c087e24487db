"""Deck lists and print-and-play card sheets (000 core rules, Action Cards; Army
Creation > Action Cards). Cards are 63 x 88 mm with crop marks; the quick-reference
card prints on the same sheet."""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError
from builder.systems.heroes.render.blocks import card_block
from builder.render.env import render
from builder.systems.heroes.render.reference import quick_reference


def faction_cards(pack: Pack, faction: str | None) -> list[Any]:
    """The cards of one faction (all cards when ``faction`` is None), by name."""
    if faction is not None and faction not in pack.factions:
        known = ", ".join(sorted(pack.factions)) or "none"
        raise UsageError(f"no faction '{faction}' in pack '{pack.manifest.id}' (factions: {known})")
    cards = [c for c in pack.cards.values() if faction is None or c.faction == faction]
    return sorted(cards, key=lambda c: (c.faction, c.name, c.id))


def deck_lines(entries: list[tuple[str, int]], pack: Pack) -> dict[str, Any]:
    """A deck as lines (card, copies, phases, effect) with its size; command cards are
    counted apart because they sit outside the 40-card minimum."""
    lines = []
    for card_id, copies in entries:
        card = pack.get("cards", card_id)
        block = card_block(card) if card is not None else {
            "id": card_id, "name": card_id, "phases": [], "copies": copies, "command": "",
            "aaa": None, "effect": "(card not in the pack)", "faction_id": "", "placeholder": False,
        }
        lines.append({**block, "in_deck": copies})
    command = sum(line["in_deck"] for line in lines if line["command"])
    return {"lines": lines, "size": sum(line["in_deck"] for line in lines) - command, "command": command}


def pool_deck(pack: Pack, faction: str | None) -> dict[str, Any]:
    """Every card of a faction at its printed number of copies."""
    return deck_lines([(c.id, c.copies) for c in faction_cards(pack, faction)], pack)


def render_deck_html(title: str, deck: dict[str, Any], pack: Pack, verdict: str = "") -> str:
    return render("print/deck.html.j2", title=title, deck=deck, pack=pack.manifest, verdict=verdict)


def sheet_faces(entries: list[tuple[str, int]], pack: Pack) -> list[dict[str, Any]]:
    """One face per physical card to cut out."""
    faces = []
    for card_id, copies in entries:
        card = pack.get("cards", card_id)
        if card is not None:
            faces.extend([card_block(card)] * copies)
    return faces


def render_cards_html(entries: list[tuple[str, int]], pack: Pack, title: str,
                      reference: bool = True) -> str:
    """Print-and-play sheets: the cards, then the quick-reference card."""
    return render(
        "print/cards.html.j2", title=title, faces=sheet_faces(entries, pack),
        reference=quick_reference() if reference else None, pack=pack.manifest,
    )


