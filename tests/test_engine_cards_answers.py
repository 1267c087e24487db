"""Answers to the opponent's card and assault, and the Heroic trait's tokens
(builder/systems/heroes/engine/reactions.py, builder/systems/heroes/engine/effects/cards.py and options.py):

- No! (``cancel-card``): a card played while the opponent holds a No! waits for
  its answer; a No! cancels it (both stay discarded), a No! on the No! lets it
  take effect (000 core rules, Action Card; 002 Solo Mode, Cards > Action Cards);
- Counter-Attack (``counter-assault``): the defender of an assault that held its
  square assaults the attacker back (000 core rules, Action! > Assault);
- Heroic tokens: a unit that has acted acts once more, a token spent; never a
  third activation, a Heroic Action card included (000 core rules, Recruitment
  Options > Character Traits > Heroic).
"""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine import Action, IllegalAction, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.reactions import CARD_CTX, COUNTER_CTX, REACT

from engine_helpers import Scripted, activate
from test_engine_cards import RIFLES_AND_GRENADIERS, game

PASS = Action("pass")


def window(state) -> int:  # type: ignore[no-untyped-def]
    """The context of the pending answer at the front (-1: none)."""
    if not state.pending or state.pending[0][0] != REACT:
        return -1
    return state.pending[0][4][0]  # type: ignore[no-any-return]


# --- No! ------------------------------------------------------------------------------------------


def _aimed_shot(us: list[str], de: list[str]):  # type: ignore[no-untyped-def]
    """The US rifles play an Aimed Shot (+1 to their shots) as they are activated."""
    state, n = game(RIFLES_AND_GRENADIERS, (us, de))
    activate(state, n["r"])
    events = apply(state, Action("card", unit=n["r"], mode="us-aimed-shot"))
    return state, n, events


def test_no_cancels_the_card_just_played_and_both_are_discarded() -> None:
    state, n, _ = _aimed_shot(["us-aimed-shot"], ["de-no"])
    assert window(state) == CARD_CTX and state.to_act == 1
    assert not state.boosts.get(("fire", n["r"]))  # the effect waits for the answer
    assert legal_actions(state) == [Action("card", unit=n["r"], mode="de-no"), PASS]
    events = apply(state, legal_actions(state)[0])
    assert not state.boosts.get(("fire", n["r"]))  # cancelled: no +1
    assert [e.data["card"] for e in events if e.kind == "card-cancelled"] == ["us-aimed-shot"]
    assert state.sides[0].discard == ["us-aimed-shot"] and state.sides[1].discard == ["de-no"]
    assert not state.sides[0].hand and not state.sides[1].hand
    assert not state.pending and state.current == n["r"] and state.to_act == 0  # the unit still acts


def test_passing_on_no_lets_the_card_take_effect() -> None:
    state, n, _ = _aimed_shot(["us-aimed-shot"], ["de-no"])
    apply(state, PASS)
    assert state.boosts.get(("fire", n["r"])) == 1 and state.sides[1].hand == ["de-no"] and state.to_act == 0


def test_no_window_without_a_no_in_the_opponents_hand() -> None:
    state, n, _ = _aimed_shot(["us-aimed-shot"], ["de-jammed", "de-take-cover"])
    assert not state.pending and state.to_act == 0
    assert state.boosts.get(("fire", n["r"])) == 1  # applied at once


def test_no_on_a_no_cancels_the_no_and_the_card_takes_effect() -> None:
    state, n, _ = _aimed_shot(["us-aimed-shot", "us-no"], ["de-no", "de-no"])
    apply(state, Action("card", unit=n["r"], mode="de-no"))
    # the German No! is a card just played: the US side may answer it with its own
    assert window(state) == CARD_CTX and state.to_act == 0
    assert legal_actions(state) == [Action("card", unit=n["r"], mode="us-no"), PASS]
    apply(state, Action("card", unit=n["r"], mode="us-no"))
    assert window(state) == CARD_CTX and state.to_act == 1  # and the Germans may answer that one
    events = apply(state, Action("card", unit=n["r"], mode="de-no"))  # three No!s: the card is cancelled
    assert [e.kind for e in events if e.kind == "card-cancelled"] == ["card-cancelled"]
    assert not state.boosts.get(("fire", n["r"])) and not state.pending
    assert state.sides[0].discard == ["us-aimed-shot", "us-no"] and state.sides[1].discard == ["de-no", "de-no"]


def test_two_nos_let_the_card_take_effect() -> None:
    state, n, _ = _aimed_shot(["us-aimed-shot", "us-no"], ["de-no"])
    apply(state, Action("card", unit=n["r"], mode="de-no"))
    events = apply(state, Action("card", unit=n["r"], mode="us-no"))  # the Germans hold no other No!
    assert not [e for e in events if e.kind == "card-cancelled"]
    assert state.boosts.get(("fire", n["r"])) == 1 and not state.pending and state.to_act == 0


