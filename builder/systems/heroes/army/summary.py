"""What an army brings to the table: points, tokens, breaking points, units by type,
and which units each equipment token serves.

Equipment serves the units of its tile; on an officer tile (or an alliance's high
command) it serves the whole army, and heroes use every equipment of their army
(000 core rules, Army Creation > Equipment; Recruitment Options > General Rules).
Character traits follow the same tile rule but do not reach heroes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from builder.systems.heroes.army.roster import HIGH_COMMAND, PlacedOption, PlacedTile, Roster
from builder.systems.heroes.army.totals import Totals, compute
from builder.systems.heroes.content.vocabulary import OptionCategory

#: Unit types an equipment or trait can be used by, keyed on the option's effect_key.
USERS: dict[str, frozenset[str]] = {
    **{k: frozenset({"heavy_vehicle"}) for k in ("additional-shielding", "apc-shells", "he-shells",
                                                   "culling-hedgerow-cutter")},
    **{k: frozenset({"light_vehicle", "heavy_vehicle"}) for k in ("fuel", "ace-driver")},
    **{k: frozenset({"infantry"}) for k in ("grenade", "panzerfaust", "sticky-bomb", "magnetic-mine",
                                            "rifle-grenade", "demolition-charge", "tankbuster")},
}


@dataclass
class ServedUnit:
    unit: str
    name: str
    type: str
    source: str


@dataclass
class Served:
    """An equipment or trait option and the units that may use it."""

    option: str
    name: str
    holder: str
    tokens: int
    army_wide: bool
    units: list[ServedUnit]


@dataclass
class BreakingPoint:
    holder: str
    units: int
    victory_points: int


@dataclass
class Summary:
    totals: Totals
    units: list[ServedUnit]
    by_type: dict[str, int]
    breaking_points: list[BreakingPoint]
    served: list[Served] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            **self.totals.to_dict(),
            "units_by_type": self.by_type,
            "breaking_points": [{"holder": b.holder, "units": b.units, "victory_points": b.victory_points}
                                for b in self.breaking_points],
            "equipment": [{"option": s.option, "holder": s.holder, "tokens": s.tokens, "army_wide": s.army_wide,
                           "units": sorted({u.unit for u in s.units})} for s in self.served],
        }


def tile_units(roster: Roster, tile: PlacedTile) -> list[ServedUnit]:
    out = []
    for grant in tile.unit_grants():
        unit = roster.unit(grant.unit)
        for _ in range(grant.count):
            out.append(ServedUnit(grant.unit, unit.name if unit else grant.unit,
                                  unit.type.value if unit else "unknown", tile.name))
    return out


def army_units(roster: Roster, force: int | None = None) -> list[ServedUnit]:
    """Every unit counter of the army (or of one player), heroes included."""
    out: list[ServedUnit] = []
    for tile in roster.tiles:
        if force is None or tile.force == force:
            out.extend(tile_units(roster, tile))
    for hero in roster.heroes:
        if hero.hero is not None and (force is None or hero.force == force):
            unit = roster.unit(hero.hero.unit)
            out.append(ServedUnit(hero.hero.unit, hero.name, unit.type.value if unit else "unknown",
                                  f"hero {hero.name}"))
    return out


def served_units(roster: Roster, placed: PlacedOption) -> tuple[list[ServedUnit], bool]:
    """The units that may use an equipment or trait option, and whether it is army-wide."""
    holder = placed.holder
    equipment = placed.is_(OptionCategory.EQUIPMENT)
    wide = False
    if holder is None or (isinstance(holder, PlacedTile) and holder.force == HIGH_COMMAND):
        units, wide = army_units(roster), True
    elif isinstance(holder, PlacedTile) and holder.is_officer:
        units, wide = army_units(roster, holder.force), True
    elif isinstance(holder, PlacedTile):
        units = tile_units(roster, holder)
        if equipment:
            units += [u for u in army_units(roster, holder.force) if u.source.startswith("hero ")]
    else:
        units = [u for u in army_units(roster, holder.force) if u.source == f"hero {holder.name}"]
    key = placed.option.effect_key if placed.option else None
    if key in USERS:
        units = [u for u in units if u.type in USERS[key]]
    return units, wide


def summarize(roster: Roster, totals: Totals | None = None) -> Summary:
    totals = totals or compute(roster)
    units = army_units(roster)
    breaking = []
    for tile in roster.tiles:
        if tile.tile is not None and tile.tile.breaking_point:
            bp = tile.tile.breaking_point
            breaking.append(BreakingPoint(tile.name, bp.units, bp.victory_points))
        for placed in tile.options:
            if placed.option is not None and placed.option.breaking_point:
                bp = placed.option.breaking_point
                breaking.append(BreakingPoint(f"{placed.name} ({tile.name})", bp.units, bp.victory_points))
    served = []
    for placed in roster.options():
        if placed.option is None or placed.option.category not in (OptionCategory.EQUIPMENT, OptionCategory.TRAIT):
            continue
        users, wide = served_units(roster, placed)
        holder = placed.holder.name if placed.holder is not None else "support tile"
        served.append(Served(placed.option_id, placed.name, holder, placed.option.tokens, wide, users))
    by_type = dict(sorted(Counter(u.type for u in units).items()))
    return Summary(totals, units, by_type, breaking, served)
