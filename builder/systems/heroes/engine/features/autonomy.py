"""Autonomous units (000 core rules, Special Abilities > Autonomous).

An Autonomous unit needs no order token: its side may activate it at any time of
the Activation phase, though never in the middle of an activation. The engine
offers it at these moments, between activations, when the activation loop
(builder/systems/heroes/engine/phases/activation.py ``next_activation``) is about to go on:

- just before a side reveals its next token (including a special order);
- at a side's turn in the alternation once it has no token left (the other side
  then reveals the rest in a row, and the side without tokens is offered its
  Autonomous units before each of those reveals);
- once both sides have revealed every token, before the phase ends, the
  initiative side first.

The offer is a decision of the side: ``autonomous`` (``unit`` one of its
Autonomous units still to act this round) or ``pass`` (the loop goes on: the
token is revealed, or the other side's offer comes, or the phase ends). A side
that passes is not asked again until the next activation has been played.
An Autonomous activation is the unit's ordinary activation (move or assault, or
fire, and cards as usual, the rule field ``autonomous`` naming the unit), and
does not use up the side's turn in the alternation: the side may activate
another, then reveals its token. The unit then takes an Activated marker
(so no supply move). An Autonomous unit may still be given an order token (the
order phase neither requires nor forbids it); if it acts on its own first, the
token is lost when revealed, as the token of any unit with an Activated marker.

The Solo Mode AI reads the ability differently (002 Solo Mode, 4.1 Autonomous:
an extra numbered token given to the unit): ``Rules.autonomous_activation`` says
whether a side activates its Autonomous units this way.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.systems.heroes.engine import effects, steps
from builder.systems.heroes.engine.effects import hooks
from builder.systems.heroes.engine.effects.hooks import (
    ACTIVATION_ENDED, INTERLUDE, INTERLUDE_ACTIONS, INTERLUDE_DECIDE, IN_PLAY,
)
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.effects import register
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import RuleField, declare_field, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

AUTONOMOUS = "autonomous"  # the ability and the decision's kind (its hook: hooks.AUTONOMOUS)
RULE = "000 core rules, Special Abilities > Autonomous"
PASS = Action("pass")
ACTING: Final[RuleField[tuple[int, ...]]] = declare_field("autonomous", __name__, key=lambda held: held[0])
"""The unit acting on its own now, as a one-tuple (unset: none); hashed as its id."""


def in_game(state: "GameState") -> bool:
    """Could any unit of this game act without an order token? (cheap: one flag)"""
    return effects.in_game(state, hooks.AUTONOMOUS)


def acting(state: "GameState") -> int:
    """The unit acting on its own now, -1 none."""
    held = rule_field(state, ACTING)
    return held[0] if held else -1


def ready_units(state: "GameState", side: int) -> list[int]:
    """``side``'s Autonomous units that may still act this round: ready (on the
    battlefield or carried), neither activated nor having acted, not a decoy."""
    if not state.rules.autonomous_activation(state, side):
        return []
    return [u.id for u in state.units if u.side == side and u.ready and not u.activated and not u.acted
            and not u.st.decoy and is_autonomous(state, u)]


def is_autonomous(state: "GameState", unit: "UnitState") -> bool:
    """Has ``unit`` the ability now (on its face or granted)?"""
    return any(f(state, unit) for f in effects.hook_functions(state, unit, hooks.AUTONOMOUS))


def candidates(state: "GameState", side: int) -> tuple[int, ...]:
    """The sides offered their Autonomous units now, in order, when ``side`` is
    the side the loop would have reveal a token (see the module docstring)."""
    queues = state.queues
    if not queues[0] and not queues[1]:
        return (state.initiative, 1 - state.initiative)
    if not queues[state.turn_side] and state.turn_side != side:
        return (state.turn_side, side)
    return (side,)


def offer(state: "GameState", side: int, passed: int) -> bool:
    """Stop the activation loop for a side's ``autonomous`` decision if one is due
    (``passed``: the side that has just passed at this moment, -1 none; it and
    the sides before it are not asked again). True when the loop stops."""
    order = candidates(state, side)
    if passed in order:
        order = order[order.index(passed) + 1:]
    for s in order:
        if ready_units(state, s):
            state.current = -1
            state.to_act = s
            return True
    return False


def actions(state: "GameState") -> list[Action]:
    """The side's choice: one of its Autonomous units acts now, or ``pass``."""
    side = state.to_act
    assert side is not None
    return [interned(AUTONOMOUS, uid) for uid in ready_units(state, side)] + [PASS]


def decide(state: "GameState", action: Action) -> bool:
    """Apply the side's decision at the offer (True: it was this module's to make)."""
    side = state.to_act
    assert side is not None
    if action.kind == "pass":
        steps.next_activation(state, passed=side)
        return True
    if action.kind != AUTONOMOUS or action.unit not in ready_units(state, side):
        raise IllegalAction(f"expected an Autonomous unit of side {side} to activate, or pass")
    u = state.units[action.unit]
    state.current, state.fired, state.moved, state.path = u.id, (), False, ()
    set_rule_field(state, ACTING, (u.id,))
    state.events.append(Event("activate", {"side": side, "unit": u.id, "token": -1, "why": AUTONOMOUS}))
    state.rules.on_before_activation(state, side)
    return True


def finished(state: "GameState", unit: "UnitState") -> bool:
    """End of ``unit``'s activation: was it an Autonomous one? Then it takes its
    Activated marker, and the side's turn in the alternation is still to come."""
    if acting(state) != unit.id:
        return False
    unit.activated = True
    set_rule_field(state, ACTING, ())
    return True


register("ability", AUTONOMOUS, "Autonomous", "partial", RULE,
         "offered just before its side reveals a token, at the side's turns once it has none left, and "
         "before the phase ends; not between the opponent's activations while both sides hold tokens",
         hooks=[hooks.AUTONOMOUS.by(lambda state, unit: True), IN_PLAY.by(in_game), INTERLUDE.by(offer), INTERLUDE_ACTIONS.by(actions),
                INTERLUDE_DECIDE.by(decide), ACTIVATION_ENDED.by(finished)])
