"""The fast evaluation helpers (maps shared by many actions, memoised odds) give exactly
the values of their one-square definitions, so the greedy player and the Solo AI play
the same games whichever way a value is computed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.greedy import (EPS, GreedyPlayer, best_actions, best_actions_in_order, order_potential,
                              order_potentials)
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine.assault import AssaultPlan
from builder.systems.heroes.engine.terms import Term

CORE = Path(__file__).resolve().parents[1] / "content" / "core"


@pytest.fixture(scope="module")
def positions():
    """Positions of random Solo games on Family Meeting 1 (tactical bonus tokens on the
    battlefield, objectives changing hands), objective control shuffled in some."""
    pack = load_pack(CORE)
    rng = random.Random(5)
    out = []
    for seed in (1, 2, 3, 4):
        for stop in (0, 30, 90, 200):
            state = SoloModeRules.new_game(pack, "family-meeting-1", seed=seed,
                                           options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
            for _ in range(stop):
                if state.is_over:
                    break
                apply(state, rng.choice(legal_actions(state)))
            out.append(state)
    for state in out[1::3]:
        state.control = [rng.choice((-1, 0, 1)) for _ in state.control]
    return out


def move_value_by_definition(state, unit, sq: int) -> float:
    """Objective gain of a move, one square at a time, as the greedy player defines it."""
    bf = state.static.bf
    value = 0.0
    here = unit.sq
    if unit.type == "infantry":
        for i, (_, osq, k, vp, _) in enumerate(state.static.objectives):
            if bf.distance(sq, osq) <= 1 < bf.distance(here, osq) and state.control[i] != unit.side:
                value += max(vp, 3 if k == "primary" else 2 if k == "secondary" else 1)
        for tsq in ev.tokens(state):
            if bf.distance(sq, tsq) <= 1 < bf.distance(here, tsq):
                value += 1
    near = [min([bf.distance(s, osq) for i, (_, osq, _, _, _) in enumerate(state.static.objectives)
                 if state.control[i] != unit.side] + [bf.distance(s, t) for t in ev.tokens(state)] + [99])
            for s in (here, sq)]
    if near[0] < 99:
        value += 0.1 * (near[0] - near[1])
    return value + 0.05 * bf.terrain[sq].defence_bonus


def target_value_by_definition(state, target) -> float:
    value = 1.0
    if target.is_vehicle:
        value += 0.5
    if target.type == "infantry":
        for _, osq, w in ev.objective_squares(state):
            if state.static.bf.distance(target.sq, osq) <= 1:
                value += 0.5 * w
                break
    return value


def danger_by_definition(state, sq: int, side: int) -> int:
    return min([99] + [state.static.bf.distance(sq, u.sq) for u in state.units if u.side != side and u.active])


def test_the_positions_have_tokens_and_infantry(positions):
    assert any(ev.tokens(s) for s in positions)
    assert any(u.type == "infantry" and u.active for s in positions for u in s.units)


def test_move_value_maps_are_the_one_square_values_exactly(positions):
    for state in positions:
        for unit in state.units:
            if not unit.active:
                continue
            values = ev.move_value_map(state, unit)
            for sq in range(state.static.bf.size):
                assert values[sq] == move_value_by_definition(state, unit, sq)


def test_target_values_and_danger_distances_are_their_definitions(positions):
    for state in positions:
        size = state.static.bf.size
        for unit in state.units:
            assert ev.target_value(state, unit) == target_value_by_definition(state, unit)
        for side in (0, 1):
            enemies = ev.enemy_squares(state, side)
            for sq in range(size):
                assert ev.danger_distance(state, sq, side) == danger_by_definition(state, sq, side)
                assert ev.danger_from(state, sq, enemies) == danger_by_definition(state, sq, side)


def test_greedy_scores_are_the_scores_of_each_action(positions):
    """The batched scores (move maps, potentials per unit) are :meth:`score` one by one,
    to the last bit."""
    player = GreedyPlayer(3, 0)
    checked = 0
    for state in positions:
        if state.is_over:
            continue
        actions = legal_actions(state)
        player.side = state.to_act
        assert player.scores(state, actions) == [player.score(state, a) for a in actions]
        ordered = {a.unit for a in actions if a.kind == "order" and a.token > 0}
        together = order_potentials(state, ordered)
        for uid in ordered:
            u = state.units[uid]
            near = ev.nearest_objective_distance(state, u.sq, u.side, not_held=True)
            alone = 1.0 / (1 + danger_by_definition(state, u.sq, u.side)) + (
                1.0 / (1 + near) if u.type == "infantry" else 0.0)
            assert together[uid] == order_potential(state, uid) == alone
        checked += 1
    assert checked >= 10


@settings(max_examples=200, deadline=None)
@given(attack=st.integers(-6, 6), defence=st.integers(-6, 6), attack_dice=st.integers(1, 2),
       defence_dice=st.integers(1, 2), outside=st.booleans())
def test_memoised_assault_odds_are_the_plans_odds(attack, defence, attack_dice, defence_dice, outside):
    plan = AssaultPlan(0, 1, 0, attack_terms=[Term(attack, "combat bonus", "")],
                       defence_terms=[Term(defence, "combat bonus", "")], attack_dice=attack_dice,
                       defence_dice=defence_dice, outside_arc=outside)
    assert ev.assault_odds(plan) == plan.odds()
    assert ev.assault_odds(plan) == plan.odds()


near_ties = st.lists(st.sampled_from([0.0, 1.0, 1.0 + EPS / 2, 1.0 - EPS / 2, 1.0 + 1.5 * EPS, 1.0 - 1.5 * EPS,
                                      1.0 + 3 * EPS, 0.3, 0.1 + 0.2, -1.0]), min_size=1, max_size=12)


@settings(max_examples=500, deadline=None)
@given(scores=st.one_of(near_ties, st.lists(st.floats(-40, 40), min_size=1, max_size=12)))
def test_the_tie_without_its_loop_is_the_tie_read_in_order(scores):
    actions = [Action("hold", unit=i) for i in range(len(scores))]
    assert best_actions(actions, scores) == best_actions_in_order(actions, scores)
