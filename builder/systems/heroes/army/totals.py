"""Points and tokens of a resolved army: the numbers every other part reads.

Points (000 core rules, Army Creation): tiles, the options in their slots, heroes and
their customisations each cost their printed value; options on a scenario's support
tile come with the scenario. A character trait with a points bonus (Nazi Basterds,
000 core rules, Recruitment Options > Character Traits) raises the budget instead.

Order tokens (000 core rules, Action! > Orders Phase > Order Tokens): one per star on
the tiles, on filled slots that grant one, on units with Order(s) (one per star) or
Personal Order, and on options such as Hardened and Planning; never more than 10.
Special orders never exceed 2; every army has one bluff token, plus the Bluff order's.
In an alliance the limits are 10, 2 and 2 for the whole alliance (Multiplayer Rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.systems.heroes.army import effects
from builder.systems.heroes.army.roster import HIGH_COMMAND, Roster

MAX_ORDERS = 10
MAX_SPECIAL_ORDERS = 2
MAX_BLUFFS = 2
BASE_BLUFFS = 1


@dataclass
class ForceTotals:
    """Points of one player (the whole army when there is no alliance)."""

    name: str
    spent: int
    budget: int | None
    bonus: int

    @property
    def left(self) -> int | None:
        return None if self.budget is None else self.budget - self.spent


@dataclass
class Totals:
    """Points, order tokens, special orders and bluffs of an army."""

    budget: int | None
    spent: int
    bonus: int
    forces: list[ForceTotals]
    high_command_cost: int
    stars: int
    stars_from_options: int
    special_orders: int
    bluffs: int
    opponent_assault_bonus: int
    star_sources: list[tuple[str, int]] = field(default_factory=list)

    @property
    def left(self) -> int | None:
        return None if self.budget is None else self.budget - self.spent

    @property
    def order_tokens(self) -> int:
        return min(self.stars, MAX_ORDERS)

    def to_dict(self) -> dict[str, object]:
        return {
            "budget": self.budget, "spent": self.spent, "left": self.left, "bonus": self.bonus,
            "order_tokens": self.order_tokens, "stars": self.stars,
            "special_orders": min(self.special_orders, MAX_SPECIAL_ORDERS),
            "bluffs": min(self.bluffs, MAX_BLUFFS),
            "opponent_assault_bonus": self.opponent_assault_bonus,
            "high_command_cost": self.high_command_cost,
            "players": [
                {"name": f.name, "spent": f.spent, "budget": f.budget, "left": f.left} for f in self.forces
            ] if len(self.forces) > 1 else [],
        }


def base_budget(roster: Roster) -> int | None:
    """The list's own budget, else the scenario side's."""
    if roster.army.points is not None:
        return roster.army.points
    if roster.side is not None:
        return roster.side.army.points
    return None


def force_spent(roster: Roster, force: int) -> int:
    spent = 0
    for tile in roster.tiles_of(force):
        spent += tile.cost + sum(o.cost for o in tile.options)
    for hero in roster.heroes_of(force):
        spent += hero.cost + sum(o.cost for o in hero.options)
    return spent


def force_bonus(roster: Roster, force: int) -> int:
    bonus = 0
    for tile in roster.tiles_of(force):
        bonus += sum(effects.points_bonus(o.option) for o in tile.options)
    for hero in roster.heroes_of(force):
        bonus += sum(effects.points_bonus(o.option) for o in hero.options)
    return bonus


def unit_stars(unit: object) -> int:
    """Order tokens a unit counter gives: its Order(s) stars, plus one for Personal Order."""
    if unit is None:
        return 0
    front = unit.front  # type: ignore[attr-defined]
    ids = {a.id: a for a in front.abilities}
    stars = front.stars
    if stars == 0 and "orders" in ids:
        stars = ids["orders"].value or 1
    if "personal-order" in ids:
        stars += 1
    return stars


def star_sources(roster: Roster) -> list[tuple[str, int]]:
    """Every source of order stars with its count, in list order."""
    sources: list[tuple[str, int]] = []
    for tile in roster.tiles:
        if tile.tile is None:
            continue
        if tile.tile.stars:
            sources.append((f"tile '{tile.name}'", tile.tile.stars))
        filled = {o.slot for o in tile.options}
        for number, slot in enumerate(tile.tile.slots, start=1):
            if number in filled and slot.grants and slot.grants.stars:
                sources.append((f"filled slot {number} of '{tile.name}'", slot.grants.stars))
        for grant in tile.unit_grants():
            stars = unit_stars(roster.unit(grant.unit))
            if stars:
                sources.append((f"unit '{grant.unit}' x{grant.count}", stars * grant.count))
    for hero in roster.heroes:
        if hero.hero is not None:
            stars = unit_stars(roster.unit(hero.hero.unit))
            if stars:
                sources.append((f"hero '{hero.name}'", stars))
    for placed in roster.options():
        if effects.stars(placed.option):
            sources.append((f"option '{placed.name}'", effects.stars(placed.option)))
    return sources


def compute(roster: Roster) -> Totals:
    """Every total of the army."""
    base = base_budget(roster)
    n = len(roster.forces)
    forces = []
    for f, force in enumerate(roster.forces):
        bonus = force_bonus(roster, f)
        share = None if base is None else (base // n if roster.is_alliance else base)
        forces.append(ForceTotals(force.player or roster.army.name, force_spent(roster, f),
                                  None if share is None else share + bonus, bonus))
    hc_cost = force_spent(roster, HIGH_COMMAND)
    bonus = sum(f.bonus for f in forces) + force_bonus(roster, HIGH_COMMAND)
    spent = sum(f.spent for f in forces) + hc_cost
    sources = star_sources(roster)
    from_options = sum(effects.stars(o.option) for o in roster.options())
    special = sum(effects.special_orders(o.option) for o in roster.options())
    bluffs = BASE_BLUFFS + sum(effects.bluffs(o.option) for o in roster.options())
    nazi = any(o.option is not None and o.option.effect_key == "nazi-basterds" for o in roster.options())
    return Totals(
        budget=None if base is None else base + bonus, spent=spent, bonus=bonus, forces=forces,
        high_command_cost=hc_cost, stars=sum(s for _, s in sources), stars_from_options=from_options,
        special_orders=special, bluffs=bluffs, opponent_assault_bonus=1 if nazi else 0,
        star_sources=sources,
    )
