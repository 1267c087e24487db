"""Movement extras: Culling Hedgerow Cutter (000 core rules, Recruitment Options >
Equipment > Culling Hedgerow Cutter), Urban Fighter (003 Battle for Normandy,
Special Abilities > Movement Special Abilities > Urban Fighter), Goliath (000,
Recruitment Options > Equipment > Goliath), Horn of Plenty (000, Recruitment
Options > Equipment > Horn of Plenty) and MG Nest (000, Recruitment Options >
Orders > MG Nest). Positions are on the fixture pack's skirmish field, whose
hedgerow runs along I4-K4."""

from __future__ import annotations

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine.effects import get
from builder.systems.heroes.engine.effects.options import tokens_left
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine.features.goliath import DETONATE
from builder.systems.heroes.engine.features.hedgerow_cutter import CUTTER, PASSAGE
from builder.systems.heroes.board.los import sight
from builder.systems.heroes.engine.movement import vehicle_reach

from engine_helpers import activate, give, make
from test_engine_tokens import moves

import pytest
from builder.systems.heroes.engine.features.hedgerow_cutter import PASSAGES
from builder.systems.heroes.engine.state import rule_field, set_rule_field
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS


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
    assert rule_field(state, PASSAGES) == (bf.square("J4"),)
    assert tokens_left(state, state.units[pz], CUTTER) == 1
    clone = state.clone()
    assert rule_field(clone, PASSAGES) == rule_field(state, PASSAGES) and clone.state_hash() == state.state_hash()
    # a German halftrack (light vehicle, no cutter) now drives through the gap
    other, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "J2", "facing": "s"}])
    assert (bf.square("J5"), 4) not in vehicle_reach(other, other.units[n["ht"]])
    set_rule_field(other, PASSAGES, rule_field(state, PASSAGES))
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
    from builder.systems.heroes.engine.assault import retreat_squares
    for grant, expected in ((True, ["H8"]), (False, [])):
        state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "G8"},
                         {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "F8"}])
        if grant:
            state.units[n["r"]].st.granted["urban-fighter"] = 0
        bf = state.static.bf
        found = retreat_squares(state, state.units[n["r"]], bf.square("F8"))
        assert [bf.name(sq) for sq in found] == expected


# --- Goliath ----------------------------------------------------------------------------


def _goliath(target: dict):  # type: ignore[no-untyped-def]
    """A Goliath (MV 4) facing east at B5, ``target`` placed as given."""
    state, n = make([{"name": "gol", "unit": "de-goliath", "side": "de", "at": "B5", "facing": "e"},
                     {"name": "t", "side": "us", **target}])
    give(state, 1, "goliath", 0)
    activate(state, n["gol"])
    return state, n


def test_a_goliath_drives_into_an_enemy_square_and_blows_up() -> None:
    """Rifles at E5, three squares ahead: the charge (+5 against infantry) is rolled
    against their defence 5; the Goliath is removed from the board."""
    from engine_helpers import Scripted
    state, n = _goliath({"unit": "us-rifles", "at": "E5"})
    bf = state.static.bf
    offered = [a for a in moves(state, n["gol"]) if a.mode == DETONATE]
    assert offered == [Action("move", unit=n["gol"], square=bf.square("E5"), mode=DETONATE)]
    state.dice = Scripted(1, 6)
    events = apply(state, offered[0], check=True)
    shot = next(e.data for e in events if e.kind == "shot")
    assert shot["target"] == n["t"] and shot["total"] == 1 + 5 and shot["defence"] == 5
    gol = state.units[n["gol"]]
    assert not gol.alive and gol.sq == -1 and state.occ[bf.square("B5")] == -1
    assert state.units[n["t"]].face == 1  # 6 >= 5: a hit flips the rifles


def test_a_goliath_blowing_up_in_a_house_damages_the_structure() -> None:
    """000 Goliath: an explosion in a structure can damage it (Destruction): the
    charge's 3 Destruction dice (placeholder) roll 4+ against the fixture house."""
    from engine_helpers import Scripted
    from builder.systems.heroes.engine.structures import points, structure_at

    state, n = make([{"name": "gol", "unit": "de-goliath", "side": "de", "at": "F5", "facing": "s"},
                     {"name": "t", "unit": "us-rifles", "side": "us", "at": "F7"}])
    give(state, 1, "goliath", 0)
    activate(state, n["gol"])
    bf = state.static.bf
    detonate = [a for a in moves(state, n["gol"]) if a.mode == DETONATE]
    assert [a.square for a in detonate] == [bf.square("F7")], "the last step goes in through the opening"
    state.dice = Scripted(1, 4, 2, 2)  # the shot at the rifles, then the three Destruction dice
    events = apply(state, detonate[0], check=True)
    assert [e.data["scored"] for e in events if e.kind == "destruction"] == [1]
    assert points(state, structure_at(bf, bf.square("F7"))) == 1


