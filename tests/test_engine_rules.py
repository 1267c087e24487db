"""Worked examples and rule statements of 000 core rules, one test each."""

from __future__ import annotations

import pytest

from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine.assault import plan_assault
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.board.los import CLEAR, OBSCURED, BLOCKED, sight
from builder.systems.heroes.engine.movement import infantry_reach, movement_allowance, vehicle_reach
from builder.systems.heroes.engine.zoc import enemy_zoc, zoc_step_forbidden

from engine_helpers import Scripted, activate, make, position


def sq(state, name: str) -> int:  # type: ignore[no-untyped-def]
    return state.bf.square(name)


# --- Range and line of sight (Firing > Range, Line of Sight; Terrain > Obstacles) ----------

def test_range_counts_diagonals_and_the_target_square_not_the_firers() -> None:
    state, _ = make([])
    bf = state.bf
    assert bf.distance(sq(state, "C4"), sq(state, "E4")) == 2
    assert bf.distance(sq(state, "A1"), sq(state, "D3")) == 3
    assert bf.distance(sq(state, "A1"), sq(state, "L8")) == 11


def test_obscured_penalty_is_per_square_and_excludes_the_target_square() -> None:
    state, _ = make([])
    one = sight(state, sq(state, "C4"), sq(state, "E4"))  # crosses D4 (forest), target E4 forest
    assert (one.kind, one.penalty) == (OBSCURED, 1)
    two = sight(state, sq(state, "C3"), sq(state, "F3"))  # crosses D3 and E3
    assert (two.kind, two.penalty) == (OBSCURED, 2)
    thicket = sight(state, sq(state, "F5"), sq(state, "H5"))
    assert thicket.penalty == 2


def test_hedgerow_and_no_passage_edges_block() -> None:
    state, _ = make([])
    assert sight(state, sq(state, "H4"), sq(state, "L4")).kind == BLOCKED
    assert sight(state, sq(state, "J1"), sq(state, "J3")).kind == BLOCKED  # edge J1|J2
    assert sight(state, sq(state, "A1"), sq(state, "A8")).kind == CLEAR


def test_infantry_blocks_unless_a_vehicle_fires_or_is_the_target() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "screen", "unit": "us-rifles", "side": "us", "at": "A2"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A5", "facing": "n"},
    ])
    r, g, ht = (state.units[n[k]] for k in ("r", "g", "ht"))
    assert sight(state, r.sq, g.sq, r, g).kind == BLOCKED
    assert plan_shot(state, ht, 0, r).ok  # the vehicle fires over infantry
    assert "blocked" not in plan_shot(state, r, 0, ht).reason  # ...and is seen over it


def test_vehicles_block_line_of_sight() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "C3", "facing": "e"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E5"},
    ])
    r, g = state.units[n["r"]], state.units[n["g"]]
    line = sight(state, r.sq, g.sq, r, g)
    assert line.kind == BLOCKED and "Halftrack" in line.blocker


def test_long_range_penalty_beyond_seven_squares() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "near", "unit": "de-grenadiers", "side": "de", "at": "H1"},
        {"name": "far", "unit": "de-grenadiers", "side": "de", "at": "I2"},
    ])
    r = state.units[n["r"]]
    assert all("range" not in t.label for t in plan_shot(state, r, 0, state.units[n["near"]]).terms)
    far = plan_shot(state, r, 0, state.units[n["far"]])
    assert [t.value for t in far.terms if "range" in t.label] == [-2]


# --- Shot resolution, kill shot, suppressive fire ------------------------------------------

def test_shot_needs_defence_plus_terrain_minus_bonus() -> None:
    state, names = position("forest-shot")
    plan = plan_shot(state, state.units[names["r1"]], 0, state.units[names["g1"]])
    # defence 5 + forest 1 - combat 2 + obscured 1 (forest at D4)
    assert plan.need == 5 and plan.kill_need == 11  # 2 x 6 - (2 - 1)


