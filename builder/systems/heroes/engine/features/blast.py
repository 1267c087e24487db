"""Blast patterns: shots at an intersection (000 core rules, Recruitment Options >
Equipment > Grenade, Rifle Grenade, HE Shells; Special Abilities > Howitzer,
Indirect Fire, Artillery Spotter, Limited Range; Terrain > Buildings).

Geometry (intersections, distances, the squares under a pattern, scattering)
is in :mod:`builder.systems.heroes.board.intersections`, re-exported here.

Resolution. Every unit under the pattern, even partly (one square of a
two-square vehicle), is attacked separately with the pattern's combat bonus:
concealed units and units inside a building hit from outside are never
affected, there is no long-range penalty and heavy vehicles use their side
defence. Hits, kill shots and the damage table are the ordinary shot's
(:func:`builder.systems.heroes.engine.firing.resolve_shot`). A grenade thrown into a building
from the square outside an opening hits every unit of the room, without the
building's defence bonus.

Dispersal. A weapon with Indirect Fire (a rifle grenade has it) that has no
clear line of sight on the intersection rolls a die: 1-4 moves the pattern the
printed number of intersections in the direction the die names, 5-6 keeps it;
Suppressed markers do not change the roll; an Artillery Spotter with a clear
line of sight on the intersection takes 1 off the distance.

Cards. The pack's artillery barrage card drops its pattern with no unit firing;
its smoke barrage card lays smoke (:mod:`builder.systems.heroes.engine.smoke`). Both are played
on an enemy unit during the side's activation; so is the artillery-shot card
(:mod:`builder.systems.heroes.engine.features.artillery_shot`), whose single attack is a blast plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import (
    ACTIVATION_ACTIONS, CARD_PHASE, CARD_PLAY, CARD_PLAYABLE, DECIDE, DEFENCE, RANGE_LIMIT,
)
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS, cover
from builder.systems.heroes.engine.ambush import reveal, revealed_face
from builder.systems.heroes.engine.damage import roll
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.cards import ON_ENEMY
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.board.intersections import (covering, distance, inside_building, intersection,  # noqa: F401
                                          intersection_xy, pattern_squares, scattered)
from builder.systems.heroes.engine.firing import R_SUPP, ShotPlan, in_arc, resolve_shot
from builder.systems.heroes.engine.features.horn_of_plenty import HORN, green
from builder.systems.heroes.board.los import CLEAR, sight
from builder.systems.heroes.engine.smoke import lay
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.features.destruction import blast_structures
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RO = "000 core rules, Recruitment Options > Equipment > "
SA = "000 core rules, Special Abilities > "
EQUIPMENT = ("grenade", "rifle-grenade", "he-shells")  # option effect keys whose tokens place a pattern
SMOKE = "000 core rules, Recruitment Options > Orders > Smoke"
R_CARD = "000 core rules, Action Card; Recruitment Options > Orders > Artillery; card effect as the pack words it"
RULE = {"artillery-barrage": R_CARD, "artillery-shot": R_CARD, "grenade": RO + "Grenade", "rifle-grenade": RO + "Rifle Grenade",
        "he-shells": RO + "HE Shells", "howitzer": SA + "Howitzer", "indirect-fire": SA + "Indirect Fire",
        "goliath": RO + "Goliath"}  # a Goliath's charge is resolved as a pattern's attack (builder/systems/heroes/engine/features/goliath.py)
BLASTERS = frozenset({"infantry", "heavy_vehicle", "gun"})  # unit types that may place a pattern
INTO_ROOM = 1  # ``extra`` of a grenade thrown into a room or defensive position: ``square`` is one of its squares
DEFENSIVE = "defensive_position"  # overlay kind (000 core rules, Terrain > Defensive Positions)
# Howitzer and Indirect Fire weapons use the pattern of the colour printed by the
# weapon, which the unit content keeps only in its notes: blue (mortars, Indirect
# Fire) is taken as radius 1, red (guns and bombs, Howitzer alone) as radius 2.
WEAPON_RADIUS = {"indirect-fire": 1, "howitzer": 2}


class Pattern(NamedTuple):
    """What one blast source places: the template, its bonuses and limits."""

    key: str  # option effect key, or "howitzer" / "indirect-fire" for a weapon
    radius: int
    combat: tuple[int | None, int | None, int | None]  # vs infantry, light, heavy vehicle
    reach: int  # farthest intersection (10**6: no limit)
    scatter: int  # dispersal distance; 0 never scatters
    clear_sight: bool  # needs a clear line of sight on the intersection
    weapon: int  # the weapon index it replaces the shot of


DEFENCE_INDEX = {"infantry": 0, "light_vehicle": 1, "heavy_vehicle": 2}


# --- sources and sight ----------------------------------------------------------------


_OPTION_PATTERNS: Final[Derived[dict[tuple[int, str], Any]]] = table(
    "blast: the pack's blast pattern of a side's option (None: none), by side and effect key")


def _option_pattern(state: "GameState", side: int, key: str) -> Any:
    """The pack's blast pattern of the side's option ``key`` (None without one)."""
    cache = derived(state, _OPTION_PATTERNS)
    found = cache.get((side, key), False)
    if found is False:
        faction = state.static.sides[side].faction
        options = [o for o in state.static.pack.items["options"].values()
                   if (o.effect_key or o.id) == key and getattr(o, "blast", None) is not None]
        mine = [o for o in options if o.faction == faction] or options
        found = cache[(side, key)] = mine[0].blast if mine else None
    return found


_EQUIPMENT_KEYS: Final[Derived[dict[int, tuple[str, ...]]]] = table(
    "blast: a side's equipment options with a blast pattern, by side")


def _equipment_keys(state: "GameState", side: int) -> tuple[str, ...]:
    cache = derived(state, _EQUIPMENT_KEYS)
    keys = cache.get(side)
    if keys is None:
        keys = cache[side] = tuple(k for k in EQUIPMENT if k in state.static.sides[side].keys
                                   and _option_pattern(state, side, k) is not None)
    return keys


def _combat(values: Any) -> tuple[int | None, int | None, int | None]:
    out = []
    for dtype in ("infantry", "light_vehicle", "heavy_vehicle"):
        v = getattr(values, dtype)
        out.append(None if v == "X" else int(v))
    return out[0], out[1], out[2]


_UNIT_PATTERNS: Final[Derived[dict[tuple[int, int, int], tuple[Pattern, ...]]]] = table(
    "blast: a unit's patterns, by unit, face and primary weapon damage")


def patterns(state: "GameState", u: "UnitState") -> list[Pattern]:
    """The blast patterns ``u`` may place now: equipment with tokens left
    (grenades and rifle grenades for infantry, HE shells for a heavy vehicle's
    undamaged primary weapon) and its Howitzer / Indirect Fire weapons."""
    fi = revealed_face(u) if u.concealed else u.face
    cache = derived(state, _UNIT_PATTERNS)
    key = (u.id, fi, u.damage & 8)
    found = cache.get(key)
    if found is None:
        found = cache[key] = _unit_patterns(state, u, fi)
    if not found:
        return []
    out = [p for p in found if p.key not in EQUIPMENT or tokens_left(state, u, p.key) > 0]
    if HORN in state.static.sides[u.side].keys:  # green patterns near a Horn of Plenty
        return green(state, u, out)
    return out


def _unit_patterns(state: "GameState", u: "UnitState", fi: int) -> tuple[Pattern, ...]:
    """What never changes in :func:`patterns` for one unit, face and primary weapon state."""
    out: list[Pattern] = []
    face = u.st.profile.faces[fi]
    for key in _equipment_keys(state, u.side):
        if key == "he-shells":
            wi = next((i for i, w in enumerate(face.weapons) if w.role == "primary"), -1)
            if u.type != "heavy_vehicle" or wi < 0 or u.damage & 8:
                continue
        elif u.type != "infantry" or not face.weapons:
            continue
        else:
            wi = 0
        b = _option_pattern(state, u.side, key)
        out.append(Pattern(key, b.radius, _combat(b.combat), b.reach or 10**6, b.scatter, b.clear_sight, wi))
    for wi, w in enumerate(face.weapons):
        kind = "indirect-fire" if "indirect-fire" in w.abilities else "howitzer" if "howitzer" in w.abilities else ""
        if not kind or (w.role == "primary" and u.damage & 8):
            continue
        limits = effects.collect(state, u, RANGE_LIMIT, w) if "limited-range" in w.abilities \
            or u.ability("limited-range") is not None else []
        scatter = w.abilities.get("indirect-fire", 0) if kind == "indirect-fire" else 0
        out.append(Pattern(kind, WEAPON_RADIUS[kind], w.combat, min(limits) if limits else 10**6,
                           scatter, kind == "howitzer", wi))
    return tuple(out)


def clear_on(state: "GameState", squares: tuple[int, ...], i: int, viewer: "UnitState | None") -> bool:
    """A clear line of sight from one of ``squares`` onto intersection ``i``: to
    one of the squares around it outside any building."""
    bf = state.static.bf
    for a in squares:
        for b in pattern_squares(bf, i, 1):
            if a == b or (not bf.terrain[b].building and sight(state, a, b, viewer).kind == CLEAR):
                return True
    return False


def _in_building(bf: Any, squares: tuple[int, ...]) -> bool:
    return any(bf.terrain[s].building for s in squares)


def _affected(state: "GameState", u: "UnitState") -> bool:
    """Can a blast touch ``u`` at all (on the board, not a wreck, not concealed)?"""
    return (u.alive and u.sq >= 0 and not u.wreck and not u.concealed
            and u.st.profile.faces[u.face].defence_type is not None)


def _may_throw_from(bf: Any, squares: tuple[int, ...]) -> tuple[int, ...]:
    """Squares a pattern may start from: out of a building only from an opening."""
    return tuple(s for s in squares if not bf.terrain[s].building or any(s in p for p in bf.openings))


# --- actions ---------------------------------------------------------------------------

_ACTIONS: dict[tuple[int, int, int, str, int], Action] = {}


def blast_action(unit: int, square: int, weapon: int, mode: str, extra: int = 0) -> Action:
    """The shared ``blast`` action (offered again at decision after decision)."""
    key = (unit, square, weapon, mode, extra)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) >= 8192:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action("blast", unit=unit, square=square, weapon=weapon, mode=mode, extra=extra)
    return a


def _enemy_within_reach(state: "GameState", u: "UnitState", found: list[Pattern]) -> bool:
    """A cheap first look: is some enemy close enough for a pattern to touch it?
    Grenades reach a few intersections; most units offered one have no enemy
    near, and need not look further. A square's distance in squares bounds its
    intersections' (a vehicle's second square lies next to its first: one more)."""
    near = 0
    for p in found:
        if p.reach >= 10**6:
            return True
        near = max(near, p.reach + p.radius + 1)
    w = state.static.bf.width
    side = u.side
    origins = [divmod(s, w) for s in state.squares_of(u)]
    for t in state.units:
        if t.side != side and t.sq >= 0 and t.alive:
            y, x = divmod(t.sq, w)
            for oy, ox in origins:
                if abs(x - ox) <= near and abs(y - oy) <= near:
                    return True
    return False


def blast_actions(state: "GameState", u: "UnitState") -> list[Action]:
    """``blast`` actions of the unit acting, instead of its shot: ``square`` the
    target intersection, ``mode`` the option key or ability, ``weapon`` the weapon
    it replaces; with ``extra`` = 1 a grenade thrown into the room (from the square
    outside an opening) or defensive position (from a square next to it) whose
    square is ``square``. Only intersections whose pattern touches an enemy it
    can hurt."""
    found = patterns(state, u)
    if not found or u.st.decoy or not _enemy_within_reach(state, u, found):
        return []
    bf = state.static.bf
    mine = _may_throw_from(bf, state.squares_of(u))
    if not mine:
        return []
    face = u.st.profile.faces[revealed_face(u) if u.concealed else u.face]
    side = u.side
    enemies = [t for t in state.units if t.side != side and t.alive and t.sq >= 0 and not t.wreck
               and not t.concealed and t.st.profile.faces[t.face].defence_type is not None]
    w = bf.width
    origins = [divmod(s, w) for s in mine]
    out: list[Action] = []
    for p in found:
        targets: set[int] = set()
        rooms: set[int] = set()
        positions: dict[int, int] = {}  # defensive position (area) -> a square of it with an enemy
        limited = p.reach < 10**6
        near = p.reach + p.radius  # an enemy square this far from the firer is out of reach (cheap test first)
        for t in enemies:
            dtype = t.st.profile.faces[t.face].defence_type
            if dtype is None or p.combat[DEFENCE_INDEX[dtype]] is None:
                continue
            for sq in state.squares_of(t):
                if limited:
                    y, x = divmod(sq, w)
                    if len(origins) == 1:
                        if abs(x - origins[0][1]) >= near or abs(y - origins[0][0]) >= near:
                            continue
                    elif all(max(abs(x - ox), abs(y - oy)) >= near for oy, ox in origins):
                        continue
                if bf.terrain[sq].building:
                    if p.key in ("grenade", "rifle-grenade"):
                        rooms.add(bf.area[sq])
                    continue
                area = bf.area[sq]
                if p.key == "grenade" and area >= 0 and bf.area_kind[area] == DEFENSIVE:
                    positions.setdefault(area, sq)
                for i in covering(bf, sq, p.radius):
                    if i not in targets and (not limited or min(distance(bf, s, i) for s in mine) <= p.reach):
                        targets.add(i)
        if p.key in ("indirect-fire", "rifle-grenade") and _in_building(bf, mine):
            targets.clear()  # Indirect Fire: not from inside a building
        arc = face.weapons[p.weapon].arc if face.weapons else 360
        for i in sorted(targets):
            if inside_building(bf, i) or (p.clear_sight and not clear_on(state, mine, i, u)):
                continue
            if arc < 360 and not any(in_arc(state, u, arc, s, b) for s in mine for b in pattern_squares(bf, i, 1)):
                continue  # the weapon's firing arc (000 core rules, Firing > Firing Arc)
            out.append(blast_action(u.id, i, p.weapon, p.key))
        for s in mine if rooms else ():
            for a, b in bf.openings:
                inner = b if a == s else a if b == s else -1
                if inner >= 0 and bf.terrain[inner].building and not bf.terrain[s].building \
                        and bf.area[inner] in rooms:
                    out.append(blast_action(u.id, inner, p.weapon, p.key, INTO_ROOM))
        for area, sq in sorted(positions.items()):
            if any(bf.area[s] != area and any(bf.area[n] == area for n in bf.adjacent(s)) for s in mine):
                out.append(blast_action(u.id, sq, p.weapon, p.key, INTO_ROOM))
    return out


# --- resolution ------------------------------------------------------------------------


def blast_plan(state: "GameState", firer: "UnitState | None", target: "UnitState", p: Pattern,
               room: bool = False) -> ShotPlan:
    """The attack of a pattern on one unit under it: the pattern's combat bonus,
    the firer's Suppressed markers, no range or sight terms; a heavy vehicle's
    side defence; the terrain bonus, but not a building's or defensive
    position's against a grenade thrown into it."""
    fid = firer.id if firer is not None else -1
    plan = ShotPlan(fid, target.id, p.weapon, "blast", target_sq=target.sq)
    face = target.st.profile.faces[target.face]
    dtype = face.defence_type
    combat = p.combat[DEFENCE_INDEX[dtype]] if dtype else None
    if combat is None:
        plan.ok, plan.reason = False, f"the blast shows X against {str(dtype).replace('_', ' ')} defence"
        return plan
    rule = RULE.get(p.key, RULE["howitzer"])
    if target.st.profile.type == "heavy_vehicle" and isinstance(face.defence, tuple):
        plan.defence, plan.defence_label = face.defence[1], "side defence"
    else:
        plan.defence, plan.defence_label = int(face.defence or 0), "defence"  # type: ignore[arg-type]
    terrain = state.static.bf.terrain[target.sq]
    if POSITIONS in state.rule_fields and target.is_infantry:  # an advanced position (builder/systems/heroes/engine/features/advanced_positions.py)
        terrain = cover(state, target.sq) or terrain
    if target.is_infantry and terrain.defence_bonus and not room:
        plan.defence_terms.append(Term(terrain.defence_bonus, f"{terrain.id} at {state.static.bf.name(target.sq)}",
                                       "000 core rules, Terrain and Terrain Overlays > Defense"))
    plan.terms.append(Term(combat, f"blast ({p.key}) vs {(dtype or 'no defence').replace('_', ' ')}", rule, bonus=True))
    if firer is not None and firer.suppressed:
        plan.terms.append(Term(-2 * firer.suppressed, f"{firer.suppressed} suppressed marker(s)", R_SUPP))
    if firer is not None and state.boosts and state.boosts.get(("fire", firer.id)):
        plan.terms.append(Term(state.boosts[("fire", firer.id)], "action card", "000 core rules, Action Card",
                               bonus=True))
    for t in effects.collect(state, target, DEFENCE, plan):
        plan.defence_terms.extend(t)
    return plan


