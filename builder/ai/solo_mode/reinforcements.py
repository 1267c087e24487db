"""The reinforcements bag filled at set-up (002 Solo Mode, Set Up > Reinforcements Bag and
Units Set Up Example; Description of the Effects > Reinforcements; 2.5 Deployment).

The player puts at least three infantry units in the bag, every counter of one size
(counter-sized light vehicles allowed; a particular unit goes in as a numbered anonymous
counter, its marker on the unit); the scenario may ask for more (``solo.reinforcements_min``)
or name them (``solo.reinforcements``, the AI faction's units only). The units the
scenario does not name are chosen from the content pack by this policy, which needs no
dice (the same pack and scenario give the same bag):

1. candidates are the counters the AI faction's recruitment options bring (each copy an
   option brings), keeping one-square infantry and one-square light vehicles that are no
   particular units (no character, no gun, none the scenario calls particular) and have
   no Scout (scouts are never bagged);
2. they rank by the rule's preferences: infantry before light vehicles; then the options
   not bought by the army whose counters bear the insignia of the AI's recruitment tiles;
   then the faction's common options (no insignia, or the generic one); then options of
   the tiles' division the army already bought (another copy from the collection); then
   the rest of the faction's collection; within a rank, by option id, then unit id;
3. against a player army with a heavy vehicle, the bag takes first the infantry candidate
   with the best combat value against heavy vehicles (bazookas, Panzerschrecks), when one
   has any;
4. the best-ranked candidates fill the bag up to its size.

Each bagged unit becomes an engine unit made here (``UnitStatic.reinforcement``, set aside,
in no recruitment group: a character brings no tile bonus, and losing one breaks no
breaking point), off the battlefield until drawn (``UnitState.bagged``): it counts for
nothing (no order token, no victory condition, no forces, not fielded in playtest reports)
until the Solo apparatus's seeded stream draws it and deploys it as an anonymous counter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.ai.solo_mode.forces import is_particular
from builder.engine.profiles import profile_of
from builder.engine.state import UnitState, UnitStatic

if TYPE_CHECKING:
    from builder.ai.solo_mode.rules import SoloModeRules, SoloState
    from builder.engine import GameState

MINIMUM = 3
INFANTRY, LIGHT_VEHICLE = "infantry", "light_vehicle"


def bag_size(notes: Any) -> int:
    """Counters in the bag: the scenario's minimum, never fewer than three."""
    return max(MINIMUM, int(getattr(notes, "reinforcements_min", 0) or 0))


def anti_tank(model: Any) -> int:
    """The unit's best combat value against heavy vehicles (0 when it has none)."""
    values = [w.combat.heavy_vehicle for side in model.sides for w in side.weapons]
    return max((v for v in values if isinstance(v, int)), default=0)


def fits_the_bag(model: Any, named: set[str]) -> bool:
    """A one-square infantry counter or light vehicle, no character, gun or scout."""
    if model.footprint != 1 or model.type.value not in (INFANTRY, LIGHT_VEHICLE):
        return False
    if model.id in named or model.outline.value in ("officer", "hero"):
        return False
    return not any(a.id == "scout" for side in model.sides for a in side.abilities)


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
    ranked: list[tuple[tuple[int, int, int, str, str, int], str]] = []
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
            vehicle, support = int(model.type.value != INFANTRY), int(model.outline.value != "regular")
            ranked.extend(((vehicle, tier, support, option.id, model.id, k), model.id) for k in range(grant.count))
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
    chosen.extend(pool[:max(0, size - len(chosen))])
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
    return got  # type: ignore[no-any-return]


def fill_bag(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Make the bag's units (set aside, concealed: anonymous counters) and return their
    ids; a particular unit named by the scenario gets the next numbered marker."""
    notes = state.static.scenario.solo
    named = frozenset(getattr(notes, "particular_units", []) or [])
    insignia, bought = _army(state, rules.ai)
    against_heavy = any(u.side == rules.player and u.type == "heavy_vehicle" and not u.st.decoy for u in state.units)
    pack = state.static.pack
    chosen = choose(pack, state.static.sides[rules.ai].faction, insignia, bought, named,
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
        state.static._infantry.clear()  # the side's infantry list now has the bag's units too
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


def deployment_squares(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Where a drawn unit deploys (002, Reinforcements: in the AI deployment zone by the
    deployment rules; 2.5 Deployment > Infantry Units): the zone's
    free squares nearest an objective, in a terrain element before open ground, one
    square apart from the AI's counters where possible; ties in the Solo stream's order."""
    bf = state.static.bf
    squares = [sq for sq in _zone(state, rules, solo) if state.occ[sq] < 0 and bf.enterable(sq, INFANTRY, False)]
    solo.rng.shuffle(squares)
    objectives = [o[1] for o in state.static.objectives]

    def key(sq: int) -> tuple[int, int, int]:
        crowded = any(state.occ[n] >= 0 and state.units[state.occ[n]].side == rules.ai for n in bf.adjacent(sq))
        near = min((bf.distance(sq, o) for o in objectives), default=0)
        return (int(crowded), 0 if bf.terrain[sq].defence_bonus else 1, near)

    squares.sort(key=key)
    return squares
