"""New games: armies from the scenario (or given compositions), seeded deployment.

000 core rules, Setup (Scenarios, Cards, Deployment) and Army Creation: a side's
army is its recruitment tiles with their options, heroes and units; order stars
come from tiles, options and units; equipment tokens sit on their tile (army-wide
on an officer tile). Points-only scenarios get a default army bought greedily from
the faction's tiles. Deployment is deterministic for a seed: the initiative side
first, each unit on the first free legal square of a seeded shuffle of its zone.
"""

from __future__ import annotations

from typing import Any

from builder.diagnostics import Diagnostic, define_code
from builder.engine.battlefield import build_battlefield
from builder.engine.dice import Rng, derive_seed
from builder.engine.grid import GridError
from builder.engine.movement import facing_towards
from builder.engine.profiles import profile_of
from builder.engine.state import GameState, GameStatic, Group, SideState, SideStatic, UnitState, UnitStatic
from builder.content.locator import Locator
from builder.errors import InvalidInputError

E601 = define_code("E601", "scenario cannot be set up for play")


class SetupError(InvalidInputError):
    """The scenario or an army cannot be turned into a game."""


def _fail(message: str, hint: str = "", at: tuple[Any, str, tuple[Any, ...]] | None = None) -> SetupError:
    """A setup error; ``at`` = (pack, scenario id, path inside the scenario) locates it."""
    file, line, col = "", 0, 0
    if at is not None:
        pack, scenario_id, loc = at
        origin = pack.origin("scenarios", scenario_id) if hasattr(pack, "origin") else None
        if origin is not None:
            file = origin.file
            line, col = Locator().position(origin.path, tuple(origin.loc) + tuple(loc))
    return SetupError(message, [Diagnostic(E601, message, file=file, line=line, col=col, hint=hint,
                                           rule="000 core rules, Setup")])


def _entries(entries: Any) -> list[dict[str, Any]]:
    out = []
    for e in entries:
        if hasattr(e, "model_dump"):
            e = e.model_dump()
        out.append(dict(e))
    return out


def army_composition(army: Any) -> list[dict[str, Any]]:
    """Composition entries of an army: a list of entries as in a scenario, an
    object with ``composition``, or an army list (builder.army: tiles with the
    option in each slot, heroes, support; an alliance's players in turn)."""
    if isinstance(army, (list, tuple)):
        return _entries(army)
    if getattr(army, "composition", None) is not None:
        return _entries(army.composition)
    out: list[dict[str, Any]] = []
    players = list(getattr(getattr(army, "alliance", None), "players", None) or [army])
    for player in players:
        for t in getattr(player, "tiles", []) or []:
            out.append({"tile": t.tile})
            out.extend({"option": c.option, "on": t.tile} for c in t.options)
        for h in getattr(player, "heroes", []) or []:
            out.append({"hero": h.hero})
            out.extend({"option": o} for o in getattr(h, "options", []) or [])
    for hc in getattr(getattr(army, "alliance", None), "high_command", None) or []:
        out.append({"tile": hc.tile})
        out.extend({"option": c.option, "on": hc.tile} for c in hc.options)
    out.extend({"option": o} for o in getattr(army, "support", []) or [])
    if not out:
        raise _fail("the army given for a side has no tiles, heroes or composition")
    return out


def default_composition(pack: Any, faction: str, points: int) -> list[dict[str, Any]]:
    """A default army for a points-only side: each platoon tile once, cheapest
    first, while the budget lasts, then support options that fit."""
    tiles = sorted((t for t in pack.items["tiles"].values() if t.faction == faction and t.kind.value == "platoon"
                    and t.units), key=lambda t: (t.cost, t.id))
    if not tiles:
        raise _fail(f"faction '{faction}' has no platoon recruitment tile to build a default army from",
                    "give the scenario side a fixed composition")
    out: list[dict[str, Any]] = []
    left = points
    for t in tiles:
        if t.cost <= left:
            out.append({"tile": t.id})
            left -= t.cost
    if not out:
        out.append({"tile": tiles[0].id})
    supports = sorted((o for o in pack.items["options"].values() if o.faction == faction
                       and o.category.value == "support" and o.units), key=lambda o: (o.cost, o.id))
    for o in supports:
        if o.cost <= left:
            out.append({"option": o.id, "on": out[0]["tile"]})
            left -= o.cost
    return out


