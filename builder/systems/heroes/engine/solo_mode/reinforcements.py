"""The reinforcements bag filled at set-up (002 Solo Mode, Set Up > Reinforcements Bag and
Units Set Up Example; Description of the Effects > Reinforcements; 2.5 Deployment).

The player puts at least three infantry units in the bag, every counter of one size
(counter-sized light vehicles allowed; a particular unit goes in as a numbered anonymous
counter, its marker on the unit); the scenario may ask for more (``solo.reinforcements_min``)
or name them (``solo.reinforcements``, the AI faction's units only). The units the
scenario does not name are chosen from the content pack by this policy, which needs no
dice (the same pack and scenario give the same bag):

1. candidates are the counters the AI faction's recruitment options bring (each copy an
   option brings) and the faction's characters (hero options) the army does not field:
   infantry, guns and one-square light vehicles, none with Scout (scouts are never
   bagged) nor one the scenario already calls particular. A character or gun, or a
   counter bigger than one square, is a particular unit: it goes in as a numbered
   anonymous counter (all counters in the bag are then one size), its marker on it;
2. they rank by the rule's preferences: infantry before light vehicles; then the options
   not bought by the army whose counters bear the insignia of the AI's recruitment tiles;
   then the faction's common options (no insignia, or the generic one); then options of
   the tiles' division the army already bought (another copy from the collection); then
   the rest of the faction's collection (characters with it); within a rank, combat
   groups before particular units, then support teams, then by option id, then unit id;
3. against a player army with a heavy vehicle, the bag takes first the infantry candidate
   with the best combat value against heavy vehicles (bazookas, Panzerschrecks), when one
   has any;
4. the best-ranked candidates fill the bag up to its size, the first three being
   infantry (002 asks for at least three infantry units: a gun or light vehicle only
   goes in beyond them, or when the collection has no more infantry).

Each bagged unit becomes an engine unit made here (``UnitStatic.reinforcement``, set aside,
in no recruitment group: a character brings no tile bonus, and losing one breaks no
breaking point), off the battlefield until drawn (``UnitState.bagged``): it counts for
nothing (no order token, no victory condition, no forces, not fielded in playtest reports)
until the Solo apparatus's seeded stream draws it and deploys it as an anonymous counter,
on a square of the zone or inside a Transport vehicle there (:func:`deploy_drawn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine.solo_mode.forces import is_particular
from builder.systems.heroes.engine.profiles import profile_of
from builder.systems.heroes.engine.setup import place_somewhere
from builder.systems.heroes.engine import state as game_state
from builder.systems.heroes.engine.state import UnitState, UnitStatic
from builder.systems.heroes.engine.transport import embark, has_room

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules, SoloState
    from builder.systems.heroes.engine.state import GameState

MINIMUM = 3
INFANTRY, GUN, LIGHT_VEHICLE = "infantry", "gun", "light_vehicle"
COLLECTION = 3  # the rank of the faction's collection beyond the army's division


def bag_size(notes: Any) -> int:
    """Counters in the bag: the scenario's minimum, never fewer than three."""
    return max(MINIMUM, int(getattr(notes, "reinforcements_min", 0) or 0))


def anti_tank(model: Any) -> int:
    """The unit's best combat value against heavy vehicles (0 when it has none)."""
    values = [w.combat.heavy_vehicle for side in model.sides for w in side.weapons]
    return max((v for v in values if isinstance(v, int)), default=0)


def fits_the_bag(model: Any, named: set[str]) -> bool:
    """Infantry (characters too), a gun, or a one-square light vehicle; no scout and no
    unit the scenario already calls particular."""
    kind = model.type.value
    if kind not in (INFANTRY, GUN, LIGHT_VEHICLE) or (kind == LIGHT_VEHICLE and model.footprint != 1):
        return False
    if model.id in named:
        return False
    return not any(a.id == "scout" for side in model.sides for a in side.abilities)


def particular(model: Any) -> bool:
    """A character, a gun or a counter bigger than one square (2.4 AI Units): it goes in
    the bag as a numbered anonymous counter."""
    return model.footprint > 1 or model.type.value == GUN or model.outline.value in ("officer", "hero")