def test_kill_shot_eliminates_at_twice_the_defence() -> None:
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3", "face": 1},
    ])
    activate(state, n["mg"])
    state.dice = Scripted(5)  # 5 + 3 = 8 >= 2 x 4
    events = apply(state, Action("fire", unit=n["mg"], weapon=0, target=n["g"], mode="normal"))
    assert "kill-shot" in [e.kind for e in events]
    assert not state.units[n["g"]].alive


def test_hit_flips_a_healthy_infantry_then_eliminates_it() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
    ])
    g = state.units[n["g"]]
    for die, face, alive in ((3, 1, True), (3, 1, False)):
        activate(state, n["r"])
        state.dice = Scripted(die)  # 3 + 2 = 5 >= 5, then 5 >= 4
        apply(state, Action("fire", unit=n["r"], weapon=0, target=n["g"], mode="normal"))
        assert (g.face, g.alive) == (face, alive)


def test_suppressive_fire_doubles_bonuses_and_places_markers() -> None:
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
    ])
    mg, g = state.units[n["mg"]], state.units[n["g"]]
    plan = plan_shot(state, mg, 0, g, "suppressive")
    assert plan.modifier == 6 and plan.need == -1
    activate(state, n["mg"])
    state.dice = Scripted(4)  # 4 + 6 = 10 >= 2 x 5: two markers, no hit
    apply(state, Action("fire", unit=n["mg"], weapon=0, target=n["g"], mode="suppressive"))
    assert (g.suppressed, g.face) == (2, 0)


def test_suppressed_markers_cost_two_on_the_roll_and_two_mv() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1", "suppressed": 1},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
    ])
    r = state.units[n["r"]]
    assert movement_allowance(state, r) == 2
    assert plan_shot(state, r, 0, state.units[n["g"]]).need == 5  # 5 - 2 + 2
    r.suppressed = 2
    assert movement_allowance(state, r) == 0


def test_x_means_the_unit_cannot_fire_at_that_defence_type() -> None:
    state, names = position("vehicles")
    plan = plan_shot(state, state.units[names["mg"]], 0, state.units[names["tank"]])
    assert not plan.ok and "X" in plan.reason


# --- Heavy vehicles -------------------------------------------------------------------------

@pytest.mark.parametrize("at,facing,label,value", [("F2", "s", "front defence", 8), ("B5", "e", "side defence", 7),
                                                    ("E7", "n", "rear defence", 6)])
def test_heavy_vehicle_defence_by_the_angle_of_the_shot(at: str, facing: str, label: str, value: int) -> None:
    state, n = make([
        {"name": "tank", "unit": "de-panzer", "side": "de", "at": "F4", "facing": "n"},
        {"name": "shooter", "unit": "de-panzer", "side": "us", "at": at, "facing": facing},
    ])
    plan = plan_shot(state, state.units[n["shooter"]], 0, state.units[n["tank"]])
    assert plan.ok, plan.reason
    assert (plan.defence_label, plan.defence) == (label, value)


@pytest.mark.parametrize("roll,location,bit,suppressed", [
    (1, "crew", 1, 0), (2, "track", 2, 0), (3, "hull", 4, 2), (4, "hull", 4, 2), (5, "primary weapon", 8, 0)])
def test_damage_location_table(roll: int, location: str, bit: int, suppressed: int) -> None:
    state, n = make([
        {"name": "a", "unit": "de-panzer", "side": "us", "at": "B2", "facing": "e"},
        {"name": "tank", "unit": "de-panzer", "side": "de", "at": "E2", "facing": "n"},
    ])
    tank = state.units[n["tank"]]
    activate(state, n["a"])
    state.dice = Scripted(6, roll)  # 6 + 3 = 9 >= side 7: a hit, then the location
    events = apply(state, Action("fire", unit=n["a"], weapon=0, target=n["tank"], mode="normal"))
    assert [e.data["location"] for e in events if e.kind == "damage"] == [location]
    assert tank.damage == bit and tank.suppressed == suppressed and not tank.wreck
    if bit == 2:
        assert movement_allowance(state, tank) == 0