def test_no_on_jammed_lets_the_held_shot_roll() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-no"], ["de-jammed"]))
    activate(state, n["r"])
    apply(state, Action("fire", unit=n["r"], weapon=0, target=n["g"], mode="normal"))
    apply(state, Action("card", unit=n["g"], mode="de-jammed"))
    assert window(state) == CARD_CTX and state.to_act == 0  # the firer may answer the Jammed!
    state.dice = Scripted(6)
    events = apply(state, Action("card", unit=n["g"], mode="us-no"))
    kinds = [e.kind for e in events]
    assert "card-cancelled" in kinds and "shot" in kinds and "shot-cancelled" not in kinds
    assert state.units[n["g"]].face == 1 and not state.pending


def test_jammed_passed_on_cancels_the_shot_after_the_window() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-no"], ["de-jammed"]))
    activate(state, n["r"])
    apply(state, Action("fire", unit=n["r"], weapon=0, target=n["g"], mode="normal"))
    apply(state, Action("card", unit=n["g"], mode="de-jammed"))
    state.dice = Scripted()
    events = apply(state, PASS)
    assert [e.kind for e in events if e.kind in ("shot", "shot-cancelled")] == ["shot-cancelled"]
    assert state.sides[0].hand == ["us-no"]


def test_no_answers_an_orders_phase_card() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-tactician"], ["de-no"]))
    assert state.phase == "orders" and state.to_act == 0
    placed = sorted(state.sides[0].to_place)
    apply(state, next(a for a in legal_actions(state) if a.kind == "card"))
    assert window(state) == CARD_CTX and sorted(state.sides[0].to_place) == placed
    apply(state, PASS)
    assert sorted(state.sides[0].to_place) == placed + [len(placed) + 1] and state.to_act == 0


# --- Counter-Attack -------------------------------------------------------------------------------


def _assault(us_hand: list[str], de_hand: list[str], dice: tuple[int, ...], *, defender: str = "de-grenadiers"):  # type: ignore[no-untyped-def]
    """The US rifles on B3 assault the unit on B4 from their square."""
    state, n = game([{"name": "r", "unit": "us-rifles", "side": "us", "at": "B3"},
                     {"name": "g", "unit": defender, "side": "de", "at": "B4"}], (us_hand, de_hand))
    activate(state, n["r"])
    state.dice = Scripted(*dice)
    events = apply(state, Action("assault", unit=n["r"], target=n["g"], square=state.bf.square("B3")))
    return state, n, events


def test_counter_attack_assaults_the_attacker_back() -> None:
    # attack 2 + 2 = 4 against defence 1 + 3 = 4: a tie, both hold their squares
    state, n, events = _assault([], ["de-counter-attack"], (2, 2, 1, 1))
    assert [e.data["winner"] for e in events if e.kind == "assault"] == ["tie"]
    assert window(state) == COUNTER_CTX and state.to_act == 1
    counter = Action("card", unit=n["g"], target=n["r"], mode="de-counter-attack")
    assert legal_actions(state) == [counter, PASS]
    state.dice = Scripted(6, 6, 1, 1)  # 6 + 3 = 9 against 1 + 2 = 3: the grenadiers win
    events = apply(state, counter)
    assert [e.kind for e in events if e.kind in ("counter-assault", "assault")] == ["counter-assault", "assault"]
    assault = next(e for e in events if e.kind == "assault")
    assert (assault.data["unit"], assault.data["target"], assault.data["winner"]) == (n["g"], n["r"], "attacker")
    r = state.units[n["r"]]
    assert r.face == 1  # the rifles take the hit and must retreat (a choice of three squares)
    assert state.pending[0][0] == "retreat" and state.pending[0][2] == n["r"]
    assert state.sides[1].discard == ["de-counter-attack"] and not state.sides[1].hand


def test_counter_attack_passed_on_ends_the_attackers_activation() -> None:
    state, n, _ = _assault([], ["de-counter-attack"], (2, 2, 1, 1))
    apply(state, PASS)
    assert state.sides[1].hand == ["de-counter-attack"] and state.current != n["r"]


def test_no_counter_attack_without_the_card() -> None:
    state, n, _ = _assault([], ["de-jammed"], (2, 2, 1, 1))
    assert window(state) == -1 and state.current != n["r"]


def test_no_counter_attack_after_a_retreat() -> None:
    state, n = game([{"name": "r", "unit": "us-rifles", "side": "us", "at": "B3"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "B4"}], ([], ["de-counter-attack"]))
    state.units[n["g"]].st.granted["assault"] = 1  # it keeps the Assault ability on its damaged side
    effects.invalidate(state)
    activate(state, n["r"])
    state.dice = Scripted(6, 6, 1, 1)  # 8 against 4: the rifles win
    events = apply(state, Action("assault", unit=n["r"], target=n["g"], square=state.bf.square("B3")))
    assert [e.data["winner"] for e in events if e.kind == "assault"] == ["attacker"]
    assert [p[0] for p in state.pending] == ["retreat"]  # the grenadiers fall back: no answer after it
    apply(state, Action("retreat", unit=n["g"], square=state.pending[0][3][1]))
    g, r = state.units[n["g"]], state.units[n["r"]]
    assert state.bf.distance(g.sq, r.sq) == 1  # the rifles advanced next to them again
    assert window(state) == -1 and state.sides[1].hand == ["de-counter-attack"]


