"""Supply phase, in its printed order of steps (000 core rules, Action! >
Supply Phase > Execution of the Supply Phase):

1. start-of-supply effects (abilities, cards, options, scenario); demolition charges
   explode (builder/systems/heroes/engine/features/demolition_charges.py);
2. discard the bluff tokens;
3. move units that received neither an order nor an Activated marker, the
   initiative side first (some or all of them), then the other side; infantry
   ending its move next to an enemy vehicle may put bombs or mines on it,
   infantry ending its move next to a structure may lay demolition charges on it,
   infantry that could turn over as an Ambush unit may take a free Concealed
   token (builder/systems/heroes/engine/features/concealment.py), and a unit may put an advanced
   position on its square instead of moving (builder/systems/heroes/engine/features/advanced_positions.py);
   a side with the MG Nest order may put its nest down (builder/systems/heroes/engine/features/mg_nest.py);
4. remove one Suppressed marker per unit (Courageous: two);
5. end-of-supply effects: smoke fades, bombs and mines explode
   (builder/systems/heroes/engine/features/vehicle_bombs.py), directives are discarded
   (builder/systems/heroes/engine/features/directives.py); then objective control is
   settled, once, before the scenario's end-of-supply effects read it (a sudden death,
   an objective placed, a turn marker moved: all see this round's control, and the
   round's record and the victory check see the same);
6. draw up to the hand size (the optional discard is not offered), and one card
   more then a discard with Improvisation;
7. record objective control and check victory;
8. recount order tokens from the stars left (at most 10); a side without units
   or orders loses;
9. move the initiative marker along the turn track, unless the side holding it
   keeps it with an Initiative card played in this phase or the Initiative order.
"""

# The features' decisions of step 3 (an advanced position, a climb: hook ``supply_move_actions``;
# bombs, charges, Concealed tokens, an MG nest: ``supply_actions``, carried out by their
# ``decide``) and their steps 1 and 5 (rule fields' supply steps) come through the hooks
# (builder.systems.heroes.engine.effects.GAME_HOOKS): this module imports no feature.

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import effects, steps, sudden_death
from builder.systems.heroes.engine.effects.hooks import (
    AFTER_MOVE, MOVEMENT, PREPARE, RECOVERY, SUPPLY_ACTIONS, SUPPLY_MOVE_ACTIONS,
)
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.effects.cards import SUPPLY, hand_phases, improvise, kept_by_card, play_card
from builder.systems.heroes.engine.effects.options import keep_initiative
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.objectives import update_control
from builder.systems.heroes.engine.scenario_events import run_events
from builder.systems.heroes.engine.smoke import SMOKE, fade
from builder.systems.heroes.engine.state import BLUFF, NO_ORDER, SupplyMoves, infantry_of, supply_steps
from builder.systems.heroes.engine.unit_actions import (card_actions, do_move, listed_reach, move_actions,
                                                          moves_after_friend, reach_bound)
from builder.systems.heroes.engine.victory import finish, has_forces

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState


def start_supply(state: "GameState") -> None:
    state.phase = "supply"
    state.rules.on_start_of_phase(state, "supply")
    run_events(state, "start_of_supply")
    if state.rule_fields:  # a rule's own step as the phase starts (demolition charges go off)
        supply_steps(state, "supply_start")
    for u in state.units:
        if u.order == BLUFF:
            u.order = NO_ORDER
    for s in state.sides:
        s.supply_done = False
    state.supply_side = state.rules.supply_first(state)
    advance(state)


def movers(state: "GameState", side: int) -> list[int]:
    # u.ready inlined (alive, not a wreck, on the battlefield or carried): asked
    # several times per supply decision
    return [u.id for u in state.units if u.side == side and u.order == NO_ORDER and not u.supply_moved
            and not u.activated and not u.acted and u.alive and not u.wreck and (u.sq >= 0 or u.carried_by >= 0)]