def test_damage_six_or_the_same_damage_twice_destroys() -> None:
    state, n = make([
        {"name": "a", "unit": "de-panzer", "side": "us", "at": "B2", "facing": "e"},
        {"name": "tank", "unit": "de-panzer", "side": "de", "at": "E2", "facing": "n", "damage": ["track"]},
    ])
    tank = state.units[n["tank"]]
    activate(state, n["a"])
    state.dice = Scripted(6, 2)
    apply(state, Action("fire", unit=n["a"], weapon=0, target=n["tank"], mode="normal"))
    assert tank.wreck and state.occ[tank.sq] == tank.id  # a wreck stays as an obstacle


def test_light_vehicle_hit_becomes_a_wreck() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A4", "facing": "n"},
    ])
    activate(state, n["r"])
    state.dice = Scripted(4)  # 4 + 1 = 5 >= 5
    apply(state, Action("fire", unit=n["r"], weapon=0, target=n["ht"], mode="normal"))
    ht = state.units[n["ht"]]
    assert ht.wreck and ht.alive and state.sides[1].losses == {"light_vehicle": 1}


# --- Movement and zones of control ----------------------------------------------------------

def test_zone_of_control_forbids_steps_inside_one_enemys_zone() -> None:
    state, names = position("zoc")
    masks = enemy_zoc(state, 0)
    assert zoc_step_forbidden(masks, sq(state, "E3"), sq(state, "E4"))  # both in A's zone
    assert not zoc_step_forbidden(masks, sq(state, "D3"), sq(state, "D4"))  # D3 is in no zone
    dist, _ = infantry_reach(state, state.units[names["us1"]])
    assert sq(state, "C4") in dist


def test_assault_enters_a_zone_of_control_to_reach_the_target() -> None:
    state, names = position("zoc")
    activate(state, names["us1"])
    actions = legal_actions(state)
    assert Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "C4")) in actions


def test_suppressed_units_exert_no_zone_of_control() -> None:
    state, names = position("zoc")
    state.units[names["A"]].suppressed = 1
    assert not zoc_step_forbidden(enemy_zoc(state, 0), sq(state, "E3"), sq(state, "E4"))


def test_infantry_cannot_pass_enemies_or_vehicles_but_passes_friends() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1", "suppressed": 1},
        {"name": "friend", "unit": "us-rifles", "side": "us", "at": "A2"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "C2", "facing": "n"},
    ])
    state.units[n["r"]].suppressed = 0
    dist, _ = infantry_reach(state, state.units[n["r"]], 2)
    assert sq(state, "A3") in dist  # through the friend
    assert sq(state, "C2") not in dist and sq(state, "C3") not in dist  # the halftrack covers C2-C3


def test_difficult_passage_stops_the_move() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "I3"}])
    dist, go_on = infantry_reach(state, state.units[n["r"]])
    assert sq(state, "I4") in dist and sq(state, "I4") not in go_on
    state2, n2 = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "J4"}])
    dist2, _ = infantry_reach(state2, state2.units[n2["r"]])
    assert max(dist2.values()) == 1


def test_water_needs_amphibious_and_buildings_need_an_opening() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E7"}])
    dist, _ = infantry_reach(state, state.units[n["r"]])
    assert sq(state, "C7") not in dist  # water
    assert sq(state, "F7") in dist  # through the opening on F7's north side (from F6)
    assert dist[sq(state, "F7")] == 2  # not straight from E7 through the wall


def test_vehicle_turns_cost_one_point_per_45_degrees_and_it_runs_over_infantry() -> None:
    state, names = position("vehicles")
    tank = state.units[names["tank"]]
    reach = vehicle_reach(state, tank)
    assert reach[(sq(state, "F5"), 1)] == 1 and reach[(sq(state, "F5"), 2)] == 2
    assert reach[(sq(state, "F3"), 0)] == 2  # through r1's square? no: ends on it
    assert all(state.bf.terrain[s].id != "hedgerow" for s, _ in reach)
    activate(state, names["tank"])
    apply(state, Action("move", unit=names["tank"], square=sq(state, "F3"), facing=0))
    assert state.pending and state.pending[0][0] == "displace" and state.to_act == 0
    option = legal_actions(state)[0]
    apply(state, option)
    r1 = state.units[names["r1"]]
    assert r1.sq == option.square and state.occ[r1.sq] == r1.id


