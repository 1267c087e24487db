"""Every id the list names exists in the pack and belongs to the right army.

A misspelt id gets the nearest existing id as its fix; a tile, option or hero of
another faction cannot join the army (000 core rules, Army Creation: each army
recruits from its own tiles and options; bands keep a nation's options on its tiles).
"""

from __future__ import annotations

from typing import Iterator

from builder.systems.heroes.army.findings import Finding, did_you_mean
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import HIGH_COMMAND, Roster
from builder.diagnostics import define_code

A_UNKNOWN = define_code("A401", "army list names an unknown id")
A_FACTION = define_code("A424", "tile, option or hero of another faction")


def _unknown(roster: Roster, collection: str, what: str, item_id: str, loc: tuple) -> Finding:
    choices = roster.pack.items[collection]
    hint = did_you_mean(item_id, choices) or f"use the id of a {what} of the pack ('heroes army options' lists them)"
    return Finding(A_UNKNOWN, f"unknown {what} '{item_id}'", loc, hint=hint)


def check(roster: Roster) -> Iterator[Finding]:
    army = roster.army
    factions = roster.pack.items["factions"]
    for force in roster.forces:
        if force.faction not in factions:
            hint = did_you_mean(force.faction, factions) or f"factions of the pack: {', '.join(sorted(factions))}"
            yield Finding(A_UNKNOWN, f"unknown faction '{force.faction}'", force.loc + ("faction",), hint=hint)
    if army.alliance and army.alliance.deck_faction and army.alliance.deck_faction not in factions:
        yield Finding(A_UNKNOWN, f"unknown faction '{army.alliance.deck_faction}'",
                      ("alliance", "deck_faction"), hint=did_you_mean(army.alliance.deck_faction, factions))
    if army.scenario and roster.scenario is None:
        yield _unknown(roster, "scenarios", "scenario", army.scenario, ("scenario",))
    if roster.scenario is not None and army.side and roster.side is None:
        sides = [s.id for s in roster.scenario.sides]
        yield Finding(A_UNKNOWN, f"scenario '{army.scenario}' has no side '{army.side}'", ("side",),
                      hint=f"its sides are: {', '.join(sides)}")
    allowed = {f.faction for f in roster.forces}
    for tile in roster.tiles:
        if tile.tile is None:
            yield _unknown(roster, "tiles", "recruitment tile", tile.tile_id, tile.loc + ("tile",))
        else:
            own = roster.forces[tile.force].faction if tile.force != HIGH_COMMAND else None
            if (own is not None and tile.tile.faction != own) or tile.tile.faction not in allowed:
                yield Finding(A_FACTION, f"'{tile.name}' is a {tile.tile.faction} tile; "
                              f"{roster.forces[tile.force].label() if own else 'the alliance'} "
                              f"plays {own or ', '.join(sorted(allowed))}",
                              tile.loc + ("tile",), rule=rules.BUY_TILES,
                              hint="remove it or pick a tile of your own faction")
    for hero in roster.heroes:
        if hero.hero is None:
            yield _unknown(roster, "heroes", "hero", hero.hero_id, hero.loc + ("hero",))
        elif hero.hero.faction != roster.forces[hero.force].faction:
            yield Finding(A_FACTION, f"hero '{hero.name}' fights for {hero.hero.faction}, not "
                          f"{roster.forces[hero.force].faction}", hero.loc + ("hero",), rule=rules.HEROES,
                          hint="recruit heroes of your own faction")
    for placed in roster.options():
        if placed.option is None:
            yield _unknown(roster, "options", "recruitment option", placed.option_id, placed.loc)
    for i, card in enumerate(army.deck or []):
        if card.card not in roster.pack.items["cards"]:
            yield _unknown(roster, "cards", "action card", card.card, ("deck", i, "card"))
