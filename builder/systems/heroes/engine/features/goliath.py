"""Goliath (000 core rules, Recruitment Options > Equipment > Goliath).

The option brings a Goliath counter (the option's ``units``, ``de-goliath`` in the
core content), deployed with the army and targeted as any unit. In its move it
may drive into a square held by an enemy unit and blow up there: every unit in
that square is attacked with the counter's charge (its first weapon's combat
values; a heavy vehicle defends with its side value; infantry keeps its terrain
bonus), each separately, as a blast pattern's units are
(:func:`builder.systems.heroes.engine.features.blast.blast_plan`), and the Goliath is destroyed and
taken off the board (a loss of its side).

The engine offers this as ``move`` actions with mode ``detonate`` and ``square``
the enemy's square: any square of an enemy unit (not concealed, not a decoy)
one step ahead of a state (front square and facing) the Goliath reaches with a
movement point left. That last step follows infantry's entry rules (into a
building through its openings), since the rule lets the charge go off inside a
structure; the Goliath never stops there otherwise. Exploding elsewhere (an empty square) is not offered:
without structures it would hit nothing.

Structures: an explosion in a structure's square damages it (Special
Abilities > Destruction): the charge rolls its Destruction dice (the weapon's
``destruction`` ability, 3 in the core content, a placeholder) against the
structure (builder/systems/heroes/engine/features/destruction.py).

The module owns its rule: it offers the detonations (hook ``actions``), carries
them out (hook ``apply``) and keeps the Goliath from firing its charge as a shot
(hook ``holds_fire``); the game loop never names it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.features.blast import Pattern, blast_plan
from builder.systems.heroes.engine.damage import eliminate
from builder.systems.heroes.engine.features.destruction import destruction_dice, roll_destruction
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import ACTIONS, APPLY, HOLDS_FIRE
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import resolve_shot
from builder.systems.heroes.engine.movement import movement_allowance, vehicle_states
from builder.systems.heroes.engine.derived import Derived, derived

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

GOLIATH = "goliath"
DETONATE = "detonate"  # mode of the move action blowing the Goliath up
RULE = "000 core rules, Recruitment Options > Equipment > Goliath"


def _counters(state: "GameState") -> frozenset[str]:
    return frozenset(u.unit for o in state.static.pack.items["options"].values()
                     if (o.effect_key or o.id) == GOLIATH for u in (o.units or ()))


_COUNTERS: Final = Derived("goliath: the counters Goliath options bring", _counters)


def counters(state: "GameState") -> frozenset[str]:
    """Ids of the counters Goliath options bring (worked out once per game)."""
    return derived(state, _COUNTERS)


def is_goliath(state: "GameState", u: "UnitState") -> bool:
    return u.st.profile.id in counters(state)


def charge(u: "UnitState") -> Pattern:
    """The Goliath's charge as a pattern of no size: its first weapon's values."""
    face = u.st.profile.faces[u.face]
    combat = face.weapons[0].combat if face.weapons else (None, None, None)
    return Pattern(GOLIATH, 0, combat, 0, 0, False, 0)


def targets(state: "GameState", u: "UnitState") -> list[int]:
    """Squares of enemy units the Goliath ``u`` may drive into and blow up in now."""
    if u.sq < 0 or not u.st.profile.faces[u.face].weapons:
        return []
    mv = movement_allowance(state, u)
    if mv <= 0:
        return []
    bf = state.static.bf
    enemy = {sq for t in state.units if t.side != u.side and t.alive and not t.wreck and t.sq >= 0
             and not t.concealed and not t.st.decoy for sq in state.squares_of(t)}
    if not enemy:
        return []
    found = set()
    for t, d in vehicle_states(state, u, mv).items():
        if d >= mv:
            continue
        sq, f = t >> 3, t & 7
        ahead = bf.offset(sq, f)
        if ahead in enemy and bf.step_open(sq, ahead) and bf.enterable(ahead, "infantry", False):
            found.add(ahead)
    return sorted(found)


def detonation_actions(state: "GameState", u: "UnitState", phase: str = "move") -> list[Action]:
    """The ``move`` actions (mode ``detonate``) of a Goliath (offered with its
    moves, ``phase`` ``move``)."""
    if phase != "move" or not is_goliath(state, u):
        return []
    return [Action("move", unit=u.id, square=sq, mode=DETONATE) for sq in targets(state, u)]


def detonate(state: "GameState", action: Action) -> None:
    """Drive the Goliath into ``action.square`` and blow it up: attack every unit
    there, then remove the Goliath."""
    u = state.units[action.unit]
    if not is_goliath(state, u) or action.square not in targets(state, u):
        raise IllegalAction(f"no Goliath detonation here: {action.describe(state)}")
    p = charge(u)
    state.events.append(Event("detonation", {"unit": u.id, "square": action.square}))
    hit = sorted({t.id for t in state.units if t.alive and t.sq >= 0 and t.id != u.id
                  and action.square in state.squares_of(t)})
    for tid in hit:
        t = state.units[tid]
        if not t.alive or t.wreck:
            continue
        plan = blast_plan(state, u, t, p)
        if plan.ok:
            resolve_shot(state, plan)
    dice = destruction_dice(u, u.st.profile.faces[u.face].weapons[0] if u.st.profile.faces[u.face].weapons else None)
    if dice:
        roll_destruction(state, u, dice, action.square, "goliath")
    eliminate(state, u, "Goliath detonated")
    u.sq = -1


def apply_detonation(state: "GameState", action: Action) -> bool:
    """Carry out a ``detonate`` move (True); any other move is not this module's."""
    if action.mode != DETONATE:
        return False
    detonate(state, action)
    return True


def holds_fire(state: "GameState", u: "UnitState") -> bool:
    """A Goliath's charge goes off only by detonation: it fires no shot."""
    return u.is_vehicle and is_goliath(state, u)


register("option", GOLIATH, "Goliath", "partial", RULE,
         "detonation is offered only in an enemy unit's square (one step past a state reached with a point "
         "left); the Goliath does not stop in an enemy's square without blowing up; opportunity fire "
         "does not see the last step into the enemy's square",
         hooks=[ACTIONS.by(detonation_actions), APPLY.by(apply_detonation), HOLDS_FIRE.by(holds_fire)])