def advance(state: "GameState") -> None:
    first = state.rules.supply_first(state)
    for side in (first, 1 - first):
        if state.sides[side].supply_done:
            continue
        if movers(state, side) or any(offer(state, side) for offer in effects.game_hooks(state, SUPPLY_ACTIONS)):
            state.supply_side = state.to_act = side
            return
        state.sides[side].supply_done = True
    finish_supply(state)


def actions(state: "GameState", side: int) -> list[Action]:
    out: list[Action] = []
    moving = movers(state, side)
    kept = _kept_moves(state, side)
    units = state.units
    for uid in moving:
        listed = kept.lists.get(uid) if kept is not None else None
        if listed is not None:
            out.extend(listed)
            continue
        u = units[uid]
        moves = move_actions(state, u)
        if kept is not None and reach_bound(state, u):
            kept.lists[uid] = tuple(moves)
            kept.entered[uid] = listed_reach(state, u).entered
        out.extend(moves)
    for offer_instead in effects.game_hooks(state, SUPPLY_MOVE_ACTIONS):  # instead of a move (an advanced position)
        out.extend(offer_instead(state, side, moving))
    if state.sides[side].hand and SUPPLY in hand_phases(state, side):
        out.extend(card_actions(state, side, [u for u in state.units if u.side == side and u.active], SUPPLY))
    for offer in effects.game_hooks(state, SUPPLY_ACTIONS):  # tokens laid (bombs, charges, Concealed, MG nest)
        out.extend(offer(state, side))
    out.append(interned("end"))
    return out


def _may_keep(state: "GameState") -> bool:
    """May move lists be kept from one supply decision to the next? Those of units whose
    moves are read from their counter and their reach alone (unit_actions.reach_bound),
    and only without a variant's rules or movement bonuses, which may read anything."""
    return state.variant is None and not effects.in_game(state, MOVEMENT)


def _kept_moves(state: "GameState", side: int) -> SupplyMoves | None:
    """The move lists kept for this decision (builder.systems.heroes.engine.state.SupplyMoves),
    a new empty store when those kept are for another decision, side or occupancy, or
    None when they may not be kept."""
    if not _may_keep(state):
        state.supply_moves = None
        return None
    kept = state.supply_moves
    if kept is None or kept.side != side or kept.decision != state.decisions or kept.occupied != state.occupied:
        kept = state.supply_moves = SupplyMoves(side, state.decisions, state.occupied)
    return kept


def _move_keeps(state: "GameState", kept: SupplyMoves | None, u: "UnitState", action: Action) -> bool:
    """Can the move lists kept at the last decision outlive ``action``? Only a plain move
    of an infantry unit whose moves were kept (so one on the battlefield, of the side
    listed), with no option preparing it and no scenario rule acting on it: a friendly
    infantry unit then leaves a square and enters another."""
    return (kept is not None and not action.mode and kept.side == state.supply_side == u.side
            and kept.decision == state.decisions - 1 and kept.occupied == state.occupied and u.id in kept.lists
            and u.id in infantry_of(state, u.side)
            and not effects.side_hooks(state, u.side, PREPARE) and not effects.scenario_hooks(state, AFTER_MOVE))


def _moved(state: "GameState", kept: SupplyMoves, u: "UnitState", start: int, events: int) -> None:
    """Keep the move lists after ``u``'s move from ``start``, when nothing but the move
    happened (one event, the move: no unit spotted or revealed; nothing pending; only
    the squares left and entered changed hands). A move passes through friendly infantry
    and may not end on it (000 core rules, Action! > Movement): the squares the side's
    moves may not enter and the enemy zones of control stay as they were, so every other
    unit's moves flood as before and only where they may end changes, at the squares
    left or entered (unit_actions.moves_after_friend); ``u``'s own are dropped."""
    if u.sq < 0 or len(state.events) != events + 1 or state.pending or not u.alive:
        return  # it left the battlefield (an exit), or more than the move happened
    changed = 1 << start | 1 << u.sq
    if state.occupied != kept.occupied ^ changed:
        return
    lists, entered = kept.lists, kept.entered
    del lists[u.id], entered[u.id]
    units = state.units
    for uid, squares in entered.items():
        if squares & changed:
            lists[uid] = moves_after_friend(state, units[uid], lists[uid], squares, start, u.sq)
    kept.decision, kept.occupied = state.decisions, state.occupied
    state.supply_moves = kept


