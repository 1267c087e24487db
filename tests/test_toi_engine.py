"""Invariants of the Tide of Iron engine, over random games (hypothesis)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.games import jsonl, log_lines, parse_log, replay
from builder.systems.tide_of_iron.pack import load
from builder.systems.tide_of_iron.players import play_game

PACK = load(Path(__file__).resolve().parents[1] / "content" / "toi")
SCENARIOS = st.sampled_from(["crossroads-farm", "bridge-at-dawn", "farm-strongpoint"])
PLAYERS = st.sampled_from(["random", "greedy"])


def _stacking_ok(s: E.State) -> bool:
    """Outside a move (a unit may pass through a full hex, a tank overrun an enemy one),
    no hex holds more than three units or two vehicles, or units of both sides (004 Tide
    of Iron, Setup; Movement; Tanks, Overrun)."""
    seen: dict[int, list[E.Unit]] = {}
    for u in s.units:
        if u.alive and u.carrier < 0:
            seen.setdefault(u.hex, []).append(u)
    for units in seen.values():
        if s.pending is None and (len(units) > E.STACK_UNITS or sum(u.kind for u in units) > E.STACK_VEHICLES
                                  or len({u.side for u in units}) > 1):
            return False
    return True


@settings(max_examples=25, deadline=None)
@given(scenario=SCENARIOS, seed=st.integers(0, 2**31), a=PLAYERS, b=PLAYERS)
def test_random_games_never_raise_and_end(scenario: str, seed: int, a: str, b: str) -> None:
    state, actions = play_game(PACK, scenario, seed, [a, b])
    assert state.result is not None and state.result["winner"] in state.static.sides
    assert 1 <= state.result["rounds"] <= PACK.scenario(scenario).rounds


@settings(max_examples=15, deadline=None)
@given(scenario=SCENARIOS, seed=st.integers(0, 2**31))
def test_legal_moves_keep_stacking_and_clone_is_independent(scenario: str, seed: int) -> None:
    s = E.new_game(PACK, scenario, seed)
    rng = random.Random(seed)
    while s.result is None:
        assert _stacking_ok(s)
        actions = E.legal_actions(s)
        a = actions[rng.randrange(len(actions))]
        if rng.random() < 0.05:
            copy = s.clone()
            before = copy.state_hash()
            E.apply(s, a)
            assert copy.state_hash() == before
            E.apply(copy, a)
            assert copy.state_hash() == s.state_hash()
        else:
            E.apply(s, a)


@settings(max_examples=10, deadline=None)
@given(scenario=SCENARIOS, seed=st.integers(0, 2**31))
def test_replay_reproduces_the_log(scenario: str, seed: int) -> None:
    state, actions = play_game(PACK, scenario, seed, ["greedy", "random"])
    text = jsonl(log_lines(state, actions, "content/toi", scenario, seed, ["greedy", "random"]))
    again = replay(PACK, parse_log(text, "g.jsonl"), "g.jsonl")
    assert again.state_hash() == state.state_hash()