def under(state: "GameState", i: int, radius: int) -> list["UnitState"]:
    """The units a pattern on ``i`` touches, each once, by id; units inside a
    building are out of reach of an explosion outside it."""
    bf, occ = state.static.bf, state.occ
    ids = sorted({occ[s] for s in pattern_squares(bf, i, radius) if occ[s] >= 0 and not bf.terrain[s].building})
    return [state.units[x] for x in ids if _affected(state, state.units[x])]


def in_room(state: "GameState", sq: int) -> list["UnitState"]:
    """The units a grenade thrown into the room or defensive position of ``sq``
    hits: every one inside it (000 core rules, Terrain > Buildings; Defensive
    Positions)."""
    bf, occ = state.static.bf, state.occ
    area = bf.area[sq]
    building = bf.terrain[sq].building
    ids = sorted({occ[s] for s in range(bf.size) if occ[s] >= 0 and bf.terrain[s].building == building
                  and (bf.area[s] == area if area >= 0 else s == sq)})
    return [state.units[x] for x in ids if _affected(state, state.units[x])]


def spotter_cut(state: "GameState", side: int, i: int) -> int:
    """1 when a unit of ``side`` with Artillery Spotter sees the intersection
    clearly (000 core rules, Special Abilities > Artillery Spotter)."""
    for s in state.units:
        if s.side == side and s.alive and s.sq >= 0 and not s.wreck and s.ability("artillery-spotter") is not None \
                and clear_on(state, state.squares_of(s), i, s):
            return 1
    return 0


