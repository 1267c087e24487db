"""Action cards played in the opponent's turn, as pending decisions (000 core rules,
Action Card: a card is played in the phases it names, as many as wished, even on a
single action; if both players want to play at once the initiative side goes first).

The engine offers them where the opponent's action gives a moment to answer it,
the way opportunity fire is offered (builder/engine/opportunity.py):

- a shot of the activation (``fire``), before its roll: the target's side may play
  cards of the ``shot`` phase on the target (Take Cover!: +1 defence against that
  shot; Jammed!: the shot is cancelled, the firer still counts as having fired).
  The shot waits in the pending entry; after each card the side may play another,
  and ``pass`` rolls it;
- a move of the activation ending: the other side may play cards of the ``mined``
  phase on the unit that moved (Mine: an attack at +4 on open ground).

A pending entry is ``("react", side, unit, (), data)``: ``data[0]`` is the context
(``SHOT`` with the shot's firer, weapon, target, mode, tokens and second square;
``MINED``). The choices are a ``card`` action per playable card of the hand (on
``unit``) and ``pass``. Shots of opportunity fire and of the Solo Mode's reaction
effects are rolled at once, without this decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.actions import Action, interned
from builder.engine.effects.cards import MINED, SHOT, card_modules, play_card
from builder.engine.events import Event

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState

REACT = "react"
SHOT_CTX, MINE_CTX = 0, 1
MODES = ("normal", "suppressive", "sniper", "split")
PASS = Action("pass")


def _cards(state: "GameState", side: int, phase: str, unit: "UnitState") -> list[Action]:
    if not state.sides[side].hand or not unit.active:
        return []
    return [interned("card", unit.id, mode=cid) for cid, m in card_modules(state, side, phase)
            if m.hooks["card_playable"](state, unit)]


def offer_shot(state: "GameState", action: Action) -> bool:
    """Hold ``action`` (a legal shot of the unit acting) for the target's side to
    answer, when it has a card to answer with; True when held."""
    target = state.units[action.target]
    side = target.side
    if not state.sides[side].hand or action.mode not in MODES or not _cards(state, side, SHOT, target):
        return False
    from builder.engine.ambush import reveal
    from builder.engine.unit_actions import fire_plans
    reveal(state, state.units[action.unit], "fired")
    fire_plans(state, action, state.moved)  # an impossible shot is refused now, not after the answer
    data = (SHOT_CTX, action.unit, action.weapon, action.target, MODES.index(action.mode), action.extra,
            action.square)
    state.pending.insert(0, (REACT, side, target.id, (), data))
    return True


def offer_mine(state: "GameState", mover: "UnitState") -> None:
    """After ``mover``'s move in the activation phase, its opponent may answer."""
    if state.phase == "activation" and mover.active and _cards(state, 1 - mover.side, MINED, mover):
        state.pending.append((REACT, 1 - mover.side, mover.id, (), (MINE_CTX,)))


def choices(state: "GameState", pending: tuple) -> list[Action]:  # type: ignore[type-arg]
    _, side, unit, _, data = pending
    phase = SHOT if data[0] == SHOT_CTX else MINED
    return _cards(state, side, phase, state.units[unit]) + [PASS]


def stale(state: "GameState", pending: tuple) -> bool:  # type: ignore[type-arg]
    """A mine answer whose unit is gone (an opportunity shot destroyed it)."""
    return pending[0] == REACT and pending[4][0] == MINE_CTX and not state.units[pending[2]].active


def resolve(state: "GameState", pending: tuple, action: Action) -> None:  # type: ignore[type-arg]
    """Play the card (then offer the next answer) or pass (a held shot is rolled)."""
    _, side, unit, _, data = pending
    u = state.units[unit]
    if action.kind == "card":
        play_card(state, side, action.mode, u)
        if data[0] != SHOT_CTX:
            return
        if state.boosts.pop(("jammed", unit), None):
            state.boosts.pop(("cover", unit), None)
            state.events.append(Event("shot-cancelled", {"unit": data[1], "target": unit}))
            return
        if _cards(state, side, SHOT, u):
            state.pending.insert(0, pending)
            return
    if data[0] == SHOT_CTX:
        from builder.engine.unit_actions import do_fire
        _, firer, weapon, target, mode, extra, square = data
        do_fire(state, Action("fire", unit=firer, weapon=weapon, target=target, mode=MODES[mode], extra=extra,
                              square=square), moving=state.moved)
        state.boosts.pop(("cover", unit), None)