def build_side(pack: Any, side_id: str, faction: str, composition: list[dict[str, Any]],
               units: list[UnitStatic], owners: list[int], side_index: int,
               at: tuple[Any, str, tuple[Any, ...]] | None = None) -> SideStatic:
    groups: list[Group] = []
    stars = bluffs = specials = 0
    equipment: dict[tuple[int, str], int] = {}
    traits: dict[tuple[int, str], int] = {}
    keys: set[str] = set()
    tile_index: dict[str, int] = {}
    last_tile = -1

    def add_units(grants: list[tuple[str, int]], group: int, tile: int, granted: dict[str, int], aside: bool,
                  j: int = -1) -> None:
        for unit_id, count in grants:
            model = pack.items["units"].get(unit_id)
            if model is None:
                raise _fail(f"side '{side_id}' needs unit '{unit_id}', which the pack does not define",
                            at=where(j, "unit") if j >= 0 else None)
            for _ in range(count):
                groups[group].units.append(len(units))
                units.append(UnitStatic(profile_of(model), dict(granted), group, tile, aside))
                owners.append(side_index)

    def where(j: int, key: str) -> tuple[Any, str, tuple[Any, ...]] | None:
        return None if at is None else (at[0], at[1], at[2] + (j, key))

    for j, entry in enumerate(composition):
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
                stars += tile.stars
                granted = {a.id: a.value or 0 for a in tile.abilities}
                add_units([(u.unit, u.count) for u in tile.units], g, g, granted, aside)
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
                stars += option.stars
                bluffs += option.bluffs
                specials += option.special_orders
                if option.tokens:
                    equipment[(scope, key)] = equipment.get((scope, key), 0) + option.tokens
                if option.category.value in ("trait", "order"):
                    traits[(scope, key)] = 1
                if option.units:
                    g = len(groups)
                    bp = option.breaking_point
                    groups.append(Group(option.name, "option", [], bp.units if bp else 0, bp.victory_points if bp else 0))
                    add_units([(u.unit, u.count) for u in option.units], g, on, {}, aside)
                if option.abilities and on >= 0:
                    for uid in groups[on].units:
                        for a in option.abilities:
                            units[uid].granted[a.id] = a.value or 0
            elif entry.get("hero"):
                hero = pack.items["heroes"].get(entry["hero"])
                if hero is None:
                    raise _fail(f"side '{side_id}' names hero '{entry['hero']}', which the pack does not define",
                                at=where(j, "hero"))
                g = len(groups)
                groups.append(Group(hero.name, "hero"))
                add_units([(hero.unit, 1)], g, -1, {}, aside)
            elif entry.get("unit"):
                g = len(groups)
                groups.append(Group(entry["unit"], "unit"))
                add_units([(entry["unit"], 1)], g, last_tile, {}, aside, j)
    return SideStatic(side_id, faction, groups, stars, 1 + bluffs, min(2, specials), equipment, traits, frozenset(keys))


def _deck(pack: Any, faction: str, keys: frozenset[str], rng: Rng, given: Any = None) -> list[str]:
    """The army list's deck when it has one, else every copy of the faction's cards
    (command cards only with the matching order option), shuffled."""
    deck: list[str] = []
    if given:
        for entry in given:
            deck.extend([entry.card] * entry.copies)
        rng.shuffle(deck)
        return deck
    for card in sorted(pack.items["cards"].values(), key=lambda c: c.id):
        if card.faction != faction:
            continue
        if card.command is not None and ("artillery" if card.command.value == "artillery" else "airstrike") not in keys:
            continue
        deck.extend([card.id] * card.copies)
    rng.shuffle(deck)
    return deck


