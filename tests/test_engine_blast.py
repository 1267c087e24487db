"""Blast patterns (builder/systems/heroes/engine/features/blast.py): the geometry of intersections and the
worked cases of the core rules (000 core rules, Recruitment Options > Equipment >
Grenade, Rifle Grenade, HE Shells; Special Abilities > Howitzer, Indirect Fire,
Artillery Spotter; Terrain > Buildings). The fixture pack's grenades hit +2
against infantry and +1 against light vehicles (placeholder values)."""

from __future__ import annotations

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.ai.solo_mode.view import EngineView
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine.features.blast import (INTO_ROOM, blast_actions, clear_on, covering, distance, inside_building,
                                  intersection, pattern_squares, scattered)
from builder.systems.heroes.engine.effects.options import tokens_left
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.smoke import fade
from builder.systems.heroes.engine.smoke import SMOKE
from builder.systems.heroes.engine.state import rule_field

from engine_helpers import Scripted, activate, arm, make, with_core_cards


def blasts(state) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "blast"]


def shots(events) -> list[dict]:  # type: ignore[no-untyped-def]
    return [e.data for e in events if e.kind == "shot" and e.data["mode"] == "blast"]


def test_intersections_number_the_corners_and_count_from_the_firer() -> None:
    state, _ = make([])
    bf = state.static.bf  # 12 x 8 squares: 13 x 9 intersections
    assert intersection(bf, 0, 0) == 0 and intersection(bf, 12, 8) == 13 * 9 - 1
    c3 = bf.square("C3")
    corners = [intersection(bf, x, y) for x in (2, 3) for y in (2, 3)]
    assert all(distance(bf, c3, i) == 1 for i in corners)  # its own corners are the first
    assert distance(bf, c3, intersection(bf, 4, 4)) == 2 and distance(bf, c3, intersection(bf, 5, 2)) == 3
    assert sorted(pattern_squares(bf, intersection(bf, 3, 3), 1)) == sorted(
        bf.square(n) for n in ("C3", "D3", "C4", "D4"))
    assert len(pattern_squares(bf, intersection(bf, 3, 3), 2)) == 12  # 4x4 without its corners
    assert len(pattern_squares(bf, 0, 1)) == 1  # the board's corner
    assert set(covering(bf, c3, 1)) == set(corners)
    assert scattered(bf, intersection(bf, 3, 3), 2, 3) == intersection(bf, 6, 3)
    assert scattered(bf, intersection(bf, 3, 3), 5, 3) == intersection(bf, 3, 3)
    assert scattered(bf, intersection(bf, 1, 1), 1, 3) == intersection(bf, 1, 0)  # kept on the board


