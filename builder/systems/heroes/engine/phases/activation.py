"""Activation phase (000 core rules, Action! > Activation Phase).

Special orders (order 0) go first, the initiative side's before the other's
(Order Phase > Special Order Tokens); then the initiative side reveals its lowest
token, the sides alternating in ascending order; once a side has none left the
other activates the rest. A
revealed unit moves (or assaults) or fires; a vehicle may fire each weapon at its
own target (one weapon only with crew damage), and weapons with Firing on the
Move may fire after a move. Tokens of units eliminated or given an Activated
marker are lost. Autonomous units act without a token, offered between
activations (builder/systems/heroes/engine/features/autonomy.py). When both sides reveal the same number next, an Intrepid unit
acts before a unit that is not (Recruitment Options > Character Traits >
Intrepid); the sides then alternate from the unit that acted (partial: see the
rules coverage). A unit that has acted may act once more on a Heroic Action card
or a Heroic token (``token`` decision), never a third time; infantry that has
moved may put sticky bombs or magnetic mines on enemy vehicles next to it
(``token`` decisions, builder/systems/heroes/engine/features/vehicle_bombs.py).
"""

# What a feature adds to this phase comes through its game hooks (builder.systems.heroes.engine.
# effects.GAME_HOOKS) and this module imports no feature: tokens queued beside the units'
# (smoke bombs) and revealed by their module, decisions between activations (Autonomous
# units), before the unit acts (shots at structures, blast patterns, barrages) and after
# (bombs, charges), a unit acting for a module (a gun of a barrage), decided by the
# module's ``decide`` hook.

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import (
    ACTIVATION_ACTIONS, ACTIVATION_ENDED, ACTIVATION_ENDING, ACTS_FIRST, AFTER_ACTIONS, DIRECTED_ACTIONS, DIRECTS,
    INTERLUDE, INTERLUDE_ACTIONS, ON_PHASE, QUEUE_TOKENS, REACTIVATE, REVEAL, REVEALED,
)
from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.effects.cards import ACTIVATION, AFTER, ON_ENEMY, OTHER, hand_phases
from builder.systems.heroes.engine.effects.options import heroic_token
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.scenario_events import run_events
from builder.systems.heroes.engine.unit_actions import card_actions, fire_actions, move_actions

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState


def start_activation(state: "GameState") -> None:
    state.phase = "activation"
    state.rules.on_start_of_phase(state, "activation")
    run_events(state, "start_of_activation")
    for step in effects.scenario_hooks(state, ON_PHASE):  # a scenario rule's own step (support tiles used)
        step(state, "activation")
    queues: list[list[tuple[int, int]]] = [[], []]
    for u in state.units:
        if u.order >= 0 and u.side < 2:
            queues[u.side].append((u.order, u.id))
    for tokens in effects.game_hooks(state, QUEUE_TOKENS):  # a feature's own tokens (smoke bombs)
        for si in range(len(queues)):
            queues[si].extend(tokens(state, si))
    for q in queues:
        q.sort()
    state.queues = queues
    state.turn_side = state.initiative
    next_activation(state)


def next_activation(state: "GameState", passed: int = -1) -> None:
    """Reveal the next token, or end the phase; a feature's decision between
    activations comes first when due (hook ``interlude``: Autonomous units; ``passed``:
    the side that has just declined)."""
    interludes = effects.game_hooks(state, INTERLUDE)
    while True:
        side = state.turn_side
        heads = [q[0][0] if q else None for q in state.queues]
        if 0 in heads:  # special orders go before any order, initiative first
            side = state.initiative if heads[state.initiative] == 0 else 1 - state.initiative
        elif not state.queues[side]:
            side = 1 - side
        if heads[0] is not None and heads[0] == heads[1] and effects.in_game(state, ACTS_FIRST) \
                and _acts_first(state, 1 - side) and not _acts_first(state, side):
            side = 1 - side
        if interludes and any(offer(state, side, passed) for offer in interludes):
            return
        if not state.queues[side]:
            state.current = -1
            steps.start_supply(state)
            return
        token, uid = state.queues[side].pop(0)
        if uid < 0:  # a feature's token (a smoke bomb): its module says what follows
            if any(reveal(state, side, token, uid) for reveal in effects.game_hooks(state, REVEAL)):
                return
            continue
        u = state.units[uid]
        if not u.ready or u.activated or u.order != token:
            state.events.append(Event("order-lost", {"side": side, "unit": uid}))
            state.turn_side = side
            continue
        state.current, state.fired, state.moved = uid, (), False
        state.turn_side = state.to_act = side
        state.events.append(Event("activate", {"side": side, "unit": uid, "token": token}))
        if effects.in_game(state, REVEALED):
            effects.collect(state, u, REVEALED)
        state.rules.on_before_activation(state, side)
        return


def _acts_first(state: "GameState", side: int) -> bool:
    """Does ``side``'s next unit act before an enemy unit with the same order number
    (000 core rules, Recruitment Options > Character Traits > Intrepid)?"""
    token, uid = state.queues[side][0]
    if uid < 0:  # a feature's token, not a unit's
        return False
    unit = state.units[uid]
    if not unit.ready or unit.activated or unit.order != token:
        return False  # a lost token
    return any(f(state, unit) for f in effects.hook_functions(state, unit, ACTS_FIRST))


def end_activation(state: "GameState") -> None:
    u = state.units[state.current]
    u.acted = True
    for ending in effects.game_hooks(state, ACTIVATION_ENDING):  # a feature carries on (a barrage's next gun)
        if ending(state, u):
            return
    waiting = state.boosts.get(("resume", u.id)) if state.boosts else None
    if waiting is not None:
        resume(state, u, waiting)
        return
    state.current = -1
    state.boosts = {}
    state.path = ()
    if any(ended(state, u) for ended in effects.game_hooks(state, ACTIVATION_ENDED)):
        pass  # the side's turn is still to come (an Autonomous activation)
    elif u.order == 0:  # after a special order the alternation starts again from the initiative
        state.turn_side = state.initiative
    else:
        state.turn_side = 1 - state.turn_side
    next_activation(state)