def new_game(rules: Any, pack: Any, scenario_id: str, seed: int, armies: Any = None, options: Any = None) -> GameState:
    scenario = pack.items["scenarios"].get(scenario_id)
    if scenario is None:
        known = ", ".join(sorted(pack.items["scenarios"])) or "none"
        raise _fail(f"unknown scenario '{scenario_id}' (known: {known})")
    try:
        bf = build_battlefield(pack, scenario.layout)
    except GridError as exc:
        raise _fail(f"scenario '{scenario_id}': {exc}", at=(pack, scenario_id, ("layout",))) from None
    units: list[UnitStatic] = []
    owners: list[int] = []
    sides: list[SideStatic] = []
    decks: list[Any] = [None, None]
    for i, side in enumerate(scenario.sides[:2]):
        if armies and i < len(armies) and armies[i] is not None:
            comp = army_composition(armies[i])
            decks[i] = getattr(armies[i], "deck", None)
        elif side.army.composition:
            comp = _entries(side.army.composition)
        else:
            comp = default_composition(pack, side.faction, side.army.points or 0)
        at = None if (armies and i < len(armies) and armies[i] is not None) else \
            (pack, scenario_id, ("sides", i, "army", "composition"))
        sides.append(build_side(pack, side.id, side.faction, comp, units, owners, i, at))
    side_ids = [s.id for s in sides]
    objectives = []
    for k, o in enumerate(scenario.objectives):
        try:
            sq = bf.square(o.at)
        except GridError as exc:
            raise _fail(f"objective '{o.id}': {exc}", at=(pack, scenario_id, ("objectives", k, "at"))) from None
        owner = side_ids.index(o.owner) if o.owner in side_ids else -1
        objectives.append((o.id, sq, o.kind.value, o.victory_points, owner))
    static = GameStatic(pack, scenario, bf, sides, units, objectives, seed,
                        hand_size=scenario.sides[0].army.hand)
    state = GameState(rules, static, Rng(derive_seed(seed, "dice")))
    state.units = [UnitState(i, owners[i], st) for i, st in enumerate(units)]
    first = scenario.initiative.first
    state.initiative = side_ids.index(first) if first in side_ids else 0
    setup_rng = Rng(derive_seed(seed, "setup"))
    for i, ss in enumerate(sides):
        s = SideState()
        s.equipment = dict(ss.equipment)
        s.lost = [0] * len(ss.groups)
        s.broken = [False] * len(ss.groups)
        s.deck = _deck(pack, ss.faction, ss.keys, setup_rng, decks[i])
        hand = scenario.sides[i].army.hand
        s.hand, s.deck = s.deck[:hand], s.deck[hand:]
        state.sides.append(s)
    for u in state.units:
        faces = u.st.profile.faces
        if faces[0].role == "concealed" and len(faces) > 1:
            u.face = 1  # Ambush is not simulated: such units deploy revealed
    deploy(state, scenario, setup_rng, (pack, scenario_id))
    return state


def deploy(state: GameState, scenario: Any, rng: Rng, origin: tuple[Any, str] | None = None) -> None:
    """Place every unit not set aside in its side's zone, the initiative side first
    (000 core rules, Setup > Deployment)."""
    bf = state.static.bf
    cx, cy = (bf.width - 1) / 2, (bf.height - 1) / 2
    order = [state.initiative] + [i for i in range(len(state.sides)) if i != state.initiative]
    for si in order:
        spec = scenario.sides[si]
        at = None if origin is None else (origin[0], origin[1], ("sides", si, "deployment"))
        zone: list[int] = []
        try:
            for area in spec.deployment:
                zone.extend(bf.area_squares(area))
            for sq in spec.entry:
                zone.append(bf.square(sq))
        except GridError as exc:
            raise _fail(f"side '{spec.id}' deployment: {exc}", at=at) from None
        zone = list(dict.fromkeys(zone))
        if not zone:
            raise _fail(f"side '{spec.id}' has no deployment zone or entry square", at=at)
        wanted = 2 * sum(1 for u in state.units if u.side == si and not u.st.set_aside) + 4
        if not spec.deployment:
            zone = _around(bf, zone, wanted)
        rng.shuffle(zone)
        zx = sum(bf.xy(s)[0] for s in zone) / len(zone)
        zy = sum(bf.xy(s)[1] for s in zone) / len(zone)
        facing = facing_towards(round(cx - zx), round(cy - zy)) if (round(cx - zx), round(cy - zy)) != (0, 0) else 0
        facing -= facing % 2
        mine = [u for u in state.units if u.side == si and not u.st.set_aside]
        mine.sort(key=lambda u: (-u.st.profile.footprint, 0 if u.is_vehicle else 1, u.id))
        for u in mine:
            if not place_somewhere(state, u, zone, facing):
                raise _fail(f"side '{spec.id}': no free square left in its deployment zone for "
                            f"{u.st.profile.name} (unit {u.id})", "enlarge the deployment zone", at=at)


def _around(bf, entries: list[int], wanted: int) -> list[int]:  # type: ignore[no-untyped-def]
    """Entry squares and the squares nearest them (units arriving by entry arrows
    start next to them), ring by ring until there is room."""
    zone = list(entries)
    seen = set(zone)
    ring = list(entries)
    while len(zone) < wanted and ring:
        nxt = []
        for sq in ring:
            for n in bf.adjacent(sq):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        zone.extend(sorted(nxt))
        ring = nxt
    return zone


def place_somewhere(state: GameState, unit: UnitState, squares: list[int], facing: int) -> bool:
    bf = state.static.bf
    amph = unit.ability("amphibious") is not None
    for sq in squares:
        for f in (facing, (facing + 2) % 8, (facing + 6) % 8, (facing + 4) % 8):
            unit.sq, unit.facing = sq, f
            cover = state.squares_of(unit)
            if len(cover) != unit.st.profile.footprint:
                continue
            if all(state.occ[c] < 0 and bf.enterable(c, unit.type, amph) for c in cover):
                for c in cover:
                    state.occ[c] = unit.id
                return True
            if unit.st.profile.footprint == 1:
                break
    unit.sq = -1
    return False
