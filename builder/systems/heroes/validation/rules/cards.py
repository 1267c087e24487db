"""Action cards: a faction must own enough card copies to build a deck.

A deck holds at least 40 cards (or what the scenario asks), each card at most as many
times as it has printed copies; command cards (artillery, aviation) do not count
(000 core rules, Setup > Cards and Action Cards).
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

DECK = "000 core rules, Setup > Cards"
MIN_DECK = 40

C_DECK_TOO_SMALL = define_code("C305", "too few card copies to build a deck", DECK)
C_NO_CARDS = define_code("C306", "faction has no action cards", DECK)


def deck_copies(ctx: CheckContext, faction: str) -> int:
    """Copies of the faction's non-command cards: the most cards a deck can hold."""
    return sum(c.copies for c in ctx.by_faction("cards", faction) if c.command is None)


@rule
def factions_can_build_a_deck(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each faction's non-command cards add up to at least 40 copies.

    A warning, not an error: the 40-card rule binds an army's deck (checked by
    ``heroes army check``, A427), while a pack may add a new faction a few cards at a
    time, or leave its cards to another pack; the pack stays valid meanwhile.
    """
    for faction in ctx.pack.factions.values():
        cards = ctx.by_faction("cards", faction.id)
        copies = deck_copies(ctx, faction.id)
        if not cards:
            yield ctx.at("factions", faction.id, ("id",), C_NO_CARDS,
                         f"faction '{faction.id}' has no action cards: its armies cannot build a deck",
                         hint="add the faction's action cards in a cards/ file (or in a pack this one depends on)",
                         rule=DECK, severity=Severity.WARNING)
        elif copies < MIN_DECK:
            yield ctx.at("factions", faction.id, ("id",), C_DECK_TOO_SMALL,
                         f"faction '{faction.id}' has {copies} copies of non-command cards; a deck needs at "
                         f"least {MIN_DECK}", hint="add cards or raise their 'copies' to the printed numbers; "
                         "command cards (artillery, aviation) do not count", rule=DECK, severity=Severity.WARNING)


@rule
def scenario_decks_can_be_built(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A scenario may not ask for a deck larger than the side's faction can build."""
    for scenario in ctx.pack.scenarios.values():
        for s, side in enumerate(scenario.sides):
            copies = deck_copies(ctx, side.faction)
            if copies and side.army.cards > copies:
                yield ctx.at("scenarios", scenario.id, ("sides", s, "army", "cards"), C_DECK_TOO_SMALL,
                             f"side '{side.id}' needs a deck of {side.army.cards} cards but faction "
                             f"'{side.faction}' has only {copies} non-command card copies",
                             hint=f"lower 'cards' to at most {copies}", rule=DECK)
