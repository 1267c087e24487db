"""The action-card deck (000 core rules, Setup > Cards; Action Cards; Multiplayer
Rules > Action Cards).

At least 40 cards of the army's faction (or the scenario's number; 50 for an
alliance), no card beyond its printed copies; artillery and aviation command cards
only as many as the Artillery and Airstrike options allow, and outside the minimum.
An alliance's deck is one nation's: a player's, and the high command's if it has one.
A list without a deck is legal to build but not to play: a warning says so.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import Roster
from builder.diagnostics import Severity, define_code

A_DECK_SIZE = define_code("A413", "deck has too few cards")
A_COPIES = define_code("A414", "more copies of a card than printed")
A_CARD_FACTION = define_code("A415", "card of another faction in the deck")
A_COMMAND = define_code("A416", "command card without the option that allows it")
A_ALLIANCE_DECK = define_code("A417", "alliance deck of the wrong nation")
A_NO_DECK = define_code("A427", "no deck chosen yet")

ALLIANCE_DECK = 50
DECK = 40


def minimum(roster: Roster) -> int:
    """Cards the deck needs outside the command cards."""
    if roster.is_alliance:
        return ALLIANCE_DECK
    if roster.side is not None:
        return roster.side.army.cards
    return DECK


def command_allowance(roster: Roster) -> dict[str, int]:
    """Command cards allowed by the army's Artillery and Airstrike options."""
    allowed: Counter[str] = Counter()
    for placed in roster.options():
        unlock = placed.option.unlocks_cards if placed.option else None
        if unlock is not None:
            allowed[unlock.command] += unlock.count
    return dict(allowed)


def check(roster: Roster) -> Iterator[Finding]:
    army = roster.army
    need = minimum(roster)
    faction = army.deck_faction
    if roster.is_alliance:
        yield from _alliance_nation(roster, faction)
    if army.deck is None:
        if need:
            yield Finding(A_NO_DECK, f"no deck yet: the army needs at least {need} action cards to play",
                          ("name",), rule=rules.CARDS, severity=Severity.WARNING,
                          hint="fill it with 'heroes army edit FILE --fill-deck', or add a 'deck:' list of cards "
                          "with their copies")
        return
    counted = 0
    commands: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    for entry in army.deck:
        totals[entry.card] += entry.copies
    reported: set[str] = set()
    for i, entry in enumerate(army.deck):
        card = roster.pack.get("cards", entry.card)
        if card is None:
            continue
        loc = ("deck", i)
        if card.faction != faction:
            yield Finding(A_CARD_FACTION, f"'{card.name}' is a {card.faction} card; the deck is {faction}'s",
                          loc + ("card",), rule=rules.CARDS, hint="only your faction's cards go in the deck")
            continue
        if totals[entry.card] > card.copies and entry.card not in reported:
            reported.add(entry.card)
            yield Finding(A_COPIES, f"the deck holds {totals[entry.card]} copies of '{card.name}'; "
                          f"{card.copies} are printed", loc + ("copies",), rule=rules.COPIES,
                          hint=f"set copies to {card.copies} at most")
        if card.command is not None:
            commands[card.command.value] += entry.copies
        else:
            counted += entry.copies
    allowed = command_allowance(roster)
    for command, count in sorted(commands.items()):
        limit = allowed.get(command, 0)
        if count > limit:
            option = "Artillery" if command == "artillery" else "Airstrike"
            where = next(i for i, e in enumerate(army.deck) if (c := roster.pack.get("cards", e.card))
                         and c.command is not None and c.command.value == command)
            yield Finding(A_COMMAND, f"the deck holds {count} {command} command card(s); the army's "
                          f"{option} options allow {limit}", ("deck", where, "card"), rule=rules.COMMAND_CARDS,
                          hint=f"remove {count - limit} of them or recruit an {option} order option")
    if counted < need:
        yield Finding(A_DECK_SIZE, f"the deck holds {counted} cards (command cards not counted); it needs at "
                      f"least {need}", ("deck",), rule=rules.ALLIANCE_CARDS if roster.is_alliance else rules.CARDS,
                      hint=f"add {need - counted} more cards of your faction")


def _alliance_nation(roster: Roster, faction: str) -> Iterator[Finding]:
    players = {f.faction for f in roster.forces}
    named = bool(roster.army.alliance and roster.army.alliance.deck_faction)
    loc = ("alliance", "deck_faction") if named else ("deck",)
    if faction not in players:
        yield Finding(A_ALLIANCE_DECK, f"the alliance deck is {faction}'s, but no player of the alliance leads "
                      f"{faction}", loc, rule=rules.ALLIANCE_CARDS,
                      hint=f"use the deck of {' or '.join(sorted(players))}")
    for tile in roster.tiles:
        if tile.is_high_command and tile.tile is not None and tile.tile.faction != faction:
            yield Finding(A_ALLIANCE_DECK, f"the alliance recruited the {tile.tile.faction} high command "
                          f"'{tile.name}', so its deck must be {tile.tile.faction}'s, not {faction}'s",
                          loc if named else tile.loc + ("tile",),
                          rule=rules.ALLIANCE_CARDS, hint=f"set 'deck_faction: {tile.tile.faction}' and its cards")