# --- Assault --------------------------------------------------------------------------------

def test_assault_terms_and_outcome() -> None:
    state, names = position("zoc")
    us1, c = state.units[names["us1"]], state.units[names["C"]]
    plan = plan_assault(state, us1, c, sq(state, "D4"))
    assert plan.attack_dice == 2 and plan.defence_dice == 2  # grenadiers have Assault too
    assert plan.attack_mod == 2 and plan.defence_mod == 3  # +2 combat; +2 combat +1 Assault bonus
    activate(state, names["us1"])
    state.dice = Scripted(6, 6, 1, 1)  # 8 against 4: the attacker wins
    apply(state, Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "D4")))
    assert c.face == 1  # flipped
    assert c.sq in (sq(state, "D6"), sq(state, "C6"), sq(state, "E6")) or state.pending


def test_defender_win_hits_the_attacker_who_stays_back() -> None:
    state, names = position("zoc")
    us1 = state.units[names["us1"]]
    activate(state, names["us1"])
    state.dice = Scripted(1, 1, 6, 6)
    apply(state, Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "D4")))
    assert us1.face == 1 and us1.sq == sq(state, "D4")


def test_line_trace_matches_fine_sampling_of_the_centre_line() -> None:
    """The exact integer trace equals the squares a densely sampled centre line
    enters (corners only touched are not crossed)."""
    from fractions import Fraction

    from builder.systems.heroes.board.los import trace

    state, _ = make([])
    bf = state.bf
    for a in range(0, bf.size, 7):
        for b in range(0, bf.size, 5):
            if a == b:
                continue
            (ax, ay), (bx, by) = bf.xy(a), bf.xy(b)
            seen: list[int] = []
            n = 4 * 97
            for k in range(n):
                t = Fraction(2 * k + 1, 2 * n)
                x = ax + Fraction(1, 2) + (bx - ax) * t
                y = ay + Fraction(1, 2) + (by - ay) * t
                if x.denominator == 1 or y.denominator == 1:
                    continue  # on a grid line: belongs to no square's inside
                s = int(y) * bf.width + int(x)
                if s not in (a, b) and (not seen or seen[-1] != s):
                    seen.append(s)
            assert trace(bf, a, b)[0] == seen, (bf.name(a), bf.name(b))


def test_opportunity_fire_from_a_foxhole_at_a_unit_crossing_its_sight() -> None:
    state, names = position("opfire")
    activate(state, names["runner"])
    move = Action("move", unit=names["runner"], square=sq(state, "D5"))
    assert move in legal_actions(state)
    apply(state, move)
    assert state.to_act == 0 and state.pending[0][0] == "opfire"
    choices = legal_actions(state)
    assert Action("pass") in choices
    shot = next(a for a in choices if a.kind == "opfire")
    assert shot.unit == names["watcher"] and shot.target == names["runner"]
    watcher = state.units[names["watcher"]]
    watcher.order = 1
    state.queues[0] = [(1, watcher.id)]
    state.dice = Scripted(1)
    events = apply(state, shot)
    kinds = [(e.kind, e.data.get("unit")) for e in events]
    assert ("opportunity-fire", watcher.id) in kinds
    assert ("order-lost", watcher.id) in kinds  # it lost its order token to the Activated marker
    assert state.units[names["runner"]].sq == sq(state, "D5")  # the mover does not stop


def test_special_orders_go_first_then_the_initiative_side() -> None:
    from builder.systems.heroes.engine.phases.activation import start_activation

    state, n = make([
        {"name": "u1", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "u2", "unit": "us-rifles", "side": "us", "at": "B1"},
        {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "A8"},
        {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "B8"},
    ], initiative="us")
    state.units[n["u1"]].order, state.units[n["u2"]].order = 1, 2
    state.units[n["g1"]].order, state.units[n["g2"]].order = 0, 1
    start_activation(state)
    revealed = []
    while state.phase == "activation":
        revealed.append(state.current)
        apply(state, Action("hold", unit=state.current))
    assert revealed == [n["g1"], n["u1"], n["g2"], n["u2"]]


