"""Hypothesis: random legal games keep the invariants, and replays reproduce them."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.systems.heroes.engine import Rng, Rules, apply, legal_actions
from builder.systems.heroes.tools.log import play, replay
from builder.systems.heroes.engine.movement import movement_allowance

from engine_helpers import fixture_pack


def check_invariants(state) -> None:  # type: ignore[no-untyped-def]
    covered: dict[int, int] = {}
    for u in state.units:
        assert u.suppressed >= 0
        if u.active or (u.alive and u.wreck and u.sq >= 0):
            assert movement_allowance(state, u) >= 0
            for sq in state.squares_of(u):
                if any(p[0] == "displace" and p[2] == u.id for p in state.pending):
                    continue
                assert sq not in covered, f"units {covered.get(sq)} and {u.id} stacked"
                covered[sq] = u.id
                assert state.occ[sq] == u.id
    for sq, uid in enumerate(state.occ):
        if uid >= 0:
            assert covered.get(sq) == uid
        assert bool(state.occupied >> sq & 1) == (uid >= 0), f"occupied bitboard wrong at square {sq}"
    assert sum(1 for s in state.sides for _ in [s] if s.orders > 10) == 0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), player_seed=st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_invariants(seed: int, player_seed: int) -> None:
    state = Rules.new_game(fixture_pack(), "skirmish", seed=seed)
    rng = Rng(player_seed)
    steps = 0
    while not state.is_over:
        actions = legal_actions(state)
        assert actions, f"no legal action in {state.phase}"
        assert len(set(actions)) == len(actions)
        apply(state, actions[rng.below(len(actions))])
        check_invariants(state)
        steps += 1
        assert steps < 5000
    assert state.result is not None and state.to_act is None


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), scenario=st.sampled_from(["skirmish", "lane"]))
def test_replay_reproduces_the_state_hash(seed: int, scenario: str) -> None:
    state, record = play(fixture_pack(), scenario, seed, ["random", "random"])
    lines = [record.header, *record.lines]
    for i, line in enumerate(lines):
        line["_line"] = i + 1
    replayed, expected = replay(fixture_pack(), lines)
    assert replayed.result is not None and replayed.result.to_dict() == state.result.to_dict()
    assert expected == state.state_hash() == replayed.state_hash()


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_bundled_scenarios_play_to_the_end_keeping_invariants(seed: int) -> None:
    """Random legal games of the bundled scenarios (whatever their current numbers)."""
    import pytest

    from builder.systems.heroes.content.loader import BUNDLED_CONTENT, load_pack
    from builder.errors import HeroesError

    pack = load_pack(BUNDLED_CONTENT / "core")
    for scenario in sorted(pack.items["scenarios"]):
        try:
            state = Rules.new_game(pack, scenario, seed=seed)
        except HeroesError as exc:  # content still being written: set-up problems are reported, not crashes
            assert exc.diagnostics, scenario
            continue
        rng = Rng(seed)
        while not state.is_over:
            actions = legal_actions(state)
            assert actions
            apply(state, actions[rng.below(len(actions))])
            check_invariants(state)
    if not pack.items["scenarios"]:
        pytest.skip("no bundled scenario")
