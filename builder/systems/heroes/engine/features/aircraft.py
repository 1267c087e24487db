"""Aircraft units in play (003 Battle for Normandy, Aviation Rules: Aircraft Units,
Planespotting, Long Range Penalty, Aircraft Taking a Firing Action, Other Units Taking a
Firing Action, Anti-Aircraft, Speed Penalty, Bombs & Rockets).

An army recruits an aircraft with an Aircraft order option and the aircraft's
recruitment tile (content kind ``aircraft``); its unit (type ``aircraft``) flies over
the battlefield and never stands on it (set-up deploys it nowhere: sq -1, so it takes no
order through the ordinary Orders phase and counts for no objective).

**Orders and planespotting.** The engine decides for the side, as it does for a support
tile (builder/systems/heroes/engine/features/support_tiles.py): as the Orders phase starts, an
aircraft with something to attack takes the side's highest numbered order token (one
token fewer for its units this round) and is *in plain sight*; one without a target takes
a bluff when the side has one left and is *in the clouds* for the round (it can neither
attack nor be targeted); otherwise it gets no token and is in plain sight, a target for
anti-aircraft fire only.

**Its attack.** As the Activation phase starts, each aircraft with a numbered token makes
one firing action (the initiative side's first, then by token): a weapon at a ground unit
outside buildings and not concealed (aircraft see every such unit and cannot spot
concealed ones), with no range or line-of-sight terms and no long-range penalty, the
target's terrain bonus (non-building cover), a heavy vehicle's side defence; or at an
enemy aircraft in plain sight, with the speed penalty, as any unit fires at aircraft (a
Machine Gunner weapon at one with a numbered token, an Anti-Aircraft weapon at any). A weapon with Howitzer is a bomb
or rocket (Bombs & Rockets): while the tile's bomb markers last (``bombs`` on the
aircraft tile), the aircraft may instead drop the explosion template (radius 2) with the
weapon's values, aimed as the barrage cards aim, without scattering. It picks the attack
with the best expected result (hit and kill chances, friends under a template counted
against it).

**Anti-aircraft fire.** A ground unit being activated, before it moves or fires, may fire
at an enemy aircraft in plain sight (a ``fire`` decision with mode ``at-aircraft`` and
``target`` the aircraft): a weapon with Anti-Aircraft (003, or the core AAA) may fire at
any aircraft in plain sight, adding its bonus; a weapon with Machine Gunner (on the
weapon or, for a unit that is not a heavy vehicle, on the unit) only at an aircraft with
a numbered token. Never from inside a building (no line of sight), never a weapon or
unit with Limited Range or a template (Howitzer, Indirect Fire), never a weapon with a
limited firing arc unless it has Anti-Aircraft. The shot: the weapon's value against the
aircraft's defence, no long-range penalty, minus the **speed penalty**: the difference
between the firer's numbered token and the aircraft's; a standard 2 when the aircraft has
no token or the firer has a special order.

Readings and what is not played: the aircraft attacks first in the Activation phase, not
at its token's number; the engine, not the player, decides its token; special order
tokens are never put on aircraft; opportunity fire at an aircraft that has fired is not
played. A ground unit covered, even partly, by a smoke pattern takes its penalty on a shot
between it and an aircraft (003 Smoke warning), a bomb's template excepted. The values on the aircraft
counters and tiles are placeholders but the Spitfire's 40 points and the Typhoon's two
bombs.

The rule fields: ``sky`` (the round's tokens of the aircraft: (unit, token, attacked),
token -1 a bluff, -9 none) and ``aircraft_bombs`` (bombs dropped: (unit, count)).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.ambush import reveal
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import ACTIVATION_ACTIONS, IN_SCENARIO, ON_PHASE, SCENARIO_APPLY
from builder.systems.heroes.engine.features.aviation import outside_buildings
from builder.systems.heroes.engine.features.blast import WEAPON_RADIUS, Pattern, _affected, aim_at, blast_plan, explode, under
from builder.systems.heroes.engine.firing import R_SUPP, ShotPlan, resolve_shot
from builder.systems.heroes.engine.smoke import SMOKE, smoke_terms
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
from builder.systems.heroes.engine.terms import Term
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.profiles import WeaponProfile
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "003 Battle for Normandy, Aviation Rules"
R_ATTACK = f"{RULE} > Aircraft Taking a Firing Action"
R_AA = f"{RULE} > Other Units Taking a Firing Action; Anti-Aircraft"
R_SPEED = f"{RULE} > Speed Penalty"
AIRCRAFT = "aircraft"  # the unit type and the ability
AT_AIRCRAFT = "at-aircraft"  # the mode of a fire decision at an aircraft
ANTI_AIRCRAFT = ("anti-aircraft", "aaa")  # 003's ability (with its bonus) and the core AAA
TEMPLATES = ("howitzer", "indirect-fire", "limited-range")  # abilities that keep a weapon off aircraft
BLUFF, NONE = -1, -9
STANDARD_SPEED = 2  # the speed penalty against an aircraft without a token (Anti-Aircraft)
SKY: Final[RuleField[tuple[tuple[int, int, int], ...]]] = declare_field("sky", __name__, key=key_rows, lasts="round")
"""The aircraft's tokens this round: (unit id, token, attacked); token -1 bluff, -9 none."""
BOMBS: Final[RuleField[tuple[tuple[int, int], ...]]] = declare_field("aircraft_bombs", __name__, key=key_rows)
"""Bombs dropped so far: (unit id, count)."""


