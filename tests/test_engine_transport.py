"""Transport: infantry getting into, riding in and out of vehicles (000 core rules,
Special Abilities > Transport), on the bundled pack's Clash battlefield with its
Sd.Kfz. 251/1 (Transport 4) and Panzergrenadiere (2 room each; 1 once flipped to
their skull side)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest

from builder.systems.heroes.content.loader import BUNDLED_CONTENT, load_pack
from builder.systems.heroes.engine import Rng, Rules, apply, legal_actions
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.damage import take_hit
from builder.systems.heroes.tools.log import play, replay
from builder.systems.heroes.engine.phases import orders
from builder.systems.heroes.tools.position import PositionFile, position_state
from builder.systems.heroes.engine.transport import passengers, room_taken, square_of

from engine_helpers import Scripted, activate
from test_engine_invariants import check_invariants


@lru_cache(maxsize=1)
def core_pack():  # type: ignore[no-untyped-def]
    return load_pack(BUNDLED_CONTENT / "core")


def clash(*units: dict[str, Any]):  # type: ignore[no-untyped-def]
    """A position on the Clash battlefield: the halftrack ``ht`` on U12 facing north
    (it covers U12 and U13), then ``units``."""
    placed = [{"name": "ht", "unit": "de-902-sdkfz-251", "side": "de", "at": "U12", "facing": "n"}, *units]
    pos = PositionFile.model_validate({"scenario": "clash", "units": placed})
    return position_state(core_pack(), pos)


def grenadiers(name: str, at: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "unit": "de-902-panzergrenadiere", "side": "de", "at": at, **extra}


def embarks(state, uid: int) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.unit == uid and a.mode == "embark"]


def get_in(state, uid: int) -> None:  # type: ignore[no-untyped-def]
    activate(state, uid)
    (action,) = embarks(state, uid)
    apply(state, action)


def test_a_unit_next_to_the_vehicle_gets_in_and_leaves_the_grid() -> None:
    state, n = clash(grenadiers("g", "T13"))
    g, ht = state.units[n["g"]], state.units[n["ht"]]
    before = state.state_hash()
    activate(state, g.id)
    (action,) = embarks(state, g.id)
    assert action.target == ht.id and action.square == ht.sq
    apply(state, action)
    assert g.sq == -1 and g.carried_by == ht.id and g.ready and not g.active
    assert state.bf.square("T13") not in [sq for sq, uid in enumerate(state.occ) if uid >= 0]
    assert passengers(state, ht) == [g] and square_of(state, g) == ht.sq
    assert state.state_hash() != before
    check_invariants(state)


def test_a_unit_moves_next_to_the_vehicle_then_gets_in() -> None:
    state, n = clash(grenadiers("g", "R15"))
    g, ht = state.units[n["g"]], state.units[n["ht"]]
    activate(state, g.id)
    apply(state, embarks(state, g.id)[0])
    assert g.carried_by == ht.id
    moved = [e for e in state.events if e.kind == "moved"]
    assert moved and moved[0].data["from"] == state.bf.square("R15")
    assert max(state.bf.distance(moved[0].data["to"], s) for s in (ht.sq,)) <= 2


def test_no_way_in_from_beyond_the_move() -> None:
    state, n = clash(grenadiers("g", "N12"))  # 6 squares from the halftrack, MV 4
    activate(state, n["g"])
    assert embarks(state, n["g"]) == []


def test_room_full_two_squads_fill_a_halftrack_and_a_skull_side_takes_one() -> None:
    state, n = clash(grenadiers("a", "T13"), grenadiers("b", "V13"), grenadiers("c", "T12"),
                     grenadiers("d", "V12", face=1))
    a, b, c, d = (state.units[n[k]] for k in "abcd")
    assert (room_taken(a), room_taken(d)) == (2, 1)
    get_in(state, a.id)
    get_in(state, b.id)
    activate(state, c.id)
    assert embarks(state, c.id) == []  # 2 + 2 of 4 taken
    state, n = clash(grenadiers("a", "T13"), grenadiers("d", "V12", face=1), grenadiers("c", "T12"))
    get_in(state, n["a"])
    get_in(state, n["d"])
    activate(state, n["c"])
    assert embarks(state, n["c"]) == []  # 2 + 1 taken, 2 more do not fit


def test_passengers_ride_with_the_vehicle() -> None:
    state, n = clash(grenadiers("g", "T13"))
    g, ht = state.units[n["g"]], state.units[n["ht"]]
    get_in(state, g.id)
    activate(state, ht.id)
    move = next(a for a in legal_actions(state) if a.kind == "move" and a.unit == ht.id
                and state.bf.distance(a.square, ht.sq) >= 3)
    apply(state, move)
    assert ht.sq == move.square and g.sq == -1 and g.carried_by == ht.id
    assert square_of(state, g) == move.square
    check_invariants(state)


def test_a_carried_unit_takes_orders_and_gets_out_then_moves_on() -> None:
    state, n = clash(grenadiers("g", "T13"))
    g, ht = state.units[n["g"]], state.units[n["ht"]]
    get_in(state, g.id)
    assert g.id in orders.eligible(state, g.side)
    activate(state, g.id)
    outs = [a for a in legal_actions(state) if a.unit == g.id and a.mode == "disembark"]
    squares = {a.square for a in outs}
    next_to = {s for v in state.squares_of(ht) for s in state.bf.adjacent(v)} - set(state.squares_of(ht))
    assert next_to & squares  # straight out
    assert any(min(state.bf.distance(s, v) for v in state.squares_of(ht)) == 5 for s in squares)  # out, then MV 4
    assert all(min(state.bf.distance(s, v) for v in state.squares_of(ht)) <= 5 for s in squares)
    far = max(outs, key=lambda a: state.bf.distance(a.square, ht.sq))
    apply(state, far)
    assert g.sq == far.square and g.carried_by == -1 and state.occ[far.square] == g.id
    assert passengers(state, ht) == []
    check_invariants(state)


def test_vehicle_destroyed_puts_its_troops_out_unharmed_next_to_the_wreck() -> None:
    state, n = clash(grenadiers("g", "T13"), {"name": "r", "unit": "us-rifle-squad", "side": "us", "at": "W12"})
    g, ht = state.units[n["g"]], state.units[n["ht"]]
    get_in(state, g.id)
    activate(state, state.units[n["r"]].id)
    take_hit(state, ht, state.units[n["r"]], "test")
    assert ht.wreck and g.alive and g.face == 0 and g.carried_by == -1
    (pending,) = state.pending
    assert pending[0] == "displace" and pending[2] == g.id
    wreck = set(state.squares_of(ht))
    zoc = {s for s in state.bf.adjacent(state.bf.square("W12"))}
    for sq in pending[3]:
        assert state.occ[sq] < 0 and min(state.bf.distance(sq, w) for w in wreck) == 1
        assert sq not in zoc  # never into an enemy zone of control
    state.to_act = g.side
    choice = legal_actions(state)[0]
    assert choice.kind == "displace"
    apply(state, choice)
    assert g.sq == choice.square and state.occ[g.sq] == g.id
    check_invariants(state)


def test_assault_launched_from_the_vehicle_winner_steps_out_into_the_square() -> None:
    state, n = clash(grenadiers("g", "T13"), {"name": "r", "unit": "us-rifle-squad", "side": "us", "at": "T14"})
    g, r = state.units[n["g"]], state.units[n["r"]]
    get_in(state, g.id)
    activate(state, g.id)
    from_vehicle = [a for a in legal_actions(state) if a.kind == "assault" and a.mode == "transport"]
    assert [a.target for a in from_vehicle] == [r.id]
    assert from_vehicle[0].square in state.squares_of(state.units[n["ht"]])
    state.dice = Scripted(6, 6, 1, 1)  # the attacker keeps 6, the defender (Assault: 2 dice) 1
    old = r.sq
    apply(state, from_vehicle[0])
    while state.pending:
        apply(state, legal_actions(state)[0])
    assert r.sq != old and g.sq == old and g.carried_by == -1
    check_invariants(state)


def test_assault_from_the_vehicle_lost_the_attacker_stays_aboard() -> None:
    state, n = clash(grenadiers("g", "T13"), {"name": "r", "unit": "us-rifle-squad", "side": "us", "at": "T14"})
    g, r = state.units[n["g"]], state.units[n["r"]]
    get_in(state, g.id)
    activate(state, g.id)
    action = next(a for a in legal_actions(state) if a.kind == "assault" and a.mode == "transport")
    state.dice = Scripted(1, 1, 6, 6)
    apply(state, action)
    assert g.alive and g.face == 1 and g.carried_by == n["ht"] and g.sq == -1
    assert r.sq == state.bf.square("T14")


def test_clone_and_hash_keep_the_passenger() -> None:
    state, n = clash(grenadiers("g", "T13"))
    get_in(state, n["g"])
    copy = state.clone()
    assert copy.units[n["g"]].carried_by == n["ht"] and copy.state_hash() == state.state_hash()
    copy.units[n["g"]].carried_by = -1
    assert copy.state_hash() != state.state_hash() and state.units[n["g"]].carried_by == n["ht"]


@pytest.mark.parametrize("seed", [1, 7])
def test_games_with_transports_replay_to_the_same_hash(seed: int) -> None:
    state, record = play(core_pack(), "clash", seed, ["random", "random"])
    lines = [record.header, *record.lines]
    for i, line in enumerate(lines):
        line["_line"] = i + 1
    replayed, expected = replay(core_pack(), lines)
    assert expected == state.state_hash() == replayed.state_hash()


# armies with transports (a Kubelwagen and a half-track; a Jeep): clash's default armies
# are the suggester's, which need not buy any
TRANSPORT_ARMIES = [
    [{"tile": "us-16th-infantry-regiment"}, {"tile": "us-22nd-infantry-regiment"}, {"tile": "us-8th-infantry-regiment"},
     {"option": "us-jeep", "on": "us-16th-infantry-regiment"}],
    [{"tile": "de-regiment-304"}, {"tile": "de-pzgr-lehr-regiment-902"}, {"tile": "de-pzgr-lehr-regiment-901"},
     {"option": "de-kubelwagen", "on": "de-regiment-304"}],
]


def test_random_games_with_transports_get_in_and_out_keeping_the_invariants() -> None:
    modes: set[str] = set()
    for seed in range(6):
        state = Rules.new_game(core_pack(), "clash", seed=seed, armies=TRANSPORT_ARMIES)
        picks = Rng(seed)
        while not state.is_over:
            actions = legal_actions(state)
            action = actions[picks.below(len(actions))]
            modes.add(action.mode)
            apply(state, action)
            check_invariants(state)
            for u in state.units:
                if u.carried_by >= 0 and u.alive:
                    assert u.sq < 0 and u.id not in state.occ
    assert {"embark", "disembark"} <= modes


def test_position_files_place_units_aboard() -> None:
    state, n = clash({"name": "g", "unit": "de-902-panzergrenadiere", "side": "de", "aboard": "ht"})
    g = state.units[n["g"]]
    assert g.carried_by == n["ht"] and g.sq == -1 and g.id not in state.occ
    check_invariants(state)


@pytest.mark.parametrize("units, words", [
    ([{"name": "g", "unit": "de-902-panzergrenadiere", "side": "de", "aboard": "nobody"}], "not a vehicle"),
    ([{"name": "g", "unit": "de-902-panzergrenadiere", "side": "de", "at": "T13", "aboard": "ht"}], "no square"),
    ([{"name": "r", "unit": "us-rifle-squad", "side": "us", "aboard": "ht"}], "no Transport room"),
    ([{"name": f"g{i}", "unit": "de-902-panzergrenadiere", "side": "de", "aboard": "ht"} for i in range(3)],
     "g2: 'ht' has no Transport room"),
])
def test_position_files_refuse_what_cannot_ride(units: list[dict[str, Any]], words: str) -> None:
    from builder.errors import InvalidInputError

    with pytest.raises(InvalidInputError) as err:
        clash(*units)
    assert any(d.code == "E616" and words in d.message for d in err.value.diagnostics)


def test_explain_move_of_a_unit_aboard_lists_where_it_may_get_out_to() -> None:
    from builder.systems.heroes.tools.explain import explain_move

    state, n = clash({"name": "g", "unit": "de-902-panzergrenadiere", "side": "de", "aboard": "ht"})
    out = explain_move(state, state.units[n["g"]])
    assert "aboard Sd.Kfz. 251/1 at U12" in out["text"]
    assert out["destinations"]["T13"] == 0 and "U12" not in out["destinations"]
