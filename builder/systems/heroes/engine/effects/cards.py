"""Action cards the engine plays (000 core rules, Action Card), keyed by the
card's ``effect_key``. A card is played from the hand as a ``card`` action
(``mode`` = card id) and discarded:

- during the side's own activation, before the unit acts: ``fire-bonus`` (+1 to
  its shots this activation), ``assault-bonus`` (+2 in its assault),
  ``movement-bonus`` (an infantry unit moves 2 more squares), ``remove-suppression``
  (one Suppressed marker off the unit); and on an enemy unit, ``add-suppression``
  (a suppressed enemy takes one more marker);
- during the side's turn to place a token in the orders phase (offered on its
  first unit without a token; the side goes on placing): ``extra-order`` (one
  more numbered token, the next number, at most 10), ``high-command`` (a special
  order token for the round, at most two);
- during the side's supply moves: ``heal`` (a damaged infantry unit with no enemy
  next to it flips back to its healthy side), ``supply-move`` (a vehicle that had
  an order or an Activated marker moves in the supply phase all the same),
  ``resupply`` (a spent token back on an equipment option; the card is offered on
  the first unit of the option's tile, or of the army for army-wide options);
- by the engine for the player: ``reroll`` (see :func:`lucky_shot`);
- in the activation, ``speed-setup`` (a free turn-over, before or after acting, or
  in the supply phase), ``extra-activation`` (another unit without an order acts
  first), ``reactivate`` (after acting: once more), ``anti-tank-shot`` (a rocket
  at a vehicle, naming it as ``target``);
- in the orders phase, ``scramble-orders``, ``swap-orders`` and ``move-order``
  (the last two name a second unit as ``target``); in the supply phase
  ``keep-initiative`` and ``conceal``;
- in the opponent's turn, as pending answers (builder/systems/heroes/engine/reactions.py):
  ``defence-bonus`` and ``cancel-shot`` on a shot before its roll, ``mine`` on a
  unit ending its move, ``counter-assault`` by a unit that has just defended in an
  assault, and ``cancel-card`` (No!) on any card the opponent has just played
  through :func:`play_card`: while the opponent holds a No! the card's effect
  waits for the answer (see :func:`play_card`).

Bonuses and card marks last for the activation, or for the round when played in
the supply phase (``GameState.boosts``). Other card effects (aviation, artillery,
smoke) are listed as not simulated by the coverage report.
"""

from __future__ import annotations

from typing import Any, Final

from builder.systems.heroes.engine.ambush import concealed_face, flip, in_cover, reveal, spots
from builder.systems.heroes.engine.features.anti_tank import ROCKET, ROCKET_REACH
from builder.systems.heroes.engine.damage import kill_shot, roll, suppress, take_hit
from builder.systems.heroes.engine.derived import Derived, derived, table
from builder.systems.heroes.engine.effects import REGISTRY, hook_functions, in_game, register
from builder.systems.heroes.engine.effects.hooks import CARD_PHASE, CARD_PLAY, CARD_PLAYABLE, CARD_TARGETS, EXTRA_DRAW
from builder.kernel.events import Event
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.firing import plan_shot, resolve_shot
from builder.systems.heroes.engine.state import BLUFF, MAX_ORDERS, NO_ORDER

AC = "000 core rules, Action Card; card effect as the pack words it"


def _boost(key: str, value: int):
    def play(state: Any, unit: Any) -> None:
        state.boosts[(key, unit.id)] = state.boosts.get((key, unit.id), 0) + value
    return play


def _unsuppress(state: Any, unit: Any) -> None:
    unit.suppressed = max(0, unit.suppressed - 1)


def _heal_ok(state: Any, unit: Any) -> bool:
    if not unit.is_infantry or unit.face == 0 or not unit.active:
        return False
    for n in state.static.bf.adjacent(unit.sq):
        o = state.occ[n]
        if o >= 0 and state.units[o].side != unit.side and state.units[o].active:
            return False
    return True


def _heal(state: Any, unit: Any) -> None:
    unit.face = 0


def _forced_march_ok(state: Any, unit: Any) -> bool:
    """A vehicle that may not move in this supply phase yet (it had an order or an
    Activated marker), and has not moved in it."""
    return (unit.is_vehicle and unit.active and not unit.supply_moved
            and (unit.order != NO_ORDER or unit.activated or unit.acted))