def candidates(pack: Any, faction: str, insignia: frozenset[str], bought: frozenset[str],
               named: frozenset[str]) -> list[str]:
    """Unit ids of the faction's collection that may go in the bag, best first (one entry
    per counter an option brings); shared by every game of the pack."""
    cache = pack.__dict__.setdefault("_solo_reinforcements", {}) if hasattr(pack, "__dict__") else {}
    key = (faction, insignia, bought, named)
    got = cache.get(key)
    if got is not None:
        return list(got)
    units, generic = pack.items["units"], {i.id for i in pack.items.get("insignia", {}).values() if i.generic}
    ranked: list[tuple[tuple[int, int, int, int, str, str, int], str]] = []
    for option in pack.items["options"].values():
        if option.faction != faction:
            continue
        for grant in option.units:
            model = units.get(grant.unit)
            if model is None or not fits_the_bag(model, set(named)):
                continue
            own = model.insignia in insignia
            if own and option.id not in bought:
                tier = 0
            elif model.insignia is None or model.insignia in generic:
                tier = 1
            else:
                tier = 2 if own else 3
            vehicle, support = int(model.type.value == LIGHT_VEHICLE), int(model.outline.value != "regular")
            ranked.extend(((vehicle, tier, int(particular(model)), support, option.id, model.id, k), model.id)
                          for k in range(grant.count))
    for hero in pack.items.get("heroes", {}).values():
        model = units.get(hero.unit)
        if hero.faction == faction and model is not None and fits_the_bag(model, set(named)):
            ranked.append(((0, COLLECTION, 1, 1, hero.id, model.id, 0), model.id))
    ranked.sort()
    got = cache[key] = tuple(uid for _, uid in ranked)
    return list(got)


def choose(pack: Any, faction: str, insignia: frozenset[str], bought: frozenset[str], named: frozenset[str],
           listed: list[str], size: int, against_heavy: bool) -> list[str]:
    """The bag's units: the scenario's list (the faction's units), then the policy's
    choice up to ``size``, one anti-tank unit first against heavy vehicles."""
    units = pack.items["units"]
    chosen = [uid for uid in listed if uid in units and units[uid].faction == faction]
    pool = candidates(pack, faction, insignia, bought, named)
    if against_heavy and len(chosen) < size and not any(anti_tank(units[uid]) for uid in chosen):
        infantry = [uid for uid in pool if units[uid].type.value == INFANTRY]
        best = max(infantry, key=lambda uid: anti_tank(units[uid]), default=None)
        if best is not None and anti_tank(units[best]):
            chosen.append(best)
            pool.remove(best)
    skipped: list[str] = []
    for uid in pool:
        if len(chosen) >= size:
            break
        short = min(MINIMUM, size) - sum(units[c].type.value == INFANTRY for c in chosen)
        if units[uid].type.value != INFANTRY and size - len(chosen) <= short:
            skipped.append(uid)  # a gun or light vehicle only beyond the minimum of infantry
            continue
        chosen.append(uid)
    chosen.extend(skipped[:max(0, size - len(chosen))])  # the collection ran out of infantry
    return chosen


def _army(state: "GameState", side: int) -> tuple[frozenset[str], frozenset[str]]:
    """The insignia of the side's recruitment tiles and the options it bought (its
    recruitment groups, matched to the pack by name)."""
    pack, ss = state.static.pack, state.static.sides[side]
    cache = pack.__dict__.setdefault("_solo_armies", {}) if hasattr(pack, "__dict__") else {}
    key = (ss.faction, tuple([(g.kind, g.name) for g in ss.groups]))
    got = cache.get(key)
    if got is None:  # read once per army of the pack: the pack's tiles and options are many
        tiles = {t.name: t for t in pack.items["tiles"].values() if t.faction == ss.faction}
        options = {o.name: o.id for o in pack.items["options"].values() if o.faction == ss.faction}
        insignia = frozenset(tiles[g.name].insignia for g in ss.groups
                             if g.kind == "tile" and g.name in tiles and tiles[g.name].insignia)
        bought = frozenset(options[g.name] for g in ss.groups if g.kind == "option" and g.name in options)
        got = cache[key] = (insignia, bought)
    return got