def test_grenade_hits_every_unit_under_the_pattern_separately_and_spends_a_token() -> None:
    """The grenade diagram: one token on an intersection two squares away attacks
    each unit in the four squares around it with its own roll."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C2"},
                     {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "C4"},
                     {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "D4"},
                     {"name": "far", "unit": "de-grenadiers", "side": "de", "at": "H8"}])
    arm(state, 0, "grenade")
    activate(state, n["r"])
    bf = state.static.bf
    offered = blasts(state)
    target = intersection(bf, 3, 3)  # corner of C3, D3, C4, D4
    assert Action("blast", unit=n["r"], square=target, weapon=0, mode="grenade") in offered
    assert all(distance(bf, bf.square("C2"), a.square) <= 2 for a in offered)
    assert not any(n["far"] in [state.occ[s] for s in pattern_squares(bf, a.square, 1)] for a in offered)
    state.dice = Scripted(4, 2)  # 4 + 2 = 6 >= defence 5: a hit; 2 + 2 = 4 < 5 + 1 (forest): a miss
    events = apply(state, Action("blast", unit=n["r"], square=target, weapon=0, mode="grenade"), check=True)
    assert [(s["target"], s["total"], s["defence"]) for s in shots(events)] == [(n["g1"], 6, 5), (n["g2"], 4, 6)]
    assert state.units[n["g1"]].face == 1  # flipped by the hit
    assert state.units[n["g2"]].face == 0
    assert tokens_left(state, state.units[n["r"]], "grenade") == 2
    assert state.current != n["r"] or not blasts(state)  # the blast was its shot


def test_no_blast_without_tokens_and_never_beyond_two_intersections() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C1"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "C5"}])
    activate(state, n["r"])
    assert not blasts(state)  # no grenade option
    arm(state, 0, "grenade")
    assert not blasts(state)  # C5's nearest corner is 3 intersections from C1
    state.units[n["g"]].sq = -1
    state.set_occupant(state.static.bf.square("C5"), -1)
    arm(state, 0, "grenade", 0)
    assert not blasts(state)


def test_concealed_units_are_never_touched_by_a_blast() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "C4"},
                     {"name": "s", "unit": "de-scouts", "side": "de", "at": "D4", "concealed": True}])
    arm(state, 0, "grenade")
    activate(state, n["r"])
    target = intersection(state.static.bf, 3, 3)
    state.dice = Scripted(6)
    events = apply(state, Action("blast", unit=n["r"], square=target, weapon=0, mode="grenade"), check=True)
    assert [s["target"] for s in shots(events)] == [n["g"]]
    assert state.units[n["s"]].alive and state.units[n["s"]].concealed
    state.units[n["g"]].alive = False
    state.set_occupant(state.static.bf.square("C4"), -1)
    activate(state, n["r"])
    assert not blasts(state)  # a concealed unit alone is no target


def test_heavy_vehicle_under_a_pattern_uses_its_side_defence_even_partly_covered() -> None:
    """A two-square Panzer facing the thrower with only its rear square under the
    pattern is attacked once, against its side defence (7), not its front (8)."""
    state, n = make([{"name": "t", "unit": "de-panzer", "side": "de", "at": "E5", "facing": "s"},
                     {"name": "h", "unit": "de-halftrack", "side": "de", "at": "A5"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "E8"}])
    arm(state, 1, "he-shells")
    activate(state, n["t"])
    bf = state.static.bf
    assert state.squares_of(state.units[n["t"]]) == (bf.square("E5"), bf.square("E4"))
    offered = blasts(state)
    assert offered and all(a.mode == "he-shells" and a.weapon == 0 for a in offered)
    # and an American grenade on the Panzer's back square (E4): only that square is under it
    state2, n2 = make([{"name": "t", "unit": "de-panzer", "side": "de", "at": "E5", "facing": "s"},
                       {"name": "r", "unit": "us-rifles", "side": "us", "at": "G3"}])
    arm(state2, 0, "rifle-grenade")
    activate(state2, n2["r"])
    target = intersection(bf, 5, 3)  # corner of E3, F3, E4, F4: the Panzer's back square only
    assert bf.square("E5") not in pattern_squares(bf, target, 1)
    assert clear_on(state2, (bf.square("G3"),), target, state2.units[n2["r"]])  # no dispersal roll
    state2.dice = Scripted(6, 1)  # 6 + 1 = 7 >= side 7: a hit; damage location 1 (crew)
    events = apply(state2, Action("blast", unit=n2["r"], square=target, weapon=0, mode="rifle-grenade"),
                   check=True)
    (shot,) = shots(events)
    assert shot["target"] == n2["t"] and shot["defence"] == 7
    assert not [e for e in events if e.kind == "dispersal"]
    assert state2.units[n2["t"]].damage & 1


def test_indirect_fire_out_of_sight_scatters_on_1_to_4_and_lands_on_5_or_6() -> None:
    """A rifle grenade over the hedgerow: no clear line of sight, so a dispersal
    die; 2 moves it its 1 intersection to the right, 5 keeps it on target."""
    units = [{"name": "r", "unit": "us-rifles", "side": "us", "at": "J2", "suppressed": 1},
             {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "J6"}]
    for die, lands in ((5, (9, 5)), (2, (10, 5))):
        state, n = make(units)
        arm(state, 0, "rifle-grenade")
        activate(state, n["r"])
        bf = state.static.bf
        target = intersection(bf, 9, 5)  # corner of I5, J5, I6, J6
        assert not clear_on(state, (bf.square("J2"),), target, state.units[n["r"]])
        state.dice = Scripted(die, 6)  # the dispersal die is not changed by the Suppressed marker
        events = apply(state, Action("blast", unit=n["r"], square=target, weapon=0, mode="rifle-grenade"),
                       check=True)
        (d,) = [e.data for e in events if e.kind == "dispersal"]
        assert d["die"] == die and d["to"] == intersection(bf, *lands)
        (shot,) = shots(events)
        assert shot["target"] == n["g"] and shot["total"] == 6 + 2 - 2  # the attack is: -2 per marker


def test_an_artillery_spotter_in_clear_sight_cuts_the_dispersal_by_one() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "J2"},
                     {"name": "spot", "unit": "us-lieutenant", "side": "us", "at": "L6"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "J6"}])
    arm(state, 0, "rifle-grenade")
    state.units[n["spot"]].st.granted["artillery-spotter"] = 0
    activate(state, n["r"])
    target = intersection(state.static.bf, 9, 5)
    state.dice = Scripted(2, 6)
    events = apply(state, Action("blast", unit=n["r"], square=target, weapon=0, mode="rifle-grenade"),
                   check=True)
    (d,) = [e.data for e in events if e.kind == "dispersal"]
    assert d["distance"] == 0 and d["to"] == target
    assert [s["target"] for s in shots(events)] == [n["g"]]


def test_grenade_into_a_building_hits_the_room_without_the_building_bonus() -> None:
    """Thrown from the square outside the opening (F6 -> F7), the grenade hits every
    unit of the small house, whose +2 defence does not count; no intersection
    inside the house may be targeted."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F6"},
                     {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "F7"},
                     {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "G8"}])
    arm(state, 0, "grenade")
    activate(state, n["r"])
    bf = state.static.bf
    assert inside_building(bf, intersection(bf, 6, 7))  # the middle of the house
    offered = blasts(state)
    room = Action("blast", unit=n["r"], square=bf.square("F7"), weapon=0, mode="grenade", extra=INTO_ROOM)
    assert room in offered
    assert not [a for a in offered if not a.extra]  # an explosion outside never reaches them
    state.dice = Scripted(3, 1)
    events = apply(state, room, check=True)
    hits = shots(events)
    assert [s["target"] for s in hits] == [n["g1"], n["g2"]] and {s["defence"] for s in hits} == {5}


