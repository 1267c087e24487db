"""The AI's action cards and its reserve (002 Solo Mode, 2.3 Cards > Action Cards;
3.1 Order Phase > AI Orders; 3.2 Description of the Effects > Action Card).

The AI's deck is its faction's action deck (the pack's cards, whose faces are
placeholders: the red-cog AI cards were lost in transcription) and its reserve is the
side's hand, at most 3 cards (4 with the Opportunistic tactical bonus). A card drawn
goes to the reserve, or is discarded when the reserve is full; when the deck runs out
the discard pile is reshuffled. Each card does what the core rules' card does: the same
rule module of builder/systems/heroes/engine/effects/cards.py, played through
:func:`~builder.systems.heroes.engine.effects.cards.play_card` (so the player's No! answers it).

When the AI plays a card: as the booklet leaves a card's timing to the card, the AI
plays a reserve card the first time its printed timing comes and its effect applies,
on the unit the decision tables chose (the Common Sense rule, 002 1 Presentation; gear
is used as soon as possible, 002 3.2 Reveal a Concealed Unit):

- order phase: a Tactician gives one more numbered token for the turn (3.1 AI Orders,
  said in so many words); a Communications Scrambled is played on the player;
- the AI unit's own activation: an aimed shot, battle rage or double time on the
  shot, assault or move the tables chose; a rally on a suppressed unit; a pinned-down
  on a suppressed enemy; an anti-tank rocket at the vehicle it hits best; a Heroic
  Action once the unit has acted;
- before the unit acts, a Burst into Action on the unit table 5.1 would give the next
  order (002 5.1 Place an Order: the booklet names no unit for the card, 5.1 is the
  table that ranks which unit acts next); an artillery or aviation card on the enemy
  the chosen shot or assault aims at, else on the first enemy (lowest id) it may be
  played on; a smoke barrage before a move, on the enemy nearest the unit moving (its
  smoke hinders that enemy's shots; laid on a unit the AI shoots at it would hinder
  the AI's own shot). 002 names no target for these cards: the tables' own target
  when there is one, the Common Sense rule of using gear as soon as possible otherwise;
- Speed Setup: a Tripod counter on its packed side turned to its deployed side before
  it acts when it does not move (so that it may fire); an Ambush counter turned
  to its concealed side once it has acted or in the supply phase (002 names no use:
  the reading closest to the tables, which value a unit out of the enemy's sight);
- the same bonus cards on the shot, assault or move a reaction effect makes;
- the opponent's turn: the answers the engine offers (Take Cover!, Jammed!, Mine,
  Counter-Attack, No!, an opportunity shot) are played when offered, a Lucky Shot on
  a roll that falls short (the engine plays it);
- supply phase: First Aid, Resupply, Forced March and Camouflage (on the first unit
  offered: the tables do not rank them) when offered, then Speed Setup on an Ambush
  counter as above.

The player's No! answers an AI card as the core rules' card does (the card's effect
waits for the answer, builder/systems/heroes/engine/reactions.py) and, as 002 2.3 adds, may
instead discard a card of the player's choice from the AI's reserve: a ``no-reserve``
decision offered to the player before his unit acts (:func:`reserve_discards`).

The AI never takes special orders, never holds the initiative and places no tokens in
the order phase (002 3.1, 3.2), so High Command, Initiative, Confusion and the order
moving cards are of no use to it and are discarded when drawn (002 2.3: a card that
can be neither played nor stored is discarded).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from builder.systems.heroes.engine.ambush import reveal
from builder.systems.heroes.engine.effects import REGISTRY
from builder.systems.heroes.engine.effects.hooks import CARD_PLAYABLE
from builder.systems.heroes.engine.actions import interned
from builder.systems.heroes.engine.effects.cards import play_card, rocket_plan
from builder.kernel.events import Event

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState

R = "002 Solo Mode, 2.3 Cards > Action Cards"

ORDER_CARDS = ("extra-order", "scramble-orders")
BONUS_FOR = {"fire": "fire-bonus", "blast": "fire-bonus", "assault": "assault-bonus", "move": "movement-bonus"}
IN_ACTIVATION = frozenset({"fire-bonus", "assault-bonus", "movement-bonus", "remove-suppression",
                           "add-suppression", "anti-tank-shot", "reactivate"})
ANSWERS = frozenset({"defence-bonus", "cancel-shot", "mine", "counter-assault", "cancel-card",
                     "opportunity-fire", "reroll"})
IN_SUPPLY = frozenset({"heal", "resupply", "supply-move", "conceal"})
ATTACKS = ("artillery-barrage", "artillery-shot", "airstrike", "rocket-strike", "dive-bombing")
SMOKE = "smoke-barrage"
PLAYED = (frozenset(ORDER_CARDS) | IN_ACTIVATION | ANSWERS | IN_SUPPLY | frozenset(ATTACKS)
          | {"extra-activation", "speed-setup", SMOKE})
NEVER = ("high-command (the AI takes no special orders), keep-initiative (the player always has the "
         "initiative), swap-orders and move-order (the AI places no tokens in the order phase)")
NO_RESERVE = "no-reserve"


def effect_key(state: "GameState", cid: str) -> str:
    card = state.static.pack.items["cards"].get(cid)
    return getattr(card, "effect_key", None) or ""


def build_deck(state: "GameState", ai: int, player: int) -> None:
    """Set-up: the AI's dealt hand goes back into its deck (its reserve starts empty,
    the green danger level draws its first card); the player's Initiative cards leave
    his deck (002 2.3: the player always has the initiative)."""
    side = state.sides[ai]
    side.deck, side.hand = side.hand + side.deck, []
    mine = state.sides[player]
    for pile in (mine.hand, mine.deck):
        pile[:] = [c for c in pile if effect_key(state, c) != "keep-initiative"]


def draw(rules: "SoloModeRules", state: "GameState") -> str:
    """Draw an action card for the AI: into the reserve, or discarded when the reserve
    is full or the AI never plays it. Returns the outcome the report counts."""
    solo = rules.solo_state(state)
    side = state.sides[rules.ai]
    if not side.deck:
        side.deck, side.discard = side.discard, []
        solo.rng.shuffle(side.deck)
    if not side.deck:
        return "ignored"
    cid = side.deck.pop(0)
    if effect_key(state, cid) not in PLAYED or ("card", effect_key(state, cid)) not in REGISTRY:
        outcome = "discarded-unplayable"
    elif len(side.hand) >= solo.reserve_cap:
        outcome = "discarded-reserve-full"
    else:
        side.hand.append(cid)
        outcome = "reserve"
    if outcome != "reserve":
        side.discard.append(cid)
    state.events.append(Event("ai-action-card", {"card": cid, "outcome": outcome}))
    rules.rules_fired[f"action-card/{outcome}"] += 1
    return outcome


def trim(state: "GameState", side: int, cap: int) -> None:
    """The reserve loses its slot X (the Opportunistic token discarded): cards over
    ``cap`` are discarded, the last drawn first."""
    s = state.sides[side]
    while len(s.hand) > cap:
        s.discard.append(s.hand.pop())


def _held(state: "GameState", side: int, key: str) -> str:
    """A card of ``side``'s reserve with effect ``key``, or ""."""
    return next((c for c in state.sides[side].hand if effect_key(state, c) == key), "")


