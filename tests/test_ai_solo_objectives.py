"""The Solo Mode AI plays for the objectives (002 Solo Mode, 5.2 Movement and 5.6
Supply Phase, with its instructions for the aggressive attitude), on Family Meeting 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.ai.solo_mode.view import EngineView
from builder.systems.heroes.ai.tables.interpreter import first_priority
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine.unit_actions import move_actions

CORE = Path(__file__).resolve().parents[1] / "content" / "core"


@pytest.fixture(scope="module")
def pack():
    return load_pack(CORE)


def fm1(pack, seed=1):
    """Family Meeting 1 with the German units come on by their arrows (002 Solo Mode,
    2.5 Other Units: as in the first supply phase)."""
    state = SoloModeRules.new_game(pack, "family-meeting-1", seed=seed,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    state.rules.enter_waiting(state)
    return state


def put(state, unit, sq):
    state.occ[unit.sq] = -1
    unit.sq = sq
    state.occ[sq] = unit.id


def _infantry(state):
    return [u for u in state.units if u.side == state.rules.ai and u.active and u.type == "infantry"
            and u.st.profile.outline != "officer"]


def test_infantry_within_twice_its_movement_of_an_objective_closes_in_during_supply(pack):
    """5.6 instructions: an aggressive AI unit keeps approaching the nearest objective;
    before this priority it turned aside to look for targets or cover instead."""
    state = fm1(pack)
    brain = state.variant.brain
    bf = state.static.bf
    view = EngineView(state, state.rules.ai, "aggressive")
    u = next(u for u in _infantry(state) if not view.fragile(u.id))
    mv = u.st.profile.faces[u.face].movement
    near = ev.nearest_map(state, u.side)
    start = next(sq for sq in range(bf.size) if state.occ[sq] < 0 and mv + 2 <= near[sq] <= 2 * mv
                 and bf.terrain[sq].defence_bonus == 0 and not bf.terrain[sq].blocks_los)
    put(state, u, start)
    view = EngineView(state, u.side, "aggressive")
    assert first_priority(brain.tables["supply"], u.id, view).id == "supply-aggressive-close-in"
    moves = [m for m in move_actions(state, u) if m.kind == "move"]
    assert moves
    chosen = brain._supply_move(state, u.id, moves, view)
    assert chosen is not None
    assert near[chosen.square] == min(near[m.square] for m in moves) < near[start]


def test_infantry_that_can_reach_an_objective_moves_onto_it(pack):
    """5.2 Priority 2 / 5.6 Priority 1: a unit whose move can control or contest an
    objective goes there, the primary first."""
    state = fm1(pack)
    brain = state.variant.brain
    bf = state.static.bf
    for e in state.units:  # clear the American defenders off the objectives' squares
        if e.side != state.rules.ai and e.active and ev.nearest_objective_distance(state, e.sq, e.side) <= 1:
            far = next(sq for sq in range(bf.size) if state.occ[sq] < 0
                       and ev.nearest_objective_distance(state, sq, e.side) > 6 and bf.distance(sq, e.sq) > 6)
            put(state, e, far)
    u = _infantry(state)[0]
    presence = ev.presence_squares(state, "any")
    start = next(sq for sq in range(bf.size) if state.occ[sq] < 0 and sq not in presence
                 and ev.nearest_objective_distance(state, sq, u.side) == 3 and not bf.terrain[sq].blocks_los)
    put(state, u, start)
    moves = [m for m in move_actions(state, u) if m.kind == "move"]
    if not any(m.square in presence for m in moves):
        pytest.skip("no path onto the objective from this square")
    view = EngineView(state, u.side, "aggressive")
    chosen = brain._supply_move(state, u.id, moves, view)
    assert chosen is not None and chosen.square in presence
    assert brain.destination(state, u.id, moves, view=view).square in presence