def aircraft(state: "GameState") -> list["UnitState"]:
    """The living aircraft of the game, by id."""
    return [u for u in state.units if u.alive and u.st.profile.type == AIRCRAFT]


def in_game(state: "GameState") -> bool:
    """Does any army of the game hold an aircraft?"""
    return any(u.st.profile.type == AIRCRAFT for u in state.units)


def token_of(state: "GameState", uid: int) -> int:
    """The aircraft's token this round (-1 a bluff: in the clouds; -9 none)."""
    return next((t for u, t, _ in rule_field(state, SKY) if u == uid), NONE)


def in_plain_sight(state: "GameState", a: "UnitState") -> bool:
    """003 Planespotting: an aircraft without a bluff token flies in plain sight."""
    return a.alive and token_of(state, a.id) != BLUFF


_PRINTED_BOMBS: Final[Derived[dict[str, int]]] = table(
    "aircraft: the bomb or rocket markers printed on an aircraft's tile, by counter id")


def bombs_left(state: "GameState", a: "UnitState") -> int:
    """The bomb or rocket markers of the aircraft's tile not dropped yet."""
    cache = derived(state, _PRINTED_BOMBS)
    printed = cache.get(a.st.profile.id)
    if printed is None:
        tiles = [t for t in state.static.pack.items["tiles"].values()
                 if t.kind.value == AIRCRAFT and any(g.unit == a.st.profile.id for g in t.units)]
        printed = cache[a.st.profile.id] = max((getattr(t, "bombs", 0) for t in tiles), default=0)
    used = next((n for u, n in rule_field(state, BOMBS) if u == a.id), 0)
    return max(0, printed - used)


def _shot_value(plan: ShotPlan) -> float:
    hit, kill = plan.odds()
    return hit + kill


# --- the aircraft's attack ------------------------------------------------------------


def speed_penalty(state: "GameState", firer_token: int, a: "UnitState") -> int:
    """003 Speed Penalty: the difference between the firer's numbered token and the
    aircraft's; a standard 2 when either has none (or a special order)."""
    t = token_of(state, a.id)
    if t <= 0 or firer_token <= 0:
        return STANDARD_SPEED
    return abs(firer_token - t)


def smoke_on(state: "GameState", u: "UnitState") -> list[Term]:
    """003 Smoke warning: a ground unit covered, even partly, by a smoke pattern takes its
    penalty on a shot between it and an aircraft, either way."""
    if SMOKE not in state.rule_fields:
        return []
    return max((smoke_terms(state, sq, -1, ()) for sq in state.squares_of(u)), key=len, default=[])


def _ground_plan(state: "GameState", a: "UnitState", wi: int, t: "UnitState") -> ShotPlan:
    w = a.st.profile.faces[a.face].weapons[wi]
    plan = blast_plan(state, a, t, Pattern(AIRCRAFT, 0, w.combat, 10**6, 0, False, wi))
    plan.mode = AIRCRAFT
    plan.terms = [Term(x.value, f"{w.name} (aircraft) vs {x.label.rsplit(' vs ', 1)[-1]}", R_ATTACK, bonus=True)
                  if x.label.startswith("blast (") else x for x in plan.terms]
    plan.terms.extend(smoke_on(state, t))
    return plan


def _air_plan(state: "GameState", firer: "UnitState", wi: int, a: "UnitState", firer_token: int,
              bonus: int = 0) -> ShotPlan:
    """A shot at aircraft ``a``: the weapon's value against its defence, the
    anti-aircraft bonus, the speed penalty; no range, sight or long-range terms."""
    w = firer.st.profile.faces[firer.face].weapons[wi]
    face = a.st.profile.faces[a.face]
    plan = ShotPlan(firer.id, a.id, wi, AT_AIRCRAFT, firer_sq=firer.sq)
    value = w.against(face.defence_type)
    if value is None:
        plan.ok, plan.reason = False, f"{w.name} shows X against the aircraft"
        return plan
    plan.defence, plan.defence_label = int(face.defence or 0), "defence"  # type: ignore[arg-type]
    plan.terms.append(Term(value, f"{w.name} vs {face.defence_type}", R_AA, bonus=True))
    if bonus:
        plan.terms.append(Term(bonus, "anti-aircraft bonus", R_AA, bonus=True))
    speed = speed_penalty(state, firer_token, a)
    if speed:
        plan.terms.append(Term(-speed, "speed penalty", R_SPEED))
    if firer.suppressed:
        plan.terms.append(Term(-2 * firer.suppressed, f"{firer.suppressed} suppressed marker(s)", R_SUPP))
    if firer.sq >= 0:
        plan.terms.extend(smoke_on(state, firer))
    return plan


