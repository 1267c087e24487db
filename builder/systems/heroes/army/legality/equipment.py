"""Equipment nobody can use (000 core rules, Recruitment Options > General Rules).

Only the units of an option's tile use its equipment or trait (every unit when the tile
is an officer's). Shells and shielding serve heavy vehicles, fuel vehicles, grenades
and anti-tank weapons infantry: an option no unit of its tile can use is legal but
wasted, so it is a warning.
"""

from __future__ import annotations

from typing import Iterator

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.army.summary import USERS, served_units
from builder.systems.heroes.content.vocabulary import OptionCategory
from builder.diagnostics import Severity, define_code

A_UNUSED = define_code("A428", "equipment or trait that no unit of its tile can use")


def check(roster: Roster) -> Iterator[Finding]:
    for placed in roster.options():
        option = placed.option
        if option is None or option.effect_key not in USERS or placed.holder is None:
            continue
        if option.category not in (OptionCategory.EQUIPMENT, OptionCategory.TRAIT):
            continue
        users, wide = served_units(roster, placed)
        if not users:
            kinds = " or ".join(sorted(t.replace("_", " ") for t in USERS[option.effect_key]))
            scope = "the army" if wide else f"'{placed.holder.name}'"
            yield Finding(A_UNUSED, f"'{option.name}' serves {kinds} units, and {scope} has none",
                          placed.loc, rule=rules.EQUIPMENT, severity=Severity.WARNING,
                          hint="recruit such units, or drop it" if wide else
                          "move it to a tile with such units or to an officer tile, or drop it")
