"""Assault (000 core rules, Action! > Assault and Resolution of an Assault).

Only units with the Assault ability assault. The attacker moves to a free square
next to the defender (zones of control obey the normal rules on the way; the last
step into the target ignores them) and rolls 2 dice keeping the higher plus its
combat bonus against the defender's type; the defender rolls 1 die (2 with Assault)
plus its combat bonus against the attacker's type (a heavy vehicle uses its
secondary weapon) plus the terrain bonus unless both stand in the same position
or building. Higher wins: the defender takes a hit and infantry retreats to one of
the three squares away from the attacker (eliminated if none), the attacker
advances; if the defender wins the attacker takes a hit and stays back; a tie
changes nothing. Assaulted from outside its firing arc, a unit first receives a
Suppressed marker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from builder.systems.heroes.engine import effects, steps
from builder.systems.heroes.engine.effects.hooks import (
    ASSAULT_ATTACK, ASSAULT_DEFENCE, ASSAULT_HEAVY, ASSAULT_LOST, ASSAULT_WON, HITS_INFLICTED, OPPONENT_ASSAULT,
    PUSH_BACK, REROLL,
)
from builder.systems.heroes.engine.features.advanced_positions import RULE as R_POSITION
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS, cover
from builder.systems.heroes.engine.features.urban_fighter import window_exit
from builder.systems.heroes.engine.ambush import revealed_face
from builder.systems.heroes.engine.damage import eliminate, markers_taken, roll, suppress, take_hit
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import in_arc
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.zoc import enemy_zoc
from builder.systems.heroes.board.grid import DIRS
from builder.systems.heroes.board.rooms import shelters

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

R_ASSAULT = "000 core rules, Action! > Resolution of an Assault"


@dataclass
class AssaultPlan:
    attacker: int
    defender: int
    from_sq: int
    ok: bool = True
    reason: str = ""
    attack_terms: list[Term] = field(default_factory=list)
    defence_terms: list[Term] = field(default_factory=list)
    attack_dice: int = 2
    defence_dice: int = 1
    outside_arc: bool = False

    def __init__(self, attacker: int, defender: int, from_sq: int, ok: bool = True, reason: str = "",
                 attack_terms: list[Term] | None = None, defence_terms: list[Term] | None = None,
                 attack_dice: int = 2, defence_dice: int = 1, outside_arc: bool = False) -> None:
        # written out: compiled code runs a dataclass's generated __init__ as
        # interpreted Python, several times slower (builder/systems/heroes/engine/terms.py)
        self.attacker, self.defender, self.from_sq, self.ok, self.reason = attacker, defender, from_sq, ok, reason
        self.attack_terms = [] if attack_terms is None else attack_terms
        self.defence_terms = [] if defence_terms is None else defence_terms
        self.attack_dice, self.defence_dice, self.outside_arc = attack_dice, defence_dice, outside_arc

    @property
    def attack_mod(self) -> int:
        return sum(t.value for t in self.attack_terms)

    @property
    def defence_mod(self) -> int:
        return sum(t.value for t in self.defence_terms)

    def odds(self) -> tuple[float, float, float]:
        """(P(attacker wins), P(tie), P(defender wins)), exact over the dice."""
        def dist(n: int) -> dict[int, float]:
            return {v: (v ** n - (v - 1) ** n) / 6 ** n for v in range(1, 7)}
        a, d = dist(self.attack_dice), dist(self.defence_dice)
        supp = 1 if self.outside_arc else 0
        attack_mod, defence_mod = self.attack_mod, self.defence_mod  # sums: read once
        win = tie = 0.0
        for av, pa in a.items():
            for dv, pd in d.items():
                diff = (av + attack_mod) - (dv + defence_mod - 2 * supp)
                if diff > 0:
                    win += pa * pd
                elif diff == 0:
                    tie += pa * pd
        return win, tie, 1.0 - win - tie


def _face(unit: "UnitState"):
    """The side that fights: a concealed unit reveals itself to assault or defend."""
    return unit.st.profile.faces[revealed_face(unit) if unit.concealed else unit.face]


def _combat(unit: "UnitState", against: str | None, role: str | None = None) -> int | None:
    face = _face(unit)
    weapons = face.weapons
    if role:
        weapons = tuple(w for w in weapons if w.role == role) or weapons
    if not weapons or against is None:
        return None
    return weapons[0].against(against)


def plan_assault(state: "GameState", attacker: "UnitState", defender: "UnitState", from_sq: int) -> AssaultPlan:
    bf = state.static.bf
    plan = AssaultPlan(attacker.id, defender.id, from_sq)
    if attacker.ability("assault") is None:
        plan.ok, plan.reason = False, "only units with the Assault ability assault"
        return plan
    dface = _face(defender)
    aface = _face(attacker)
    combat = _combat(attacker, dface.defence_type)
    buster = defender.type == "heavy_vehicle" and (any(
        k[1] == "tankbuster" and k[0] in (-1, attacker.st.tile) for k in state.static.sides[attacker.side].traits)
        or any(heavy for heavy in effects.collect(state, attacker, ASSAULT_HEAVY)))
    if combat is None and not buster:
        plan.ok, plan.reason = False, "the attacker shows X against the defender's type"
        return plan
    plan.attack_terms.append(Term(combat or 0, "combat bonus", R_ASSAULT))
    if attacker.suppressed:
        plan.attack_terms.append(Term(-2 * attacker.suppressed, "suppressed markers",
                                      "000 core rules, Special Abilities > Suppressive Fire"))
    role = "secondary" if defender.type == "heavy_vehicle" else None
    dcombat = _combat(defender, aface.defence_type, role)
    plan.defence_terms.append(Term(dcombat or 0, "combat bonus" + (" (secondary weapon)" if role else "")
                                   + (" (X counts 0)" if dcombat is None else ""), R_ASSAULT))
    held = cover(state, defender.sq) if POSITIONS in state.rule_fields and defender.is_infantry else None
    if held is not None:  # an advanced position: one square, which the attacker is not in
        plan.defence_terms.append(Term(held.defence_bonus, f"{held.id} at {bf.name(defender.sq)}", R_POSITION))
    elif defender.is_infantry:
        t = bf.terrain[defender.sq]
        if t.defence_bonus and shelters(bf, defender.sq, from_sq):  # not from its own room or overlay
            plan.defence_terms.append(Term(t.defence_bonus, f"{t.id} at {bf.name(defender.sq)}",
                                           "000 core rules, Terrain and Terrain Overlays > Defense"))
    if defender.suppressed:
        plan.defence_terms.append(Term(-2 * defender.suppressed, "suppressed markers",
                                       "000 core rules, Special Abilities > Suppressive Fire"))
    card = state.boosts.get(("assault", attacker.id)) if state.boosts else None
    if card:
        plan.attack_terms.append(Term(card, "action card", "000 core rules, Action Card"))
    for terms in effects.collect(state, attacker, ASSAULT_ATTACK, plan):
        plan.attack_terms.extend(terms)
    for terms in effects.collect(state, defender, ASSAULT_DEFENCE, plan):
        plan.defence_terms.extend(terms)
    for terms in effects.collect(state, defender, OPPONENT_ASSAULT, plan):
        plan.attack_terms.extend(terms)
    for terms in effects.collect(state, attacker, OPPONENT_ASSAULT, plan):
        plan.defence_terms.extend(terms)
    plan.defence_dice = 2 if defender.ability("assault") is not None else 1
    arcs = [w.arc for w in dface.weapons if w.arc < 360]
    if arcs and not in_arc(state, defender, max(arcs), defender.sq, from_sq) and markers_taken(state, defender, 1):
        plan.outside_arc = True
    return plan


def may_assault(state: "GameState", u: "UnitState", t: "UnitState") -> bool:
    """The cheap half of :func:`plan_assault`: a combat value against the
    defender's type (or Tankbuster against a heavy vehicle). Asked for every enemy
    while assaults are listed, on foot (builder/systems/heroes/engine/unit_actions.py) or from a
    vehicle (builder/systems/heroes/engine/transport.py)."""
    dtype = t.st.profile.faces[revealed_face(t) if t.concealed else t.face].defence_type
    weapons = u.st.profile.faces[revealed_face(u) if u.concealed else u.face].weapons
    if dtype is None or not weapons:
        return False
    if weapons[0].against(dtype) is not None:
        return True
    return plan_assault(state, u, t, u.sq).ok


def retreat_squares(state: "GameState", defender: "UnitState", from_sq: int) -> list[int]:
    """The three squares away from the attacker the defender may retreat into (an
    Urban Fighter also out through a window: builder/systems/heroes/engine/features/urban_fighter.py)."""
    bf = state.static.bf
    (ax, ay), (dx_, dy_) = bf.xy(from_sq), bf.xy(defender.sq)
    sx, sy = (dx_ > ax) - (dx_ < ax), (dy_ > ay) - (dy_ < ay)
    d = DIRS.index((sx, sy))
    masks = enemy_zoc(state, defender.side)
    out = []
    amph = defender.ability("amphibious") is not None
    here = masks.get(defender.sq, 0)
    for rot in (0, 1, 7):
        c = bf.offset(defender.sq, (d + rot) % 8)
        if c < 0 or state.occ[c] >= 0 or not bf.enterable(c, defender.type, amph):
            continue
        if (not bf.step_open(defender.sq, c) and not (bf.windows and window_exit(state, defender, c))) \
                or (here & masks.get(c, 0)):
            continue
        out.append(c)
    return out


def resolve_assault(state: "GameState", plan: AssaultPlan) -> None:
    attacker, defender = state.units[plan.attacker], state.units[plan.defender]
    if plan.outside_arc:
        suppress(state, defender, 1, "assaulted outside its firing arc")
        plan.defence_terms.append(Term(-2, "suppressed outside its arc"))
    a = max(roll(state, "assault (attacker)", attacker.id) for _ in range(plan.attack_dice))
    d = max(roll(state, "assault (defender)", defender.id) for _ in range(plan.defence_dice))
    need = d + plan.defence_mod - plan.attack_mod + 1  # to win, else not to lose
    need = need if need <= 6 else need - 1
    for reroll in effects.hook_functions(state, attacker, REROLL):
        a = reroll(state, attacker, a, plan.attack_dice, need, "assault (attacker)")
    a = steps.answer_roll(state, attacker, a, plan.attack_dice, need, "assault (attacker)")
    need = a + plan.attack_mod - plan.defence_mod  # not to lose
    for reroll in effects.hook_functions(state, defender, REROLL):
        d = reroll(state, defender, d, plan.defence_dice, need, "assault (defender)")
    d = steps.answer_roll(state, defender, d, plan.defence_dice, need, "assault (defender)")
    at, dt = a + plan.attack_mod, d + plan.defence_mod
    outcome = "attacker" if at > dt else "defender" if dt > at else "tie"
    state.events.append(Event("assault", {"unit": attacker.id, "target": defender.id, "attack": at,
                                          "defence": dt, "winner": outcome}))
    if outcome == "attacker":
        hits = max(effects.collect(state, attacker, HITS_INFLICTED) or [1])
        old_sq = defender.sq
        for _ in range(hits):
            take_hit(state, defender, attacker, "assault")
        for _ in effects.collect(state, attacker, ASSAULT_WON, defender):
            pass
        if defender.alive and not defender.wreck and defender.is_infantry:
            options = retreat_squares(state, defender, plan.from_sq)
            if not options:
                eliminate(state, defender, "no square to retreat into")
            elif len(options) == 1:
                retreat(state, defender, options[0], attacker.id, old_sq)
            else:
                state.pending.append(("retreat", defender.side, defender.id, tuple(options), (attacker.id, old_sq)))
                return
        advance(state, attacker, old_sq)
    else:
        if outcome == "defender":
            take_hit(state, attacker, defender, "lost assault")
            for _ in effects.collect(state, attacker, ASSAULT_LOST, defender):
                pass
        if (attacker.active and defender.active and defender.is_infantry
                and effects.collect(state, attacker, PUSH_BACK)):
            _push_back(state, attacker, defender, plan.from_sq)


def _push_back(state: "GameState", attacker: "UnitState", defender: "UnitState", from_sq: int) -> None:
    """Ferocious: the defender falls back as if it had lost, without the hit; the
    attacker, not having won, stays (000 core rules, Recruitment Options >
    Character Traits > Ferocious)."""
    options = retreat_squares(state, defender, from_sq)
    if not options:
        eliminate(state, defender, "no square to fall back into")
    elif len(options) == 1:
        retreat(state, defender, options[0], attacker.id, -1)
    else:
        state.pending.append(("retreat", defender.side, defender.id, tuple(options), (attacker.id, -1)))


def retreat(state: "GameState", defender: "UnitState", sq: int, attacker: int, old_sq: int) -> None:
    state.set_occupant(defender.sq, -1)
    defender.sq = sq
    state.set_occupant(sq, defender.id)
    state.events.append(Event("retreat", {"unit": defender.id, "square": sq}))


def advance(state: "GameState", attacker: "UnitState", old_sq: int) -> None:
    """The winner moves into the defender's former square when it is free."""
    if old_sq < 0 or not attacker.alive or attacker.is_vehicle or state.occ[old_sq] >= 0:
        return
    bf = state.static.bf
    if not bf.enterable(old_sq, attacker.type, attacker.ability("amphibious") is not None):
        return
    if attacker.carried_by >= 0:  # it assaulted from a vehicle (builder/systems/heroes/engine/transport.py)
        attacker.carried_by = -1
    else:
        state.set_occupant(attacker.sq, -1)
    attacker.sq = old_sq
    state.set_occupant(old_sq, attacker.id)
    state.events.append(Event("advance", {"unit": attacker.id, "square": old_sq}))