def test_against_a_heavy_vehicle_the_goliath_uses_its_side_defence() -> None:
    from engine_helpers import Scripted
    state, n = _goliath({"unit": "de-panzer", "at": "D5", "facing": "w"})
    state.units[n["t"]].side = 0  # an American tank, for the sake of the example
    bf = state.static.bf
    a = Action("move", unit=n["gol"], square=bf.square("D5"), mode=DETONATE)
    assert a in moves(state, n["gol"])
    state.dice = Scripted(2, 1, 1)
    events = apply(state, a, check=True)
    shot = next(e.data for e in events if e.kind == "shot")
    assert shot["defence"] == 7  # side, although the panzer faces the Goliath


def test_no_detonation_out_of_reach_nor_for_other_vehicles() -> None:
    state, n = _goliath({"unit": "us-rifles", "at": "H5"})  # 6 squares: MV 4 is short
    assert not [a for a in moves(state, n["gol"]) if a.mode == DETONATE]
    state, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "B5", "facing": "e"},
                     {"name": "t", "unit": "us-rifles", "side": "us", "at": "D5"}])
    give(state, 1, "goliath", 0)
    activate(state, n["ht"])
    assert not [a for a in moves(state, n["ht"]) if a.mode == DETONATE]


# --- Horn of Plenty ---------------------------------------------------------------------


def _mortar(horn_at: str):  # type: ignore[no-untyped-def]
    state, n = make([{"name": "m", "unit": "us-mortar", "side": "us", "at": "B2"},
                     {"name": "horn", "unit": "us-horn-of-plenty", "side": "us", "at": horn_at},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "H6"}])
    give(state, 0, "horn-of-plenty", 0)
    activate(state, n["m"])
    return state, n


def test_a_mortar_within_two_squares_of_the_horn_places_the_green_pattern() -> None:
    from builder.systems.heroes.engine.features.blast import patterns
    from builder.systems.heroes.engine.features.horn_of_plenty import GREEN_RADIUS
    near, n = _mortar("D3")  # 2 squares from B2
    far, f = _mortar("E3")  # 3 squares
    (p_near,) = patterns(near, near.units[n["m"]])
    (p_far,) = patterns(far, far.units[f["m"]])
    assert p_far.key == p_near.key == "indirect-fire"
    assert p_far.radius == 1 and p_near.radius == GREEN_RADIUS
    # the wider pattern is offered on more intersections around the enemy
    n_near = len([a for a in legal_actions(near) if a.kind == "blast"])
    n_far = len([a for a in legal_actions(far) if a.kind == "blast"])
    assert n_near > n_far > 0


def test_the_horn_is_a_scout_counter_brought_by_the_option() -> None:
    from engine_helpers import fixture_pack
    pack = fixture_pack()
    (ability,) = pack.items["units"]["us-horn-of-plenty"].sides[0].abilities
    assert (ability.id, ability.value) == ("scout", 3)
    assert [u.unit for u in pack.items["options"]["us-horn-of-plenty"].units] == ["us-horn-of-plenty"]


# --- MG Nest ----------------------------------------------------------------------------


def _nest():  # type: ignore[no-untyped-def]
    from builder.systems.heroes.engine.phases.supply import start_supply
    state, n = make([{"name": "mg", "unit": "us-mg", "side": "us", "at": "F4"},
                     {"name": "deep", "unit": "us-rifles", "side": "us", "at": "D7"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "K3"}])
    give(state, 0, "mg-nest", 1)
    start_supply(state)
    state.supply_side = state.to_act = 0
    return state, n


def test_the_mg_nest_goes_anywhere_but_the_enemy_deployment_zone() -> None:
    from builder.systems.heroes.engine.firing import plan_shot
    state, n = _nest()
    bf = state.static.bf
    nests = [a for a in legal_actions(state) if a.kind == "token" and a.mode == "mg-nest"]
    assert nests == [Action("token", unit=n["mg"], square=bf.square("F4"), mode="mg-nest")]  # D7 is German ground
    before = plan_shot(state, state.units[n["g"]], 0, state.units[n["mg"]])
    apply(state, nests[0], check=True)
    assert rule_field(state, POSITIONS) == (bf.square("F4"),)
    assert not [a for a in legal_actions(state) if a.kind == "token" and a.mode == "mg-nest"]  # one nest
    after = plan_shot(state, state.units[n["g"]], 0, state.units[n["mg"]])
    assert after.defence_total == before.defence_total + 1  # the nest's +1 (placeholder), as a position's