def test_tripod_flips_the_counter_as_a_move_of_zero() -> None:
    state, n = make([
        {"name": "hmg", "unit": "us-hmg", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
    ])
    hmg = state.units[n["hmg"]]
    activate(state, n["hmg"])
    assert not any(a.kind == "fire" for a in legal_actions(state))  # packed: no weapon
    flip = Action("move", unit=n["hmg"], square=hmg.sq, mode="tripod")
    assert flip in legal_actions(state)
    apply(state, flip)
    assert hmg.face == 1 and hmg.sq == sq(state, "A1")
    activate(state, n["hmg"])
    assert any(a.kind == "fire" for a in legal_actions(state))  # deployed: it fires


def test_firing_on_the_move_from_a_square_of_the_path() -> None:
    state, n = make([
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A7", "facing": "n"},
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "F3"},
        {"name": "wall", "unit": "us-rifles", "side": "us", "at": "L1"},
    ])
    ht = state.units[n["ht"]]
    activate(state, n["ht"])
    apply(state, Action("move", unit=n["ht"], square=sq(state, "A3"), facing=0))
    assert state.path[0] == sq(state, "A7") and state.path[-1] == sq(state, "A3")
    shot = Action("fire", unit=n["ht"], weapon=0, target=n["r"], mode="normal")
    assert shot in legal_actions(state)
    plan = plan_shot(state, ht, 0, state.units[n["r"]], moving=True, from_squares=state.path)
    assert plan.firer_sq in state.path and [t.value for t in plan.terms if "move" in t.label] == [-1]


def test_ferocious_drives_the_defender_back_even_on_a_tie() -> None:
    state, names = position("zoc")
    us1, c = state.units[names["us1"]], state.units[names["C"]]
    state.static.sides[0].traits[(-1, "ferocious")] = 1
    from builder.systems.heroes.engine import effects
    effects.invalidate(state)  # module lists are cached per unit
    activate(state, names["us1"])
    state.dice = Scripted(3, 3, 2, 2)  # 3 + 2 against 2 + 3: a tie
    apply(state, Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "D4")))
    if state.pending:
        apply(state, legal_actions(state)[0])
    assert c.face == 0 and c.sq in (sq(state, "C6"), sq(state, "D6"), sq(state, "E6"))
    assert us1.sq == sq(state, "D4")  # no advance without a win


def test_concealed_units_cannot_be_targeted_until_spotted() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "s", "unit": "de-scouts", "side": "de", "at": "A4"},
    ])
    s = state.units[n["s"]]
    assert s.concealed
    activate(state, n["r"])
    assert not any(a.kind == "fire" for a in legal_actions(state))
    apply(state, Action("move", unit=n["r"], square=sq(state, "B1")))  # clear sight, open ground: spotted
    assert not s.concealed and s.face == 1


def test_spotting_in_cover_needs_two_squares_and_a_clear_line() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "C5"},
        {"name": "s", "unit": "de-scouts", "side": "de", "at": "E4"},
    ])
    s = state.units[n["s"]]
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=sq(state, "B4")))  # crosses the wood: obscured
    assert s.concealed
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=sq(state, "E6")))  # two squares, clear
    assert not s.concealed


def test_ambush_units_turn_over_with_a_move_of_zero_and_reveal_to_fire() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "s", "unit": "de-scouts", "side": "de", "at": "D4"},
    ])
    s = state.units[n["s"]]
    activate(state, n["s"])
    shot = Action("fire", unit=n["s"], weapon=0, target=n["r"], mode="normal")
    assert shot in legal_actions(state)  # fires with its revealed side's weapon
    assert Action("move", unit=n["s"], square=s.sq, mode="ambush") in legal_actions(state)
    state.dice = Scripted(1)
    events = apply(state, shot)
    assert events[1].kind == "revealed" and not s.concealed


