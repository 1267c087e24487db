"""Options in slots (000 core rules, Army Creation > Buy Recruitment Options;
Recruitment Options > General Rules; Multiplayer Rules > High Command Tile).

An option fits an opening of its own size whose coloured bands share at least one
colour with the option's; an opening holds one option; orders need an officer tile
(or, in an alliance, the high command tile); a player's tiles take options of the
player's own faction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from builder.systems.heroes.army.findings import Finding, one_of
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import HIGH_COMMAND, PlacedTile, Roster
from builder.systems.heroes.content.vocabulary import OptionCategory
from builder.diagnostics import define_code

if TYPE_CHECKING:
    from builder.systems.heroes.content.models.recruitment import RecruitmentOption, Slot

A_SIZE = define_code("A404", "option does not have the size of its slot")
A_BANDS = define_code("A405", "option's colour bands match none around its slot")
A_SLOT_TAKEN = define_code("A406", "two options in one slot")
A_NO_SLOT = define_code("A407", "tile has no slot of that number")
A_NO_OFFICER = define_code("A408", "order option without an officer tile")
A_OPTION_FACTION = define_code("A425", "option of another faction on a player's tile")


@dataclass(frozen=True)
class Misfit:
    """Why an option cannot go in a slot: a code, the reason in words and a fix."""

    code: str
    reason: str
    rule: str
    short: str = ""


def bands_text(slot: Slot) -> str:
    return one_of([b.value for b in slot.bands])


def slot_misfits(tile: PlacedTile | None, number: int, slot: Slot, option: RecruitmentOption,
                 tile_name: str) -> list[Misfit]:
    """Size and bands: the physical fit of an option in opening ``number`` of a tile."""
    out = []
    if option.size != slot.size:
        out.append(Misfit(A_SIZE, f"slot {number} of '{tile_name}' takes size-{slot.size} options; "
                          f"'{option.name}' is size {option.size}", rules.BUY_OPTIONS,
                          f"size {option.size}; the slot takes size {slot.size}"))
    if not set(slot.bands) & set(option.bands):
        band = one_of([b.value for b in option.bands], "and")
        plural = "bands" if len(option.bands) > 1 else "band"
        out.append(Misfit(A_BANDS, f"slot {number} of '{tile_name}' takes size-{slot.size} options with a "
                          f"{bands_text(slot)} band; '{option.name}' has a {band} {plural}", rules.BUY_OPTIONS,
                          f"{band} {plural}; the slot has {one_of([b.value for b in slot.bands], 'and')}"))
    return out


def army_misfits(roster: Roster, tile: PlacedTile, option: RecruitmentOption) -> list[Misfit]:
    """Rules about the army rather than the slot: officers for orders, the player's faction."""
    out = []
    if option.category is OptionCategory.ORDER and tile.force != HIGH_COMMAND:
        if not roster.has_officer(tile.force) and not any(t.is_high_command for t in roster.tiles):
            out.append(Misfit(A_NO_OFFICER, f"'{option.name}' is an order, and orders need an officer "
                              "tile (O) in the army", rules.ORDER_OPTIONS,
                              "an order: needs an officer tile (O)"))
    if tile.force != HIGH_COMMAND and tile.tile is not None and option.faction != tile.tile.faction:
        out.append(Misfit(A_OPTION_FACTION, f"'{option.name}' is a {option.faction} option; "
                          f"'{tile.name}' is a {tile.tile.faction} tile", rules.BUY_OPTIONS,
                          f"a {option.faction} option on a {tile.tile.faction} tile"))
    return out


def _fix(roster: Roster, tile: PlacedTile, option: RecruitmentOption, code: str) -> str:
    if code == A_NO_OFFICER:
        officers = sorted(t.name for t in roster.pack.items["tiles"].values()
                          if t.kind.value == "officer" and t.faction == option.faction)
        return f"buy an officer tile ({', '.join(officers) or 'none in the pack'}) or drop '{option.name}'"
    if tile.tile is None:
        return ""
    fitting = [str(n) for n, s in enumerate(tile.tile.slots, 1) if not slot_misfits(None, n, s, option, "")]
    if fitting:
        return f"move '{option.name}' to slot {one_of(fitting)} of '{tile.name}'"
    return f"put '{option.name}' on another tile, or choose another option ('heroes army options' lists them)"


def check(roster: Roster) -> Iterator[Finding]:
    for tile in roster.tiles:
        if tile.tile is None:
            continue
        slots = tile.tile.slots
        taken: dict[int, str] = {}
        for placed in tile.options:
            slot_loc = placed.loc[:-1] + ("slot",)
            number = placed.slot or 0
            if not 1 <= number <= len(slots):
                yield Finding(A_NO_SLOT, f"'{tile.name}' has {len(slots)} slot(s); there is no slot {number}",
                              slot_loc, rule=rules.BUY_OPTIONS,
                              hint=f"use a slot number from 1 to {len(slots)}" if slots else "remove this option")
                continue
            if number in taken:
                yield Finding(A_SLOT_TAKEN, f"slot {number} of '{tile.name}' already holds '{taken[number]}'; "
                              f"a slot takes one option", slot_loc, rule=rules.BUY_OPTIONS,
                              hint="move one of them to a free slot or remove it")
                continue
            taken[number] = placed.name
            if placed.option is None:
                continue
            for misfit in slot_misfits(tile, number, slots[number - 1], placed.option, tile.name):
                yield Finding(misfit.code, misfit.reason, placed.loc, rule=misfit.rule,
                              hint=_fix(roster, tile, placed.option, misfit.code))
            for misfit in army_misfits(roster, tile, placed.option):
                yield Finding(misfit.code, misfit.reason, placed.loc, rule=misfit.rule,
                              hint=_fix(roster, tile, placed.option, misfit.code))
