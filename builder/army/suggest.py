"""Suggest a legal army that spends a budget well: a seeded randomised search over the
pack's tiles, options and heroes (never a fixed list).

Each restart builds an army by repeated random moves (buy a tile, fill a free slot with
an option that fits, recruit a hero whose insignia a tile bears), weighted towards
costly moves so the budget gets spent; moves that would break a rule are never
offered. The best army (most points spent, then most order tokens) that passes the
full legality check wins. Same pack, faction, budget and seed: same army.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from builder.army import effects
from builder.army.legality import check as legality
from builder.army.model import ArmyList, CardEntry, HeroEntry, SlotChoice, TileEntry
from builder.army.roster import resolve
from builder.army.summary import USERS
from builder.army.totals import MAX_BLUFFS, MAX_ORDERS, MAX_SPECIAL_ORDERS, BASE_BLUFFS, compute, unit_stars
from builder.content.models.recruitment import OptionCategory, TileKind
from builder.content.pack import Pack
from builder.errors import UsageError

RESTARTS = 60


@dataclass
class _Build:
    left: int
    tiles: list[tuple[object, dict[int, object]]] = field(default_factory=list)
    heroes: list[object] = field(default_factory=list)
    stars: int = 0
    option_stars: int = 0
    special: int = 0
    bluffs: int = BASE_BLUFFS

    def has_officer(self) -> bool:
        return any(t.kind is TileKind.OFFICER for t, _ in self.tiles)


def _moves(pack: Pack, build: _Build, tiles: list, options: list, heroes: list) -> list[tuple[int, tuple]]:
    moves: list[tuple[int, tuple]] = []
    for tile in tiles:
        if tile.cost <= build.left and all(t.id != tile.id for t, _ in build.tiles):
            moves.append((tile.cost, ("tile", tile)))
    officer = build.has_officer()
    for index, (tile, filled) in enumerate(build.tiles):
        types = {pack.units[g.unit].type.value for g in tile.units if g.unit in pack.units}
        for opt in filled.values():
            types |= {pack.units[g.unit].type.value for g in opt.units if g.unit in pack.units}
        for number, slot in enumerate(tile.slots, start=1):
            if number in filled:
                continue
            for option in options:
                net = option.cost - effects.points_bonus(option)
                if net > build.left or option.size != slot.size or not set(option.bands) & set(slot.bands):
                    continue
                if option.category is OptionCategory.ORDER and not officer:
                    continue
                if effects.stars(option) and build.stars + effects.stars(option) > MAX_ORDERS:
                    continue
                if build.special + effects.special_orders(option) > MAX_SPECIAL_ORDERS:
                    continue
                if build.bluffs + effects.bluffs(option) > MAX_BLUFFS:
                    continue
                users = USERS.get(option.effect_key or "")
                if users and tile.kind is not TileKind.OFFICER and not types & users:
                    continue  # equipment no unit of the tile could use
                bonus_taken = any(effects.points_bonus(o) for _, f in build.tiles for o in f.values())
                if effects.points_bonus(option) and bonus_taken:
                    continue
                moves.append((option.cost + 1, ("option", index, number, option)))
    insignia = {t.insignia for t, _ in build.tiles}
    for hero in heroes:
        generic = getattr(pack.insignia.get(hero.insignia), "generic", False)
        if hero.cost <= build.left and hero not in build.heroes and (generic or hero.insignia in insignia):
            moves.append((hero.cost, ("hero", hero)))
    return moves


def _apply(pack: Pack, build: _Build, move: tuple) -> None:
    kind = move[0]
    if kind == "tile":
        tile = move[1]
        build.tiles.append((tile, {}))
        build.left -= tile.cost
        build.stars += tile.stars + sum(unit_stars(pack.units.get(g.unit)) * g.count for g in tile.units)
    elif kind == "option":
        _, index, number, option = move
        tile, filled = build.tiles[index]
        filled[number] = option
        build.left -= option.cost - effects.points_bonus(option)
        grants = tile.slots[number - 1].grants
        build.stars += effects.stars(option) + (grants.stars if grants else 0)
        build.stars += sum(unit_stars(pack.units.get(g.unit)) * g.count for g in option.units)
        build.special += effects.special_orders(option)
        build.bluffs += effects.bluffs(option)
    else:
        hero = move[1]
        build.heroes.append(hero)
        build.left -= hero.cost
        build.stars += unit_stars(pack.units.get(hero.unit))


def _deck(pack: Pack, faction: str, allowance: dict[str, int], need: int) -> list[CardEntry] | None:
    cards = sorted((c for c in pack.cards.values() if c.faction == faction), key=lambda c: c.id)
    deck: list[CardEntry] = []
    count = 0
    for card in cards:
        if card.command is None and count < need:
            take = min(card.copies, need - count)
            deck.append(CardEntry(card=card.id, copies=take))
            count += take
    if count < need:
        return None
    for card in cards:
        if card.command is not None and allowance.get(card.command.value, 0) > 0:
            take = min(card.copies, allowance[card.command.value])
            allowance[card.command.value] -= take
            deck.append(CardEntry(card=card.id, copies=take))
    return deck


def _to_army(build: _Build, faction: str, points: int, name: str) -> ArmyList:
    tiles = [TileEntry(tile=t.id, options=[SlotChoice(slot=n, option=o.id) for n, o in sorted(f.items())])
             for t, f in build.tiles]
    heroes = [HeroEntry(hero=h.id) for h in build.heroes]
    return ArmyList(name=name, faction=faction, points=points, tiles=tiles, heroes=heroes)


def suggest(pack: Pack, faction: str, points: int, seed: int = 0, name: str | None = None,
            restarts: int = RESTARTS) -> ArmyList:
    """A legal army of ``faction`` for ``points``, found by a seeded search."""
    if faction not in pack.factions:
        raise UsageError(f"unknown faction '{faction}'; the pack has: {', '.join(sorted(pack.factions))}")
    tiles = sorted((t for t in pack.tiles.values() if t.faction == faction and t.kind is not TileKind.HIGH_COMMAND),
                   key=lambda t: t.id)
    options = sorted((o for o in pack.options.values() if o.faction == faction), key=lambda o: o.id)
    heroes = sorted((h for h in pack.heroes.values() if h.faction == faction), key=lambda h: h.id)
    if not any(t.cost <= points for t in tiles):
        raise UsageError(f"no {faction} recruitment tile costs {points} points or less")
    rng = random.Random(f"army-suggest:{faction}:{points}:{seed}")
    label = name or f"Suggested: {pack.factions[faction].name}, {points} points (seed {seed})"
    ranked: list[tuple[tuple[int, int, int], int, ArmyList]] = []
    for restart in range(restarts):
        build = _Build(left=points)
        while True:
            moves = _moves(pack, build, tiles, options, heroes)
            if not moves:
                break
            weights = [w * w for w, _ in moves]
            _apply(pack, build, rng.choices([m for _, m in moves], weights=weights)[0])
        army = _to_army(build, faction, points, label)
        ranked.append(((points - build.left, min(build.stars, MAX_ORDERS), -len(build.tiles)), -restart, army))
    ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
    for _, _, army in ranked:
        roster = resolve(army, pack)
        from builder.army.legality.deck import command_allowance, minimum

        army.deck = _deck(pack, faction, command_allowance(roster), minimum(roster))
        roster = resolve(army, pack)
        if not any(f.is_error for f in legality(roster, compute(roster))):
            return army
    raise UsageError(f"no legal {faction} army found for {points} points")


def suggest_for(pack: Pack, *, faction: str | None = None, points: int | None = None, seed: int = 0,
                name: str | None = None, scenario: str | None = None, side: str | None = None) -> ArmyList:
    """:func:`suggest`, or a scenario side's composition, or a search to the side's budget."""
    if scenario is None:
        if faction is None or points is None:
            raise UsageError("give --faction and --points (or --scenario and --side)")
        return suggest(pack, faction, points, seed, name)
    from builder.army.composition import from_composition

    found = pack.get("scenarios", scenario)
    if found is None:
        raise UsageError(f"unknown scenario '{scenario}'")
    sides = [s for s in found.sides if (side is None or s.id == side) and (faction is None or s.faction == faction)]
    if len(sides) != 1:
        raise UsageError(f"choose one side of '{scenario}' with --side: {', '.join(s.id for s in found.sides)}")
    chosen = sides[0]
    if chosen.army.composition:
        army = from_composition(pack, scenario, chosen.id, name)
    else:
        budget = points or chosen.army.points
        if budget is None:
            raise UsageError(f"side '{chosen.id}' of '{scenario}' sets no points; give --points")
        army = suggest(pack, chosen.faction, budget, seed, name)
        army.points = None if points is None else points
    army.scenario, army.side = scenario, chosen.id
    roster = resolve(army, pack)
    from builder.army.legality.deck import command_allowance, minimum

    army.deck = _deck(pack, chosen.faction, command_allowance(roster), minimum(roster))
    return army