def resume(state: "GameState", u: "UnitState", waiting: int) -> None:
    """A unit that acted on a Burst into Action card is done: it takes an Activated
    marker, and the unit whose order was revealed acts now, keeping its card bonuses
    (the side's turn goes on)."""
    u.activated = True
    state.boosts = {k: v for k, v in state.boosts.items() if k[1] == waiting and k[0] != "resume"}
    state.current, state.fired, state.moved, state.path = waiting, (), False, ()
    state.to_act = state.units[waiting].side
    state.events.append(Event("resumed", {"unit": waiting}))


def actions(state: "GameState") -> list[Action]:
    if state.current < 0:  # between activations: a feature's decision (Autonomous units offered)
        out: list[Action] = []
        for offer_between in effects.game_hooks(state, INTERLUDE_ACTIONS):
            out.extend(offer_between(state))
        return out
    u = state.units[state.current]
    directed = _directed(state)
    if directed is not None:  # the unit acts for a feature (a gun of a barrage)
        return directed(state, u)
    hand = state.sides[u.side].hand
    if not state.moved and not state.fired:
        out = move_actions(state, u, assaults=True)
        out.extend(fire_actions(state, u, moving=False))
        # the features' (shots at structures and demolition targets, blast patterns, barrages)
        for offer in effects.game_hooks(state, ACTIVATION_ACTIONS):
            out.extend(offer(state, u))
        out.append(interned("hold", u.id))
        if hand:
            phases = hand_phases(state, u.side)
            if ACTIVATION in phases:
                out.extend(card_actions(state, u.side, [u], ACTIVATION))
            if ON_ENEMY in phases:
                out.extend(card_actions(state, u.side, state.units, ON_ENEMY))
            if OTHER in phases:
                out.extend(card_actions(state, u.side, state.units, OTHER))
        return out
    out = [] if state.fired == (-1,) else fire_actions(state, u, moving=state.moved)
    out.append(interned("end", u.id))
    if hand and AFTER in hand_phases(state, u.side):
        out.extend(card_actions(state, u.side, [u], AFTER))
    out.extend(token_actions(state, u))
    return out


def after_cards(state: "GameState") -> bool:
    """May the side play a card on its unit that has acted, before the activation
    ends (Heroic Action, Speed Setup), or spend a token (Heroic: to act again; a
    sticky bomb or magnetic mine on a vehicle next to it)? The activation then
    waits for its decision."""
    u = state.units[state.current]
    if _directed(state) is not None:
        return False  # a unit acting for a feature (a gun of a barrage) acts and is done
    return ((bool(state.sides[u.side].hand) and AFTER in hand_phases(state, u.side)
             and bool(card_actions(state, u.side, [u], AFTER)))
            or bool(token_actions(state, u)))


def _directed(state: "GameState") -> "Callable[..., list[Action]] | None":
    """The ``directed_actions`` of the feature the unit being activated acts for (a
    gun of a barrage), None when it acts for itself."""
    directors = effects.game_hooks(state, DIRECTS)
    if not directors:
        return None
    for directs, directed in zip(directors, effects.game_hooks(state, DIRECTED_ACTIONS)):
        if directs(state):
            return directed
    return None


def token_actions(state: "GameState", u: "UnitState") -> list[Action]:
    """Decisions of the unit that has acted: a token of its options spent to act once
    more (``mode`` the option: Heroic), and the features' (hook ``after_actions``: a
    bomb or mine put on an enemy vehicle next to it, a charge laid on a structure)."""
    out = []
    if effects.in_game(state, REACTIVATE) and any(
            f(state, u) for f in effects.hook_functions(state, u, REACTIVATE)):
        out.append(interned("token", u.id, mode="heroic"))
    for offer in effects.game_hooks(state, AFTER_ACTIONS):
        out.extend(offer(state, u))
    return out


def spend_token(state: "GameState", action: Action) -> None:
    """Apply a ``token`` decision: a Heroic token (000 core rules, Recruitment Options >
    Character Traits > Heroic), or a feature's (its ``decide`` hook, by the mode)."""
    u = state.units[action.unit]
    if action.mode != "heroic":
        decide = effects.decision(state, action.kind, action.mode)
        if decide is None:
            raise IllegalAction(f"no {action.mode or 'token'} token to spend on unit {u.id} now")
        decide(state, action)
        return
    if action not in token_actions(state, u):
        raise IllegalAction(f"no {action.mode or 'token'} token to spend on unit {u.id} now")
    heroic_token(state, u)


def may_go_on(state: "GameState") -> bool:
    """After a move or a shot: is there still a weapon the unit may fire?"""
    u = state.units[state.current]
    if not u.active:
        return False
    face = u.st.profile.faces[u.face]
    if state.moved and "fire-on-the-move" not in face.abilities and not any(
            "fire-on-the-move" in w.abilities for w in face.weapons):
        return False
    if state.fired and len(face.weapons) <= len(state.fired):
        return False
    return bool(fire_actions(state, u, moving=state.moved))


# rule modules below the phases call these back (builder/systems/heroes/engine/steps.py): the orders
# phase ends, an Autonomous unit's offer is declined, a barrage's last gun is done
steps.START_ACTIVATION.provide(start_activation)
steps.NEXT_ACTIVATION.provide(next_activation)
steps.END_ACTIVATION.provide(end_activation)