def _forced_march(state: Any, unit: Any) -> None:
    """The vehicle joins the units that move in the supply phase."""
    unit.order, unit.activated, unit.acted = NO_ORDER, False, False


def _spent_scopes(state: Any, unit: Any) -> list[tuple[int, str]]:
    """Equipment options with spent tokens that ``unit`` answers for: its tile's
    if it is the tile's first unit on the board, the army's if it is the side's
    first (one card action per option, not one per unit)."""
    bought = state.static.sides[unit.side].equipment
    left = state.sides[unit.side].equipment
    out = []
    for k, n in bought.items():
        if left.get(k, 0) < n:
            scope, side = k[0], unit.side
            first = next((u.id for u in state.units
                          if u.side == side and u.active and (scope == -1 or u.st.tile == scope)), -1)
            if first == unit.id:
                out.append(k)
    return out


def _resupply(state: Any, unit: Any) -> None:
    """One token back on the first option ``unit`` answers for with a spent one; none
    when it answers for none. The card is playable only on such a unit, but it takes
    effect after the other side's chance of a No!, and in a search's sample of what a
    side may know (builder.kernel.search) the unit under a held card may be another
    anonymous Solo Mode unit than the one it was played on: the card then finds nothing
    to put back (a search playout of Family Meeting 1 failed on it, IndexError)."""
    scopes = _spent_scopes(state, unit)
    if scopes:
        state.sides[unit.side].equipment[scopes[0]] = state.sides[unit.side].equipment.get(scopes[0], 0) + 1


def _pinned_ok(state: Any, unit: Any) -> bool:
    """A suppressed enemy unit on the battlefield (the side to act plays the card)."""
    return unit.active and unit.suppressed > 0 and unit.side != state.to_act


def _pin(state: Any, unit: Any) -> None:
    """One more Suppressed marker on the enemy unit."""
    suppress(state, unit, 1, "Pinned Down card")


def _numbered(state: Any, side: int) -> list[int]:
    """The side's numbered order tokens this round, placed or not."""
    placed = [u.order for u in state.units if u.side == side and u.order > 0]
    return state.sides[side].to_place + placed


def _extra_order_ok(state: Any, unit: Any) -> bool:
    """Fewer than 10 numbered tokens this round (000 core rules, Order Phase > Order Tokens)."""
    return max(_numbered(state, unit.side), default=0) < MAX_ORDERS


def _extra_order(state: Any, unit: Any) -> None:
    """One more numbered token, the next number up (at most 10 orders)."""
    state.sides[unit.side].to_place.append(max(_numbered(state, unit.side), default=0) + 1)


def _high_command_ok(state: Any, unit: Any) -> bool:
    """Fewer than two special order tokens this round, placed or not."""
    placed = sum(1 for u in state.units if u.side == unit.side and u.order == 0)
    return placed + state.sides[unit.side].specials_left < 2


def _high_command(state: Any, unit: Any) -> None:
    """One more special order token for the side to place this round."""
    state.sides[unit.side].specials_left += 1


ACTIVATION = "activation"
ROLL = "roll"  # played by the engine for the player, on a roll of the side's that falls short
ON_ENEMY = "activation-enemy"  # played in the side's own activation, on an enemy unit
OTHER = "activation-other"  # played in the side's own activation, before its unit acts, on another of its units
AFTER = "activation-after"  # played on the side's unit once it has acted, before its activation ends
SHOT = "shot"  # played by the target's side on an enemy shot, before the roll (builder/systems/heroes/engine/reactions.py)
MINED = "mined"  # played by the other side on an enemy unit ending a move (builder/systems/heroes/engine/reactions.py)
CANCEL = "cancel"  # played by the other side on a card just played, before its effect (builder/systems/heroes/engine/reactions.py)
COUNTER = "counter"  # played by the defender's side once an assault is resolved (builder/systems/heroes/engine/reactions.py)
SUPPLY = "supply"
ORDERS = "orders"  # played in the side's turn to place a token, on its first unit without one
ORDERS_OWN = "orders-own"  # in the side's turn to place a token, on one of its units holding one
ORDERS_ENEMY = "orders-enemy"  # in the side's turn to place a token, on an enemy unit holding one

