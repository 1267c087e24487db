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
- by the engine for the player: ``reroll`` (see :func:`lucky_shot`).

Bonuses last for the activation (``GameState.boosts``). Other card effects are
listed as not simulated by the coverage report.
"""

from __future__ import annotations

from typing import Any

from builder.engine.damage import roll, suppress
from builder.engine.effects import register
from builder.engine.events import Event
from builder.engine.rules import MAX_ORDERS
from builder.engine.state import NO_ORDER

AC = "000 core rules, Action Card; card effect as the pack words it"


def _boost(key: str, value: int):  # type: ignore[no-untyped-def]
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
    if all(left.get(k, 0) >= n for k, n in bought.items()):
        return []
    firsts: dict[int, int] = {}
    for u in state.units:
        if u.side == unit.side and u.active:
            firsts.setdefault(u.st.tile, u.id)
            firsts.setdefault(-1, u.id)
    return [k for k, n in bought.items() if left.get(k, 0) < n and firsts.get(k[0]) == unit.id]


def _resupply(state: Any, unit: Any) -> None:
    """One token back on the first option ``unit`` answers for with a spent one."""
    scope = _spent_scopes(state, unit)[0]
    state.sides[unit.side].equipment[scope] = state.sides[unit.side].equipment.get(scope, 0) + 1


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
SUPPLY = "supply"
ORDERS = "orders"  # played in the side's turn to place a token, on its first unit without one

register("card", "fire-bonus", "Fire bonus card", "simulated", AC,
         card_phase=lambda: ACTIVATION, card_playable=lambda s, u: bool(u.st.profile.faces[u.face].weapons),
         card_play=_boost("fire", 1))
register("card", "assault-bonus", "Assault bonus card", "simulated", AC,
         card_phase=lambda: ACTIVATION, card_playable=lambda s, u: u.ability("assault") is not None,
         card_play=_boost("assault", 2))
register("card", "movement-bonus", "Movement bonus card", "simulated", AC,
         card_phase=lambda: ACTIVATION, card_playable=lambda s, u: u.is_infantry,
         card_play=_boost("movement", 2))
register("card", "remove-suppression", "Rally card", "partial", AC,
         "played only on the unit being activated, not at any time",
         card_phase=lambda: ACTIVATION, card_playable=lambda s, u: u.suppressed > 0, card_play=_unsuppress)
register("card", "opportunity-fire", "Opportunity Fire card", "simulated", AC + "; builder/engine/opportunity.py",
         card_phase=lambda: "reaction")
register("card", "heal", "First aid card", "simulated", AC,
         card_phase=lambda: SUPPLY, card_playable=_heal_ok, card_play=_heal)
register("card", "add-suppression", "Pinned Down card", "simulated", AC,
         card_phase=lambda: ON_ENEMY, card_playable=_pinned_ok, card_play=_pin)
register("card", "extra-order", "Tactician card", "simulated", AC,
         card_phase=lambda: ORDERS, card_playable=_extra_order_ok, card_play=_extra_order)
register("card", "high-command", "High Command card", "simulated", AC,
         card_phase=lambda: ORDERS, card_playable=_high_command_ok, card_play=_high_command)
register("card", "reroll", "Lucky Shot card", "partial", AC + "; builder/engine/effects/cards.py, lucky_shot",
         "played automatically on the side's first shot or assault roll that falls short and could still succeed",
         card_phase=lambda: ROLL, card_play=lambda s, u: None)
register("card", "supply-move", "Forced March card", "simulated", AC,
         card_phase=lambda: SUPPLY, card_playable=_forced_march_ok, card_play=_forced_march)
register("card", "resupply", "Resupply card", "partial", AC,
         "when several equipment options of one tile have spent tokens, the first is refilled",
         card_phase=lambda: SUPPLY, card_playable=lambda s, u: bool(_spent_scopes(s, u)), card_play=_resupply)


def card_modules(state: Any, side: int, phase: str) -> list[tuple[str, Any]]:
    """(card id, module) for the cards in ``side``'s hand playable in ``phase``
    (remembered per hand and phase for the game: a hand changes far less often
    than it is asked about)."""
    key = (tuple(state.sides[side].hand), phase)
    known = state.static.card_modules
    out = known.get(key)
    if out is None:
        if len(known) >= 1024:
            known.clear()
        out = known[key] = _card_modules(state, key[0], phase)
    return out


def _card_modules(state: Any, hand: tuple[str, ...], phase: str) -> list[tuple[str, Any]]:
    from builder.engine.effects import REGISTRY, _load
    _load()
    cards = state.static.pack.items["cards"]
    out = []
    for cid in dict.fromkeys(hand):
        card = cards.get(cid)
        key = getattr(card, "effect_key", None) if card is not None else None
        m = REGISTRY.get(("card", key or ""))
        if m is not None and "card_phase" in m.hooks and m.hooks["card_phase"]() == phase:
            out.append((cid, m))
    return out


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
    play_card(state, unit.side, found[0][0], unit)
    new = roll(state, why + " (Lucky Shot card)", unit.id)
    return new if dice == 1 else max(die, new)


def on_enemy(state: Any, cid: str) -> bool:
    """Is card ``cid`` played on an enemy unit (phase ``ON_ENEMY``)?"""
    from builder.engine.effects import REGISTRY
    card = state.static.pack.items["cards"].get(cid)
    m = REGISTRY.get(("card", getattr(card, "effect_key", None) or ""))
    return m is not None and "card_phase" in m.hooks and m.hooks["card_phase"]() == ON_ENEMY


def play_card(state: Any, side: int, cid: str, unit: Any) -> None:
    from builder.engine.effects import REGISTRY
    card = state.static.pack.items["cards"][cid]
    REGISTRY[("card", card.effect_key)].hooks["card_play"](state, unit)
    hand = state.sides[side].hand
    hand.remove(cid)
    state.sides[side].discard.append(cid)
    state.events.append(Event("card", {"side": side, "card": cid, "unit": unit.id}))


def improvise(state: Any, side: int) -> None:
    """Improvisation: after drawing up to the hand size, draw one card more, then
    discard one (000 core rules, Recruitment Options > Orders > Improvisation; 003
    Battle for Normandy, Command Special Abilities > Improvisation). The discard
    is chosen for the player: a card whose effect the engine does not play if the
    hand holds one, else the card just drawn."""
    from builder.engine.effects import REGISTRY, hook_functions, in_game
    s = state.sides[side]
    if not s.deck or not in_game(state, "extra_draw") or not any(f(state, u) for u in state.units if u.side == side and u.active
                             for f in hook_functions(state, u, "extra_draw")):
        return
    s.hand.append(s.deck.pop(0))
    cards = state.static.pack.items["cards"]

    def played(cid: str) -> bool:
        card = cards.get(cid)
        m = REGISTRY.get(("card", getattr(card, "effect_key", None) or ""))
        return m is not None and "card_phase" in m.hooks

    at = next((i for i, c in enumerate(s.hand) if not played(c)), len(s.hand) - 1)
    out = s.hand.pop(at)
    s.discard.append(out)
    state.events.append(Event("improvised", {"side": side, "discard": out}))
