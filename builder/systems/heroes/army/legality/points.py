"""Points and recruitment tiles (000 core rules, Army Creation > Creating Armies,
Buy Recruitment Tiles; Recruitment Options > Character Traits > Nazi Basterds).

The army spends at most its budget, a Nazi Basterds trait adding its 30 points (the
opponent's +1 in assaults is recorded in the totals), and holds at least one tile.
"""

from __future__ import annotations

from typing import Iterator

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.army.totals import Totals
from builder.diagnostics import define_code

A_OVER_BUDGET = define_code("A402", "army spends more points than its budget")
A_NO_TILE = define_code("A403", "army has no recruitment tile")
A_NO_BUDGET = define_code("A430", "army has no points budget")


def _biggest(roster: Roster, force: int | None = None) -> str:
    """The costliest item, as a concrete thing to drop."""
    items: list[tuple[int, str]] = []
    for tile in roster.tiles:
        if force is None or tile.force == force:
            items.append((tile.cost + sum(o.cost for o in tile.options), f"tile '{tile.name}' with its options"))
            items.extend((o.cost, f"option '{o.name}' of '{tile.name}'") for o in tile.options)
    for hero in roster.heroes:
        if force is None or hero.force == force:
            items.append((hero.cost + sum(o.cost for o in hero.options), f"hero '{hero.name}'"))
    return max(items)[1] if items else "something"


def check(roster: Roster, totals: Totals) -> Iterator[Finding]:
    army = roster.army
    if totals.budget is None:
        where = ("name",) if army.scenario is None else ("scenario",)
        yield Finding(A_NO_BUDGET, "the army has no points budget", where,
                      rule=rules.CREATING, at_key=True,
                      hint="add 'points: N' (the agreed army points) or a scenario that sets them")
    elif not roster.is_alliance and totals.spent > totals.budget:
        over = totals.spent - totals.budget
        bonus = f" ({totals.budget - totals.bonus} + {totals.bonus} from Nazi Basterds)" if totals.bonus else ""
        yield Finding(A_OVER_BUDGET, f"the army costs {totals.spent} points, {over} more than its budget "
                      f"of {totals.budget}{bonus}",
                      ("points",) if army.points is not None else ("scenario",) if army.scenario else ("name",),
                      rule=rules.NAZI_BASTERDS if totals.bonus else rules.CREATING,
                      hint=f"drop {over} points, e.g. the {_biggest(roster)}")
    if not roster.is_alliance and not roster.tiles:
        yield Finding(A_NO_TILE, "the army has no recruitment tile", ("tiles",),
                      rule=rules.BUY_TILES, hint="buy at least one recruitment tile under 'tiles:'")
