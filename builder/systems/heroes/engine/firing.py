"""Firing (000 core rules, Action! > Firing: Line of Sight, Range, Firing Arc,
Shot Resolution; Special Abilities > Suppressive Fire, Sniper).

A shot needs a combat value against the target's defence type (X: it cannot),
a line of sight that is not blocked, the target in range and arc. The die plus
the combat bonus, equipment and ability bonuses, minus 2 per Suppressed marker on
the firer, minus 2 beyond 7 squares, minus the obscuring squares crossed, must
reach the defence (plus the terrain bonus for infantry): a hit. Twice the defence
is a kill shot. Suppressive fire doubles every bonus and places Suppressed markers
instead of hits. An anti-tank shot (a Panzerfaust token, the rocket card:
:mod:`builder.systems.heroes.engine.features.anti_tank`) takes its own bonus and reach in place of the
weapon's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from builder.systems.heroes.engine import effects, markers, steps
from builder.systems.heroes.engine.effects import hooks
from builder.systems.heroes.engine.effects.hooks import (
    AFTER_MISS, DEFENCE, DICE, FIRING, RANGE_LIMIT, REROLL, SHOT, TARGETED,
)
from builder.systems.heroes.engine.features.advanced_positions import RULE as R_POSITION
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS, cover
from builder.systems.heroes.engine.ambush import revealed_face
from builder.systems.heroes.engine.features.anti_tank import MODES as ANTI_TANK
from builder.systems.heroes.engine.features.anti_tank import shot_source
from builder.systems.heroes.engine.damage import kill_shot, roll, suppress, take_hit
from builder.kernel.events import Event
from builder.systems.heroes.board.grid import DIRS
from builder.systems.heroes.board.los import Sight, sight
from builder.systems.heroes.board.rooms import shelters
from builder.systems.heroes.engine.smoke import SMOKE, smoke_terms
from builder.systems.heroes.engine.terms import Term, odds_at_least

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

R_SHOT = "000 core rules, Firing > Shot Resolution"
R_RANGE = "000 core rules, Firing > Range"
R_LOS = "000 core rules, Terrain and Terrain Overlays > Obstacles"
R_LINES = "003 Battle for Normandy, Battlefield 1.1, Lines and Terrain Effects"
R_SUPP = "000 core rules, Special Abilities > Suppressive Fire"
LONG_RANGE = 7
SPLIT, SPLIT_REST = "split", "split-rest"  # Machine Gunner: the first target's share, the second's
R_MG = "000 core rules, Special Abilities > Machine Gunner"
SPLIT_REACH = 2


@dataclass
class ShotPlan:
    """Everything about one possible shot; ``need`` is the die result that hits."""

    firer: int
    target: int
    weapon: int
    mode: str
    ok: bool = True
    reason: str = ""
    firer_sq: int = -1
    target_sq: int = -1
    sight: Sight | None = None
    range: int = 0
    defence: int = 0
    defence_label: str = ""
    defence_terms: list[Term] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    dice: int = 1
    extra: int = 0
    move_penalty: int = 0  # the Firing on the Move penalty taken (a positive number)

    def __init__(self, firer: int, target: int, weapon: int, mode: str, ok: bool = True, reason: str = "",
                 firer_sq: int = -1, target_sq: int = -1, sight: Sight | None = None, range: int = 0,
                 defence: int = 0, defence_label: str = "", defence_terms: list[Term] | None = None,
                 terms: list[Term] | None = None, dice: int = 1, extra: int = 0, move_penalty: int = 0) -> None:
        # written out for speed (see builder/systems/heroes/engine/terms.py), taking exactly the fields in
        # order (tests/test_engine_speed_structures.py) so dataclasses.replace works;
        # the fields worked out later start empty
        self.firer, self.target, self.weapon, self.mode, self.ok, self.reason = firer, target, weapon, mode, ok, reason
        self.firer_sq, self.target_sq, self.sight, self.range = firer_sq, target_sq, sight, range
        self.defence, self.defence_label, self.dice, self.extra = defence, defence_label, dice, extra
        self.defence_terms = [] if defence_terms is None else defence_terms
        self.terms = [] if terms is None else terms
        self.move_penalty = move_penalty

    @property
    def defence_total(self) -> int:
        return self.defence + sum(t.value for t in self.defence_terms)

    @property
    def modifier(self) -> int:
        factor = 2 if self.mode == "suppressive" else 1
        return sum(t.value * (factor if t.bonus else 1) for t in self.terms)

    @property
    def need(self) -> int:
        return self.defence_total - self.modifier

    @property
    def kill_need(self) -> int:
        return 2 * self.defence_total - self.modifier

    def odds(self) -> tuple[float, float]:
        """(chance of at least a hit, chance of a kill shot / two markers)."""
        if not self.ok:
            return 0.0, 0.0
        return odds_at_least(self.need, self.dice), odds_at_least(self.kill_need, self.dice)


def angle_between(fx: int, fy: int, dx: int, dy: int) -> float:
    """Angle in degrees between a facing vector and a direction."""
    if dx == 0 and dy == 0:
        return 0.0
    a = math.degrees(math.atan2(fy, fx) - math.atan2(dy, dx))
    a = abs((a + 180) % 360 - 180)
    return a


def in_arc(state: "GameState", unit: "UnitState", arc: int, from_sq: int, to_sq: int) -> bool:
    """Is ``to_sq`` inside a firing arc of ``arc`` degrees centred on the facing?
    (000 core rules, Firing > Firing Arc)."""
    if arc >= 360:
        return True
    bf = state.static.bf
    (ax, ay), (bx, by) = bf.xy(from_sq), bf.xy(to_sq)
    fx, fy = DIRS[unit.facing]
    return angle_between(fx, fy, bx - ax, by - ay) <= arc / 2 + 1e-9


def vehicle_defence(state: "GameState", target: "UnitState", target_sq: int, from_sq: int) -> tuple[int, str]:
    """Front, side or rear defence of a heavy vehicle by the angle of the shot
    (000 core rules, Firing > Line of Sight: heavy vehicles' defences)."""
    d = target.st.profile.faces[target.face].defence
    if isinstance(d, int):
        return d, "defence"
    if d is None:
        return 0, "defence"
    bf = state.static.bf
    (tx, ty), (fx_, fy_) = bf.xy(target_sq), bf.xy(from_sq)
    fx, fy = DIRS[target.facing]
    a = angle_between(fx, fy, fx_ - tx, fy_ - ty)
    if a < 45:
        return d[0], "front defence"
    if a >= 135:
        return d[2], "rear defence"
    return d[1], "side defence"


def _terrain_defence(state: "GameState", plan: ShotPlan, target: "UnitState", firer_sq: int) -> None:
    bf = state.static.bf
    if not target.is_infantry:
        return
    t = bf.terrain[plan.target_sq]
    if POSITIONS in state.rule_fields:  # an advanced position: one square, which the firer never shares
        held = cover(state, plan.target_sq)
        if held is not None:
            plan.defence_terms.append(Term(held.defence_bonus, f"{held.id} at {bf.name(plan.target_sq)}", R_POSITION))
            return
    if t.defence_bonus:
        if not shelters(bf, plan.target_sq, firer_sq):  # the firer in the same room or on the same overlay
            return
        plan.defence_terms.append(Term(t.defence_bonus, f"{t.id} at {bf.name(plan.target_sq)}",
                                       "000 core rules, Terrain and Terrain Overlays > Defense"))


def plan_one(state: "GameState", firer: "UnitState", wi: int, target: "UnitState", fsq: int, tsq: int,
             mode: str = "normal", extra: int = 0, moving: bool = False) -> ShotPlan:
    """The shot from square ``fsq`` at square ``tsq`` (no choice of squares)."""
    bf = state.static.bf
    plan = ShotPlan(firer.id, target.id, wi, mode, firer_sq=fsq, target_sq=tsq, extra=extra)
    face = firer.st.profile.faces[revealed_face(firer) if firer.concealed else firer.face]  # reveals to fire
    if not 0 <= wi < len(face.weapons):
        plan.ok, plan.reason = False, f"no weapon {wi} on this side of the counter"
        return plan
    weapon = face.weapons[wi]
    dtype = target.st.profile.faces[target.face].defence_type
    if target.concealed:
        plan.ok, plan.reason = False, "the target is concealed (Ambush): it cannot be targeted"
        return plan
    if dtype is None:
        plan.ok, plan.reason = False, "the target has no defence value (a wreck)"
        return plan
    plan.range = bf.distance(fsq, tsq)
    if mode in ANTI_TANK:
        anti = shot_source(state, firer.side, mode)
        combat = anti.against(dtype) if anti is not None else None
        if anti is None or combat is None:
            plan.ok, plan.reason = False, f"no {mode} shot against {dtype.replace('_', ' ')} defence"
            return plan
        if plan.range > anti.reach:
            plan.ok, plan.reason = False, f"target {plan.range} squares away, beyond the {anti.reach} of a {mode}"
            return plan
    else:
        anti = None
        combat = weapon.against(dtype)
        if mode != "sniper" and combat is None:
            plan.ok, plan.reason = False, f"the weapon shows X against {dtype.replace('_', ' ')} defence"
            return plan
        if mode == "sniper" and not target.is_infantry:
            plan.ok, plan.reason = False, "Sniper targets infantry only"
            return plan
        limits = effects.collect(state, firer, RANGE_LIMIT, weapon)
        if limits and plan.range > min(limits):
            plan.ok, plan.reason = False, f"target {plan.range} squares away, beyond Limited Range {min(limits)}"
            return plan
    if not in_arc(state, firer, weapon.arc, fsq, tsq):
        plan.ok, plan.reason = False, f"target outside the {weapon.arc} degree firing arc"
        return plan
    why = building_reason(bf, fsq, tsq)
    if why:
        plan.ok, plan.reason = False, why
        return plan
    plan.sight = sight(state, fsq, tsq, firer, target)
    if not plan.sight.ok:
        plan.ok, plan.reason = False, f"line of sight blocked by {plan.sight.blocker}"
        return plan
    if target.st.profile.type == "heavy_vehicle":
        plan.defence, plan.defence_label = vehicle_defence(state, target, tsq, fsq)
    else:
        defence = target.st.profile.faces[target.face].defence
        plan.defence = defence if isinstance(defence, int) else 0
        plan.defence_label = "defence"
    _terrain_defence(state, plan, target, fsq)
    if mode in (SPLIT, SPLIT_REST):
        if not any("machine-gunner" in a for a in (weapon.abilities, face.abilities, firer.st.granted)):
            plan.ok, plan.reason = False, "only a Machine Gunner splits its combat bonus"
            return plan
        share = split_share(combat or 0, mode)
        plan.terms.append(Term(share, f"{share} of the combat bonus {combat} vs {dtype.replace('_', ' ')} "
                                      "(Machine Gunner)", R_MG, bonus=True))
    elif anti is not None:
        plan.terms.append(Term(combat or 0, f"{anti.label} vs {dtype.replace('_', ' ')}", anti.rule, bonus=True))
    elif mode != "sniper":
        plan.terms.append(Term(combat or 0, f"combat vs {dtype.replace('_', ' ')}", R_SHOT, bonus=True))
    if firer.suppressed:
        plan.terms.append(Term(-2 * firer.suppressed, f"{firer.suppressed} suppressed marker(s)", R_SUPP))
    long_ranges = effects.collect(state, firer, hooks.LONG_RANGE)
    limit = max(long_ranges) if long_ranges else LONG_RANGE
    if plan.range > limit and mode != "sniper":
        plan.terms.append(Term(-2, f"range {plan.range} > {limit}", R_RANGE))
    for sq, value in plan.sight.obscurers:
        plan.terms.append(Term(-value, f"obscured ({bf.terrain[sq].id} at {bf.name(sq)})", R_LOS))
    for what, value in plan.sight.lines:
        plan.terms.append(Term(-value, f"obscured ({what})", R_LINES))
    if SMOKE in state.rule_fields:
        plan.terms.extend(smoke_terms(state, fsq, tsq, plan.sight.squares))
    if moving:
        penalty = weapon.abilities.get("fire-on-the-move", 0) or face.abilities.get("fire-on-the-move", 0)
        if penalty:
            plan.move_penalty = abs(penalty)
            plan.terms.append(Term(-abs(penalty), "firing on the move",
                                   "000 core rules, Special Abilities > Firing on the Move"))
    if state.boosts:
        card = state.boosts.get(("fire", firer.id))
        if card:
            plan.terms.append(Term(card, "action card", "000 core rules, Action Card", bonus=True))
        cover = state.boosts.get(("cover", target.id))
        if cover:
            plan.defence_terms.append(Term(cover, "Take Cover! card", "000 core rules, Action Card"))
    for t in effects.collect(state, firer, SHOT, plan, weapon):
        plan.terms.extend(t)
    for t in effects.collect(state, target, DEFENCE, plan):
        plan.defence_terms.extend(t)
    if markers.MARKERS in state.rule_fields:
        plan.defence_terms.extend(markers.defence_terms(state, target))
    dice = effects.collect(state, firer, DICE, weapon)
    plan.dice = max(dice) if dice else 1
    return plan


def split_share(combat: int, mode: str) -> int:
    """A Machine Gunner splitting its combat bonus between two targets gives each at
    least +1; the engine splits it as evenly as it goes, the first target named
    taking the odd point (000 core rules, Special Abilities > Machine Gunner)."""
    return (combat + 1) // 2 if mode == SPLIT else combat // 2


def split_partners(state: "GameState", first: "UnitState", second: "UnitState") -> bool:
    """May a Machine Gunner's split shot take these two targets: two units of the
    same type (by defence type) within 2 squares of each other?"""
    if first.id == second.id:
        return False
    dtype = first.st.profile.faces[first.face].defence_type
    if dtype is None or second.st.profile.faces[second.face].defence_type != dtype:
        return False
    bf = state.static.bf
    return any(bf.distance(a, b) <= SPLIT_REACH for a in state.squares_of(first) for b in state.squares_of(second))


def _at_opening(bf, sq: int) -> bool:
    return any(sq in pair for pair in bf.openings)


def building_reason(bf, fsq: int, tsq: int) -> str:
    """Fire out of a building only from a square with an opening; at a unit inside
    one only when it is next to an opening (000 core rules, Terrain > Buildings). Inside
    one building (its overlay, or one room) a clear line is enough, from room to room
    too (003 Battle for Normandy, Buildings, Rooms & Firing Actions). A unit on an elevated
    building square stands on top of the structure, not inside it (the Chimney's top floor:
    003, Battlefield > Buildings > The Chimney), and fires and is fired at in the open."""
    if bf.terrain[fsq].building and bf.terrain[tsq].building and (
            bf.area[fsq] == bf.area[tsq] >= 0 or bf.room[fsq] == bf.room[tsq]):
        return ""
    if bf.terrain[fsq].building and not bf.terrain[fsq].elevated and not _at_opening(bf, fsq):
        return "firing out of a building needs a square with an opening"
    if bf.terrain[tsq].building and not bf.terrain[tsq].elevated and not _at_opening(bf, tsq) \
            and bf.area[tsq] != bf.area[fsq]:
        return "a unit inside a building can be shot only next to an opening"
    return ""


def building_allows(bf, fsq: int, tsq: int) -> bool:
    if not (bf.terrain[fsq].building or bf.terrain[tsq].building):
        return True
    return not building_reason(bf, fsq, tsq)


def plan_shot(state: "GameState", firer: "UnitState", wi: int, target: "UnitState", mode: str = "normal",
              extra: int = 0, moving: bool = False, from_squares: tuple[int, ...] | None = None) -> ShotPlan:
    """The best shot over the firer's and target's squares (two-square vehicles may
    pick either square, 000 core rules, Firing > Line of Sight). A unit firing on
    the move may fire from any square of its move (``from_squares``; Special
    Abilities > Firing on the Move: before it leaves a square)."""
    best: ShotPlan | None = None
    for fsq in from_squares or state.squares_of(firer):
        for tsq in state.squares_of(target):
            p = plan_one(state, firer, wi, target, fsq, tsq, mode, extra, moving)
            if best is None or (p.ok, -p.need) > (best.ok, -best.need):
                best = p
    if best is None:
        best = ShotPlan(firer.id, target.id, wi, mode, ok=False, reason="a unit is not on the battlefield")
    return best


def fire_odds(state: "GameState", attacker: "UnitState", target: "UnitState", weapon: int = 0,
              mode: str = "normal") -> tuple[float, float]:
    """(P(hit), P(kill shot)) of a shot, without changing the state."""
    return plan_shot(state, attacker, weapon, target, mode).odds()


def weapon_usable(state: "GameState", unit: "UnitState", wi: int) -> bool:
    weapon = unit.st.profile.faces[unit.face].weapons[wi]
    return not (weapon.role == "primary" and unit.damage & 8)


def resolve_shot(state: "GameState", plan: ShotPlan) -> None:
    """Roll and apply one planned shot (``plan.firer`` -1: no unit fires, as an
    artillery card's blast pattern; the firer's own hooks then do not apply). A
    firer with Destruction then rolls its dice against the structure the target
    stands in (builder/systems/heroes/engine/features/destruction.py)."""
    _resolve(state, plan)
    if plan.firer >= 0 and state.static.bf.structures and plan.mode != "blast":  # blasts: their own roll
        steps.after_shot(state, state.units[plan.firer], plan.weapon, plan.target_sq)  # builder/systems/heroes/engine/features/destruction.py


def _resolve(state: "GameState", plan: ShotPlan) -> None:
    firer, target = state.units[plan.firer] if plan.firer >= 0 else None, state.units[plan.target]
    if firer is not None and effects.in_game(state, FIRING):
        effects.collect(state, firer, FIRING, target)
    if effects.in_game(state, TARGETED):
        effects.collect(state, target, TARGETED, plan)
    if markers.MARKERS in state.rule_fields:  # the plan holds the defence bonus: the marker goes with this shot
        markers.fired_at(state, target)
    values = [roll(state, f"shot ({plan.mode})", plan.firer) for _ in range(plan.dice)]
    die = max(values)
    if plan.mode != "sniper" and firer is not None:
        for reroll in effects.hook_functions(state, firer, REROLL):
            die = reroll(state, firer, die, plan.dice, plan.need, f"shot ({plan.mode})")
        die = steps.answer_roll(state, firer, die, plan.dice, plan.need, f"shot ({plan.mode})")
    total = die + plan.modifier
    d = plan.defence_total
    state.events.append(Event("shot", {
        "unit": plan.firer, "target": target.id, "weapon": plan.weapon, "mode": plan.mode, "die": die,
        "total": total, "defence": d, "need": plan.need,
    }))
    if plan.mode == "sniper" and firer is not None:
        _sniper(state, firer, target, total)
        return
    if plan.mode == "suppressive":
        suppress(state, target, 2 if total >= 2 * d else 1 if total >= d else 0, "suppressive fire")
        return
    if total >= 2 * d:
        state.events.append(Event("kill-shot", {"unit": target.id}))
        kill_shot(state, target, firer, "kill shot")
    elif total >= d:
        take_hit(state, target, firer, "shot")
    elif firer is not None:
        for _ in effects.collect(state, firer, AFTER_MISS, target):
            pass


def _sniper(state: "GameState", firer: "UnitState", target: "UnitState", total: int) -> None:
    """000 core rules, Special Abilities > Sniper: 1 nothing, 2-3 suppressed,
    4-5 a hit, 6+ a hit and a Suppressed marker."""
    if total >= 4:
        take_hit(state, target, firer, "sniper")
    if total >= 6 or 2 <= total <= 3:
        if target.alive:
            suppress(state, target, 1, "sniper")