def fill_bag(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Make the bag's units (set aside, concealed: anonymous counters) and return their
    ids; a particular unit named by the scenario gets the next numbered marker."""
    notes = state.static.scenario.solo
    named = frozenset(getattr(notes, "particular_units", []) or [])
    insignia, bought = _army(state, rules.ai)
    against_heavy = any(u.side == rules.player and u.type == "heavy_vehicle" and not u.st.decoy for u in state.units)
    pack = state.static.pack
    fielded = frozenset(u.st.profile.id for u in state.units  # a character is one of a kind
                        if u.side == rules.ai and u.st.profile.outline == "hero")
    chosen = choose(pack, state.static.sides[rules.ai].faction, insignia, bought, named | fielded,
                    list(getattr(notes, "reinforcements", []) or []), bag_size(notes), against_heavy)
    made: list[int] = []
    for unit_id in chosen:
        st = UnitStatic(profile_of(pack.items["units"][unit_id]), {}, -1, -1, set_aside=True, reinforcement=True)
        u = UnitState(len(state.units), rules.ai, st)
        u.concealed = True
        state.static.units.append(st)
        state.units.append(u)
        if is_particular(u, set(named)):
            solo.forces.markers[u.id] = max(solo.forces.markers.values(), default=0) + 1
        made.append(u.id)
    if made:
        state.static.derived.forget(game_state.INFANTRY)  # the side's infantry list now has the bag's units too
        state.static.has_ambush = state.static.has_ambush or any(
            f.role == "concealed" for uid in made for f in state.units[uid].st.profile.faces)
    return made


def _zone(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """The AI's deployment zone; a side that only has entry arrows (Family Meeting) deploys
    on them and, as the engine's set-up does, on the squares nearest them, ring by ring
    until one is free for infantry."""
    zone = list(dict.fromkeys(solo.zone))
    if state.static.scenario.sides[rules.ai].deployment:
        return zone
    bf, seen = state.static.bf, set(zone)
    ring = list(zone)
    while ring and not any(state.occ[sq] < 0 and bf.enterable(sq, INFANTRY, False) for sq in zone):
        ring = sorted({n for sq in ring for n in bf.adjacent(sq)} - seen)
        seen.update(ring)
        zone.extend(ring)
    return zone


def _key(state: "GameState", rules: "SoloModeRules", sq: int, objectives: list[int]) -> tuple[int, int, int]:
    """A deployment square's rank: apart from the AI's counters, in a terrain element
    with a defence bonus, nearest an objective (lower is better)."""
    bf = state.static.bf
    crowded = any(state.occ[n] >= 0 and state.units[state.occ[n]].side == rules.ai for n in bf.adjacent(sq))
    near = min((bf.distance(sq, o) for o in objectives), default=0)
    return (int(crowded), 0 if bf.terrain[sq].defence_bonus else 1, near)


def deployment_squares(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Where a drawn unit deploys (002, Reinforcements: in the AI deployment zone by the
    deployment rules; 2.5 Deployment > Infantry Units): the zone's
    free squares nearest an objective, in a terrain element before open ground, one
    square apart from the AI's counters where possible; ties in the Solo stream's order."""
    bf = state.static.bf
    squares = [sq for sq in _zone(state, rules, solo) if state.occ[sq] < 0 and bf.enterable(sq, INFANTRY, False)]
    solo.rng.shuffle(squares)
    objectives = [o[1] for o in state.static.objectives]
    squares.sort(key=lambda sq: _key(state, rules, sq, objectives))
    return squares


def deploy_drawn(state: "GameState", rules: "SoloModeRules", solo: "SoloState", u: "UnitState") -> bool:
    """Deploy a unit drawn from the bag (002, Reinforcements; 2.5 Deployment > Infantry
    Units: in terrain elements, or stacked in a Transport vehicle): a Transport vehicle
    of the AI in the zone with room for it ranks as a square in a terrain element
    (apart from the counters, nearest an objective first); True once deployed."""
    squares = deployment_squares(state, rules, solo)
    objectives = [o[1] for o in state.static.objectives]
    zone = set(_zone(state, rules, solo))
    vehicles = [v for v in state.units if v.side == rules.ai and v.is_vehicle and v.active and v.sq in zone
                and has_room(state, v, u)]
    if vehicles:
        bf = state.static.bf
        carrier = min(vehicles, key=lambda v: (min((bf.distance(v.sq, o) for o in objectives), default=0), v.id))
        rank = (0, 0, min((bf.distance(carrier.sq, o) for o in objectives), default=0))
        if not squares or rank <= _key(state, rules, squares[0], objectives):
            embark(state, u, carrier)
            return True
    return place_somewhere(state, u, squares, 0)
