"""The bitboard movement search against a square by square oracle.

builder.systems.heroes.engine.movement floods whole frontiers at once and keeps each unit's last
result while nothing it read has changed. Here a plain breadth-first search, written
straight from the rules (000 core rules, Action! > Movement; Zone of Control;
Terrain > Difficult Passage), checks it on every infantry unit of every position of
random games, cached answers included; and every path ``path_to`` gives is a legal
walk of the right length.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rng, Rules, apply, legal_actions
from builder.systems.heroes.board.bitboard import squares
from builder.systems.heroes.engine.movement import infantry_moves, movement_allowance, path_to
from builder.systems.heroes.engine.zoc import enemy_zoc

from engine_helpers import fixture_pack

CORE = Path(__file__).resolve().parents[1] / "content" / "core"


@lru_cache(maxsize=1)
def core_pack():  # type: ignore[no-untyped-def]
    return load_pack(CORE)


def oracle(state, unit, mv):  # type: ignore[no-untyped-def]
    """Square -> steps, and the squares the move may go on from: one square at a time."""
    bf = state.static.bf
    steps = bf.steps(unit.type, unit.ability("amphibious") is not None)
    zoc = enemy_zoc(state, unit.side)
    friends = {sq for sq, uid in enumerate(state.occ)
               if uid >= 0 and state.units[uid].side == unit.side and state.units[uid].is_infantry}
    dist, go_on, frontier = {unit.sq: 0}, {unit.sq}, [unit.sq]
    if bf.terrain[unit.sq].difficult:
        mv = min(mv, 1)
    for d in range(1, mv + 1):
        nxt = []
        for sq in frontier:
            for n in steps[sq]:
                blocked = state.occ[n] >= 0 and n not in friends
                same_enemy = zoc.get(sq, 0) & zoc.get(n, 0)
                if n in dist or blocked or same_enemy:
                    continue
                dist[n] = d
                if not bf.terrain[n].difficult:
                    nxt.append(n)
        go_on.update(nxt)
        frontier = nxt
    return dist, go_on


def check_position(state) -> int:  # type: ignore[no-untyped-def]
    checked = 0
    bf = state.static.bf
    for unit in state.units:
        if not unit.active or unit.is_vehicle:
            continue
        mv = movement_allowance(state, unit)
        reach = infantry_moves(state, unit, mv)
        dist, go_on = oracle(state, unit, mv)
        assert reach.dist() == dist
        assert set(squares(reach.go_on)) == go_on
        assert list(reach.free_squares) == sorted(sq for sq in dist if state.occ[sq] < 0)
        zoc = enemy_zoc(state, unit.side)
        for sq in reach.free_squares:
            path = path_to(state, unit, sq)
            assert len(path) == dist[sq] and path[-1] == sq
            walk = [unit.sq, *path]
            for a, b in zip(walk, walk[1:]):
                assert b in bf.adjacent(a) and b in dist
                assert not zoc.get(a, 0) & zoc.get(b, 0), "a step inside one enemy's zone of control"
            assert all(sq_ in go_on for sq_ in walk[:-1])
        checked += 1
    return checked


@pytest.mark.parametrize("scenario", ["family-meeting-1", "clash"])
def test_bitboard_search_matches_the_oracle_in_random_games(scenario: str) -> None:
    checked = 0
    for seed in range(3):
        state = Rules.new_game(core_pack(), scenario, seed=seed)
        rng = Rng(seed)
        while state.result is None:
            checked += check_position(state)
            actions = legal_actions(state)
            apply(state, actions[rng.below(len(actions))])
    assert checked > 1000


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), scenario=st.sampled_from(["skirmish", "lane"]))
def test_bitboard_search_matches_the_oracle_on_fixture_scenarios(seed: int, scenario: str) -> None:
    state = Rules.new_game(fixture_pack(), scenario, seed=seed)
    rng = Rng(seed)
    while state.result is None:
        check_position(state)
        actions = legal_actions(state)
        apply(state, actions[rng.below(len(actions))])


board_64 = st.integers(min_value=0, max_value=2**64 - 1)


@settings(max_examples=200, deadline=None)
@given(kept=st.lists(board_64, max_size=4), mine=st.lists(board_64, max_size=3),
       theirs=st.lists(board_64, max_size=3), region=board_64)
def test_zones_the_same_within_a_region_read_the_same_there(kept, mine, theirs, region) -> None:
    """A kept flood is reused when the enemy zones reaching into its region are the
    same: every square there must then be controlled, and forbid the same steps,
    in both (the flood reads nothing else of them)."""
    from builder.systems.heroes.engine.zoc import Zones

    a = Zones([(1 << i, z) for i, z in enumerate(kept + mine)], 64)
    b = Zones([(1 << i, z) for i, z in enumerate(kept + theirs)], 64)
    if b.same_within(a, region):
        for sq in squares(region):
            assert a.controlled >> sq & 1 == b.controlled >> sq & 1
            assert a.forbidden(sq) == b.forbidden(sq)
    assert a.same_within(a, region)
