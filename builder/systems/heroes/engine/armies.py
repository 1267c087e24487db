"""Armies for a game: compositions from a scenario, an army list, or a default
army for a points-only side (000 core rules, Army Creation).

Stars come from tiles, options and units; equipment tokens sit on their tile (army-wide
on an officer tile, Army Creation > Equipment), a Gear option's as the tokens chosen
for it (builder/systems/heroes/engine/features/gear.py); a loss counts against the option a
unit came with, else its tile (Setup > Breaking Point).
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.army.model import ArmyList, TileEntry
from builder.systems.heroes.army.suggest import suggest
from builder.systems.heroes.engine.errors import setup_error as _fail
from builder.systems.heroes.engine.features.gear import GEAR
from builder.systems.heroes.engine.features.gear import choose as choose_gear
from builder.systems.heroes.engine.profiles import profile_of
from builder.systems.heroes.engine.state import Group, SideStatic, UnitStatic
from builder.errors import UsageError


def _entries(entries: Any) -> list[dict[str, Any]]:
    out = []
    for e in entries:
        if hasattr(e, "model_dump"):
            e = e.model_dump()
        out.append(dict(e))
    return out


def army_composition(army: Any) -> list[dict[str, Any]]:
    """Composition entries of an army: a list of entries as in a scenario, an
    object with ``composition``, or an army list (builder.systems.heroes.army: tiles with the
    option in each slot, heroes, support; an alliance's players in turn)."""
    if isinstance(army, (list, tuple)):
        return _entries(army)
    if getattr(army, "composition", None) is not None:
        return _entries(army.composition)
    out: list[dict[str, Any]] = []
    listed = list(getattr(getattr(army, "alliance", None), "players", None) or [])
    for j, player in enumerate(listed or [army]):
        seat = {"seat": j} if listed else {}  # an alliance player's place (builder/systems/heroes/engine/alliances.py)
        for t in getattr(player, "tiles", []) or []:
            out.append({"tile": t.tile, **seat})
            out.extend({"option": c.option, "on": t.tile, **seat} for c in t.options)
        for h in getattr(player, "heroes", []) or []:
            out.append({"hero": h.hero, **seat})
            out.extend({"option": o, **seat} for o in getattr(h, "options", []) or [])
    for hc in getattr(getattr(army, "alliance", None), "high_command", None) or []:
        out.append({"tile": hc.tile})
        out.extend({"option": c.option, "on": hc.tile} for c in hc.options)
    out.extend({"option": o} for o in getattr(army, "support", []) or [])
    if not out:
        raise _fail("the army given for a side has no tiles, heroes or composition")
    return out


DEFAULT_ARMY_SEED = 0
"""The seed of the default armies (``heroes army suggest --seed 0``): one army per side
and budget, the same in every game, so a playtest measures the scenario, not a draw of
armies."""


def default_army(pack: Any, faction: str, points: int, seed: int = DEFAULT_ARMY_SEED,
                 without_heroes: frozenset[str] = frozenset()) -> Any:
    """The army list a points-only side plays (000 core rules, Army Creation: each
    player buys an army to the agreed points): ``heroes army suggest``'s seeded search
    (builder.systems.heroes.army.suggest), legal and spending the budget as fully as it can, found once
    per pack, faction and budget.

    A budget below every recruitment tile (a balance search trying small budgets)
    still fields the faction's cheapest platoon tile, over budget: a side needs units
    to play."""

    known: dict[tuple[str, int, int, frozenset[str]], Any] = pack.__dict__.setdefault("_engine_default_armies", {})
    army = known.get((faction, points, seed, without_heroes))
    if army is None:
        try:
            army = suggest(pack, faction, points, seed, without_heroes=without_heroes)
        except UsageError as exc:
            tiles = sorted((t for t in pack.items["tiles"].values() if t.faction == faction
                            and t.kind.value == "platoon" and t.units), key=lambda t: (t.cost, t.id))
            if not tiles:
                raise _fail(f"no default army for faction '{faction}' at {points} points: {exc}",
                            "give the scenario side a fixed composition, or an army list") from None
            army = ArmyList(name=f"cheapest {faction} tile", faction=faction, points=points,
                            tiles=[TileEntry(tile=tiles[0].id)])
        known[(faction, points, seed, without_heroes)] = army
    return army


def default_composition(pack: Any, faction: str, points: int, seed: int = DEFAULT_ARMY_SEED,
                        without_heroes: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """The composition entries of :func:`default_army`."""
    return army_composition(default_army(pack, faction, points, seed, without_heroes))


def reinforcement_points(scenario: Any, side_id: str) -> int:
    """Points of reinforcements the scenario's ``reinforce`` effects buy for ``side_id``
    (003 Campaign > 1 Trading Blows: "REINFORCEMENTS - 180 POINTS"), set aside at set-up
    until they enter (builder/systems/heroes/engine/features/reinforcements.py)."""
    return sum(int(eff.params.get("points") or 0) for ev in scenario.events for eff in ev.effects
               if eff.do == "reinforce" and (eff.side or ev.side) == side_id)


def build_side(pack: Any, side_id: str, faction: str, composition: list[dict[str, Any]],
               units: list[UnitStatic], owners: list[int], side_index: int,
               at: tuple[Any, str, tuple[Any, ...]] | None = None, first_seat: int = -1) -> SideStatic:
    """The side's groups, stars, tokens and traits, its units appended to ``units``.
    In a game of three or four players (``first_seat`` >= 0) each unit belongs to the
    player its entry's ``seat`` names within the alliance (builder/systems/heroes/engine/alliances.py)."""
    groups: list[Group] = []
    stars = bluffs = specials = 0
    equipment: dict[tuple[int, str], int] = {}
    traits: dict[tuple[int, str], int] = {}
    keys: set[str] = set()
    tile_index: dict[str, int] = {}
    hero_names: dict[str, str] = {}
    last_tile = -1

    def add_units(grants: list[tuple[str, int]], group: int, tile: int, granted: dict[str, int], aside: bool,
                  seat: int, j: int = -1) -> None:
        for unit_id, count in grants:
            model = pack.items["units"].get(unit_id)
            if model is None:
                raise _fail(f"side '{side_id}' needs unit '{unit_id}', which the pack does not define",
                            at=where(j, "unit") if j >= 0 else None)
            for _ in range(count):
                groups[group].units.append(len(units))
                units.append(UnitStatic(profile_of(model), dict(granted), group, tile, aside, seat=seat))
                owners.append(side_index)

    def where(j: int, key: str) -> tuple[Any, str, tuple[Any, ...]] | None:
        return None if at is None else (at[0], at[1], at[2] + (j, key))

    seat = -1
    for j, entry in enumerate(composition):
        if first_seat >= 0:
            seat = first_seat + int(entry.get("seat") or 0)
        count = int(entry.get("count") or 1)
        aside = bool(entry.get("set_aside"))
        for _ in range(count):
            if entry.get("tile"):
                tile = pack.items["tiles"].get(entry["tile"])
                if tile is None:
                    raise _fail(f"side '{side_id}' names tile '{entry['tile']}', which the pack does not define",
                                at=where(j, "tile"))
                g = len(groups)
                bp = tile.breaking_point
                groups.append(Group(tile.name, "tile", [], bp.units if bp else 0, bp.victory_points if bp else 0,
                                    tile.kind.value == "officer"))
                tile_index[tile.id] = last_tile = g
                if aside:  # a reinforcement's stars count once it has entered (builder/systems/heroes/engine/rules.py)
                    groups[g].aside_stars = tile.stars
                else:
                    stars += tile.stars
                granted = {a.id: a.value or 0 for a in tile.abilities}
                add_units([(u.unit, u.count) for u in tile.units], g, g, granted, aside, seat)
            elif entry.get("option"):
                option = pack.items["options"].get(entry["option"])
                if option is None:
                    raise _fail(f"side '{side_id}' names option '{entry['option']}', which the pack does not define",
                                at=where(j, "option"))
                on = tile_index.get(entry.get("on") or "", last_tile)
                army_wide = on < 0 or groups[on].officer or option.category.value == "order"
                scope = -1 if army_wide else on
                key = option.effect_key or option.id
                keys.add(key)
                if aside and on >= 0:  # an option of a reinforcement tile: its stars come with the tile
                    groups[on].aside_stars += option.stars
                else:
                    stars += option.stars
                bluffs += option.bluffs
                specials += option.special_orders
                if option.tokens and key == GEAR:  # resolved into other options' tokens (builder/systems/heroes/engine/features/gear.py)
                    users = [units[i].profile for g2 in groups for i in g2.units
                             if army_wide or units[i].tile == on]
                    for chosen, n in choose_gear(pack, option, users).items():
                        equipment[(scope, chosen)] = equipment.get((scope, chosen), 0) + n
                        keys.add(chosen)
                elif option.tokens:
                    equipment[(scope, key)] = equipment.get((scope, key), 0) + option.tokens
                if option.category.value in ("trait", "order"):
                    traits[(scope, key)] = 1
                if option.units:
                    g = len(groups)
                    bp = option.breaking_point
                    groups.append(Group(option.name, "option", [], bp.units if bp else 0, bp.victory_points if bp else 0))
                    add_units([(u.unit, u.count) for u in option.units], g, on, {}, aside, seat)
                holders = groups[on].units if on >= 0 else []
                if entry.get("for_hero"):  # an option bought for a hero (FM1's Overwatch for Luke)
                    holders = [u for g2 in groups if g2.kind == "hero" and g2.name == hero_names.get(entry["for_hero"])
                               for u in g2.units]
                    if (scope, key) in traits:
                        del traits[(scope, key)]
                    for uid in holders:
                        units[uid].granted[key] = 1
                for uid in holders:
                    for a in option.abilities:
                        units[uid].granted[a.id] = a.value or 0
            elif entry.get("hero"):
                hero = pack.items["heroes"].get(entry["hero"])
                if hero is None:
                    raise _fail(f"side '{side_id}' names hero '{entry['hero']}', which the pack does not define",
                                at=where(j, "hero"))
                g = len(groups)
                groups.append(Group(hero.name, "hero"))
                hero_names[hero.id] = hero.name
                add_units([(hero.unit, 1)], g, -1, {}, aside, seat)
            elif entry.get("unit"):
                g = len(groups)
                groups.append(Group(entry["unit"], "unit"))
                add_units([(entry["unit"], 1)], g, last_tile, {}, aside, seat, j)
    return SideStatic(side_id, faction, groups, stars, 1 + bluffs, min(2, specials), equipment, traits, frozenset(keys))