def disperse(state: "GameState", i: int, p: Pattern, side: int, squares: tuple[int, ...],
             viewer: "UnitState | None", unit: int = -1) -> int:
    """Where an Indirect Fire pattern lands: no roll with a clear line of sight;
    else a die (not changed by Suppressed markers), 1-4 scattering by the
    printed distance, less 1 for a spotter, in the die's direction."""
    if p.scatter <= 0 or (squares and clear_on(state, squares, i, viewer)):
        return i
    die = roll(state, "dispersal", unit)
    dist = max(0, p.scatter - spotter_cut(state, side, i)) if die <= 4 else 0
    landed = scattered(state.static.bf, i, die, dist)
    state.events.append(Event("dispersal", {"unit": unit, "die": die, "distance": dist, "from": i, "to": landed}))
    return landed


def explode(state: "GameState", firer: "UnitState | None", i: int, p: Pattern) -> None:
    """Attack every unit under the pattern on ``i``, one after the other."""
    for t in under(state, i, p.radius):
        _attack(state, firer, t, p, False)


def _attack(state: "GameState", firer: "UnitState | None", t: "UnitState", p: Pattern, room: bool) -> None:
    if not t.alive or t.wreck:
        return
    plan = blast_plan(state, firer, t, p, room)
    if plan.ok:
        resolve_shot(state, plan)


