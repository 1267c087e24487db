"""Suggest a legal army that spends a budget well: a seeded randomised search over the
pack's tiles, options and heroes (never a fixed list).

Each restart builds an army by repeated random moves (buy a tile, fill a free slot with
an option that fits, recruit a hero whose insignia a tile bears), weighted towards
costly moves so the budget gets spent; moves that would break a rule are never
offered. Given a ``start`` list, every restart begins from it (its tiles, the options in
their slots and its heroes are kept) and only adds to it, so a half-built list is
completed to the budget rather than replaced. The best army (most of the agreed budget spent, then no points-bonus trait with
its drawback, then most order tokens) that passes the full legality check without
warnings wins. Same pack, faction, budget and seed: same army.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from builder.systems.heroes.army import effects
from builder.systems.heroes.army.legality import check as legality
from builder.systems.heroes.army.model import ArmyList, CardEntry, HeroEntry, SlotChoice, TileEntry
from builder.systems.heroes.army.roster import resolve
from builder.systems.heroes.army.summary import USERS
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_ORDERS, MAX_SPECIAL_ORDERS, BASE_BLUFFS, compute, unit_stars
from builder.systems.heroes.content.models.recruitment import Hero, OptionCategory, RecruitmentOption, RecruitmentTile, TileKind
from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError

RESTARTS = 60
AIRCRAFT = "aircraft"  # the effect key of the Aircraft order option (legality.aviation.EFFECT_KEY)


@dataclass
class _Build:
    left: int
    tiles: list[tuple[RecruitmentTile, dict[int, RecruitmentOption]]] = field(default_factory=list)
    heroes: list[Hero] = field(default_factory=list)
    stars: int = 0
    special: int = 0
    bluffs: int = BASE_BLUFFS

    def has_officer(self) -> bool:
        return any(t.kind is TileKind.OFFICER for t, _ in self.tiles)


@dataclass(frozen=True)
class _Facts:
    """What the search needs to know about an option, computed once."""

    option: RecruitmentOption
    net: int
    order: bool
    stars: int
    special: int
    bluffs: int
    bonus: int
    users: frozenset[str] | None


def _fitting(tiles: list, options: list) -> dict[tuple[str, int], list[_Facts]]:
    """For each slot of each tile, the options of its size with a matching band (computed once)."""
    facts = {o.id: _Facts(o, o.cost - effects.points_bonus(o), o.category is OptionCategory.ORDER,
                          effects.stars(o), effects.special_orders(o), effects.bluffs(o),
                          effects.points_bonus(o), USERS.get(o.effect_key or "")) for o in options}
    return {(tile.id, number): [facts[o.id] for o in options
                                if o.size == slot.size and set(o.bands) & set(slot.bands)]
            for tile in tiles for number, slot in enumerate(tile.slots, start=1)}


def _types(pack: Pack, grants: list) -> set[str]:
    return {pack.units[g.unit].type.value for g in grants if g.unit in pack.units}


def _moves(pack: Pack, build: _Build, tiles: list, fitting: dict, heroes: list,
           planes: tuple[RecruitmentTile, ...] = ()) -> list[tuple[int, tuple]]:
    """The moves open to ``build``. An Aircraft order option is offered only together with
    an aircraft tile it recruits (``planes`` not yet taken), never alone: alone it brings
    nothing (003, Orders Options > Aircraft; builder.systems.heroes.army.legality.aviation)."""
    moves: list[tuple[int, tuple]] = []
    taken = {t.id for t, _ in build.tiles}
    for tile in tiles:
        if tile.cost <= build.left and all(t.id != tile.id for t, _ in build.tiles):
            moves.append((tile.cost, ("tile", tile)))
    officer = build.has_officer()
    tile_types = [_types(pack, list(t.units) + [g for o in f.values() for g in o.units]) for t, f in build.tiles]
    army_types = set().union(*tile_types) if tile_types else set()
    bonus_taken = any(effects.points_bonus(o) for _, f in build.tiles for o in f.values())
    for index, (tile, filled) in enumerate(build.tiles):
        types = army_types if tile.kind is TileKind.OFFICER else tile_types[index]
        for number in range(1, len(tile.slots) + 1):
            if number in filled:
                continue
            for f in fitting[(tile.id, number)]:
                if f.net > build.left or (f.order and not officer):
                    continue
                if (f.stars and build.stars + f.stars > MAX_ORDERS) or build.special + f.special > MAX_SPECIAL_ORDERS:
                    continue
                if build.bluffs + f.bluffs > MAX_BLUFFS or (f.bonus and bonus_taken):
                    continue
                if f.users and not types & f.users:
                    continue  # equipment no unit could use
                option = f.option
                if option.effect_key == AIRCRAFT:
                    for plane in planes:
                        if plane.id not in taken and f.net + plane.cost <= build.left and (
                                build.stars + plane.stars + _granted_stars(pack, plane.units) <= MAX_ORDERS):
                            moves.append((option.cost + plane.cost + 1, ("aircraft", index, number, option, plane)))
                    continue
                moves.append((option.cost + 1, ("option", index, number, option)))
    insignia = {t.insignia for t, _ in build.tiles}
    for hero in heroes:
        generic = getattr(pack.insignia.get(hero.insignia), "generic", False)
        if hero.cost <= build.left and hero not in build.heroes and (generic or hero.insignia in insignia):
            moves.append((hero.cost, ("hero", hero)))
    return moves


def _granted_stars(pack: Pack, grants: list) -> int:
    return sum(unit_stars(pack.units.get(g.unit)) * g.count for g in grants)


def _apply(pack: Pack, build: _Build, move: tuple) -> None:
    kind = move[0]
    if kind == "aircraft":  # the Aircraft option and the aircraft tile it recruits, as one purchase
        _, index, number, option, plane = move
        _apply(pack, build, ("option", index, number, option))
        _apply(pack, build, ("tile", plane))
    elif kind == "tile":
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
    """A deck of ``need`` cards: up to two copies of each card first (variety), then more
    copies up to the printed number; command cards as the options allow."""
    cards = sorted((c for c in pack.cards.values() if c.faction == faction), key=lambda c: c.id)
    regular = [c for c in cards if c.command is None]
    if sum(c.copies for c in regular) < need:
        return None
    taken: dict[str, int] = {}
    count = 0
    for cap in (2, 20):
        for card in regular:
            if count >= need:
                break
            more = min(card.copies, cap) - taken.get(card.id, 0)
            if more > 0:
                more = min(more, need - count)
                taken[card.id] = taken.get(card.id, 0) + more
                count += more
    deck = [CardEntry(card=c.id, copies=taken[c.id]) for c in regular if taken.get(c.id)]
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


def _start_moves(pack: Pack, start: ArmyList) -> list[tuple]:
    """The moves that rebuild ``start`` (tiles, then options in their slots, then heroes)."""
    moves: list[tuple] = []
    for index, entry in enumerate(start.tiles):
        tile = pack.tiles.get(entry.tile)
        if tile is None:
            raise UsageError(f"the list names unknown tile '{entry.tile}'; fix it before filling to budget")
        moves.append(("tile", tile))
        for choice in entry.options:
            option = pack.options.get(choice.option)
            if option is None or not 1 <= choice.slot <= len(tile.slots):
                raise UsageError(f"tile '{entry.tile}' has no slot {choice.slot} for '{choice.option}'; "
                                 "fix it before filling to budget")
            moves.append(("option", index, choice.slot, option))
    for hero_entry in start.heroes:
        hero = pack.heroes.get(hero_entry.hero)
        if hero is None:
            raise UsageError(f"the list names unknown hero '{hero_entry.hero}'; fix it before filling to budget")
        moves.append(("hero", hero))
    return moves


def _error_codes(pack: Pack, army: ArmyList) -> set[str]:
    roster = resolve(army, pack)
    return {f.code for f in legality(roster, compute(roster)) if f.is_error}


def suggest(pack: Pack, faction: str, points: int, seed: int = 0, name: str | None = None,
            restarts: int = RESTARTS, start: ArmyList | None = None,
            without_heroes: frozenset[str] = frozenset()) -> ArmyList:
    """A legal army of ``faction`` for ``points``, found by a seeded search.

    With ``start``, the army is ``start`` completed: its entries (and its deck, if it
    has one) are kept and the search only adds tiles, options and heroes; the result
    breaks no rule that ``start`` itself did not already break (a list that is over
    budget, say, stays as it is). ``without_heroes``: heroes another player of the
    alliance has recruited (a hero is one counter, even in an alliance)."""
    if faction not in pack.factions:
        raise UsageError(f"unknown faction '{faction}'; the pack has: {', '.join(sorted(pack.factions))}")
    # Platoon and officer tiles form an army; high command, support and aircraft tiles
    # come with alliances, scenarios and aviation options (000 Army Creation; 003 Support tile).
    tiles = sorted((t for t in pack.tiles.values()
                    if t.faction == faction and t.kind in (TileKind.PLATOON, TileKind.OFFICER)),
                   key=lambda t: t.id)
    options = sorted((o for o in pack.options.values() if o.faction == faction), key=lambda o: o.id)
    planes = tuple(sorted((t for t in pack.tiles.values() if t.faction == faction and t.kind is TileKind.AIRCRAFT),
                          key=lambda t: t.id))
    heroes = sorted((h for h in pack.heroes.values() if h.faction == faction and h.id not in without_heroes),
                    key=lambda h: h.id)
    if not any(t.cost <= points for t in tiles):
        raise UsageError(f"no {faction} recruitment tile costs {points} points or less")
    kept = _start_moves(pack, start) if start is not None else []
    kept_tiles = [m[1] for m in kept if m[0] == "tile" and m[1] not in tiles]
    fitting = _fitting(tiles + kept_tiles, options)
    rng = random.Random(f"army-suggest:{faction}:{points}:{seed}")
    label = name or f"Suggested: {pack.factions[faction].name}, {points} points (seed {seed})"
    ranked: list[tuple[tuple[int, int, int, int], int, ArmyList]] = []
    for restart in range(restarts):
        build = _Build(left=points)
        for move in kept:
            _apply(pack, build, move)
        while True:
            moves = _moves(pack, build, tiles, fitting, heroes, planes)
            if not moves:
                break
            weights = [w * w for w, _ in moves]
            if not any(weights):
                weights = [1] * len(moves)  # only free moves left (0-cost options): pick uniformly
            _apply(pack, build, rng.choices([m for _, m in moves], weights=weights)[0])
        army = _to_army(build, faction, points, label)
        bonus = sum(effects.points_bonus(o) for _, f in build.tiles for o in f.values())
        spent = points + bonus - build.left
        score = (spent - bonus, -bonus, min(build.stars, MAX_ORDERS), -len(build.tiles))
        ranked.append((score, -restart, army))
    ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
    from builder.systems.heroes.army.legality.deck import command_allowance, minimum

    allowed: set[str] = set()
    if start is not None:
        start_copy = start.model_copy(deep=True)
        if not start_copy.deck:
            roster = resolve(start_copy, pack)
            start_copy.deck = _deck(pack, faction, command_allowance(roster), minimum(roster))
        allowed = _error_codes(pack, start_copy)
    fallback = None
    for _, _, army in ranked:
        if start is not None and start.deck:
            army.deck = [entry.model_copy() for entry in start.deck]
        else:
            roster = resolve(army, pack)
            army.deck = _deck(pack, faction, command_allowance(roster), minimum(roster))
        roster = resolve(army, pack)
        findings = legality(roster, compute(roster))
        if {f.code for f in findings if f.is_error} - allowed:
            continue
        if not any(f.code != "A427" for f in findings):
            return army  # legal and free of warnings
        fallback = fallback or army
    if fallback is not None:
        return fallback
    raise UsageError(f"no legal {faction} army found for {points} points")


def suggest_for(pack: Pack, *, faction: str | None = None, points: int | None = None, seed: int = 0,
                name: str | None = None, scenario: str | None = None, side: str | None = None,
                start: ArmyList | None = None) -> ArmyList:
    """:func:`suggest`, or a scenario side's composition, or a search to the side's budget
    (completing ``start`` when given; a fixed composition is never a completion)."""
    if scenario is None:
        if faction is None or points is None:
            raise UsageError("give --faction and --points (or --scenario and --side)")
        return suggest(pack, faction, points, seed, name, start=start)
    from builder.systems.heroes.army.composition import from_composition

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
        army = suggest(pack, chosen.faction, budget, seed, name, start=start)
        army.points = None if points is None else points
    army.scenario, army.side = scenario, chosen.id
    if start is not None and start.deck and not chosen.army.composition:
        return army  # the user's own deck is kept
    roster = resolve(army, pack)
    from builder.systems.heroes.army.legality.deck import command_allowance, minimum

    army.deck = _deck(pack, chosen.faction, command_allowance(roster), minimum(roster))
    return army