def _play(rules: "SoloModeRules", state: "GameState", cid: str, unit: Any, target: int = -1) -> None:
    """Play ``cid`` from the reserve; a No! the player holds answers it at once (the
    pending answer settled as for any reaction effect)."""
    rules.rules_fired[f"action-card/played:{effect_key(state, cid)}"] += 1
    play_card(state, rules.ai, cid, unit, target)
    rules.settle_pending(state)


def order_phase(rules: "SoloModeRules", state: "GameState") -> None:
    """Before the AI's tokens go to the dashboard: a Tactician adds one for the turn
    (002 3.1 AI Orders), a Communications Scrambled takes the player's lowest token
    once the orders are placed (the core card's own timing)."""
    units = [u for u in state.units if u.side == rules.ai and u.active]
    if not units:
        return
    for key in ORDER_CARDS:
        cid = _held(state, rules.ai, key)
        if cid and REGISTRY[("card", key)].function(CARD_PLAYABLE)(state, units[0]):
            _play(rules, state, cid, units[0])


def before_effect(rules: "SoloModeRules", state: "GameState", kind: str, unit: Any) -> None:
    """A reaction effect's shot, assault or move by ``unit``: the matching bonus card of
    the reserve is played on it first (002 3.2 Description of the Effects). A unit
    about to fire is turned over first, as its shot turns it over (its revealed side's
    weapons are those the card needs)."""
    key = BONUS_FOR.get(kind, "")
    if key == "fire-bonus" and unit.concealed and _held(state, rules.ai, key):
        reveal(state, unit, "fired")
    cid = _held(state, rules.ai, key) if key else ""
    if cid and REGISTRY[("card", key)].function(CARD_PLAYABLE)(state, unit):
        _play(rules, state, cid, unit)