def test_all_five_registered() -> None:
    for kind, key in (("option", CUTTER), ("ability", "urban-fighter"), ("option", "goliath"),
                      ("option", "horn-of-plenty"), ("option", "mg-nest")):
        m = get(kind, key)
        assert m is not None and m.status in ("simulated", "partial") and m.rule


# --- players ----------------------------------------------------------------------------


def test_greedy_blows_the_goliath_up_next_to_a_tank_and_keeps_passage_tokens_for_need() -> None:
    state, n = _goliath({"unit": "de-panzer", "at": "D5", "facing": "w"})
    state.units[n["t"]].side = 0
    best = GreedyPlayer(1, 1).choose(state, legal_actions(state))
    assert best.mode == DETONATE and best.square == state.static.bf.square("D5")
    state, pz = _panzer()
    best = GreedyPlayer(1, 1).choose(state, legal_actions(state))
    assert best.mode != PASSAGE  # nothing lies beyond the hedgerow worth a token


def test_random_play_is_not_swamped() -> None:
    state, pz = _panzer()
    offered = legal_actions(state)
    assert len([a for a in offered if a.mode == PASSAGE]) <= len([a for a in offered if a.kind == "move"])


def _everything():  # type: ignore[no-untyped-def]
    state, n = make([{"name": "pz", "unit": "de-panzer", "side": "de", "at": "J2", "facing": "s"},
                     {"name": "gol", "unit": "de-goliath", "side": "de", "at": "B5", "facing": "e"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "K6"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "H8"},
                     {"name": "m", "unit": "us-mortar", "side": "us", "at": "B2"},
                     {"name": "horn", "unit": "us-horn-of-plenty", "side": "us", "at": "C3"},
                     {"name": "mg", "unit": "us-mg", "side": "us", "at": "F4"}])
    give(state, 1, CUTTER, 2)
    give(state, 1, "goliath", 0)
    give(state, 0, "horn-of-plenty", 0)
    give(state, 0, "mg-nest", 1)
    state.units[n["r"]].st.granted["urban-fighter"] = 0
    return state


@pytest.mark.parametrize("seed", range(6))
def test_games_with_all_five_keep_the_invariants(seed: int) -> None:
    from builder.systems.heroes.engine import Rng
    from test_engine_invariants import check_invariants
    state = _everything()
    players = [GreedyPlayer(0, seed), GreedyPlayer(1, seed)] if seed % 2 else None
    rng = Rng(seed)
    steps = 0
    while not state.is_over and steps < 600:
        actions = legal_actions(state)
        assert actions and len(set(actions)) == len(actions)
        a = players[state.to_act].choose(state, actions) if players else actions[rng.below(len(actions))]
        apply(state, a, check=True)
        check_invariants(state)
        assert state.clone().state_hash() == state.state_hash()
        steps += 1


@pytest.mark.parametrize("at,facing", [("J2", "s"), ("I6", "n"), ("C3", "e"), ("K8", "w"), ("E5", "se")])
def test_the_passage_flood_is_the_plain_flood_while_no_passage_lies(at: str, facing: str) -> None:
    """Oracle tying the two vehicle floods (issue 19 item 4): with no Passage token on
    the battlefield, builder.systems.heroes.engine.features.hedgerow_cutter's flood reaches the same states at
    the same cost, through the same parents, as builder.systems.heroes.engine.movement's."""
    from builder.systems.heroes.engine.features.hedgerow_cutter import through_passages
    from builder.systems.heroes.engine.movement import vehicle_states

    state, n = make([{"name": "pz", "unit": "de-panzer", "side": "de", "at": at, "facing": facing},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"}])
    assert not rule_field(state, PASSAGES)
    pz = state.units[n["pz"]]
    for mv in (1, 3, 8):
        plain_parents: dict[int, int] = {}
        cutter_parents: dict[int, int] = {}
        plain = vehicle_states(state, pz, mv, plain_parents)
        assert len(plain) > 1
        assert through_passages(state, pz, mv, cutter_parents) == plain
        assert cutter_parents == plain_parents