def apply(state: "GameState", action: Action) -> None:
    kept, state.supply_moves = state.supply_moves, None  # kept again only after a move that keeps them
    if action.kind == "move":
        u = state.units[action.unit]
        keeps = _move_keeps(state, kept, u, action)
        start, events = u.sq, len(state.events)
        do_move(state, action)
        u.supply_moved = True
        if keeps and kept is not None:
            _moved(state, kept, u, start, events)
    elif action.kind == "card":
        play_card(state, state.supply_side, action.mode, state.units[action.unit], action.target)
    elif action.kind == "token":  # a feature's (its decide hook, by the mode)
        decide = effects.decision(state, action.kind, action.mode)
        if decide is None:
            raise IllegalAction(f"no {action.mode or 'token'} decision in the supply phase")
        decide(state, action)
    elif action.kind != "end" and (decide := effects.decision(state, action.kind, action.mode)) is not None:
        decide(state, action)  # a feature's move of its own kind (a climb to a structure's top floor)
    else:
        state.sides[state.supply_side].supply_done = True
    if not state.pending:
        advance(state)


def finish_supply(state: "GameState") -> None:
    for u in state.units:
        if u.suppressed and u.ready:
            removed = max(effects.collect(state, u, RECOVERY) or [1])
            u.suppressed = max(0, u.suppressed - removed)
    if SMOKE in state.rule_fields:
        fade(state)
    if state.rule_fields:  # a rule's own step 5 (bombs explode, directives are discarded)
        supply_steps(state, "supply_end")
    state.rules.on_end_of_supply(state)
    # control is settled before the scenario's end-of-supply effects, the sudden death and
    # the victory check read it (000 Setup > Victory Conditions: reaching the condition ends
    # the game at the end of *this* round)
    update_control(state)
    since = len(state.events)
    run_events(state, "end_of_supply")
    ending = sudden_death.due(state, since)
    if state.pending:
        if ending is None:  # a scenario effect asks a side first (may it end the game now?): its module
            return          # closes the round once answered (step "close_round")
        state.pending.clear()  # the game ends at the end of this round anyway: nothing left to decide
    close_round(state, ending)


def close_round(state: "GameState", ending: Event | None) -> None:
    """Steps 6 to 9 of the supply phase: draw, record control, order tokens, the
    victory check (``ending``: the sudden death declared this round), the next round."""
    for i, s in enumerate(state.sides):
        hand = state.rules.hand_size(state, i)
        while len(s.hand) < hand and s.deck:
            s.hand.append(s.deck.pop(0))
    for i in range(len(state.sides)):
        improvise(state, i)
    state.control_history.append(state.control[:])
    for i, s in enumerate(state.sides):
        s.orders = state.rules.order_tokens_for(state, i)
    state.events.append(Event("end-of-round", {"turn": state.turn, "control": state.control[:],
                                               "vp": [s.vp for s in state.sides]}))
    if any(not has_forces(state, i) for i in range(len(state.sides))):
        finish(state, "no_units")
        return
    if ending is not None:
        finish(state, "sudden_death", ending.data["winner"], ending.data["level"])
        return
    if any(s.orders == 0 for s in state.sides):
        finish(state, "no_orders")
        return
    if state.turn >= state.static.scenario.turns:
        finish(state, "turns")
        return
    state.turn += 1
    due = kept_by_card(state, state.initiative, state.rules.initiative_for_turn(state))
    state.initiative = keep_initiative(state, state.initiative, due)
    steps.start_round(state)


# called back from below (builder/systems/heroes/engine/steps.py): the activation phase ends, an
# answer to a card played in the supply phase is made
steps.START_SUPPLY.provide(start_supply)
steps.ADVANCE_SUPPLY.provide(advance)
steps.SUPPLY_MOVERS.provide(movers)
steps.CLOSE_ROUND.provide(close_round)