def test_blast_actions_only_offer_patterns_touching_an_enemy() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D3"}])
    arm(state, 0, "grenade")
    u = state.units[n["r"]]
    activate(state, n["r"])
    bf = state.static.bf
    for a in blast_actions(state, u):
        assert bf.square("D3") in pattern_squares(bf, a.square, 1)
    assert len(blast_actions(state, u)) == 4


def test_greedy_player_throws_the_grenade_that_catches_two_enemies() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C2"},
                     {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "B3"},
                     {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "C3"}])
    arm(state, 0, "grenade")
    activate(state, n["r"])
    bf = state.static.bf
    # B3 and C3 share the intersection (2, 3) and (2, 2), the latter also over the thrower
    pair = Action("blast", unit=n["r"], square=intersection(bf, 2, 3), weapon=0, mode="grenade")
    own = Action("blast", unit=n["r"], square=intersection(bf, 2, 2), weapon=0, mode="grenade")
    assert ev.blast_value(state, pair) > ev.blast_value(state, own)
    assert ev.blast_value(state, pair) > max(ev.shot_value(state, a) for a in legal_actions(state)
                                             if a.kind == "fire")
    greedy = GreedyPlayer(1, 0)
    unit_actions = [a for a in legal_actions(state) if a.kind in ("fire", "blast")]
    scores = greedy.scores(state, unit_actions)
    assert unit_actions[scores.index(max(scores))] == pair


def test_solo_mode_view_answers_template_questions_from_the_blast_rules() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C2"},
                     {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "B3"},
                     {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "C3"}])
    view = EngineView(state, 0, "balanced")
    assert not view.can_template(n["r"], 2, "direct")
    arm(state, 0, "grenade")
    view = EngineView(state, 0, "balanced")
    assert view.can_template(n["r"], 2, "direct") and not view.can_template(n["r"], 2, "indirect")
    assert not view.can_template(n["r"], 3)
    assert view.templatable(n["g1"]) and not view.templatable(n["r"])


def test_he_shells_need_clear_sight_and_the_primary_weapons_arc() -> None:
    """HE shells: a red pattern (4x4 without corners) from the Panzer's 75mm, only
    in its 90 degree arc and in clear sight; a target behind it is not offered."""
    state, n = make([{"name": "t", "unit": "de-panzer", "side": "de", "at": "E5", "facing": "s"},
                     {"name": "front", "unit": "us-rifles", "side": "us", "at": "E8"},
                     {"name": "behind", "unit": "us-rifles", "side": "us", "at": "E1"}])
    arm(state, 1, "he-shells")
    activate(state, n["t"])
    bf = state.static.bf
    offered = blasts(state)
    assert offered
    touched = {state.occ[s] for a in offered for s in pattern_squares(bf, a.square, 2)}
    assert n["front"] in touched and n["behind"] not in touched
    state.dice = Scripted(3)
    a = next(a for a in offered if bf.square("E5") not in pattern_squares(bf, a.square, 2))  # not on itself
    events = apply(state, a, check=True)
    assert [s["target"] for s in shots(events)] == [n["front"]]
    assert tokens_left(state, state.units[n["t"]], "he-shells") == 2


