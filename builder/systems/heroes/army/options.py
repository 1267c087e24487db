"""What can go in a slot: every option of the army's factions, with its cost and, for
each one that cannot, why (000 core rules, Army Creation > Buy Recruitment Options).

The answers come from the same rule functions as the legality check, so the explorer
and ``heroes army check`` can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.systems.heroes.army.effects import points_bonus
from builder.systems.heroes.army.legality.slots import army_misfits, slot_misfits
from builder.systems.heroes.army.roster import HIGH_COMMAND, PlacedTile, Roster
from builder.systems.heroes.army.summary import USERS, army_units, tile_units
from builder.systems.heroes.army.totals import Totals, compute
from builder.errors import UsageError


@dataclass
class Candidate:
    """One option considered for a slot."""

    option: str
    name: str
    category: str
    cost: int
    reasons: list[str] = field(default_factory=list)
    over_budget: int = 0
    note: str = ""

    @property
    def fits(self) -> bool:
        return not self.reasons

    def to_dict(self) -> dict[str, object]:
        return {"option": self.option, "name": self.name, "category": self.category, "cost": self.cost,
                "fits": self.fits, "reasons": self.reasons, "over_budget": self.over_budget, "note": self.note}


@dataclass
class SlotReport:
    tile: str
    slot: int
    size: int
    bands: list[str]
    current: str | None
    left: int | None
    candidates: list[Candidate]


def find_tile(roster: Roster, key: str) -> PlacedTile:
    """A tile of the list by 1-based position, or by id when it is there once."""
    if key.isdigit():
        index = int(key)
        if not 1 <= index <= len(roster.tiles):
            raise UsageError(f"the list has {len(roster.tiles)} tile(s); there is no tile {index}")
        return roster.tiles[index - 1]
    matches = [t for t in roster.tiles if t.tile_id == key]
    if not matches:
        listed = ", ".join(t.tile_id for t in roster.tiles) or "none"
        raise UsageError(f"the list holds no tile '{key}' (tiles: {listed})")
    if len(matches) > 1:
        raise UsageError(f"the list holds '{key}' {len(matches)} times; give its position (1, 2...) instead")
    return matches[0]


def _points_left(roster: Roster, tile: PlacedTile, totals: Totals) -> int | None:
    """Points left for this tile: the army's; in an alliance the player's own, or for the
    high command what all players have left between them."""
    if not roster.is_alliance:
        return totals.left
    if tile.force != HIGH_COMMAND:
        return totals.forces[tile.force].left
    if any(f.left is None for f in totals.forces):
        return None
    return sum(max(0, f.left or 0) for f in totals.forces) - totals.high_command_cost


def slot_options(roster: Roster, tile_key: str, number: int) -> SlotReport:
    """Every option that could be considered for slot ``number`` of a tile of the list."""
    tile = find_tile(roster, tile_key)
    if tile.tile is None:
        raise UsageError(f"tile '{tile.tile_id}' is not in the content pack")
    slots = tile.tile.slots
    if not 1 <= number <= len(slots):
        raise UsageError(f"'{tile.name}' has {len(slots)} slot(s); there is no slot {number}")
    slot = slots[number - 1]
    current = next((o for o in tile.options if o.slot == number), None)
    totals = compute(roster)
    left = _points_left(roster, tile, totals)
    if left is not None and current is not None:
        left += current.cost
    factions = {f.faction for f in roster.forces} if tile.force == HIGH_COMMAND else {tile.tile.faction}
    if tile.force == HIGH_COMMAND:
        reach = army_units(roster)
    elif tile.is_officer:
        reach = army_units(roster, tile.force)
    else:
        reach = tile_units(roster, tile) + [u for u in army_units(roster, tile.force) if u.source.startswith("hero ")]
    candidates = []
    for option in sorted(roster.pack.items["options"].values(), key=lambda o: (o.category.value, o.cost, o.id)):
        if option.faction not in factions:
            continue
        reasons = [m.short or m.reason for m in slot_misfits(tile, number, slot, option, tile.name)]
        reasons += [m.short or m.reason for m in army_misfits(roster, tile, option)]
        cand = Candidate(option.id, option.name, option.category.value, option.cost, reasons)
        if left is not None and option.cost - points_bonus(option) > left:
            cand.over_budget = option.cost - points_bonus(option) - left
            cand.reasons.append(f"{cand.over_budget} points over the budget ({left} left)")
        users = USERS.get(option.effect_key or "")
        if users and not any(u.type in users for u in reach):
            kinds = " or ".join(sorted(k.replace("_", " ") for k in users))
            cand.note = f"legal, but only {kinds} units use it and none is served here"
        candidates.append(cand)
    candidates.sort(key=lambda c: (not c.fits, c.category, c.cost, c.option))
    return SlotReport(tile.name, number, slot.size, [b.value for b in slot.bands],
                      current.option_id if current else None, left, candidates)


def scenarios_for(roster: Roster) -> list[dict[str, Any]]:
    """The scenarios the list can name (``scenario:`` and ``side:``): those with a side of
    the army's faction, with that side's id and points budget (000 core rules, Army
    Creation: a scenario may supply the budget and the composition)."""
    faction = roster.army.faction
    found = []
    for scenario_id, scenario in sorted(roster.pack.items["scenarios"].items()):
        for side in scenario.sides:
            if side.faction == faction:
                points = side.army.points if side.army is not None else None
                found.append({"id": scenario_id, "name": scenario.name, "side": side.id, "points": points})
    return found
