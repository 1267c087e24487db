"""Action cards played in the opponent's turn, as pending decisions (000 core rules,
Action Card: a card is played in the phases it names, as many as wished, even on a
single action; if both players want to play at once the initiative side goes first).

The engine offers them where the opponent's action gives a moment to answer it,
the way opportunity fire is offered (builder/systems/heroes/engine/opportunity.py):

- a shot of the activation (``fire``), before its roll: the target's side may play
  cards of the ``shot`` phase on the target (Take Cover!: +1 defence against that
  shot; Jammed!: the shot is cancelled, the firer still counts as having fired).
  The shot waits in the pending entry; after each card the side may play another,
  and ``pass`` rolls it;
- a move of the activation ending: the other side may play cards of the ``mined``
  phase on the unit that moved (Mine: an attack at +4 on open ground);
- an assault of the activation resolved: the defender's side may play cards of the
  ``counter`` phase on the defender (Counter-Attack: it assaults the attacker back
  at once, see :func:`may_assault_back`);
- an action card played (``effects.cards.play_card``), in any phase: while the
  opponent holds a card of the ``cancel`` phase (No!), the card's effect waits and
  the opponent may cancel it. A No! is itself an action card just played, so the
  first player may answer it with a No! of its own, and so on (000 core rules,
  Action Card: as many cards as wished, even on a single action; each is
  discarded once played). The window keeps count of the No!s played on the card:
  when a side passes (or holds no No! to answer with), the last No! played takes
  effect, cancelling the card below it, so the first card takes effect after an
  even number of No!s and is cancelled, without effect, after an odd number. Every
  card of the chain stays discarded.

A pending entry is ``("react", side, unit, (), data)``: ``data[0]`` is the context
(``SHOT`` with the shot's firer, weapon, target, mode, tokens and second square;
``MINED``; ``COUNTER`` with the attacker; ``CARD`` with the side that played the
card, its id, its target and the No!s played on it). The choices are a ``card``
action per playable card of the hand (on ``unit``; a Counter-Attack names the
attacker as ``target``) and ``pass``. Shots of opportunity fire and of the Solo
Mode's reaction effects are rolled at once, without this decision; Solo Mode
reaction assaults offer no Counter-Attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.effects.hooks import CARD_PLAYABLE, CARD_TARGETS
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.ambush import reveal
from builder.systems.heroes.engine.features.anti_tank import PANZERFAUST
from builder.systems.heroes.engine.assault import plan_assault, resolve_assault
from builder.systems.heroes.engine.effects.cards import (CANCEL, COUNTER, MINED, SHOT, card_effect, card_modules, hand_phases,
                                          may_cancel, play_card)
from builder.systems.heroes.engine.tokens import spend_token
from builder.kernel.events import Event
from builder.systems.heroes.engine.movement import movement_allowance

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

REACT = "react"
SHOT_CTX, MINE_CTX, COUNTER_CTX, CARD_CTX = 0, 1, 2, 3
MODES = ("normal", "suppressive", "sniper", "split", PANZERFAUST)  # shots a card may answer (index kept)
PASS = Action("pass")


def _cards(state: "GameState", side: int, phase: str, unit: "UnitState") -> list[Action]:
    if not state.sides[side].hand or not unit.active:
        return []
    out: list[Action] = []
    for cid, m in card_modules(state, side, phase):
        targets = m.function(CARD_TARGETS) if m.provides(CARD_TARGETS) else None
        if targets is not None:
            out.extend(interned("card", unit.id, target=t, mode=cid) for t in targets(state, unit))
        elif m.function(CARD_PLAYABLE)(state, unit):
            out.append(interned("card", unit.id, mode=cid))
    return out


def offer_shot(state: "GameState", action: Action) -> bool:
    """Hold ``action`` (a legal shot of the unit acting) for the target's side to
    answer, when it has a card to answer with; True when held."""
    target = state.units[action.target]
    side = target.side
    if not state.sides[side].hand or action.mode not in MODES or not _cards(state, side, SHOT, target):
        return False
    reveal(state, state.units[action.unit], "fired")
    steps.fire_plans(state, action, state.moved)  # an impossible shot is refused now, not after the answer
    data = (SHOT_CTX, action.unit, action.weapon, action.target, MODES.index(action.mode), action.extra,
            action.square)
    state.pending.insert(0, (REACT, side, target.id, (), data))
    return True


def offer_mine(state: "GameState", mover: "UnitState") -> None:
    """After ``mover``'s move in the activation phase, its opponent may answer."""
    if state.phase == "activation" and mover.active and _cards(state, 1 - mover.side, MINED, mover):
        state.pending.append((REACT, 1 - mover.side, mover.id, (), (MINE_CTX,)))