def test_artillery_barrage_card_scatters_and_hits_everything_under_the_red_pattern() -> None:
    """The 105mm Barrage (the core pack's card: a red pattern that scatters 3),
    played on an enemy during the side's activation: aimed at the intersection
    covering both Grenadiere (the first by number), a 5 on the dispersal die
    keeps it there."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "H7"},
                     {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "I8"}])
    with_core_cards(state)
    state.sides[0].hand, state.sides[0].deck = ["us-105mm-barrage"], []
    activate(state, n["r"])
    plays = [a for a in legal_actions(state) if a.kind == "card" and a.mode == "us-105mm-barrage"]
    assert {a.unit for a in plays} == {n["g1"], n["g2"]}
    state.dice = Scripted(5, 6, 1)  # on target; 6 + 3 = 9 >= 5 a hit; 1 + 3 = 4 < 5
    events = apply(state, next(a for a in plays if a.unit == n["g1"]), check=True)
    (blast,) = [e.data for e in events if e.kind == "blast"]
    bf = state.static.bf
    assert {bf.square("H7"), bf.square("I8")} <= set(pattern_squares(bf, blast["at"], 2))
    assert [(s["unit"], s["target"]) for s in shots(events)] == [(-1, n["g1"]), (-1, n["g2"])]
    assert state.units[n["g1"]].face == 1 and state.units[n["g2"]].face == 0
    assert state.current == n["r"] and not state.moved  # the unit still acts


def test_smoke_barrage_lays_a_minus_4_pattern_that_fades_to_minus_2_then_goes() -> None:
    """The Smoke Barrage card (a smoke pattern that scatters 1) on the Grenadiere:
    a shot leaving the smoke takes -4; after one Supply phase -2; after the next,
    nothing (000 core rules, Recruitment Options > Orders > Smoke)."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E2"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    with_core_cards(state)
    state.sides[0].hand, state.sides[0].deck = ["us-smoke-barrage"], []
    activate(state, n["r"])
    play = next(a for a in legal_actions(state) if a.kind == "card" and a.mode == "us-smoke-barrage")
    assert play.unit == n["g"]
    state.dice = Scripted(6)  # no scatter
    apply(state, play, check=True)
    assert len(rule_field(state, SMOKE)) == 1 and rule_field(state, SMOKE)[0][2] == 4
    g, r = state.units[n["g"]], state.units[n["r"]]
    assert [t.value for t in plan_shot(state, g, 0, r).terms if "smoke" in t.label] == [-4]
    assert [t.value for t in plan_shot(state, r, 0, g).terms if "smoke" in t.label] == [-4]
    before = state.state_hash()
    fade(state)
    assert rule_field(state, SMOKE)[0][2] == 2 and state.state_hash() != before
    assert [t.value for t in plan_shot(state, r, 0, g).terms if "smoke" in t.label] == [-2]
    fade(state)
    assert rule_field(state, SMOKE) == () and not [t for t in plan_shot(state, r, 0, g).terms if "smoke" in t.label]


def test_grenade_into_a_defensive_position_hits_only_the_units_inside_without_its_bonus() -> None:
    """The lane's foxhole at A4: a grenade thrown from the next square hits the
    unit inside, its +1 not counted; the Grenadiere beside it are untouched."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"},
                     {"name": "in", "unit": "de-grenadiers", "side": "de", "at": "A4"},
                     {"name": "out", "unit": "de-grenadiers", "side": "de", "at": "B4"}], scenario="lane")
    arm(state, 0, "grenade")
    activate(state, n["r"])
    bf = state.static.bf
    into = Action("blast", unit=n["r"], square=bf.square("A4"), weapon=0, mode="grenade", extra=INTO_ROOM)
    assert into in blasts(state)
    state.dice = Scripted(3)  # 3 + 2 = 5 >= 5: a hit (6 needed with the foxhole's +1)
    events = apply(state, into, check=True)
    assert [(s["target"], s["defence"]) for s in shots(events)] == [(n["in"], 5)]
    assert state.units[n["in"]].face == 1 and state.units[n["out"]].face == 0
