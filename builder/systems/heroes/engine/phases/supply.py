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
from builder.systems.heroes.engine.effects.hooks import RECOVERY, SUPPLY_ACTIONS, SUPPLY_MOVE_ACTIONS
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.effects.cards import SUPPLY, hand_phases, improvise, kept_by_card, play_card
from builder.systems.heroes.engine.effects.options import keep_initiative
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.objectives import update_control
from builder.systems.heroes.engine.scenario_events import run_events
from builder.systems.heroes.engine.smoke import SMOKE, fade
from builder.systems.heroes.engine.state import BLUFF, NO_ORDER, supply_steps
from builder.systems.heroes.engine.unit_actions import card_actions, do_move, move_actions
from builder.systems.heroes.engine.victory import finish, has_forces

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState


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
    for uid in moving:
        out.extend(move_actions(state, state.units[uid]))
    for offer_instead in effects.game_hooks(state, SUPPLY_MOVE_ACTIONS):  # instead of a move (an advanced position)
        out.extend(offer_instead(state, side, moving))
    if state.sides[side].hand and SUPPLY in hand_phases(state, side):
        out.extend(card_actions(state, side, [u for u in state.units if u.side == side and u.active], SUPPLY))
    for offer in effects.game_hooks(state, SUPPLY_ACTIONS):  # tokens laid (bombs, charges, Concealed, MG nest)
        out.extend(offer(state, side))
    out.append(interned("end"))
    return out


def apply(state: "GameState", action: Action) -> None:
    if action.kind == "move":
        u = state.units[action.unit]
        do_move(state, action)
        u.supply_moved = True
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