def do_blast(state: "GameState", action: Action) -> None:
    """Apply a ``blast`` action of the unit acting: spend the token, place the
    pattern (scattered if it must), attack everything under it."""
    u = state.units[action.unit]
    if action not in blast_actions(state, u):
        raise IllegalAction(f"blast not possible: {action.describe(state)}")
    p = next(p for p in patterns(state, u) if p.key == action.mode and p.weapon == action.weapon)
    reveal(state, u, "fired")
    if p.key in EQUIPMENT:
        spend_token(state, u, p.key)
    room = action.extra == INTO_ROOM
    state.events.append(Event("blast", {"unit": u.id, "mode": p.key, "at": action.square, "room": room}))
    if room:
        for t in in_room(state, action.square):
            _attack(state, u, t, p, True)
        return
    mine = _may_throw_from(state.static.bf, state.squares_of(u))
    landed = disperse(state, action.square, p, u.side, mine, u, u.id)
    explode(state, u, landed, p)
    if state.static.bf.structures and p.key not in EQUIPMENT:  # a weapon with Destruction (destruction.py)
        blast_structures(state, u, landed, p.radius, p.weapon)


def unit_blasts(state: "GameState", u: "UnitState") -> list[Action]:
    """The blast patterns offered to the unit being activated, before it moves or fires:
    only units of a type that may place one, on the battlefield."""
    if u.st.profile.type not in BLASTERS or u.sq < 0:
        return []
    return blast_actions(state, u)


