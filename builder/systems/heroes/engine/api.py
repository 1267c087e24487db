"""The engine's game loop: ``legal_actions(state)`` and ``apply(state, action)``.

Pending choices (a defender's retreat, infantry displaced by a vehicle,
opportunity fire, action cards answering the opponent's shot, move, assault or
card) come
before anything else and are made by the side they concern; otherwise the phase
decides who acts and what they may do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine.actions import Action
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine import effects, opportunity, reactions
from builder.systems.heroes.engine.effects.hooks import INTERLUDE_DECIDE, PREPARE
from builder.systems.heroes.engine.movement import path_to
from builder.systems.heroes.engine.phases import activation, orders, supply
from builder.systems.heroes.engine.effects.cards import on_enemy, play_card
from builder.systems.heroes.engine.unit_actions import do_assault, do_fire, do_move, whole_action
from builder.systems.heroes.engine.state import LISTING
from builder.systems.heroes.engine.transport import DISEMBARK, EMBARK, disembark_path
from builder.systems.heroes.engine.assault import advance, retreat
from builder.systems.heroes.engine.damage import eliminate
# imported last: every rule module registers itself (builder/systems/heroes/engine/all_features.py)
from builder.systems.heroes.engine import all_features as features  # noqa: F401

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

__all__ = ["IllegalAction", "legal_actions", "apply", "core_legal_actions", "core_apply"]


def legal_actions(state: "GameState") -> list[Action]:
    """Every decision open to the side to act (empty when the game is over)."""
    return state.rules.legal_actions(state)


def apply(state: "GameState", action: Action, *, check: bool = False) -> list[Event]:
    """Apply ``action`` in place; returns the events (decision, dice, results).
    With ``check`` the action must be one of ``legal_actions(state)``."""
    if check and state.result is None and action not in legal_actions(state):
        raise IllegalAction(f"illegal action {action.to_dict()} for side {state.to_act} in {state.phase}")
    return state.apply(action)


def core_legal_actions(state: "GameState") -> list[Action]:
    if state.result is not None:
        return []
    # Nothing changes while the actions are listed: what all of a side's units
    # share (enemy zones of control, squares no move enters) is worked out once.
    state.memo[LISTING] = {}
    try:
        return _legal_actions(state)
    finally:
        del state.memo[LISTING]


def _legal_actions(state: "GameState") -> list[Action]:
    if state.pending:
        kind, _, unit, options, _ = state.pending[0]
        if kind == opportunity.OPFIRE:
            return opportunity.choices(state, state.pending[0])
        if kind == reactions.REACT:
            return reactions.choices(state, state.pending[0])
        return [Action(kind, unit=unit, square=sq) for sq in options]
    phase = state.phase
    if phase == "orders":
        return orders.actions(state, state.to_act)  # type: ignore[arg-type]
    if phase == "activation":
        return activation.actions(state)
    if phase == "supply":
        return supply.actions(state, state.supply_side)
    return []


def core_apply(state: "GameState", action: Action) -> list[Event]:
    state.events = events = []
    state.decisions += 1
    state.memo = {}
    events.append(Event("decision", {"side": state.to_act, "action": action}))
    if state.rules.apply_extra(state, action):
        return events
    if state.pending:
        _resolve_pending(state, action)
    elif state.phase == "orders":
        if action.kind not in ("order", "done", "card", "token") and effects.decision(
                state, action.kind, action.mode) is None:  # a feature's placement (a token on a smoke bomb)
            raise IllegalAction(f"'{action.kind}' is not an orders-phase decision")
        orders.apply(state, action)
    elif state.phase == "activation":
        _activation(state, action)
    elif state.phase == "supply":
        if action.kind not in ("move", "end", "card", "token") and effects.decision(state, action.kind,
                                                                                  action.mode) is None:
            raise IllegalAction(f"'{action.kind}' is not a supply-phase decision")
        supply.apply(state, action)
    _after(state)
    return events


def _activation(state: "GameState", action: Action) -> None:
    kind = action.kind
    if state.current < 0:  # a feature's decision between activations (an Autonomous unit offered)
        if not any(decide(state, action) for decide in effects.game_hooks(state, INTERLUDE_DECIDE)):
            raise IllegalAction(f"'{kind}' is not a decision between activations")
        return
    if action.unit != state.current and kind != "end" and not (kind == "card" and on_enemy(state, action.mode)):
        raise IllegalAction(f"unit {action.unit} is not the unit being activated ({state.current})")
    if kind == "move":
        mover = state.units[action.unit]
        fotm = _fires_on_the_move(mover)
        watched = fotm or opportunity.watchers(state, mover)
        if action.mode == EMBARK:  # it ends in the vehicle, where no shot reaches it
            path, start = [], mover.sq
        elif action.mode == DISEMBARK:
            path = disembark_path(state, mover, action.square) if watched else []  # its exit first
            start = -1
        else:
            # an option's token first (Fuel's extra square, a Passage), so that the path is found
            for prepare in effects.side_hooks(state, mover.side, PREPARE):
                action = prepare(state, action)
            path = path_to(state, mover, action.square, action.facing) if watched else []
            start = mover.sq
        do_move(state, action)
        state.moved = True
        if fotm:
            state.path = (start, *path) if start >= 0 else tuple(path)
        opportunity.offer(state, mover, path)
        if not action.mode:
            reactions.offer_mine(state, mover)
    elif kind == "fire" and (decide := effects.decision(state, kind, action.mode)) is not None:
        decide(state, action)  # a shot of a mode a feature owns (at a structure itself)
    elif kind == "fire" and (carry_out := effects.scenario_apply(state, action.mode)) is not None:
        carry_out(state, action)  # a shot of a mode a scenario rule owns (at a demolition target)
        state.fired = state.fired + (action.weapon,)
    elif kind == "fire":
        if not reactions.offer_shot(state, action):  # held for the target's side to answer
            do_fire(state, action, moving=state.moved)
        state.fired = (-1,) if whole_action(action) else state.fired + (action.weapon,)
    elif kind == "assault":
        held = state.units[action.target].sq
        do_assault(state, action)
        state.moved = True
        state.fired = (-1,)
        reactions.offer_counter(state, action, held)
    elif kind == "card":
        play_card(state, state.units[state.current].side, action.mode, state.units[action.unit], action.target)
    elif kind == "token":
        activation.spend_token(state, action)
    elif kind in ("hold", "end"):
        activation.end_activation(state)
        return
    elif (decide := effects.decision(state, kind, action.mode)) is not None:
        decide(state, action)  # a feature's (a blast pattern, a barrage ordered)
    else:
        raise IllegalAction(f"'{kind}' is not an activation decision")


def _fires_on_the_move(u) -> bool:
    face = u.st.profile.faces[u.face]
    return "fire-on-the-move" in face.abilities or any("fire-on-the-move" in w.abilities for w in face.weapons)


def _after(state: "GameState") -> None:
    """Who acts next once the decision and its consequences are applied."""
    state.memo = {}
    if state.result is not None:
        return
    while state.pending and reactions.stale(state, state.pending[0]):
        state.pending.pop(0)
    if state.pending:
        state.to_act = state.pending[0][1]
        return
    if state.phase == "activation" and state.current >= 0:
        u = state.units[state.current]
        acted = state.moved or bool(state.fired)  # a card played before acting leaves the choice open
        if not u.ready or ((state.fired == (-1,) or (acted and not activation.may_go_on(state)))
                            and not activation.after_cards(state)):
            activation.end_activation(state)
        else:
            state.to_act = u.side
        if state.pending:
            state.to_act = state.pending[0][1]
    elif state.phase == "supply":
        state.to_act = state.supply_side
    elif state.phase == "orders":
        state.to_act = state.turn_side


def _resolve_pending(state: "GameState", action: Action) -> None:
    kind, side, unit, options, data = state.pending[0]
    if kind == opportunity.OPFIRE:
        if action not in opportunity.choices(state, state.pending[0]):
            raise IllegalAction("expected an opportunity shot offered, or pass")
        pending = state.pending.pop(0)
        opportunity.resolve(state, pending, action)
        _refresh_displacements(state)
        return
    if kind == reactions.REACT:
        if action not in reactions.choices(state, state.pending[0]):
            raise IllegalAction("expected an action card offered, or pass")
        reactions.resolve(state, state.pending.pop(0), action)
        _refresh_displacements(state)
        return
    if action.kind != kind or action.unit != unit or action.square not in options:
        raise IllegalAction(f"expected a '{kind}' of unit {unit} to one of {list(options)}")
    decide = effects.decision(state, kind, action.mode)
    if decide is not None:  # a feature's pending choice (where a smoke bomb is laid): its module pops it
        decide(state, action)
        return
    state.pending.pop(0)
    u = state.units[unit]
    if kind == "retreat":
        attacker, old_sq = data
        retreat(state, u, action.square, attacker, old_sq)
        advance(state, state.units[attacker], old_sq)
    elif kind == "displace":
        if state.occ[action.square] >= 0:
            raise IllegalAction("that square is no longer free")
        u.sq = action.square
        state.set_occupant(action.square, u.id)
        state.events.append(Event("displaced", {"unit": unit, "square": action.square}))
    _refresh_displacements(state)
    if not state.pending and state.phase == "supply":
        supply.advance(state)


def _refresh_displacements(state: "GameState") -> None:
    """Squares taken by an earlier displacement are no longer offered; a unit left
    with none is eliminated (000 core rules, Movement of Vehicles)."""
    kept = []
    for p in state.pending:
        if p[0] == "displace":
            options = tuple(o for o in p[3] if state.occ[o] < 0)
            if not options:
                u = state.units[p[2]]
                u.sq = -1
                eliminate(state, u, "run over: no square to be displaced to")
                continue
            p = (p[0], p[1], p[2], options, p[4])
        kept.append(p)
    state.pending = kept
