"""Reaction cards and their effects (002 Solo Mode, Activation Phase > Reaction Cards,
Description of the Effects, Far Far Away...).

Before each player activation (not on a special order) the AI draws a reaction card and
resolves effect 1, effect 2, then the special effect of its attitude; effects gated by a
difficulty apply only at that difficulty. Each effect picks its unit with a decision
table (builder.systems.heroes.ai.solo_mode.brain) among the AI's unactivated units without a numbered
order token; the unit then gets an Activated marker. A unit picked while concealed is
revealed only when spotted (002, 3.2 Tactical Movement, Firing Action, Suppressive Fire):
a decoy counter (builder.systems.heroes.engine.solo_mode.decoys) picked for a tactical movement moves like
any counter and is discarded once an enemy spots it, ending the effect. Tables 5.3 and
5.4 pick among the counters without looking under them: a decoy's face offers the shots
and assaults a counter seems able to make; a decoy picked to fire or assault is spotted
by its attack, so it is discarded at once and the effect ends. A numbered token placed
on a decoy waits there until revealed (3.2 Reveal an AI Order Token).
A suppressive
fire effect may pick a unit without the ability and a tactical movement with the window
icon lends Urban Fighter (builder.systems.heroes.engine.solo_mode.reaction_abilities).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from builder.systems.heroes.engine.solo_mode import action_cards, group_effects, reaction_abilities
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import NO_ORDER
from builder.systems.heroes.engine.unit_actions import do_assault, do_fire, do_move, fire_actions, move_actions

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
    from builder.systems.heroes.engine.state import GameState


def draw_card(rules: "SoloModeRules", state: "GameState") -> Any:
    """The next reaction card; the discard pile is reshuffled when the deck runs out."""
    solo = rules.solo_state(state)
    if not solo.deck:
        solo.deck, solo.discard = solo.discard, []
        solo.rng.shuffle(solo.deck)
    card_id = solo.deck.pop()
    solo.discard.append(card_id)
    return solo.cards[card_id]


def applies(rules: "SoloModeRules", effect: Any) -> bool:
    return ((not effect.difficulty or rules.difficulty in effect.difficulty)
            and (not effect.attitude or rules.attitude in effect.attitude))


def resolve_card(rules: "SoloModeRules", state: "GameState", card: Any) -> None:
    state.events.append(Event("reaction-card", {"card": card.id}))
    rules.rules_fired[f"reaction-card/{card.id}"] += 1
    for index, effect in enumerate(list(card.effects) + list(card.special)):
        if not applies(rules, effect):
            continue
        if effect.lasting:
            rules.solo_state(state).lasting = effect.lasting_bonus
        kind = far_far_away(rules, state, index, effect.effect)
        resolve_effect(rules, state, kind, effect)
        if state.result is not None:
            return


ENTERING = frozenset({"firing_action", "suppressive_fire"})


def far_far_away(rules: "SoloModeRules", state: "GameState", index: int, kind: str) -> str:
    """While AI units wait off the battlefield, a firing action or suppressive fire
    effect is a tactical movement that brings one on (002 Solo Mode, 3.2 Far Far
    Away...; 2.5 Other Units); the Solo scenarios ask the same of every effect 1
    (002 Family Meeting, Set-up: German units entering by the arrows)."""
    if not rules.solo_state(state).offboard or kind == "tactical_movement":
        return kind
    return "tactical_movement" if index == 0 or kind in ENTERING else kind


def resolve_effect(rules: "SoloModeRules", state: "GameState", kind: str, effect: Any = None) -> str:
    """Resolve one effect; returns what happened ('done', 'ignored', 'decoy'), which the
    report counts as ``reaction/<effect>:<outcome>``."""
    outcome = _resolve(rules, state, kind, getattr(effect, "bonus", 0) if effect is not None else 0,
                       bool(getattr(effect, "urban_fighter", False)))
    rules.rules_fired[f"reaction/{kind}:{outcome}"] += 1
    return outcome


def _resolve(rules: "SoloModeRules", state: "GameState", kind: str, bonus: int, urban_fighter: bool = False) -> str:
    if kind == "reinforcements":
        return "done" if rules.reinforce(state) else "ignored"
    if kind == "place_order":
        return place_order(rules, state)
    if kind == "action_card":
        rules.draw_action_card(state)
        return "done"
    if kind == "tactical_movement":
        return tactical_movement(rules, state, bonus, urban_fighter)
    if kind in ("firing_action", "suppressive_fire"):
        return firing(rules, state, bonus, suppressive=kind == "suppressive_fire")
    if kind == "assault":
        return assault(rules, state, bonus)
    raise ValueError(f"unknown reaction effect {kind!r}")


def free_units(rules: "SoloModeRules", state: "GameState") -> list[int]:
    """AI units an effect may pick: on the battlefield, unactivated, no numbered order."""
    return [u.id for u in state.units if u.side == rules.ai and u.active and not u.activated
            and not u.acted and u.order <= 0 and u.id != state.current]


def _decoy_picked(rules: "SoloModeRules", state: "GameState", choice: int) -> bool:
    """A decoy counter picked to fire or assault is spotted by its attack, so revealed
    and discarded (builder.systems.heroes.engine.decoys): the effect ends."""
    if state.units[choice].st.decoy:
        rules.reveal(state, choice, "picked to attack by a reaction effect")
        return True
    return False


def place_order(rules: "SoloModeRules", state: "GameState", queue: bool = True) -> str:
    """The lowest available numbered token goes to the unit table 5.1 picks (in the
    order phase, for the Tactician bonus, the activation queue is built later)."""
    solo = rules.solo_state(state)
    if not solo.available:
        return "ignored"
    candidates = [u for u in free_units(rules, state) if state.units[u].order == NO_ORDER]
    if not candidates:
        return "ignored"
    token = solo.available.pop(0)
    choice = solo.brain.order_unit(state, candidates)
    if choice is None:
        return "ignored"
    state.units[choice].order = token
    if queue:
        state.queues[rules.ai].append((token, choice))
        state.queues[rules.ai].sort()
    state.events.append(Event("ai-order", {"unit": choice, "token": token}))
    return "done"


def _finish(rules: "SoloModeRules", state: "GameState", uid: int) -> None:
    u = state.units[uid]
    u.activated = True
    rules.solo_state(state).effect_unit, rules.solo_state(state).effect_bonus = -1, 0
    rules.settle_pending(state)


def tactical_movement(rules: "SoloModeRules", state: "GameState", bonus: int = 0, urban_fighter: bool = False
                      ) -> str:
    """Table 5.2 picks the unit and its destination; units still off the battlefield
    enter first (Far Far Away...). With the window icon the unit moves with Urban
    Fighter (builder.systems.heroes.engine.solo_mode.reaction_abilities)."""
    solo = rules.solo_state(state)
    if solo.offboard:
        return "done" if rules.enter_unit(state) else "ignored"
    candidates = free_units(rules, state)
    if not candidates:
        return "ignored"
    choice = solo.brain.move_unit(state, candidates, from_reaction=True)
    if choice is None:
        return "ignored"
    solo.effect_unit, solo.effect_bonus = choice, bonus
    unit = state.units[choice]
    action_cards.before_effect(rules, state, "move", unit)

    def move() -> None:
        action = solo.brain.destination(state, choice, move_actions(state, unit), from_reaction=True)
        if action is not None:
            do_move(state, action)
            if unit.concealed:
                rules.spot(state)  # revealed only if spotted: a decoy is discarded then

    reaction_abilities.with_urban_fighter(state, unit, urban_fighter, move)
    if unit.st.decoy and not unit.alive:
        solo.effect_unit, solo.effect_bonus = -1, 0
        return "decoy"
    _finish(rules, state, choice)
    return "done"


def firing(rules: "SoloModeRules", state: "GameState", bonus: int = 0, suppressive: bool = False) -> str:
    """Table 5.3: the target, then the firing unit, then its best weapon. A
    suppressive effect may pick a unit without the Suppressive Fire ability: it fires
    suppressively all the same, its combat value not doubled (builder.systems.heroes.engine.solo_mode.
    reaction_abilities). A unit with Barrage Order brings up to three heavy weapons
    (builder.systems.heroes.engine.solo_mode.group_effects)."""
    solo = rules.solo_state(state)
    units = free_units(rules, state)
    if suppressive:
        actions = [a for uid in units for a in reaction_abilities.shots(state, uid)]
    else:
        actions = [a for uid in units for a in fire_actions(state, state.units[uid], moving=False, counter=True)]
    action = solo.brain.fire(state, actions, suppressive=suppressive, from_reaction=True)
    outcome = _attack(rules, state, action, bonus, do_fire)
    if outcome == "done" and not suppressive and action is not None:  # 4.1 Barrage Order
        group_effects.barrage(rules, state, action.unit, bonus, _shot, lambda: free_units(rules, state))
    return outcome


def _shot(rules: "SoloModeRules", state: "GameState", action: Any, bonus: int) -> str:
    return _attack(rules, state, action, bonus, do_fire)


def _charge(rules: "SoloModeRules", state: "GameState", action: Any, bonus: int) -> str:
    return _attack(rules, state, action, bonus, do_assault)


def assault(rules: "SoloModeRules", state: "GameState", bonus: int = 0) -> str:
    """Table 5.4: the target, then the assaulting unit; a suicidal assault (the enemy's
    bonus ahead by 3 or more) is ignored. A unit with Heroic Charge leads up to three
    others (builder.systems.heroes.engine.solo_mode.group_effects)."""
    solo = rules.solo_state(state)
    free = free_units(rules, state)
    # ignored when no revealed unit has Assault (3.2 Assault); then any counter in range may be picked
    counters = any(not state.units[uid].concealed and state.units[uid].ability("assault") is not None
                   and not state.units[uid].st.decoy for uid in free)
    actions = [a for uid in free for a in move_actions(state, state.units[uid], assaults=True, counter=counters)
               if a.kind == "assault"]
    action = solo.brain.assault(state, actions, from_reaction=True)
    outcome = _attack(rules, state, action, bonus, do_assault)
    if outcome == "done" and action is not None:  # 4.1 Heroic Charge
        group_effects.heroic_charge(rules, state, action.unit, bonus, _charge, lambda: free_units(rules, state))
    return outcome


def _attack(rules: "SoloModeRules", state: "GameState", action: Any, bonus: int,
            resolve: Callable[["GameState", Any], Any]) -> str:
    """Carry out the attack a reaction effect chose (or report it ignored): the effect's
    bonus applies to that unit only, then the AI's after-attack bookkeeping."""
    if action is None:
        return "ignored"
    if _decoy_picked(rules, state, action.unit):
        return "decoy"
    rules.solo_state(state).effect_unit, rules.solo_state(state).effect_bonus = action.unit, bonus
    action_cards.before_effect(rules, state, action.kind, state.units[action.unit])
    resolve(state, action)
    rules.after_ai_attack(state, action.unit)
    _finish(rules, state, action.unit)
    return "done"