def blast_decided(state: "GameState", action: Action) -> None:
    """A ``blast`` decision of the unit being activated: the pattern is its whole
    action (no shot follows)."""
    do_blast(state, action)
    state.fired = (-1,)


# --- artillery cards -------------------------------------------------------------------



_CARD_PATTERNS: Final[Derived[dict[tuple[int, str], Pattern | None]]] = table(
    "blast: the blast pattern of a side's card, by side and effect key")


def _card_pattern(state: "GameState", side: int, key: str) -> Pattern | None:
    """The blast pattern of the side's card with effect ``key`` (the pack's values)."""
    cache = derived(state, _CARD_PATTERNS)
    if (side, key) not in cache:
        faction = state.static.sides[side].faction
        cards = [c for c in state.static.pack.items["cards"].values()
                 if c.effect_key == key and getattr(c, "blast", None) is not None]
        mine = [c for c in cards if c.faction == faction] or cards
        b = mine[0].blast if mine else None
        cache[(side, key)] = None if b is None else Pattern(
            key, b.radius, _combat(b.combat), 10**6, b.scatter, False, -1)
    return cache[(side, key)]


def aim_at(state: "GameState", side: int, t: "UnitState", radius: int) -> int:
    """The intersection around enemy ``t`` whose pattern covers the most enemies
    of ``side`` less its own units (the first, by number, of equals); -1 if none
    may be targeted."""
    bf = state.static.bf
    best, top = -1, -10**6
    for sq in state.squares_of(t):
        for i in covering(bf, sq, radius):
            if inside_building(bf, i):
                continue
            score = sum(1 if x.side != side else -1 for x in under(state, i, radius))
            if score > top or (score == top and i < best):
                best, top = i, score
    return best


