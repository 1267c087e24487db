"""Aircraft come only through the Aircraft order option, and the option only with an
aircraft (003 Battle for Normandy, Recruitment Options > Orders Options > Aircraft;
Aviation Rules > Aircraft Units).

003 says "Aircraft Units are recruited with Orders Options", the option "allows you to
recruit 1 or 2 aircraft", its cost "is defined by the Aircraft you choose, as shown on the
Aircraft's Recruitment Tile", and the aircraft's recruitment tile is placed "next to the
Command Tile containing the Orders Option". Read together: an aircraft recruitment tile
(kind ``aircraft``) needs an Aircraft option in the army, one option recruits one or two
aircraft (the sentence we read allows two, so two are allowed), and an Aircraft option
with no aircraft tile recruits nothing, so it is not a legal purchase: its cost and its
slot would be empty.
"""

from __future__ import annotations

from typing import Iterator

from builder.diagnostics import define_code
from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import PlacedOption, PlacedTile, Roster
from builder.systems.heroes.content.vocabulary import TileKind

A_AIRCRAFT_TILE = define_code("A437", "aircraft tile without an Aircraft option to recruit it")
A_AIRCRAFT_OPTION = define_code("A438", "Aircraft option that recruits no aircraft")

AIRCRAFT_PER_OPTION = 2  # 003: the option "allows you to recruit 1 or 2 aircraft"
EFFECT_KEY = "aircraft"


def aircraft_tiles(roster: Roster) -> list[PlacedTile]:
    """The aircraft recruitment tiles of the list."""
    return [t for t in roster.tiles if t.tile is not None and TileKind(t.tile.kind) is TileKind.AIRCRAFT]


def aircraft_options(roster: Roster) -> list[PlacedOption]:
    """The Aircraft order options of the list (on tiles or heroes)."""
    return [o for o in roster.options()
            if o.option is not None and o.holder is not None and getattr(o.option, "effect_key", None) == EFFECT_KEY]


def check(roster: Roster) -> Iterator[Finding]:
    planes, orders = aircraft_tiles(roster), aircraft_options(roster)
    for tile in planes[AIRCRAFT_PER_OPTION * len(orders):]:
        have = f"{len(orders)} Aircraft option(s) recruit at most {AIRCRAFT_PER_OPTION * len(orders)}" \
            if orders else "the list has no Aircraft option"
        yield Finding(A_AIRCRAFT_TILE, f"'{tile.name}' is an aircraft: it is recruited only through an Aircraft "
                      f"order option, and {have}", tile.loc + ("tile",), rule=rules.AIRCRAFT,
                      hint="put an Aircraft option in an order slot of a command (officer) tile, or remove the "
                      "aircraft tile")
    for placed in orders[len(planes):]:
        yield Finding(A_AIRCRAFT_OPTION, f"'{placed.name}' recruits no aircraft: the list has "
                      f"{len(planes)} aircraft tile(s) for {len(orders)} Aircraft option(s)", placed.loc,
                      rule=rules.AIRCRAFT, hint="add the aircraft's recruitment tile the option recruits "
                      "('heroes list tiles' shows kind aircraft), or empty the slot")
