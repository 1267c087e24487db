"""Scenario armies: a fixed composition should cost the points the scenario declares.

The printed value of a composition is the sum of its tiles, options and heroes (000
core rules, Army Creation); a difference usually means a missing line or a wrong cost,
but printed scenarios do round, so this is a warning.
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

ARMY = "000 core rules, Army Creation > Creating Armies"
C_COMPOSITION_COST = define_code("C315", "composition cost differs from the declared army points", ARMY)


def composition_cost(ctx: CheckContext, composition: list) -> tuple[int, int] | None:
    """(cost, bonus points) of a composition; None when an entry names an unknown item."""
    cost = bonus = 0
    for entry in composition:
        for key, collection in (("tile", "tiles"), ("option", "options"), ("hero", "heroes")):
            item_id = getattr(entry, key)
            if item_id is None:
                continue
            item = ctx.pack.items[collection].get(item_id)
            if item is None:
                return None
            cost += item.cost * entry.count
            bonus += getattr(item, "points_bonus", 0) * entry.count
    return cost, bonus


@rule
def composition_matches_points(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A side with both a composition and points: the composition costs those points."""
    for sc in ctx.pack.scenarios.values():
        for s, side in enumerate(sc.sides):
            army = side.army
            if army.points is None or not army.composition:
                continue
            result = composition_cost(ctx, army.composition)
            if result is None:
                continue
            cost, bonus = result
            if cost != army.points + bonus:
                yield ctx.at("scenarios", sc.id, ("sides", s, "army", "points"), C_COMPOSITION_COST,
                             f"side '{side.id}' declares {army.points} points but its composition costs {cost}"
                             + (f" (with {bonus} bonus points)" if bonus else ""),
                             hint=f"write 'points: {cost - bonus}', or check the composition's lines and costs",
                             rule=ARMY, severity=Severity.WARNING)