def _barrage_ok(state: "GameState", unit: "UnitState") -> bool:
    """An enemy unit a blast can touch, outside buildings, and a pattern to place."""
    side = state.to_act
    assert side is not None  # cards are played while the game goes on
    return (unit.side != side and _affected(state, unit) and _card_pattern(state, side, "artillery-barrage") is not None
            and not any(state.static.bf.terrain[s].building for s in state.squares_of(unit)))


def _barrage(state: "GameState", unit: "UnitState") -> None:
    """Place the card's pattern over the enemy unit named: it always scatters (a
    die, as Indirect Fire; an Artillery Spotter in clear sight takes 1 off), then
    attacks everything under it, no unit firing."""
    side = state.to_act
    assert side is not None  # cards are played while the game goes on
    p = _card_pattern(state, side, "artillery-barrage")
    i = aim_at(state, side, unit, p.radius) if p is not None else -1
    if p is None or i < 0:
        return
    state.events.append(Event("blast", {"unit": -1, "mode": p.key, "at": i, "room": False}))
    landed = disperse(state, i, p, side, (), None)
    explode(state, None, landed, p)


def _smoke_ok(state: "GameState", unit: "UnitState") -> bool:
    side = state.to_act
    assert side is not None  # cards are played while the game goes on
    return unit.side != side and unit.active and _card_pattern(state, side, "smoke-barrage") is not None


