"""Orders phase (000 core rules, Action! > Order Phase).

Starting with the initiative side, the sides alternate placing one face-down
token on one of their units: an order token (numbered 1 to N, N from the stars,
at most 10), a bluff, or a special order (played as order 0). One token per
unit. Order tokens must all be placed while a unit can take one, and units with
Personal Order must receive one (Special Abilities > Personal Order); bluffs and
special orders are optional (``done``). A side with the Smoke option may put
a numbered or special token on a smoke bomb instead (builder/systems/heroes/engine/
smoke_bombs.py). A side with nothing left to place lets the other place the rest. A unit given a token runs its ``order_received`` rule
modules at once (003 Battle for Normandy, Special Abilities > NCO). Cards of the
orders phase (effects/cards.py) are played in the side's turn, which goes on;
Communications Scrambled cards take effect once every token is placed.
Then a side with the Directive option may put a directive on an officer, the
initiative side first (builder/systems/heroes/engine/features/directives.py).
"""

# A feature's placements (a token on a smoke bomb: hook ``order_actions``, carried out by
# its ``decide``) and its decision once every token is placed (a directive: hooks
# ``closing_actions``/``closing_decide``) come through the game hooks
# (builder.systems.heroes.engine.effects.GAME_HOOKS): this module imports no feature.

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import effects, steps
from builder.systems.heroes.engine.effects.hooks import (
    CLOSING_ACTIONS, CLOSING_DECIDE, ON_PHASE, ORDER_ACTIONS, ORDER_RECEIVED,
)
from builder.systems.heroes.engine.actions import Action, interned, order_action, order_actions
from builder.systems.heroes.engine.effects.cards import ORDERS, ORDERS_ENEMY, ORDERS_OWN, hand_phases, play_card, scramble_orders
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.scenario_events import run_events
from builder.systems.heroes.engine.state import NO_ORDER, end_round_fields, end_round_side_fields
from builder.systems.heroes.engine.unit_actions import card_actions

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState


def start_round(state: "GameState") -> None:
    state.phase = "orders"
    for u in state.units:
        u.order, u.acted, u.activated, u.supply_moved = NO_ORDER, False, False, False
    if state.rule_fields:  # rule fields that last the round end (a Fuel token spent)
        end_round_fields(state)
    state.boosts = {}  # card marks of the last supply phase (Speed Setup, Initiative) end with the round
    for i, s in enumerate(state.sides):
        ss = state.static.sides[i]
        s.to_place = list(range(1, s.orders + 1))
        s.bluffs_left, s.specials_left, s.supply_done = ss.bluffs, ss.specials, False
        if s.rule_fields:  # a side's rule fields that last the round end (smoke bombs' order tokens)
            end_round_side_fields(s)
    state.events.append(Event("round", {"turn": state.turn, "initiative": state.initiative}))
    state.rules.on_start_of_phase(state, "orders")
    run_events(state, "start_of_orders")
    for step in effects.scenario_hooks(state, ON_PHASE):  # a scenario rule's own step (support tiles' orders)
        step(state, "orders")
    state.turn_side = state.initiative
    advance(state)


def eligible(state: "GameState", side: int) -> list[int]:
    # u.ready inlined (alive, not a wreck, on the battlefield or carried): asked
    # several times per orders decision
    return [u.id for u in state.units if u.side == side and u.order == NO_ORDER and not u.activated
            and u.alive and not u.wreck and (u.sq >= 0 or u.carried_by >= 0)]


def wants(state: "GameState", side: int) -> bool:
    s = state.sides[side]
    return bool(s.to_place or s.bluffs_left or s.specials_left) and bool(eligible(state, side))


def advance(state: "GameState") -> None:
    first = state.turn_side
    for side in (first, 1 - first):
        if wants(state, side):
            state.turn_side = state.to_act = side
            return
    for side in (state.initiative, 1 - state.initiative):
        if _closing(state, side):  # the end of the phase: a feature's decision (a directive on an officer)
            state.turn_side = state.to_act = side
            return
    for s in state.sides:
        s.to_place = []
    if state.boosts:
        scramble_orders(state)
    steps.start_activation(state)


def _closing(state: "GameState", side: int) -> list[Action]:
    """The side's decisions once every token is placed (hook ``closing_actions``)."""
    out: list[Action] = []
    for offer in effects.game_hooks(state, CLOSING_ACTIONS):
        out.extend(offer(state, side))
    return out


def actions(state: "GameState", side: int) -> list[Action]:
    if not wants(state, side):
        closing = _closing(state, side)
        if closing:
            return closing
    s = state.sides[side]
    units = eligible(state, side)
    numbered = units
    personal = [u for u in units if state.units[u].ability("personal-order") is not None]
    if personal and len(s.to_place) <= len(personal):
        numbered = personal  # Personal Order: these units must get an order each turn
    tokens = tuple(s.to_place)
    out = [a for u in numbered for a in order_actions(u, tokens)]
    if s.specials_left:
        out.extend(order_action(u, 0) for u in units)
    if s.bluffs_left:
        out.extend(order_action(u, -1) for u in units)
    for offer in effects.game_hooks(state, ORDER_ACTIONS):  # a feature's placements (a token on a smoke bomb)
        out.extend(offer(state, side))
    if not s.to_place:
        out.append(interned("done"))
    if s.hand and units:
        phases = hand_phases(state, side)
        if ORDERS in phases:
            out.extend(card_actions(state, side, [state.units[units[0]]], ORDERS))
        if ORDERS_OWN in phases:
            out.extend(card_actions(state, side, [u for u in state.units if u.side == side and u.order >= 0],
                                    ORDERS_OWN))
        if ORDERS_ENEMY in phases:
            out.extend(card_actions(state, side, [u for u in state.units if u.side != side and u.order != NO_ORDER],
                                    ORDERS_ENEMY))
    return out


def apply(state: "GameState", action: Action) -> None:
    side = state.to_act
    assert side is not None
    s = state.sides[side]
    if action.kind == "card":  # the side goes on placing
        play_card(state, side, action.mode, state.units[action.unit], action.target)
        advance(state)
        return
    if action.kind == "token" or (action.kind == "done" and not wants(state, side) and _closing(state, side)):
        pairs = zip(effects.game_hooks(state, CLOSING_ACTIONS), effects.game_hooks(state, CLOSING_DECIDE))
        owner = next((closing_decide for offer, closing_decide in pairs if action in offer(state, side)), None)
        if owner is None:
            raise IllegalAction(f"no such decision of the end of the Orders phase: {action.describe(state)}")
        owner(state, side, action)
        advance(state)
        return
    if action.kind == "order":
        u = state.units[action.unit]
        u.order = action.token
        if action.token > 0:
            s.to_place.remove(action.token)
        elif action.token == 0:
            s.specials_left -= 1
        else:
            s.bluffs_left -= 1
        if effects.in_game(state, ORDER_RECEIVED):
            effects.collect(state, u, ORDER_RECEIVED, action.token)
    elif action.kind != "done":  # a feature's placement (a token on a smoke bomb)
        decide = effects.decision(state, action.kind, action.mode)
        if decide is None:
            raise IllegalAction(f"'{action.kind}' is not an orders-phase decision")
        decide(state, action)
    else:
        s.bluffs_left = s.specials_left = 0
    state.turn_side = 1 - side
    advance(state)


steps.START_ROUND.provide(start_round)
