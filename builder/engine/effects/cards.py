"""Action cards the engine plays (000 core rules, Action Card), keyed by the
card's ``effect_key``. A card is played from the hand as a ``card`` action
(``mode`` = card id) and discarded:

- during the side's own activation, before the unit acts: ``fire-bonus`` (+1 to
  its shots this activation), ``assault-bonus`` (+2 in its assault),
  ``movement-bonus`` (an infantry unit moves 2 more squares), ``remove-suppression``
  (one Suppressed marker off the unit);
- during the side's supply moves: ``heal`` (a damaged infantry unit with no enemy
  next to it flips back to its healthy side).

Bonuses last for the activation (``GameState.boosts``). Other card effects are
listed as not simulated by the coverage report.
"""

from __future__ import annotations

from typing import Any

from builder.engine.effects import register
from builder.engine.events import Event

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


ACTIVATION = "activation"
SUPPLY = "supply"

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
    from builder.engine.effects import REGISTRY, hook_functions
    s = state.sides[side]
    if not s.deck or not any(f(state, u) for u in state.units if u.side == side and u.active
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