def _smoke(state: "GameState", unit: "UnitState") -> None:
    """Lay the card's smoke pattern over the enemy unit named (on the first
    intersection around it by number), after a dispersal roll of its own
    distance (000 core rules, Recruitment Options > Orders > Smoke: scatter as
    Indirect Fire, then the -4 side up)."""
    side = state.to_act
    assert side is not None  # cards are played while the game goes on
    p = _card_pattern(state, side, "smoke-barrage")
    bf = state.static.bf
    around = [i for sq in state.squares_of(unit) for i in covering(bf, sq, p.radius)] if p is not None else []
    if p is None or not around:
        return
    lay(state, disperse(state, min(around), p, side, (), None), p.radius)


# --- coverage --------------------------------------------------------------------------

_COMMON = ("blast values and the pattern shapes are placeholders in the content; structures under a pattern "
           "are not damaged; a building overlay counts as one room; cards answering a shot (Take Cover!, "
           "Jammed!) are not offered against a blast")
# the patterns of every source (equipment, weapons, abilities) are offered and thrown through the
# Grenade entry's game hooks: one module offers them all, after structure and demolition-target shots
register("option", "grenade", "Grenade", "partial", RULE["grenade"],
         "thrown instead of the shot of a unit that has not moved (not with Firing on the Move); thrown out of "
         "a building from the opening's square itself, not from the half-square in front of it; " + _COMMON,
         rank=30, decides=("blast",), hooks=[ACTIVATION_ACTIONS.by(unit_blasts), DECIDE.by(blast_decided)])
register("option", "rifle-grenade", "Rifle Grenade", "partial", RULE["rifle-grenade"],
         "as Grenade, with Indirect Fire's dispersal (direction per die a placeholder); " + _COMMON)
register("option", "he-shells", "HE Shells", "partial", RULE["he-shells"],
         "a red pattern in clear sight instead of the primary weapon's shot of a heavy vehicle that has not "
         "moved; " + _COMMON)
register("ability", "howitzer", "Howitzer", "partial", RULE["howitzer"],
         "the pattern colour is taken from the ability (red, radius 2) as the unit content keeps it only in "
         "notes; only from a unit that has not moved; " + _COMMON)
register("ability", "indirect-fire", "Indirect Fire", "partial", RULE["indirect-fire"],
         "the pattern colour is taken from the ability (blue, radius 1); the dispersal direction of each die "
         "is a placeholder; near a Horn of Plenty the pattern is green (builder/systems/heroes/engine/features/horn_of_plenty.py); " + _COMMON)
register("card", "artillery-barrage", "Artillery barrage card", "partial", R_CARD,
         "played on an enemy unit in the side's activation: the pattern is aimed at the intersection around it "
         "covering the most enemies; a card placing two patterns (155mm Long Tom) places one; " + _COMMON,
         hooks=[CARD_PHASE.by(lambda: ON_ENEMY), CARD_PLAYABLE.by(_barrage_ok), CARD_PLAY.by(_barrage)])
register("card", "smoke-barrage", "Smoke barrage card", "partial", R_CARD + "; " + SMOKE,
         "played on an enemy unit in the side's activation, the smoke laid on the first intersection around it; "
         "the pattern's shape (radius 2) is a placeholder; smoke is a penalty to shots, never a block "
         "(builder/systems/heroes/engine/smoke.py)",
         hooks=[CARD_PHASE.by(lambda: ON_ENEMY), CARD_PLAYABLE.by(_smoke_ok), CARD_PLAY.by(_smoke)])
register("option", "artillery", "Artillery", "partial", "000 core rules, Recruitment Options > Orders > Artillery",
         "the deck holds the faction's artillery cards when the army has the option, every copy (the number on "
         "the option is not counted: builder/systems/heroes/engine/setup.py); the barrage, smoke barrage and artillery-shot "
         "cards are played (builder/systems/heroes/engine/features/artillery_shot.py)")
register("ability", "artillery-spotter", "Artillery Spotter", "partial", SA + "Artillery Spotter",
         "the 1-intersection cut is always taken when a spotter of the side sees the target intersection clearly")
