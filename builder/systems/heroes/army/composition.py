"""Turn a scenario side's fixed composition into an army list (000 core rules, Setup >
Scenarios: "Composition of the Armies"; 002 Solo Mode, Family Meeting).

A printed composition names tiles, options and heroes but not which slot holds each
option. The slots are found by a small backtracking search: each option goes in a free
slot of its size with a matching band, on the tile the composition names (``on``) when
it names one. An option the composition gives to a hero (``for_hero``, printed under
the hero's name: Luke's Overwatch, Ludwig's Veteran) is that hero's customisation.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.army.model import ArmyList, HeroEntry, SlotChoice, TileEntry
from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError


def _fits(option: Any, slot: Any) -> bool:
    return option.size == slot.size and bool(set(option.bands) & set(slot.bands))


def _place(options: list[tuple[Any, str | None]], tiles: list[tuple[Any, dict[int, str]]]) -> bool:
    """Backtracking: put every option in a free slot it fits."""
    if not options:
        return True
    (option, on), rest = options[0], options[1:]
    for tile, filled in tiles:
        if on is not None and tile.id != on:
            continue
        for number, slot in enumerate(tile.slots, start=1):
            if number not in filled and _fits(option, slot):
                filled[number] = option.id
                if _place(rest, tiles):
                    return True
                del filled[number]
    return False


def from_composition(pack: Pack, scenario_id: str, side_id: str | None = None, name: str | None = None) -> ArmyList:
    """The army a scenario side's composition prints, with slots assigned."""
    scenario = pack.get("scenarios", scenario_id)
    if scenario is None:
        raise UsageError(f"unknown scenario '{scenario_id}'")
    sides = [s for s in scenario.sides if side_id is None or s.id == side_id]
    if len(sides) != 1:
        raise UsageError(f"choose a side of '{scenario_id}' with --side: {', '.join(s.id for s in scenario.sides)}")
    side = sides[0]
    if not side.army.composition:
        raise UsageError(f"side '{side.id}' of '{scenario_id}' has no fixed composition; it builds to "
                         f"{side.army.points} points")
    tiles: list[tuple[Any, dict[int, str]]] = []
    heroes: list[HeroEntry] = []
    slotted: list[tuple[Any, str | None]] = []
    customised: list[tuple[str, str]] = []
    for entry in side.army.composition:
        for _ in range(entry.count):
            if entry.tile:
                tiles.append((_get(pack, "tiles", entry.tile), {}))
            elif entry.hero:
                _get(pack, "heroes", entry.hero)
                heroes.append(HeroEntry(hero=entry.hero))
            elif entry.option:
                option = _get(pack, "options", entry.option)
                wearer = getattr(entry, "for_hero", None)
                if wearer is not None:
                    customised.append((option.id, wearer))
                else:
                    slotted.append((option, entry.on))
    for option_id, wearer in customised:
        hero = next((h for h in heroes if h.hero == wearer and not h.options), None) or \
            next((h for h in heroes if h.hero == wearer), None)
        if hero is None:
            raise UsageError(f"'{scenario_id}' gives '{option_id}' to hero '{wearer}', who is not in the composition")
        hero.options.append(option_id)
    if not _place(slotted, tiles):
        raise UsageError(f"the options of '{scenario_id}' side '{side.id}' do not fit the slots of its tiles")
    entries = [TileEntry(tile=t.id, options=[SlotChoice(slot=n, option=o) for n, o in sorted(f.items())])
               for t, f in tiles]
    return ArmyList(name=name or f"{scenario.name}: {side.name or side.id}", faction=side.faction,
                    scenario=scenario_id, side=side.id, tiles=entries, heroes=heroes)


def _get(pack: Pack, collection: str, item_id: str) -> Any:
    item = pack.get(collection, item_id)
    if item is None:
        raise UsageError(f"the scenario names an unknown {collection[:-1]} '{item_id}'")
    return item