def test_no_counter_attack_without_the_assault_ability_or_a_movement_point() -> None:
    # a Lieutenant has no Assault ability: it only defends
    state, n, _ = _assault([], ["de-counter-attack"], (2, 2, 1), defender="us-lieutenant")
    assert window(state) == -1
    state, n = game([{"name": "r", "unit": "us-rifles", "side": "us", "at": "B3"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "B4", "suppressed": 2}],
                    ([], ["de-counter-attack"]))
    activate(state, n["r"])
    state.dice = Scripted(1, 1, 6, 6)  # 3 against 6 + 3 - 4 = 5: the grenadiers hold, but MV 4 - 4 = 0
    apply(state, Action("assault", unit=n["r"], target=n["g"], square=state.bf.square("B3")))
    assert state.units[n["g"]].sq == state.bf.square("B4") and window(state) == -1


def test_no_can_cancel_a_counter_attack() -> None:
    state, n, _ = _assault(["us-no"], ["de-counter-attack"], (2, 2, 1, 1))
    apply(state, Action("card", unit=n["g"], target=n["r"], mode="de-counter-attack"))
    assert window(state) == CARD_CTX and state.to_act == 0
    state.dice = Scripted()
    events = apply(state, Action("card", unit=n["g"], mode="us-no"))
    assert not [e for e in events if e.kind in ("assault", "counter-assault")]
    assert [e.data["card"] for e in events if e.kind == "card-cancelled"] == ["de-counter-attack"]
    assert not state.pending and state.current != n["r"]


def test_ai_players_answer_the_new_windows() -> None:
    state, n, _ = _assault([], ["de-counter-attack"], (2, 2, 1, 1))
    actions = legal_actions(state)
    assert GreedyPlayer(0, 1).choose(state, actions).kind == "card"
    assert ev.best_pending(state, actions, 1).kind == "card"  # the Solo Mode AI's pending choice
    state, n, _ = _aimed_shot(["us-aimed-shot"], ["de-no"])
    actions = legal_actions(state)
    assert GreedyPlayer(0, 1).choose(state, actions) in actions
    assert ev.best_pending(state, actions, 1) in actions


# --- Heroic tokens --------------------------------------------------------------------------------


def _heroic(tokens: int, hand: list[str] | None = None):  # type: ignore[no-untyped-def]
    state, n = game(RIFLES_AND_GRENADIERS, (hand or [], []))
    state.static.sides[0].equipment[(-1, "heroic")] = 3  # the trait bought: its module applies
    state.sides[0].equipment[(-1, "heroic")] = tokens  # the tokens left
    effects.invalidate(state)
    activate(state, n["r"])
    return state, n


TOKEN = "token"


def test_heroic_token_gives_a_second_action_and_is_spent() -> None:
    state, n = _heroic(3)
    r = n["r"]
    apply(state, Action("move", unit=r, square=state.bf.square("B2")))
    # the move would end the activation: it waits for the token decision
    assert state.current == r and {a.kind for a in legal_actions(state)} == {"end", TOKEN}
    apply(state, Action(TOKEN, unit=r, mode="heroic"))
    assert state.sides[0].equipment[(-1, "heroic")] == 2
    assert state.current == r and not state.moved and any(a.kind == "move" for a in legal_actions(state))
    apply(state, Action("move", unit=r, square=state.bf.square("C2")))
    # never a third activation: no token offered, the activation ends
    assert state.current != r and state.sides[0].equipment[(-1, "heroic")] == 2


def test_no_heroic_token_left_no_second_action() -> None:
    state, n = _heroic(0)
    apply(state, Action("move", unit=n["r"], square=state.bf.square("B2")))
    assert state.current != n["r"]
    state, n = _heroic(1)
    with pytest.raises(IllegalAction):
        apply(state, Action(TOKEN, unit=n["r"], mode="heroic"))  # it has not acted yet


def test_heroic_card_and_token_do_not_add_up() -> None:
    state, n = _heroic(3, ["us-heroic-action", "us-heroic-action"])
    r = n["r"]
    apply(state, Action("move", unit=r, square=state.bf.square("B2")))
    assert {a.kind for a in legal_actions(state)} == {"end", TOKEN, "card"}
    apply(state, Action("card", unit=r, mode="us-heroic-action"))
    apply(state, Action("move", unit=r, square=state.bf.square("C2")))
    # the card gave the second action: neither a token nor the other card gives a third
    assert state.current != r
    assert state.sides[0].equipment[(-1, "heroic")] == 3 and state.sides[0].hand == ["us-heroic-action"]