register("card", "fire-bonus", "Fire bonus card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: ACTIVATION), CARD_PLAYABLE.by(lambda s, u: bool(u.st.profile.faces[u.face].weapons)),
                CARD_PLAY.by(_boost("fire", 1))])
register("card", "assault-bonus", "Assault bonus card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: ACTIVATION), CARD_PLAYABLE.by(lambda s, u: u.ability("assault") is not None),
                CARD_PLAY.by(_boost("assault", 2))])
register("card", "movement-bonus", "Movement bonus card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: ACTIVATION), CARD_PLAYABLE.by(lambda s, u: u.is_infantry),
                CARD_PLAY.by(_boost("movement", 2))])
register("card", "remove-suppression", "Rally card", "partial", AC,
         "played only on the unit being activated, not at any time",
         hooks=[CARD_PHASE.by(lambda: ACTIVATION), CARD_PLAYABLE.by(lambda s, u: u.suppressed > 0), CARD_PLAY.by(_unsuppress)])
register("card", "opportunity-fire", "Opportunity Fire card", "simulated", AC + "; builder/systems/heroes/engine/opportunity.py",
         hooks=[CARD_PHASE.by(lambda: "reaction")])
register("card", "heal", "First aid card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: SUPPLY), CARD_PLAYABLE.by(_heal_ok), CARD_PLAY.by(_heal)])
register("card", "add-suppression", "Pinned Down card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: ON_ENEMY), CARD_PLAYABLE.by(_pinned_ok), CARD_PLAY.by(_pin)])
register("card", "extra-order", "Tactician card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: ORDERS), CARD_PLAYABLE.by(_extra_order_ok), CARD_PLAY.by(_extra_order)])
register("card", "high-command", "High Command card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: ORDERS), CARD_PLAYABLE.by(_high_command_ok), CARD_PLAY.by(_high_command)])
register("card", "reroll", "Lucky Shot card", "partial", AC + "; builder/systems/heroes/engine/effects/cards.py, lucky_shot",
         "played automatically on the side's first shot or assault roll that falls short and could still succeed",
         hooks=[CARD_PHASE.by(lambda: ROLL), CARD_PLAY.by(lambda s, u: None)])
register("card", "supply-move", "Forced March card", "simulated", AC,
         hooks=[CARD_PHASE.by(lambda: SUPPLY), CARD_PLAYABLE.by(_forced_march_ok), CARD_PLAY.by(_forced_march)])
register("card", "resupply", "Resupply card", "partial", AC,
         "when several equipment options of one tile have spent tokens, the first is refilled",
         hooks=[CARD_PHASE.by(lambda: SUPPLY), CARD_PLAYABLE.by(lambda s, u: bool(_spent_scopes(s, u))), CARD_PLAY.by(_resupply)])


# --- cards of the core decks, modules added with the reaction decisions ----------------------------

AC_ACT = "000 core rules, Action Card (cards override rules; as many as wished, even on one action)"
MINE_BONUS = 4


def _flippable(unit: Any) -> bool:
    """A Tripod counter, or an Ambush counter with a concealed side."""
    if len(unit.st.profile.faces) < 2:
        return False
    return unit.ability("tripod") is not None or (unit.ability("ambush") is not None
                                                  and (unit.concealed or concealed_face(unit) >= 0))


def _speed_setup_ok(state: Any, unit: Any) -> bool:
    """A Tripod or Ambush counter of the side that has not been turned over by the
    card yet: the unit acting (before or after it acts), or in the supply phase a
    unit that may move or has just moved (000 core rules, Special Abilities > The
    Immutable Rule of Special Abilities: once per movement)."""
    if not unit.active or state.boosts.get(("flip", unit.id)) or not _flippable(unit):
        return False
    if state.phase == "supply":
        return unit.supply_moved or (unit.order == NO_ORDER and not unit.activated and not unit.acted)
    return True


def _speed_setup(state: Any, unit: Any) -> None:
    """Turn the counter over as a free action: the unit still moves or fires."""
    state.boosts[("flip", unit.id)] = 1
    if unit.ability("tripod") is not None:
        unit.face = 1 - unit.face
        state.events.append(Event("flipped", {"unit": unit.id, "why": "Speed Setup card"}))
    else:
        flip(state, unit)


def _burst_ok(state: Any, unit: Any) -> bool:
    """Another unit of the side acting, on the battlefield, with no order (a bluff is
    no order) and no Activated marker, not yet acted this round."""
    cur = state.units[state.current] if state.current >= 0 else None
    return (cur is not None and unit.id != cur.id and unit.side == cur.side and unit.active
            and unit.order in (NO_ORDER, BLUFF) and not unit.activated and not unit.acted)


def _burst(state: Any, unit: Any) -> None:
    """``unit`` acts now, before the unit whose order was revealed; that one waits
    and acts once ``unit`` is done (``end_activation`` reads the ``resume`` mark)."""
    waiting = state.current
    state.boosts[("resume", unit.id)] = waiting
    state.current, state.fired, state.moved, state.path = unit.id, (), False, ()
    state.events.append(Event("burst-into-action", {"unit": unit.id, "waiting": waiting}))


def may_act_again(state: Any, unit: Any) -> bool:
    """The unit acting has moved or fired and has not been given a second action in
    this activation yet. One second action at most, whatever gives it (a Heroic
    Action card or a Heroic token: 000 core rules, Recruitment Options > Character
    Traits > Heroic, never a third activation); the two do not add up."""
    return (unit.id == state.current and unit.active and (state.moved or bool(state.fired))
            and not (state.boosts and state.boosts.get(("again", unit.id))))


def act_again(state: Any, unit: Any, why: str = "Heroic Action card") -> None:
    """The unit that has just acted acts once more, without an order: its move and
    shots are cleared, and the second action is marked for the activation."""
    state.fired, state.moved, state.path = (), False, ()
    state.boosts[("again", unit.id)] = 1
    state.events.append(Event("acts-again", {"unit": unit.id, "why": why}))


def _rocket_targets(state: Any, unit: Any) -> list[int]:
    """Enemy vehicles within 4 squares of the infantry unit acting, in its line of
    sight, that the rocket may be fired at (:func:`rocket_plan`)."""
    if not unit.is_infantry or state.moved or state.fired or unit.id != state.current:
        return []
    bf = state.static.bf
    out = []
    for t in state.units:
        if t.side == unit.side or not t.active or t.concealed or not t.is_vehicle:
            continue
        if any(bf.distance(unit.sq, sq) <= ROCKET_REACH and sees(state, unit.sq, sq, unit, t)
               for sq in state.squares_of(t)) and rocket_plan(state, unit, t) is not None:
            out.append(t.id)
    return out


def rocket_plan(state: Any, unit: Any, target: Any) -> Any:
    """The anti-tank rocket as a shot, the same as a Panzerfaust token's with the
    card's bonus (builder/systems/heroes/engine/features/anti_tank.py): +4 against vehicles in place of the
    weapon's combat value, at most 4 squares, every other term as for a shot (000
    core rules, Firing > Shot Resolution). None when it cannot be fired."""
    plan = plan_shot(state, unit, 0, target, ROCKET)
    return plan if plan.ok else None


def _rocket(state: Any, unit: Any, target: int) -> None:
    """Fire the rocket (the unit's action: its activation ends with it)."""
    reveal(state, unit, "fired")
    plan = rocket_plan(state, unit, state.units[target])
    state.fired = (-1,)
    if plan is not None:
        resolve_shot(state, plan)


def _keep_ok(state: Any, unit: Any) -> bool:
    """The side holds the initiative, the turn track would hand it over next round,
    the card is not played yet this round and a round follows; offered on the
    side's first unit on the battlefield."""
    side = unit.side
    if state.initiative != side or state.boosts.get(("keep-initiative", side)):
        return False
    if state.turn >= state.static.scenario.turns:
        return False
    if next(u.id for u in state.units if u.side == side and u.active) != unit.id:
        return False
    state.turn += 1
    try:
        due = state.rules.initiative_for_turn(state)
    finally:
        state.turn -= 1
    return due != side


def _keep(state: Any, unit: Any) -> None:
    state.boosts[("keep-initiative", unit.side)] = 1


def kept_by_card(state: Any, held: int, due: int) -> int:
    """The initiative for the next round: ``held`` when its side played an Initiative
    card this round, else ``due`` (the turn track's)."""
    if due != held and state.boosts.get(("keep-initiative", held)):
        state.events.append(Event("initiative-kept", {"side": held, "why": "Initiative card"}))
        return held
    return due


def _scramble(state: Any, unit: Any) -> None:
    """Counted now, carried out once every token is placed (``scramble_orders``)."""
    key = ("scramble", 1 - unit.side)
    state.boosts[key] = state.boosts.get(key, 0) + 1


def scramble_orders(state: Any) -> None:
    """After the orders are placed, each Communications Scrambled card played takes
    the lowest numbered token of the victim side off the board (the variant's
    ``discard_lowest_order`` decides where the tokens are)."""
    for side in (0, 1):
        for _ in range(state.boosts.pop(("scramble", side), 0)):
            state.rules.discard_lowest_order(state, side)


def _swap_targets(state: Any, unit: Any) -> list[int]:
    """Other enemy units holding a token (order, special or bluff), each pair once:
    the tokens lie face down and the card swaps two "without looking at them" (the
    Confusion card's text), so their values (even equal ones) choose nothing (issue 35:
    a side's decisions never depend on what it cannot see)."""
    if unit.side == state.to_act or unit.order == NO_ORDER or not unit.active:
        return []
    return [u.id for u in state.units if u.side == unit.side and u.id > unit.id and u.active
            and u.order != NO_ORDER]


def _swap(state: Any, unit: Any, target: int) -> None:
    other = state.units[target]
    unit.order, other.order = other.order, unit.order


def _move_order_targets(state: Any, unit: Any) -> list[int]:
    """Units of the side without a token that may take one, for a unit holding an
    order token (numbered or special)."""
    if unit.order < 0 or unit.side != state.to_act:
        return []
    return [u.id for u in state.units if u.side == unit.side and u.active and u.order == NO_ORDER
            and not u.activated]


def _move_order(state: Any, unit: Any, target: int) -> None:
    other = state.units[target]
    other.order, unit.order = unit.order, NO_ORDER


def _conceal_ok(state: Any, unit: Any) -> bool:
    """Infantry of the side, not concealed, in a terrain element or overlay, that no
    enemy spots there (the conditions of Ambush, 000 core rules, Special Abilities
    > Ambush)."""
    if not unit.active or unit.concealed or unit.type != "infantry" or not in_cover(state, unit.sq):
        return False
    return not any(e.side != unit.side and spots(state, e, unit) for e in state.units)


def _conceal(state: Any, unit: Any) -> None:
    unit.concealed = True
    state.events.append(Event("concealed", {"unit": unit.id, "why": "Camouflage card"}))


def _cover_ok(state: Any, unit: Any) -> bool:
    return unit.is_infantry


def _cover(state: Any, unit: Any) -> None:
    """+1 defence against the shot about to be rolled (``firing.plan_one`` reads it;
    ``reactions`` clears it after the shot)."""
    state.boosts[("cover", unit.id)] = state.boosts.get(("cover", unit.id), 0) + 1


def _jam(state: Any, unit: Any) -> None:
    """Marks the shot cancelled (``reactions`` reads it and skips the roll)."""
    state.boosts[("jammed", unit.id)] = 1


def _mine_ok(state: Any, unit: Any) -> bool:
    """An enemy unit on the battlefield, on open ground: squares with no terrain
    effect (no cover, obstacle or difficult ground) outside any overlay."""
    return unit.active and not any(in_cover(state, sq) for sq in state.squares_of(unit))


def _mine(state: Any, unit: Any) -> None:
    """The mine attacks at +4 as a shot with no firer: a hit on its defence (a heavy
    vehicle's side defence), a kill shot on twice it (000 core rules, Firing > Shot
    Resolution)."""
    printed = unit.st.profile.faces[unit.face].defence
    d = printed[1] if isinstance(printed, tuple) else int(printed or 0)
    die = roll(state, "mine (action card)", unit.id)
    total = die + MINE_BONUS
    state.events.append(Event("mine", {"target": unit.id, "die": die, "total": total, "defence": d}))
    if total >= 2 * d:
        kill_shot(state, unit, None, "mine: kill shot")
    elif total >= d:
        take_hit(state, unit, None, "mine")

register("card", "speed-setup", "Speed Setup", "simulated", AC_ACT + "; 000 core rules, Special Abilities > "
         "The Immutable Rule of Special Abilities",
         hooks=[CARD_PHASE.by(lambda: (ACTIVATION, AFTER, SUPPLY)), CARD_PLAYABLE.by(_speed_setup_ok), CARD_PLAY.by(_speed_setup)])
register("card", "extra-activation", "Burst into Action", "partial", AC_ACT,
         "played only before the unit whose order was revealed acts (that unit acts after it)",
         hooks=[CARD_PHASE.by(lambda: OTHER), CARD_PLAYABLE.by(_burst_ok), CARD_PLAY.by(_burst)])
register("card", "reactivate", "Heroic Action", "simulated", AC_ACT + "; 000 core rules, Recruitment Options > "
         "Character Traits > Heroic (never a third activation)",
         hooks=[CARD_PHASE.by(lambda: AFTER), CARD_PLAYABLE.by(may_act_again), CARD_PLAY.by(act_again)])
register("card", "anti-tank-shot", "Anti-tank rocket card", "partial", AC_ACT + "; 000 core rules, Firing",
         "the rocket is the unit's action for the activation (played before it moves or fires)",
         hooks=[CARD_PHASE.by(lambda: ACTIVATION), CARD_PLAYABLE.by(lambda s, u: bool(_rocket_targets(s, u))),
                CARD_TARGETS.by(_rocket_targets), CARD_PLAY.by(_rocket)])
register("card", "keep-initiative", "Initiative card", "simulated", AC_ACT + "; 000 core rules, Supply Phase",
         hooks=[CARD_PHASE.by(lambda: SUPPLY), CARD_PLAYABLE.by(_keep_ok), CARD_PLAY.by(_keep)])
register("card", "scramble-orders", "Communications Scrambled", "simulated",
         AC_ACT + "; 002 Solo Mode, Order Phase > Communications Scrambled",
         hooks=[CARD_PHASE.by(lambda: ORDERS), CARD_PLAYABLE.by(lambda s, u: True), CARD_PLAY.by(_scramble)])
register("card", "swap-orders", "Confusion", "simulated", AC_ACT,
         hooks=[CARD_PHASE.by(lambda: ORDERS_ENEMY), CARD_PLAYABLE.by(lambda s, u: bool(_swap_targets(s, u))),
                CARD_TARGETS.by(_swap_targets), CARD_PLAY.by(_swap)])
register("card", "move-order", "Move order card", "simulated", AC_ACT,
         hooks=[CARD_PHASE.by(lambda: ORDERS_OWN), CARD_PLAYABLE.by(lambda s, u: bool(_move_order_targets(s, u))),
                CARD_TARGETS.by(_move_order_targets), CARD_PLAY.by(_move_order)])
register("card", "conceal", "Camouflage", "simulated", AC_ACT + "; 000 core rules, Recruitment Options > Orders > "
         "Concealed; Special Abilities > Ambush",
         hooks=[CARD_PHASE.by(lambda: SUPPLY), CARD_PLAYABLE.by(_conceal_ok), CARD_PLAY.by(_conceal)])
register("card", "defence-bonus", "Take Cover!", "partial", AC_ACT + "; builder/systems/heroes/engine/reactions.py",
         "offered against shots of the activation, not against opportunity fire or Solo Mode reaction shots",
         hooks=[CARD_PHASE.by(lambda: SHOT), CARD_PLAYABLE.by(_cover_ok), CARD_PLAY.by(_cover)])
register("card", "cancel-shot", "Jammed!", "partial", AC_ACT + "; builder/systems/heroes/engine/reactions.py",
         "offered against shots of the activation, not against opportunity fire or Solo Mode reaction shots",
         hooks=[CARD_PHASE.by(lambda: SHOT), CARD_PLAYABLE.by(lambda s, u: True), CARD_PLAY.by(_jam)])
register("card", "mine", "Mine", "partial", AC_ACT + "; builder/systems/heroes/engine/reactions.py",
         "offered when an enemy unit ends a move of the activation phase (not an assault's move or a supply move)",
         hooks=[CARD_PHASE.by(lambda: MINED), CARD_PLAYABLE.by(_mine_ok), CARD_PLAY.by(_mine)])


# --- answers to a card and to an assault (builder/systems/heroes/engine/reactions.py) ----------------------------

def _cancel(state: Any, unit: Any) -> None:
    """No!: the card it answers is cancelled by the answer window itself
    (``reactions``), which holds that card's effect until the answer is made."""


def _assaulted_by(state: Any, unit: Any) -> list[int]:
    """The enemy unit that has just assaulted ``unit``, when ``unit`` may assault it
    back (the pending Counter-Attack answer names it)."""
    attacker = steps.counter_target(state, unit)
    return [attacker] if attacker >= 0 else []


def _counter_assault(state: Any, unit: Any, target: int) -> None:
    steps.assault_back(state, unit, state.units[target])


register("card", "cancel-card", "No!", "partial",
         AC_ACT + "; 002 Solo Mode, Cards > Action Cards; builder/systems/heroes/engine/reactions.py",
         "not offered on an Opportunity Fire card (played with its shot) nor on a Lucky Shot (played by the "
         "engine in the middle of a roll)",
         hooks=[CARD_PHASE.by(lambda: CANCEL), CARD_PLAYABLE.by(lambda s, u: True), CARD_PLAY.by(_cancel)])
register("card", "counter-assault", "Counter-Attack", "partial",
         AC_ACT + "; 000 core rules, Action! > Assault and Resolution of an Assault; builder/systems/heroes/engine/reactions.py",
         "offered after assaults of the activation, not after a Solo Mode reaction assault",
         hooks=[CARD_PHASE.by(lambda: COUNTER), CARD_PLAYABLE.by(lambda s, u: bool(_assaulted_by(s, u))),
                CARD_TARGETS.by(_assaulted_by), CARD_PLAY.by(_counter_assault)])


_BY_HAND: Final[Derived[dict[tuple[tuple[str, ...], str], Any]]] = table(
    "cards: the playable card modules of a hand in a phase, and the phases of a hand ('*')")
"""Bounded: cleared when full."""


def card_modules(state: Any, side: int, phase: str) -> list[tuple[str, Any]]:
    """(card id, module) for the cards in ``side``'s hand playable in ``phase``
    (remembered per hand and phase for the game: a hand changes far less often
    than it is asked about)."""
    key = (tuple(state.sides[side].hand), phase)
    known = derived(state, _BY_HAND)
    out = known.get(key)
    if out is None:
        if len(known) >= 1024:
            known.clear()
        out = known[key] = _card_modules(state, key[0], phase)
    return out


def hand_phases(state: Any, side: int) -> frozenset[str]:
    """The phases in which some card of ``side``'s hand is played (remembered per
    hand like :func:`card_modules`): a phase's card actions are only looked for,
    and the units they could name only listed, when it is one of them."""
    key = (tuple(state.sides[side].hand), "*")
    known = derived(state, _BY_HAND)
    out = known.get(key)
    if out is None:
        if len(known) >= 1024:
            known.clear()
        out = known[key] = frozenset(p for _, m in _card_modules(state, key[0], None) for p in phases_of(m))
    return out


def _card_modules(state: Any, hand: tuple[str, ...], phase: str | None) -> list[tuple[str, Any]]:
    cards = state.static.pack.items["cards"]
    out = []
    for cid in dict.fromkeys(hand):
        card = cards.get(cid)
        key = getattr(card, "effect_key", None) if card is not None else None
        m = REGISTRY.get(("card", key or ""))
        if m is not None and m.provides(CARD_PHASE) and (phase is None or phase in phases_of(m)):
            out.append((cid, m))
    return out


def phases_of(m: Any) -> tuple[str, ...]:
    """The phases a card module is played in (``card_phase`` gives one or several)."""
    p = m.function(CARD_PHASE)()
    return p if isinstance(p, tuple) else (p,)


def lucky_shot(state: Any, unit: Any, die: int, dice: int, need: int, why: str) -> int:
    """A Lucky Shot card rerolls one die of a roll of the side's (the pack's card
    effect). The engine plays it for the player on ``unit``'s shot or assault
    roll that falls short of ``need`` while a reroll could reach it; of several
    dice, the lower is rerolled, the higher still counting."""
    if not die < need <= 6 or not state.sides[unit.side].hand:
        return die
    found = card_modules(state, unit.side, ROLL)
    if not found:
        return die
    play_card(state, unit.side, found[0][0], unit, answerable=False)
    new = roll(state, why + " (Lucky Shot card)", unit.id)
    return new if dice == 1 else max(die, new)


def on_enemy(state: Any, cid: str) -> bool:
    """Is card ``cid`` played in the activation on a unit other than the one acting
    (an enemy, phase ``ON_ENEMY``, or another friendly unit, phase ``OTHER``)?"""
    card = state.static.pack.items["cards"].get(cid)
    m = REGISTRY.get(("card", getattr(card, "effect_key", None) or ""))
    return m is not None and m.provides(CARD_PHASE) and bool({ON_ENEMY, OTHER} & set(phases_of(m)))


def play_card(state: Any, side: int, cid: str, unit: Any, target: int = -1, answerable: bool = True) -> bool:
    """Discard ``cid`` from ``side``'s hand and apply it to ``unit`` (and ``target``,
    for the cards whose module names targets).

    While the opponent holds a No! (``cancel-card``), the effect waits for its
    answer: a pending decision lets the opponent cancel the card, and the effect
    (:func:`card_effect`) is applied once the answer is made, if the card was not
    cancelled (builder/systems/heroes/engine/reactions.py); True is returned then. A card played
    with ``answerable`` False takes effect at once (a No! answering a card, whose
    window goes on; a Lucky Shot the engine plays in the middle of a roll)."""
    hand = state.sides[side].hand
    hand.remove(cid)
    state.sides[side].discard.append(cid)
    data = {"side": side, "card": cid, "unit": unit.id}
    if target >= 0:
        data["target"] = target
    state.events.append(Event("card", data))
    if answerable and may_cancel(state, 1 - side):
        steps.hold_card(state, side, cid, unit.id, target)
        return True
    card_effect(state, cid, unit, target)
    return False


def may_cancel(state: Any, side: int) -> bool:
    """Does ``side`` hold a No! (a card of the ``cancel`` phase)?"""
    return bool(state.sides[side].hand) and CANCEL in hand_phases(state, side)


def card_effect(state: Any, cid: str, unit: Any, target: int = -1) -> None:
    """Apply card ``cid``'s effect to ``unit`` (and ``target``)."""
    card = state.static.pack.items["cards"][cid]
    module = REGISTRY[("card", card.effect_key)]
    if module.provides(CARD_TARGETS):
        module.function(CARD_PLAY)(state, unit, target)
    else:
        module.function(CARD_PLAY)(state, unit)


def improvise(state: Any, side: int) -> None:
    """Improvisation: after drawing up to the hand size, draw one card more, then
    discard one (000 core rules, Recruitment Options > Orders > Improvisation; 003
    Battle for Normandy, Command Special Abilities > Improvisation). The discard
    is chosen for the player: a card whose effect the engine does not play if the
    hand holds one, else the card just drawn."""
    s = state.sides[side]
    if not s.deck or not in_game(state, EXTRA_DRAW) or not any(f(state, u) for u in state.units if u.side == side and u.active
                             for f in hook_functions(state, u, EXTRA_DRAW)):
        return
    s.hand.append(s.deck.pop(0))
    cards = state.static.pack.items["cards"]

    def played(cid: str) -> bool:
        card = cards.get(cid)
        m = REGISTRY.get(("card", getattr(card, "effect_key", None) or ""))
        return m is not None and m.provides(CARD_PHASE)

    at = next((i for i, c in enumerate(s.hand) if not played(c)), len(s.hand) - 1)
    out = s.hand.pop(at)
    s.discard.append(out)
    state.events.append(Event("improvised", {"side": side, "discard": out}))


steps.ANSWER_ROLL.provide(lucky_shot)  # firing and assault call it on a roll that falls short