def _bomb_value(state: "GameState", a: "UnitState", p: Pattern, i: int) -> float:
    out = 0.0
    for t in under(state, i, p.radius):
        plan = blast_plan(state, a, t, p)
        if plan.ok:
            out += _shot_value(plan) * (1 if t.side != a.side else -1)
    return out


def best_attack(state: "GameState", a: "UnitState") -> tuple[float, Any] | None:
    """The aircraft's best attack: (value, plan) for a shot, (value, (pattern, intersection))
    for a bomb; None when it has nothing to attack."""
    face = a.st.profile.faces[a.face]
    best: tuple[float, Any] | None = None
    bombs = bombs_left(state, a)
    token = token_of(state, a.id)
    what: ShotPlan | tuple[Pattern, int]
    for t in state.units:
        if t.side == a.side or t.st.decoy:
            continue
        for wi, w in enumerate(face.weapons):
            if "howitzer" in w.abilities:
                if not bombs or not _affected(state, t) or not outside_buildings(state, t):
                    continue
                p = Pattern(AIRCRAFT, WEAPON_RADIUS["howitzer"], w.combat, 10**6, 0, False, wi)
                i = aim_at(state, a.side, t, p.radius)
                if i < 0:
                    continue
                value, what = _bomb_value(state, a, p, i), (p, i)
            elif t.st.profile.type == AIRCRAFT:  # as any unit firing at aircraft (Other Units Taking a Firing Action)
                able, bonus = may_fire_at_aircraft(a, w)
                if not able or not t.alive or not in_plain_sight(state, t) \
                        or (bonus is None and token_of(state, t.id) < 0):
                    continue
                plan = _air_plan(state, a, wi, t, token)
                value, what = _shot_value(plan), plan
            else:
                if not _affected(state, t) or not outside_buildings(state, t):
                    continue
                plan = _ground_plan(state, a, wi, t)
                value, what = _shot_value(plan), plan
            if value > 0 and (best is None or value > best[0] + 1e-9):
                best = (value, what)
    return best


def place_orders(state: "GameState") -> None:
    """The Orders phase starts: each aircraft takes a numbered token, a bluff or none."""
    sky = []
    for a in aircraft(state):
        s = state.sides[a.side]
        if s.to_place and best_attack(state, a) is not None:
            token = max(s.to_place)
            s.to_place.remove(token)
        elif s.bluffs_left > 0:
            s.bluffs_left -= 1
            token = BLUFF
        else:
            token = NONE
        sky.append((a.id, token, 0))
        state.events.append(Event("aircraft-order", {"unit": a.id, "side": a.side, "token": token,
                                                     "in_the_clouds": token == BLUFF}))
    set_rule_field(state, SKY, tuple(sky))


def attack(state: "GameState", a: "UnitState") -> None:
    """The aircraft's firing action (its best attack)."""
    found = best_attack(state, a)
    if found is None:
        state.events.append(Event("aircraft-attack", {"unit": a.id, "target": -1}))
        return
    what = found[1]
    if isinstance(what, ShotPlan):
        state.events.append(Event("aircraft-attack", {"unit": a.id, "target": what.target, "weapon": what.weapon}))
        resolve_shot(state, what)
        return
    p, i = what
    used = next((n for u, n in rule_field(state, BOMBS) if u == a.id), 0)
    set_rule_field(state, BOMBS, tuple((u, n) for u, n in rule_field(state, BOMBS) if u != a.id) + ((a.id, used + 1),))
    state.events.append(Event("aircraft-attack", {"unit": a.id, "at": i, "weapon": p.weapon, "bomb": True}))
    state.events.append(Event("blast", {"unit": a.id, "mode": AIRCRAFT, "at": i, "room": False}))
    explode(state, a, i, p)


def attack_all(state: "GameState") -> None:
    """The Activation phase starts: the aircraft with numbered tokens attack, the
    initiative side's first, then by token and id."""
    ordered = sorted((e for e in rule_field(state, SKY) if e[1] > 0),
                     key=lambda e: (state.units[e[0]].side != state.initiative, e[1], e[0]))
    for uid, _token, _ in ordered:
        a = state.units[uid]
        if a.alive:
            attack(state, a)
            set_rule_field(state, SKY, tuple((u, t, 1 if u == uid else d) for u, t, d in rule_field(state, SKY)))


