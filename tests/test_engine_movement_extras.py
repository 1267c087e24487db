"""Movement extras: Culling Hedgerow Cutter (000 core rules, Recruitment Options >
Equipment > Culling Hedgerow Cutter), Urban Fighter (003 Battle for Normandy,
Special Abilities > Movement Special Abilities > Urban Fighter), Goliath (000,
Recruitment Options > Equipment > Goliath), Horn of Plenty (000, Recruitment
Options > Equipment > Horn of Plenty) and MG Nest (000, Recruitment Options >
Orders > MG Nest). Positions are on the fixture pack's skirmish field, whose
hedgerow runs along I4-K4."""

from __future__ import annotations

from builder.ai.greedy import GreedyPlayer
from builder.engine import Action, apply, legal_actions
from builder.engine.effects import get
from builder.engine.effects.options import tokens_left
from builder.engine.errors import IllegalAction
from builder.engine.hedgerow_cutter import CUTTER, PASSAGE
from builder.engine.los import sight
from builder.engine.movement import vehicle_reach

from engine_helpers import activate, make
from test_engine_tokens import give, moves

import pytest


# --- Culling Hedgerow Cutter ----------------------------------------------------------------


def _panzer(tokens: int = 2):  # type: ignore[no-untyped-def]
    """A panzer (heavy, two squares) facing south at J2-J1, the hedgerow at J4 ahead."""
    state, n = make([{"name": "pz", "unit": "de-panzer", "side": "de", "at": "J2", "facing": "s"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"}])
    if tokens:
        give(state, 1, CUTTER, tokens)
    activate(state, n["pz"])
    return state, n["pz"]


def test_a_heavy_vehicle_cuts_through_a_hedgerow_only_with_a_passage_token() -> None:
    state, pz = _panzer()
    bf = state.static.bf
    offered = moves(state, pz)
    plain = {(a.square, a.facing) for a in offered if not a.mode}
    cut = {(a.square, a.facing) for a in offered if a.mode == PASSAGE}
    assert (bf.square("J4"), 4) not in plain and (bf.square("J4"), 4) in cut
    assert (bf.square("J6"), 4) in cut  # through and beyond: a vehicle does not stop in the gap
    assert not plain & cut
    state0, pz0 = _panzer(0)
    assert not [a for a in moves(state0, pz0) if a.mode == PASSAGE]


def test_the_passage_token_stays_on_the_square_for_every_vehicle() -> None:
    state, pz = _panzer()
    bf = state.static.bf
    a = Action("move", unit=pz, square=bf.square("J6"), facing=4, mode=PASSAGE)
    apply(state, a, check=True)
    assert state.units[pz].sq == bf.square("J6")
    assert state.passages == (bf.square("J4"),)
    assert tokens_left(state, state.units[pz], CUTTER) == 1
    clone = state.clone()
    assert clone.passages == state.passages and clone.state_hash() == state.state_hash()
    # a German halftrack (light vehicle, no cutter) now drives through the gap
    other, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "J2", "facing": "s"}])
    assert (bf.square("J5"), 4) not in vehicle_reach(other, other.units[n["ht"]])
    other.passages = state.passages
    assert (bf.square("J5"), 4) in vehicle_reach(other, other.units[n["ht"]])
    # the rule changes nothing else: the hedgerow still blocks sight
    assert sight(state, bf.square("J3"), bf.square("J5")) == sight(other, bf.square("J3"), bf.square("J5"))


def test_the_cutter_is_gone_with_its_last_token() -> None:
    state, pz = _panzer(1)
    bf = state.static.bf
    apply(state, Action("move", unit=pz, square=bf.square("J5"), facing=4, mode=PASSAGE), check=True)
    activate(state, pz)
    assert not [a for a in moves(state, pz) if a.mode == PASSAGE]
    with pytest.raises(IllegalAction):
        apply(state, Action("move", unit=pz, square=bf.square("K6"), facing=4, mode=PASSAGE), check=True)


def test_only_heavy_vehicles_cut() -> None:
    state, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "J2", "facing": "s"}])
    give(state, 1, CUTTER, 2)
    activate(state, n["ht"])
    assert not [a for a in moves(state, n["ht"]) if a.mode == PASSAGE]


def test_cutter_registered() -> None:
    m = get("option", CUTTER)
    assert m is not None and m.status != "not simulated"


# --- Urban Fighter --------------------------------------------------------------------------


def _urban(grant: bool = True):  # type: ignore[no-untyped-def]
    """Rifles at H8, outside the small house (F7-G8): its door opens north of F7,
    a white-arrow window east of G8 (onto H8)."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "H8"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"}])
    if grant:
        state.units[n["r"]].st.granted["urban-fighter"] = 0
    activate(state, n["r"])
    return state, n["r"]


def test_an_urban_fighter_enters_a_building_through_a_white_arrow_window() -> None:
    state, r = _urban()
    bf = state.static.bf
    assert bf.windows == {(bf.square("G8"), bf.square("H8"))}
    assert (bf.square("G8"), bf.square("H8")) not in bf.openings  # no blue arrow: a window only
    squares = {a.square for a in moves(state, r)}
    assert bf.square("G8") in squares and bf.square("F8") in squares  # in, then on inside the house
    plain, r0 = _urban(False)
    assert bf.square("G8") not in {a.square for a in moves(plain, r0)}  # by the door it is 5 squares
    apply(state, Action("move", unit=r, square=bf.square("F8")), check=True)
    assert state.units[r].sq == bf.square("F8")


def test_once_per_move_and_out_again_through_the_window() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "G8"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"}])
    state.units[n["r"]].st.granted["urban-fighter"] = 0
    activate(state, n["r"])
    bf = state.static.bf
    squares = {a.square for a in moves(state, n["r"])}
    assert {bf.square("H8"), bf.square("K8")} <= squares  # out through the window, then 3 squares on
    assert bf.square("L8") not in squares


def test_an_urban_fighter_retreats_out_through_the_window() -> None:
    from builder.engine.assault import retreat_squares
    for grant, expected in ((True, ["H8"]), (False, [])):
        state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "G8"},
                         {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "F8"}])
        if grant:
            state.units[n["r"]].st.granted["urban-fighter"] = 0
        bf = state.static.bf
        found = retreat_squares(state, state.units[n["r"]], bf.square("F8"))
        assert [bf.name(sq) for sq in found] == expected
