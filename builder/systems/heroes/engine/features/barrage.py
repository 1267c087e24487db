"""Barrage Order (000 core rules, Special Abilities > Barrage Order).

A unit with the ability that has an order token may, when its order comes up,
take no action of its own and order a barrage instead: every heavy-weapons unit
of its side (red outline) bearing one same name, not yet activated and at most 3
squares away, may then fire, each shot resolved on its own. The decision is a
``barrage`` action (``unit`` the caller, ``mode`` the name of the weapons group);
the group then fires one unit after the other, lowest id first, each one as the
unit being activated with only its shots (or blast patterns: a mortar's Indirect
Fire) and ``end`` open to it. A unit that fired takes an Activated marker and
loses its order token; one that ends without firing keeps both. The caller keeps
its order token, and so, as any unit with a token left, does not move in the
Supply Phase.

The group in progress lives in ``GameState.boosts`` (cloned and hashed with it):
``("barrage", id)`` for each unit still to fire, ``("barrage-by", caller)`` for
the unit that called it; nothing else of the caller's activation is kept, so no
card bonus played on the caller reaches the guns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.features.autonomy import acting
from builder.systems.heroes.engine.features.blast import BLASTERS, blast_actions
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import (
    ACTIVATION_ACTIONS, ACTIVATION_ENDING, DECIDE, DIRECTED_ACTIONS, DIRECTS, IN_PLAY,
)
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import NO_ORDER

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

BARRAGE = "barrage"
ABILITY = "barrage-order"
CALLER = "barrage-by"
REACH = 3  # squares from the caller to each gun of the group
HEAVY_WEAPON = "heavy_weapon"  # the red outline


def calls_barrages(unit: "UnitState") -> bool:
    return unit.ability(ABILITY) is not None


def groups(state: "GameState", caller: "UnitState") -> dict[str, list[int]]:
    """The heavy-weapons groups ``caller`` may order to fire, by name: units of its
    side with the red outline, on the battlefield, neither activated nor the caller,
    at most :data:`REACH` squares away, with a weapon on their current side (a
    Tripod gun still packed has none)."""
    bf = state.static.bf
    out: dict[str, list[int]] = {}
    for u in state.units:
        if (u.side == caller.side and u.id != caller.id and u.active and not u.activated
                and u.st.profile.outline == HEAVY_WEAPON and u.st.profile.faces[u.face].weapons
                and bf.distance(caller.sq, u.sq) <= REACH):
            out.setdefault(u.st.profile.name, []).append(u.id)
    return out


def barrage_actions(state: "GameState", caller: "UnitState") -> list[Action]:
    """The barrages the unit being activated may order now: one per group, offered
    only before it has moved or fired (the caller takes no other action)."""
    if caller.sq < 0 or state.moved or state.fired:
        return []
    return [interned(BARRAGE, caller.id, mode=name) for name in sorted(groups(state, caller))]


def caller_actions(state: "GameState", unit: "UnitState") -> list[Action]:
    """The barrages offered to the unit being activated: it has the ability and acts on
    an order token (an Autonomous activation has none to call a barrage with)."""
    if not calls_barrages(unit) or acting(state) == unit.id:
        return []
    return barrage_actions(state, unit)


def in_play(state: "GameState") -> bool:
    """Has a unit of the game the ability, on a side of its counter or granted?"""
    return any(ABILITY in u.st.granted or any(ABILITY in face.abilities for face in u.st.profile.faces)
               for u in state.units)


def order_barrage(state: "GameState", action: Action) -> None:
    """Apply a ``barrage`` decision: the group's first gun becomes the unit being
    activated."""
    caller = state.units[action.unit]
    if not calls_barrages(caller):
        raise IllegalAction(f"unit {caller.id} has no Barrage Order ability")
    members = groups(state, caller).get(action.mode or "")
    if not members or state.moved or state.fired:
        raise IllegalAction(f"no {action.mode!r} heavy weapons for unit {caller.id} to order a barrage now")
    state.events.append(Event("barrage", {"unit": caller.id, "group": action.mode, "units": members}))
    state.boosts = {k: v for k, v in state.boosts.items() if k[0] == "resume"}  # a Burst into Action waiting
    state.boosts.update({(BARRAGE, m): caller.id for m in members})
    state.boosts[(CALLER, caller.id)] = 0
    _next_gun(state)


def in_barrage(state: "GameState") -> bool:
    """Is the unit being activated a gun of a barrage?"""
    return bool(state.boosts) and (BARRAGE, state.current) in state.boosts


def gun_actions(state: "GameState", gun: "UnitState") -> list[Action]:
    """What a gun of the barrage may do: fire (each weapon once, or lay its blast
    pattern) or stand down."""
    out: list[Action] = []
    if state.fired != (-1,):
        out = steps.fire_actions(state, gun, False)
        if not state.fired and gun.st.profile.type in BLASTERS:
            out.extend(blast_actions(state, gun))
    out.append(interned("end", gun.id))
    return out


def gun_done(state: "GameState", gun: "UnitState") -> bool:
    """The gun being activated is done: mark it if it fired, and hand over to the
    next gun, or back to the caller when none is left (its activation then ends as
    any other). Returns False when ``gun`` is not in a barrage."""
    if not state.boosts or (BARRAGE, gun.id) not in state.boosts:
        return False
    del state.boosts[(BARRAGE, gun.id)]
    if state.fired:
        gun.activated = True
        gun.order = NO_ORDER
        state.events.append(Event("activated", {"unit": gun.id, "why": "barrage"}))
    _next_gun(state)
    return True


def _next_gun(state: "GameState") -> None:
    state.fired, state.moved, state.path = (), False, ()
    for key in sorted(k for k in state.boosts if k[0] == BARRAGE):
        gun = state.units[key[1]]
        if gun.active and not gun.activated:
            state.current = gun.id
            state.to_act = gun.side
            state.events.append(Event("activate", {"side": gun.side, "unit": gun.id, "token": -1, "why": "barrage"}))
            return
        del state.boosts[key]
    caller = next(k[1] for k in state.boosts if k[0] == CALLER)
    state.boosts = {k: v for k, v in state.boosts.items() if k[0] == "resume"}
    state.current, state.fired = caller, (-1,)  # the barrage was the caller's whole action
    steps.end_activation(state)


register("ability", ABILITY, "Barrage Order", "simulated", "000 core rules, Special Abilities > Barrage Order",
         rank=40, decides=(BARRAGE,), hooks=[IN_PLAY.by(in_play), ACTIVATION_ACTIONS.by(caller_actions), DECIDE.by(order_barrage), DIRECTS.by(in_barrage),
                                             DIRECTED_ACTIONS.by(gun_actions), ACTIVATION_ENDING.by(gun_done)])
