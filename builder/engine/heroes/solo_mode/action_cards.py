"""The AI's action cards and its reserve (002 Solo Mode, 2.3 Cards > Action Cards;
3.1 Order Phase > AI Orders; 3.2 Description of the Effects > Action Card).

The AI's deck is its faction's action deck (the pack's cards, whose faces are
placeholders: the red-cog AI cards were lost in transcription) and its reserve is the
side's hand, at most 3 cards (4 with the Opportunistic tactical bonus). A card drawn
goes to the reserve, or is discarded when the reserve is full; when the deck runs out
the discard pile is reshuffled. Each card does what the core rules' card does: the same
rule module of builder/engine/heroes/effects/cards.py, played through
:func:`~builder.engine.heroes.effects.cards.play_card` (so the player's No! answers it).

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
- the same bonus cards on the shot, assault or move a reaction effect makes;
- the opponent's turn: the answers the engine offers (Take Cover!, Jammed!, Mine,
  Counter-Attack, No!, an opportunity shot) are played when offered, a Lucky Shot on
  a roll that falls short (the engine plays it);
- supply phase: First Aid, Resupply and Forced March when offered.

The AI never takes special orders, never holds the initiative and places no tokens in
the order phase (002 3.1, 3.2), so High Command, Initiative, Confusion and the order
moving cards are discarded when drawn; so are the cards this module does not time
(:data:`NOT_PLAYED`), named in the coverage report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.engine.heroes.ambush import reveal
from builder.engine.heroes.effects import REGISTRY
from builder.engine.heroes.effects.cards import play_card, rocket_plan
from builder.engine.kernel.events import Event

if TYPE_CHECKING:
    from builder.engine.heroes.solo_mode.rules import SoloModeRules
    from builder.engine.heroes.actions import Action
    from builder.engine.heroes.state import GameState

R = "002 Solo Mode, 2.3 Cards > Action Cards"

ORDER_CARDS = ("extra-order", "scramble-orders")
BONUS_FOR = {"fire": "fire-bonus", "blast": "fire-bonus", "assault": "assault-bonus", "move": "movement-bonus"}
IN_ACTIVATION = frozenset({"fire-bonus", "assault-bonus", "movement-bonus", "remove-suppression",
                           "add-suppression", "anti-tank-shot", "reactivate"})
ANSWERS = frozenset({"defence-bonus", "cancel-shot", "mine", "counter-assault", "cancel-card",
                     "opportunity-fire", "reroll"})
IN_SUPPLY = frozenset({"heal", "resupply", "supply-move"})
PLAYED = frozenset(ORDER_CARDS) | IN_ACTIVATION | ANSWERS | IN_SUPPLY
NEVER = ("high-command (the AI takes no special orders), keep-initiative (the player always has the "
         "initiative), swap-orders and move-order (the AI places no tokens in the order phase)")
NOT_PLAYED = ("extra-activation, speed-setup, conceal and the artillery, smoke and aviation cards "
              "(discarded when drawn)")


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
        if cid and REGISTRY[("card", key)].hooks["card_playable"](state, units[0]):
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
    if cid and REGISTRY[("card", key)].hooks["card_playable"](state, unit):
        _play(rules, state, cid, unit)


def in_activation(state: "GameState", cards: list["Action"], chosen: "Action") -> "Action | None":
    """The card the AI plays in its unit's activation, before ``chosen`` (the tables'
    choice among the other actions), or None."""
    by_key: dict[str, list[Action]] = {}
    for a in cards:
        by_key.setdefault(effect_key(state, a.mode), []).append(a)
    for key in ("remove-suppression", "reactivate", "add-suppression"):
        if key in by_key:
            return by_key[key][0]
    rockets = by_key.get("anti-tank-shot")
    if rockets and chosen.kind != "assault":
        return max(rockets, key=lambda a: (_rocket_odds(state, a), -a.target))
    key = BONUS_FOR.get(chosen.kind, "")
    if key in by_key:
        return next((a for a in by_key[key] if a.unit == chosen.unit), None)
    return None


def _rocket_odds(state: "GameState", action: "Action") -> float:
    plan = rocket_plan(state, state.units[action.unit], state.units[action.target])
    return plan.odds()[0] if plan is not None else 0.0


def in_supply(state: "GameState", cards: list["Action"]) -> "Action | None":
    """First Aid, Resupply or Forced March, the first offered."""
    return next((a for a in cards if effect_key(state, a.mode) in IN_SUPPLY), None)
