"""Smoke bombs placed with an order (000 core rules, Recruitment Options > Orders >
Smoke; builder/systems/heroes/engine/features/smoke_bombs.py)."""

from __future__ import annotations

import dataclasses

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine.features.artillery_shot import card_pattern
from builder.systems.heroes.engine.features.blast import blast_plan
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine.effects import invalidate
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.board.intersections import intersection, pattern_squares
from builder.systems.heroes.engine.features.smoke_bombs import BOMBS, bombs_left, targets
from builder.systems.heroes.engine.state import side_field
from builder.systems.heroes.engine.smoke import SMOKE
from builder.systems.heroes.engine.state import rule_field

from engine_helpers import Scripted, activate, make, with_core_cards


def _armed(tokens: int = 3):  # type: ignore[no-untyped-def]
    """US rifles at E2 facing Grenadiere at E6; the US army has the Smoke option."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    static = state.static.sides[0]
    state.static.sides[0] = dataclasses.replace(static, keys=static.keys | {"smoke"})
    state.sides[0].equipment[(-1, "smoke")] = tokens
    invalidate(state)  # the modules in play are worked out once per game
    return state, n


def _smoke_terms(state, a, b) -> list[int]:  # type: ignore[no-untyped-def]
    return [t.value for t in plan_shot(state, a, 0, b).terms if "smoke" in t.label]


def _to_orders_of(state, side: int) -> None:  # type: ignore[no-untyped-def]
    """Let the other side place its tokens until ``side`` is to place one."""
    while state.phase == "orders" and state.to_act != side:
        apply(state, next(a for a in legal_actions(state) if a.kind == "order" and a.token > 0), check=True)


def test_no_smoke_bomb_is_offered_without_the_option() -> None:
    state, _ = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    state.sides[0].equipment[(-1, "smoke")] = 3  # tokens alone do not make the option
    _to_orders_of(state, 0)
    assert bombs_left(state, 0) == 0
    assert not [a for a in legal_actions(state) if a.kind == "smoke-order"]


def test_an_order_on_a_smoke_bomb_spends_a_bomb_and_the_token() -> None:
    state, _ = _armed(tokens=1)
    _to_orders_of(state, 0)
    offered = [a for a in legal_actions(state) if a.kind == "smoke-order"]
    assert [a.token for a in offered] == state.sides[0].to_place
    before = state.state_hash()
    apply(state, offered[0], check=True)
    assert bombs_left(state, 0) == 0 and side_field(state.sides[0], BOMBS) == (offered[0].token,)
    assert offered[0].token not in state.sides[0].to_place and state.state_hash() != before
    clone = state.clone()
    assert side_field(clone.sides[0], BOMBS) == (offered[0].token,) and clone.state_hash() == state.state_hash()
    assert not [a for a in legal_actions(state) if a.kind == "smoke-order"]  # none left


def test_a_revealed_smoke_bomb_penalises_shots_through_it_and_fades_after_two_supply_phases() -> None:
    """The bomb's order comes up in the activation phase: the side aims it at the
    Grenadiere (their square's corner); a 6 on the dispersal die keeps it there.
    Shots leaving or entering the smoke take -4; after one Supply phase -2; after
    the next, nothing."""
    state, n = _armed()
    _to_orders_of(state, 0)
    token = state.sides[0].to_place[0]
    apply(state, Action("smoke-order", token=token), check=True)
    while state.phase == "orders":
        apply(state, next(a for a in legal_actions(state) if a.kind in ("order", "done")), check=True)
    g, r = state.units[n["g"]], state.units[n["r"]]
    while not (state.pending and state.pending[0][0] == "smoke"):  # the Grenadiere may act first
        apply(state, next(a for a in legal_actions(state) if a.kind == "hold"), check=True)
    bf = state.static.bf
    aim = intersection(bf, *reversed(divmod(g.sq, bf.width)))
    choices = legal_actions(state)
    assert {a.kind for a in choices} == {"smoke"} and aim in {a.square for a in choices}
    assert {a.square for a in choices} == set(targets(state, 0))
    dice, state.dice = state.dice, Scripted(6)
    events = apply(state, next(a for a in choices if a.square == aim), check=True)
    state.dice = dice
    assert [e.data["to"] for e in events if e.kind == "dispersal"] == [aim]
    assert rule_field(state, SMOKE) == ((aim, 2, 4),) and g.sq in pattern_squares(bf, aim, 2)
    assert _smoke_terms(state, g, r) == [-4] and _smoke_terms(state, r, g) == [-4]
    turn = state.turn
    while state.turn == turn and state.result is None:  # through the first Supply phase
        apply(state, next(a for a in legal_actions(state) if a.kind in ("hold", "end", "done", "order")),
              check=True)
    assert rule_field(state, SMOKE) == ((aim, 2, 2),) and _smoke_terms(state, r, g) == [-2]
    while state.turn == turn + 1 and state.result is None:
        apply(state, next(a for a in legal_actions(state) if a.kind in ("hold", "end", "done", "order")),
              check=True)
    assert rule_field(state, SMOKE) == () and _smoke_terms(state, r, g) == []


def test_a_bomb_scatters_one_intersection_on_a_1_to_4() -> None:
    state, n = _armed()
    _to_orders_of(state, 0)
    apply(state, Action("smoke-order", token=state.sides[0].to_place[0]), check=True)
    while state.phase == "orders":
        apply(state, next(a for a in legal_actions(state) if a.kind in ("order", "done")), check=True)
    while not (state.pending and state.pending[0][0] == "smoke"):
        apply(state, next(a for a in legal_actions(state) if a.kind == "hold"), check=True)
    aim = legal_actions(state)[0].square
    state.dice = Scripted(2)  # 2: one intersection to the right (placeholder direction)
    apply(state, legal_actions(state)[0], check=True)
    assert rule_field(state, SMOKE)[0][0] == aim + 1


def test_greedy_player_lays_the_bomb_over_the_enemy() -> None:
    state, n = _armed()
    _to_orders_of(state, 0)
    apply(state, Action("smoke-order", token=state.sides[0].to_place[0]), check=True)
    while state.phase == "orders":
        apply(state, next(a for a in legal_actions(state) if a.kind in ("order", "done")), check=True)
    while not (state.pending and state.pending[0][0] == "smoke"):
        apply(state, next(a for a in legal_actions(state) if a.kind == "hold"), check=True)
    g = state.units[n["g"]]
    chosen = GreedyPlayer(1, 0).choose(state, legal_actions(state))
    assert g.sq in pattern_squares(state.static.bf, chosen.square, 2)


def test_artillery_shot_card_fires_once_at_the_unit_named_with_the_cards_values() -> None:
    """Flak 10 (the core pack's German artillery-shot card: +3 against infantry,
    placeholder values) played in the German activation on the US rifles, which
    the German deployment edge (row 8) sees: a 6 + 3 = 9 hits; the card fires
    once, no unit firing, and the German unit still acts."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    with_core_cards(state)
    state.sides[1].hand, state.sides[1].deck = ["de-flak"], []
    activate(state, n["g"])
    plays = [a for a in legal_actions(state) if a.kind == "card" and a.mode == "de-flak"]
    assert [a.unit for a in plays] == [n["r"]]
    r = state.units[n["r"]]
    plan = blast_plan(state, None, r, card_pattern(state, 1))
    assert [t.value for t in plan.terms] == [3]
    state.dice = Scripted(6)
    events = apply(state, plays[0], check=True)
    (shot,) = [e.data for e in events if e.kind == "shot"]
    assert shot["unit"] == -1 and shot["target"] == n["r"]
    assert r.face == 1 or not r.alive
    assert "de-flak" in state.sides[1].discard and state.current == n["g"] and not state.moved


def test_artillery_shot_card_is_not_offered_without_the_cards_values() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    assert card_pattern(state, 1) is None  # the fixture pack has no artillery-shot card