def offer_counter(state: "GameState", action: Action, defender_sq: int) -> None:
    """After the assault ``action`` of the activation is resolved, the defender's
    side may answer with a Counter-Attack when it holds one and the defender, which
    stood on ``defender_sq``, may assault the attacker back. A defender that falls
    back (a retreat, made or still to choose; Ferocious) has broken contact."""
    defender = state.units[action.target]
    side = defender.side
    if (state.sides[side].hand and not state.pending and COUNTER in hand_phases(state, side)
            and defender.sq == defender_sq and may_assault_back(state, defender, state.units[action.unit])):
        state.pending.append((REACT, side, defender.id, (), (COUNTER_CTX, action.unit)))


def may_assault_back(state: "GameState", unit: "UnitState", attacker: "UnitState") -> bool:
    """May ``unit``, which has just defended against ``attacker`` and held its
    square, assault it back at once? As for any assault (000 core rules, Action! >
    Assault; Resolution of an Assault): both on the battlefield, the Assault
    ability, a movement point to enter the attacker's square, a step from the
    unit's square into it (the two are next to each other), and a combat value
    against the attacker's type (or Tankbuster against a heavy vehicle). The card
    is the action: no order token is needed or spent, an Activated marker does not
    prevent it."""
    if not unit.active or not attacker.active or unit.side == attacker.side or unit.ability("assault") is None:
        return False
    if movement_allowance(state, unit) < 1:
        return False
    steps = state.static.bf.steps(unit.type, unit.ability("amphibious") is not None)[unit.sq]
    if not any(sq in steps for sq in state.squares_of(attacker)):
        return False
    return plan_assault(state, unit, attacker, unit.sq).ok


def counter_target(state: "GameState", unit: "UnitState") -> int:
    """The attacker a pending Counter-Attack answer lets ``unit`` assault back (-1: none)."""
    if not state.pending:
        return -1
    kind, _, uid, _, data = state.pending[0]
    if kind != REACT or data[0] != COUNTER_CTX or uid != unit.id:
        return -1
    return data[1] if may_assault_back(state, unit, state.units[data[1]]) else -1


def assault_back(state: "GameState", unit: "UnitState", attacker: "UnitState") -> None:
    """Counter-Attack: ``unit`` assaults ``attacker`` from its square, resolved as
    any assault (the attacker's side may answer it with a Counter-Attack in turn)."""
    if not may_assault_back(state, unit, attacker):
        return
    state.events.append(Event("counter-assault", {"unit": unit.id, "target": attacker.id}))
    held = attacker.sq
    plan = plan_assault(state, unit, attacker, unit.sq)
    resolve_assault(state, plan)
    offer_counter(state, Action("assault", unit=unit.id, target=attacker.id, square=unit.sq), held)


def hold_card(state: "GameState", side: int, cid: str, unit: int, target: int) -> None:
    """Card ``cid``, just played by ``side`` on ``unit``, waits for the opponent's
    No! (called by ``play_card`` when the opponent holds one)."""
    state.pending.insert(0, (REACT, 1 - side, unit, (), (CARD_CTX, side, cid, target, 0)))  # type: ignore[arg-type]


