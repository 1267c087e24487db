"""Heroes (000 core rules, Army Creation > Heroes).

A hero needs no slot. A hero with a specific division insignia joins only an army
(a player, in an alliance) holding a tile with that insignia; a hero with the generic
insignia joins any army of its faction. Each hero is one counter: recruited once.
A hero's customisation is a character trait or equipment of the hero's faction.
"""

from __future__ import annotations

from typing import Iterator

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.content.vocabulary import OptionCategory
from builder.diagnostics import define_code

A_INSIGNIA = define_code("A409", "hero's insignia matches no tile of the army")
A_HERO_TWICE = define_code("A431", "hero recruited twice")
A_CUSTOMISATION = define_code("A426", "hero customisation not allowed")


def check(roster: Roster) -> Iterator[Finding]:
    seen: dict[str, str] = {}
    for hero in roster.heroes:
        if hero.hero_id in seen:
            yield Finding(A_HERO_TWICE, f"hero '{hero.name}' is already in the army", hero.loc + ("hero",),
                          rule=rules.HEROES, hint="a hero is a single counter: remove the second one")
        seen[hero.hero_id] = hero.name
        if hero.hero is None:
            continue
        insignia = roster.pack.get("insignia", hero.hero.insignia)
        generic = insignia is not None and insignia.generic
        tiles = roster.tiles_of(hero.force)
        if not generic and not any(t.tile is not None and t.tile.insignia == hero.hero.insignia for t in tiles):
            division = insignia.name if insignia is not None else hero.hero.insignia
            bearing = sorted(t.name for t in roster.pack.items["tiles"].values()
                             if t.insignia == hero.hero.insignia)
            yield Finding(A_INSIGNIA, f"'{hero.name}' wears the {division} insignia and no tile of "
                          f"{roster.forces[hero.force].label()} bears it", hero.loc + ("hero",), rule=rules.HEROES,
                          hint=f"recruit a tile with that insignia ({', '.join(bearing) or 'none in the pack'}) "
                          "or choose a hero with the generic insignia")
        for placed in hero.options:
            option = placed.option
            if option is None:
                continue
            if option.category in (OptionCategory.SUPPORT, OptionCategory.ORDER):
                yield Finding(A_CUSTOMISATION, f"'{option.name}' is a {option.category.value} option; a hero "
                              "takes a character trait or equipment", placed.loc, rule=rules.HEROES,
                              hint="put it in a slot of a recruitment tile instead")
            elif option.faction != hero.hero.faction:
                yield Finding(A_CUSTOMISATION, f"'{option.name}' is a {option.faction} option; "
                              f"'{hero.name}' fights for {hero.hero.faction}", placed.loc, rule=rules.HEROES,
                              hint="choose an option of the hero's faction")
