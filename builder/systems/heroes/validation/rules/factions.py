"""An army is built from one faction's components.

Tiles, options and heroes bring their own faction's counters and wear their own
faction's insignia; a scenario side fields items of its faction; orders need an officer
(000 core rules, Army Creation > Buy Recruitment Options > Orders, and Setup > Cards:
each player uses his own faction's components).
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

ARMY = "000 core rules, Army Creation"
ORDERS = "000 core rules, Army Creation > Buy Recruitment Options > Orders"

C_OTHER_FACTION = define_code("C316", "item uses a component of another faction", ARMY)
C_ORDER_WITHOUT_OFFICER = define_code("C317", "order option but the faction has no officer tile", ORDERS)


def _mismatch(ctx: CheckContext, owner: str, owner_id: str, path: tuple[str | int, ...], faction: str,
              collection: str, target_id: str | None, what: str) -> Iterable[Diagnostic]:
    target = ctx.pack.items[collection].get(target_id) if target_id else None
    other = getattr(target, "faction", None)
    if target is None or other is None or other == faction:
        return []
    return [ctx.at(owner, owner_id, path, C_OTHER_FACTION,
                   f"{what} '{target_id}' belongs to faction '{other}', not '{faction}'",
                   hint=f"use a {what} of faction '{faction}', or correct the faction of one of them", rule=ARMY)]


@rule
def components_of_one_faction(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Units, insignia and composition entries belong to the faction that uses them."""
    for collection in ("tiles", "options"):
        for item in ctx.pack.items[collection].values():
            for index, grant in enumerate(item.units):
                yield from _mismatch(ctx, collection, item.id, ("units", index, "unit"), item.faction,
                                     "units", grant.unit, "unit")
    for collection in ("units", "tiles", "heroes"):
        for item in ctx.pack.items[collection].values():
            yield from _mismatch(ctx, collection, item.id, ("insignia",), item.faction,
                                 "insignia", getattr(item, "insignia", None), "insignia")
    for hero in ctx.pack.heroes.values():
        yield from _mismatch(ctx, "heroes", hero.id, ("unit",), hero.faction, "units", hero.unit, "unit")
    for sc in ctx.pack.scenarios.values():
        for s, side in enumerate(sc.sides):
            for e, entry in enumerate(side.army.composition):
                for key, collection in (("tile", "tiles"), ("option", "options"), ("hero", "heroes"),
                                        ("unit", "units")):
                    yield from _mismatch(ctx, "scenarios", sc.id, ("sides", s, "army", "composition", e, key),
                                         side.faction, collection, getattr(entry, key), key)


@rule
def orders_need_an_officer(ctx: CheckContext) -> Iterable[Diagnostic]:
    """An order option can only be bought by an army with an officer tile, so its
    faction must have one."""
    for option in ctx.pack.options.values():
        if option.category.value != "order":
            continue
        if any(t.kind.value == "officer" for t in ctx.by_faction("tiles", option.faction)):
            continue
        yield ctx.at("options", option.id, ("category",), C_ORDER_WITHOUT_OFFICER,
                     f"order option '{option.id}' can never be bought: faction '{option.faction}' has no "
                     "officer recruitment tile", hint=f"add an officer tile (kind: officer) for '{option.faction}', "
                     "or correct the option's category", rule=ORDERS)


SOLO_BAG = "002 Solo Mode, Set Up > Reinforcements Bag"


@rule
def solo_reinforcements_of_the_ai_faction(ctx: CheckContext) -> Iterable[Diagnostic]:
    """The units a scenario puts in the Solo Mode reinforcements bag belong to the
    faction of a side the AI can play (unknown units are dangling references, C302)."""
    for sc in ctx.pack.scenarios.values():
        notes = sc.solo
        if notes is None or not notes.reinforcements:
            continue
        ai = set(notes.ai_sides or ([notes.default_ai_side] if notes.default_ai_side else []))
        factions = sorted({s.faction for s in sc.sides if not ai or s.id in ai})
        for index, unit_id in enumerate(notes.reinforcements):
            unit = ctx.pack.units.get(unit_id)
            if unit is None or unit.faction in factions:
                continue
            yield ctx.at("scenarios", sc.id, ("solo", "reinforcements", index), C_OTHER_FACTION,
                         f"unit '{unit_id}' belongs to faction '{unit.faction}', but the AI plays "
                         f"{' or '.join(repr(f) for f in factions)}",
                         hint="put one of the AI faction's units in its reinforcements bag", rule=SOLO_BAG)