def choices(state: "GameState", pending: tuple) -> list[Action]:
    _, side, unit, _, data = pending
    if data[0] == CARD_CTX:
        return [interned("card", unit, mode=cid) for cid, _ in card_modules(state, side, CANCEL)] + [PASS]
    phase = SHOT if data[0] == SHOT_CTX else MINED if data[0] == MINE_CTX else COUNTER
    return _cards(state, side, phase, state.units[unit]) + [PASS]


def stale(state: "GameState", pending: tuple) -> bool:
    """A mine answer whose unit is gone (an opportunity shot destroyed it)."""
    return pending[0] == REACT and pending[4][0] == MINE_CTX and not state.units[pending[2]].active


def resolve(state: "GameState", pending: tuple, action: Action) -> None:
    """Play the card (then offer the next answer) or pass (a held shot is rolled)."""
    _, side, unit, _, data = pending
    if data[0] == CARD_CTX:
        _answer_card(state, pending, action)
        return
    u = state.units[unit]
    if action.kind == "card":
        if play_card(state, side, action.mode, u, action.target):
            if data[0] == SHOT_CTX:  # the card waits for a No!: the shot waits behind it
                state.pending.insert(1, pending)
            return
        if data[0] == SHOT_CTX:
            _shot_goes_on(state, pending)
        return
    if data[0] == SHOT_CTX:
        _roll(state, pending)


def _shot_goes_on(state: "GameState", pending: tuple) -> None:
    """Once a card answering the held shot has been played: the shot is cancelled
    (Jammed!), or offered for another answer, or rolled."""
    _, side, unit, _, data = pending
    if state.boosts.pop(("jammed", unit), None):
        state.boosts.pop(("cover", unit), None)
        if MODES[data[4]] == PANZERFAUST:  # the token is used up all the same
            spend_token(state, state.units[data[1]], PANZERFAUST)
        state.events.append(Event("shot-cancelled", {"unit": data[1], "target": unit}))
        return
    if _cards(state, side, SHOT, state.units[unit]):
        state.pending.insert(0, pending)
        return
    _roll(state, pending)


def _roll(state: "GameState", pending: tuple) -> None:
    _, firer, weapon, target, mode, extra, square = pending[4]
    steps.do_fire(state, Action("fire", unit=firer, weapon=weapon, target=target, mode=MODES[mode], extra=extra,
                          square=square), moving=state.moved)
    state.boosts.pop(("cover", pending[2]), None)


def _answer_card(state: "GameState", pending: tuple, action: Action) -> None:
    """A No! on the held card (the other side may answer it in turn), or pass: the
    card then takes effect after an even number of No!s, none after an odd one."""
    _, side, unit, _, data = pending
    _, played_by, cid, target, cancels = data
    u = state.units[unit]
    if action.kind == "card":
        play_card(state, side, action.mode, u, answerable=False)  # discarded; the window applies it
        cancels += 1
        if may_cancel(state, 1 - side):
            state.pending.insert(0, (REACT, 1 - side, unit, (), (CARD_CTX, played_by, cid, target, cancels)))
            return
    if cancels % 2:
        state.events.append(Event("card-cancelled", {"side": played_by, "card": cid, "unit": unit}))
    else:
        card_effect(state, cid, u, target)
    if state.pending and state.pending[0][0] == REACT and state.pending[0][4][0] == SHOT_CTX \
            and state.pending[0][2] == unit:
        # the card answered the shot waiting behind the window (``resolve``): the shot goes on
        _shot_goes_on(state, state.pending.pop(0))
    elif state.phase == "supply" and not state.pending:
        steps.advance_supply(state)


# action cards (builder/systems/heroes/engine/effects/cards.py) call these back: a Counter-Attack's
# target and assault, a card held for the opponent's No!
steps.COUNTER_TARGET.provide(counter_target)
steps.ASSAULT_BACK.provide(assault_back)
steps.HOLD_CARD.provide(hold_card)