def on_phase(state: "GameState", phase: str) -> None:
    """The Orders phase starts: the aircraft take their tokens (planespotting); the
    Activation phase starts: those with a numbered token attack."""
    if phase == "orders":
        if aircraft(state):
            place_orders(state)
    elif phase == "activation" and rule_field(state, SKY):
        attack_all(state)


# --- anti-aircraft fire ---------------------------------------------------------------


def aa_bonus(u: "UnitState", w: "WeaponProfile") -> int | None:
    """The weapon's anti-aircraft bonus (None: it has no Anti-Aircraft)."""
    for name in ANTI_AIRCRAFT:
        v = w.abilities.get(name)
        if v is None:
            v = u.ability(name)
        if v is not None:
            return v
    return None


def may_fire_at_aircraft(u: "UnitState", w: "WeaponProfile") -> tuple[bool, int | None]:
    """(may the weapon fire at aircraft at all, its anti-aircraft bonus or None)."""
    if any(x in w.abilities or u.ability(x) is not None for x in TEMPLATES):
        return False, None
    bonus = aa_bonus(u, w)
    if bonus is not None:
        return True, bonus
    heavy = u.st.profile.type == "heavy_vehicle"
    gunner = "machine-gunner" in w.abilities or (not heavy and u.ability("machine-gunner") is not None)
    if heavy and w.role == "primary":
        return False, None
    return gunner and w.arc >= 360, None


def aa_actions(state: "GameState", u: "UnitState") -> list[Action]:
    """``fire`` decisions of the unit being activated at enemy aircraft in plain sight."""
    if u.sq < 0 or u.st.decoy or u.st.profile.type == AIRCRAFT or state.static.bf.terrain[u.sq].building:
        return []
    targets = [a for a in aircraft(state) if a.side != u.side and in_plain_sight(state, a)]
    if not targets:
        return []
    out = []
    face = u.st.profile.faces[u.face]
    for wi, w in enumerate(face.weapons):
        if wi in state.fired or (w.role == "primary" and u.damage & 8):
            continue
        ok, bonus = may_fire_at_aircraft(u, w)
        if not ok:
            continue
        for a in targets:
            if bonus is not None or token_of(state, a.id) >= 0:
                out.append(Action("fire", unit=u.id, weapon=wi, target=a.id, mode=AT_AIRCRAFT))
    return out


def aa_plan(state: "GameState", action: Action) -> ShotPlan:
    """The shot of an ``at-aircraft`` decision."""
    u, a = state.units[action.unit], state.units[action.target]
    w = u.st.profile.faces[u.face].weapons[action.weapon]
    _, bonus = may_fire_at_aircraft(u, w)
    return _air_plan(state, u, action.weapon, a, u.order, bonus or 0)


def fire_at_aircraft(state: "GameState", action: Action) -> None:
    """Carry out an ``at-aircraft`` decision."""
    u = state.units[action.unit]
    if action not in aa_actions(state, u):
        raise IllegalAction(f"no shot at an aircraft there: {action.describe(state)}")
    reveal(state, u, "fired")
    plan = aa_plan(state, action)
    state.events.append(Event("anti-aircraft-fire", {"unit": u.id, "target": action.target,
                                                     "speed_penalty": speed_penalty(state, u.order,
                                                                                    state.units[action.target])}))
    if plan.ok:
        resolve_shot(state, plan)


register("scenario-rule", "aircraft-units", "Aircraft units (aviation rules)", "partial", RULE,
         "the engine decides each aircraft's token (its side's highest numbered token when it has a target, else a "
         "bluff while the side has one) and the aircraft attacks first in the Activation phase, not at its "
         "token's number; no special orders on aircraft; opportunity fire at an aircraft is not played; a bomb's "
         "template takes no smoke penalty; counter values are placeholders",
         modes=(AT_AIRCRAFT,), hooks=[IN_SCENARIO.by(in_game), ON_PHASE.by(on_phase), ACTIVATION_ACTIONS.by(aa_actions),
                                      SCENARIO_APPLY.by(fire_at_aircraft)])
register("ability", AIRCRAFT, "Aircraft", "partial", RULE,
         "played by builder/systems/heroes/engine/features/aircraft.py (see the scenario rule aircraft-units)")
register("ability", "anti-aircraft", "Anti-Aircraft", "simulated", f"{RULE} > Anti-Aircraft")
register("option", AIRCRAFT, "Aircraft (orders option)", "partial", f"{RULE} > Aircraft Units",
         "recruits the aircraft of the tile laid beside it (a tile of kind aircraft in the army); an Aircraft "
         "option without such a tile brings nothing")