def test_heavy_vehicle_defends_an_assault_with_its_secondary_weapon() -> None:
    state, n = make([
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "C3"},
        {"name": "tank", "unit": "de-panzer", "side": "us", "at": "E3", "facing": "n"},
    ])
    g, tank = state.units[n["g"]], state.units[n["tank"]]
    plan = plan_assault(state, g, tank, sq(state, "D3"))
    assert not plan.ok  # the grenadiers show X against heavy vehicles
    state.static.sides[1].traits[(-1, "tankbuster")] = 1
    from builder.systems.heroes.engine import effects
    effects.invalidate(state)
    plan = plan_assault(state, g, tank, sq(state, "D3"))
    assert plan.ok and [t.label for t in plan.attack_terms][-1] == "Tankbuster"
    assert plan.defence_terms[0].label == "combat bonus (secondary weapon)" and plan.defence_terms[0].value == 2


def test_assault_from_outside_the_firing_arc_suppresses_the_defender_first() -> None:
    state, n = make([
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "C3"},
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "C4", "facing": "s"},
    ])
    plan = plan_assault(state, state.units[n["g"]], state.units[n["mg"]], sq(state, "C3"))
    assert plan.outside_arc  # the MG's 180 degree arc faces south, the attack comes from the north
    activate(state, n["g"])
    state.dice = Scripted(1, 1, 6)
    events = apply(state, Action("assault", unit=n["g"], target=n["mg"], square=sq(state, "C3")))
    assert any(e.kind == "suppressed" and e.data["why"] == "assaulted outside its firing arc" for e in events)


def test_vehicles_ignore_zones_of_control() -> None:
    state, n = make([
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "B3", "facing": "e"},
        {"name": "r1", "unit": "us-rifles", "side": "us", "at": "C2"},
        {"name": "r2", "unit": "us-rifles", "side": "us", "at": "C4"},
    ])
    reach = vehicle_reach(state, state.units[n["ht"]])
    assert (sq(state, "D3"), 2) in reach and reach[(sq(state, "D3"), 2)] == 2  # between both squads


def test_limited_range_and_hawkeye() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "J1"},
    ])
    r, g = state.units[n["r"]], state.units[n["g"]]
    assert [t.value for t in plan_shot(state, r, 0, g).terms if "range" in t.label] == [-2]
    from builder.systems.heroes.engine import effects
    r.st.granted["hawkeye"] = 0
    effects.invalidate(state)
    assert not [t for t in plan_shot(state, r, 0, g).terms if "range" in t.label]
    r.st.granted["limited-range"] = 4
    effects.invalidate(state)
    plan = plan_shot(state, r, 0, g)
    assert not plan.ok and "Limited Range 4" in plan.reason


@pytest.mark.parametrize("die,face,suppressed,alive", [(1, 0, 0, True), (2, 0, 1, True), (4, 1, 0, True),
                                                         (6, 1, 1, True)])
def test_sniper_table(die: int, face: int, suppressed: int, alive: bool) -> None:
    state, n = make([
        {"name": "s", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A4"},
    ])
    state.units[n["s"]].st.granted["sniper"] = 0
    activate(state, n["s"])
    shot = Action("fire", unit=n["s"], weapon=0, target=n["g"], mode="sniper")
    assert shot in legal_actions(state)
    state.dice = Scripted(die)
    apply(state, shot)
    g = state.units[n["g"]]
    assert (g.face, g.suppressed, g.alive) == (face, suppressed, alive)


def test_an_opportunity_fire_card_lets_any_unactivated_unit_fire() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"},
    ])
    activate(state, n["g"])
    apply(state, Action("move", unit=n["g"], square=sq(state, "D5")))
    assert not state.pending  # open ground, no card: nothing to react with
    state.sides[0].hand = ["us-opportunity-fire"]
    activate(state, n["g"])
    apply(state, Action("move", unit=n["g"], square=sq(state, "D3")))
    shots = [a for a in legal_actions(state) if a.kind == "opfire"]
    assert shots and shots[0].mode == "us-opportunity-fire"
    state.dice = Scripted(1)
    apply(state, shots[0])
    assert state.sides[0].hand == [] and state.sides[0].discard == ["us-opportunity-fire"]