def in_activation(state: "GameState", cards: list["Action"], chosen: "Action",
                  order_unit: "Callable[[list[int]], int] | None" = None) -> "Action | None":
    """The card the AI plays in its unit's activation, before ``chosen`` (the tables'
    choice among the other actions), or None. ``order_unit`` is table 5.1's choice
    among units (the Burst into Action card's unit; the lowest id without it)."""
    by_key: dict[str, list[Action]] = {}
    for a in cards:
        by_key.setdefault(effect_key(state, a.mode), []).append(a)
    for key in ("remove-suppression", "reactivate", "add-suppression"):
        if key in by_key:
            return by_key[key][0]
    burst = by_key.get("extra-activation")
    if burst:
        units = sorted({a.unit for a in burst})
        uid = order_unit(units) if order_unit is not None and len(units) > 1 else units[0]
        return next(a for a in burst if a.unit == uid)
    for key in ATTACKS:
        if key in by_key:
            aimed = chosen.target if chosen.kind in ("fire", "blast", "assault") else -1
            return next((a for a in by_key[key] if a.unit == aimed), min(by_key[key], key=lambda a: a.unit))
    smoke = by_key.get(SMOKE)
    mover = state.units[chosen.unit] if chosen.unit >= 0 else None
    if smoke and chosen.kind == "move" and mover is not None and mover.sq >= 0:
        near = [a for a in smoke if state.units[a.unit].sq >= 0]
        if near:
            bf = state.static.bf
            return min(near, key=lambda a: (bf.distance(mover.sq, state.units[a.unit].sq), a.unit))
    setup = _speed_setup(state, by_key.get("speed-setup", []), chosen)
    if setup is not None:
        return setup
    rockets = by_key.get("anti-tank-shot")
    if rockets and chosen.kind != "assault":
        return max(rockets, key=lambda a: (_rocket_odds(state, a), -a.target))
    key = BONUS_FOR.get(chosen.kind, "")
    if key in by_key:
        return next((a for a in by_key[key] if a.unit == chosen.unit), None)
    return None


def _speed_setup(state: "GameState", offers: list["Action"], chosen: "Action | None") -> "Action | None":
    """Speed Setup on the unit offered: a Tripod counter on its packed side (the side
    table 5.6's Tripod row calls inactive), when it is not about to move (turned to
    fire); an Ambush counter not concealed, once it has acted or in the supply phase
    (turned to its concealed side)."""
    for a in offers:
        unit = state.units[a.unit]
        faces = unit.st.profile.faces
        if unit.ability("tripod") is not None:
            if (chosen is not None and chosen.kind != "move" and faces[unit.face].role == "packed"
                    and not state.moved and not state.fired):
                return a
        elif not unit.concealed and (chosen is None or state.moved or bool(state.fired)):
            return a
    return None


def _rocket_odds(state: "GameState", action: "Action") -> float:
    plan = rocket_plan(state, state.units[action.unit], state.units[action.target])
    return plan.odds()[0] if plan is not None else 0.0


def in_supply(state: "GameState", cards: list["Action"]) -> "Action | None":
    """First Aid, Resupply, Forced March or Camouflage, the first offered; else a Speed
    Setup turning an Ambush counter to its concealed side."""
    found = next((a for a in cards if effect_key(state, a.mode) in IN_SUPPLY), None)
    if found is not None:
        return found
    return _speed_setup(state, [a for a in cards if effect_key(state, a.mode) == "speed-setup"], None)


def reserve_discards(state: "GameState", ai: int, player: int) -> list["Action"]:
    """The player's No! played to discard a card of the AI's reserve (002 2.3 Action
    Cards), offered before his unit acts: one ``no-reserve`` decision per card of the
    reserve (``mode`` the reserve card, ``extra`` the No! card's place in the hand)."""
    if state.pending or state.phase != "activation" or state.current < 0 or state.moved or state.fired:
        return []
    unit = state.units[state.current]
    reserve = state.sides[ai].hand
    if unit.side != player or not reserve:
        return []
    hand = state.sides[player].hand
    at = next((i for i, c in enumerate(hand) if effect_key(state, c) == "cancel-card"), -1)
    if at < 0:
        return []
    return [interned(NO_RESERVE, unit.id, mode=cid, extra=at) for cid in dict.fromkeys(reserve)]


def discard_from_reserve(rules: "SoloModeRules", state: "GameState", action: "Action") -> None:
    """Play the No! (discarded from the player's hand) and discard the reserve card."""
    mine = state.sides[rules.player]
    no = mine.hand.pop(action.extra)
    mine.discard.append(no)
    ai = state.sides[rules.ai]
    ai.hand.remove(action.mode)
    ai.discard.append(action.mode)
    state.events.append(Event("card", {"side": rules.player, "card": no, "unit": action.unit}))
    state.events.append(Event("reserve-discarded", {"card": action.mode}))
    rules.rules_fired["action-card/reserve-discarded"] += 1
