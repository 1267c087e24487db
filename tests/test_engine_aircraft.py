"""Aircraft units in play (003 Battle for Normandy, Aviation Rules;
builder/systems/heroes/engine/features/aircraft.py): aircraft recruited with an Aircraft option
and their tile fly over the battlefield, take a token or a bluff, attack, drop their
bombs, and are fired at by anti-aircraft and machine-gun units with the speed penalty."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.engine.features import aircraft as air
from builder.systems.heroes.engine.state import rule_field, set_rule_field
from builder.systems.heroes.tools.terrain_coverage import terrain_rows

from engine_helpers import Scripted

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"
CW = [{"tile": "cw-north-nova-scotia"}, {"option": "cw-aircraft"}, {"tile": "cw-hawker-typhoon"}]
DE = [{"tile": "de-regiment-304"}, {"option": "de-flak-38", "on": "de-regiment-304"},
      {"option": "de-aircraft"}, {"tile": "de-focke-wulf"}]


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(BFN)


def game(seed: int = 3):  # type: ignore[no-untyped-def]
    return Rules.new_game(bfn(), "a-safari-in-normandy", seed=seed, armies=[CW, DE])


def plane(state, side: int):  # type: ignore[no-untyped-def]
    return next(u for u in state.units if u.side == side and u.type == "aircraft")


def named(state, name: str):  # type: ignore[no-untyped-def]
    return next(u for u in state.units if u.st.profile.name == name and u.alive)


def test_aircraft_fly_over_the_battlefield_and_take_a_token_as_the_orders_phase_starts():
    """Set-up deploys no aircraft; each aircraft with a target takes its side's highest
    numbered token (one fewer for the units), in plain sight."""
    state = game()
    typhoon, fw = plane(state, 0), plane(state, 1)
    assert typhoon.sq == -1 and fw.sq == -1 and typhoon.alive and fw.alive
    tokens = {u: t for u, t, _ in rule_field(state, air.SKY)}
    for side, a in ((0, typhoon), (1, fw)):
        orders = state.sides[side].orders
        assert tokens[a.id] == orders and orders not in state.sides[side].to_place
    assert air.in_plain_sight(state, typhoon)


def test_an_aircraft_with_nothing_to_attack_hides_in_the_clouds_with_a_bluff():
    state = game()
    for u in state.units:
        if u.side == 1 and u.type != "aircraft":
            u.concealed = True  # aircraft cannot spot concealed units
    cw_side = state.sides[0]
    typhoon = plane(state, 0)
    cw_side.to_place, cw_side.bluffs_left = [1, 2, 3], 1
    set_rule_field(state, air.SKY, ((plane(state, 1).id, air.BLUFF, 0),))  # the Fw 190 in the clouds
    air.place_orders(state)
    assert air.token_of(state, typhoon.id) == air.BLUFF and cw_side.bluffs_left == 0
    assert cw_side.to_place == [1, 2, 3] and not air.in_plain_sight(state, typhoon)


def test_the_aircraft_attacks_as_the_activation_phase_starts_with_no_range_or_sight_terms():
    """Aircraft always see units outside buildings: the attack carries the weapon's value,
    the target's defence and cover, and never a range, sight or long-range term."""
    state = game()
    fw = plane(state, 1)
    set_rule_field(state, air.SKY, ((fw.id, 4, 0),))
    set_rule_field(state, air.BOMBS, ((fw.id, 1),))  # its one bomb already dropped: a gun attack
    value, plan = air.best_attack(state, fw)
    assert value > 0 and plan.mode == air.AIRCRAFT
    labels = " ".join(t.label for t in plan.terms)
    assert "range" not in labels and "obscured" not in labels and "(aircraft)" in labels
    target = state.units[plan.target]
    assert target.side == 0 and target.sq >= 0 and not state.static.bf.terrain[target.sq].building
    state.dice = Scripted(6, 6, 6, 6)
    air.attack_all(state)
    (shot,) = [e.data for e in state.events if e.kind == "shot" and e.data["mode"] == air.AIRCRAFT]
    assert shot["unit"] == fw.id and shot["target"] == plan.target
    assert rule_field(state, air.SKY) == ((fw.id, 4, 1),)


def test_bombs_are_dropped_while_the_tiles_markers_last():
    """003 Bombs & Rockets: the Typhoon's two 1000 lb bombs, then its cannons only."""
    state = game()
    typhoon = plane(state, 0)
    assert air.bombs_left(state, typhoon) == 2
    for used in (1, 2):
        set_rule_field(state, air.BOMBS, ((typhoon.id, used),))
        assert air.bombs_left(state, typhoon) == 2 - used
    _, plan = air.best_attack(state, typhoon)
    assert plan.weapon == 0  # the 20mm cannons: no bomb left


def test_anti_aircraft_fire_at_an_aircraft_without_a_token_takes_the_standard_speed_penalty():
    """The Flak 38 (AAA) may fire at the Typhoon in plain sight with no token, at -2;
    the Bren gun (Machine Gunner) may not until the Typhoon has a numbered token."""
    state = game()
    typhoon, fw = plane(state, 0), plane(state, 1)
    set_rule_field(state, air.SKY, ((typhoon.id, air.NONE, 0), (fw.id, air.NONE, 0)))
    flak = named(state, "Flak 38")
    flak.face = 1  # deployed off its tripod: packed, it cannot fire
    assert not state.static.bf.terrain[flak.sq].building
    flak.order = 5
    shots = air.aa_actions(state, flak)
    assert [(a.target, a.mode) for a in shots] == [(typhoon.id, air.AT_AIRCRAFT)]
    plan = air.aa_plan(state, shots[0])
    assert [t.value for t in plan.terms if t.label == "speed penalty"] == [-2]
    assert not [t for t in plan.terms if "range" in t.label]

    set_rule_field(state, air.SKY, ((typhoon.id, air.BLUFF, 0), (fw.id, air.NONE, 0)))
    assert air.aa_actions(state, flak) == []  # in the clouds: never a target


def test_the_speed_penalty_is_the_difference_between_the_tokens_and_machine_gunners_need_one():
    """003 Speed Penalty examples: an aircraft on #3 fired at by a unit on #5 is at -2, on #2 at -1,
    on #3 at 0."""
    state = game()
    fw = plane(state, 1)
    gunner = named(state, "Bren Gun Team")
    assert not state.static.bf.terrain[gunner.sq].building
    assert air.aa_bonus(gunner, gunner.face_profile().weapons[0]) is None
    rifles = named(state, "Rifle Section")
    assert not any(air.may_fire_at_aircraft(rifles, w)[0] for w in rifles.face_profile().weapons)
    set_rule_field(state, air.SKY, ((fw.id, air.NONE, 0),))
    assert air.aa_actions(state, gunner) == []  # a machine gunner needs the aircraft to have an order
    set_rule_field(state, air.SKY, ((fw.id, 3, 0),))
    (shot,) = air.aa_actions(state, gunner)
    for token, penalty in ((5, 2), (2, 1), (3, 0)):
        gunner.order = token
        assert air.speed_penalty(state, token, fw) == penalty
        speed = [t.value for t in air.aa_plan(state, shot).terms if t.label == "speed penalty"]
        assert speed == ([-penalty] if penalty else [])


def test_an_aircraft_shot_down_is_eliminated_and_counted_as_lost():
    state = game()
    typhoon = plane(state, 0)
    set_rule_field(state, air.SKY, ((typhoon.id, air.NONE, 0),))
    flak = named(state, "Flak 38")
    flak.face, flak.order = 1, 1
    state.phase, state.queues = "activation", [[], []]
    state.current, state.fired, state.moved = flak.id, (), False
    state.to_act = state.turn_side = flak.side
    (shot,) = [a for a in legal_actions(state) if a.mode == air.AT_AIRCRAFT]
    state.dice = Scripted(6, 6)
    apply(state, shot, check=True)
    assert not typhoon.alive
    assert state.sides[0].losses.get("aircraft") == 1


def test_greedy_games_with_aircraft_play_to_the_end():
    from builder.kernel import make_player, play

    state = game(5)
    kinds: set[str] = set()
    play(state, [make_player("greedy", 5, 0), make_player("greedy", 5, 1)], max_decisions=20000,
         on_decision=lambda st, a, ev: kinds.update(e.kind for e in ev))
    assert state.is_over and {"aircraft-order", "aircraft-attack"} <= kinds


def test_coverage_lists_aircraft_units_as_played():
    (row,) = [r for r in terrain_rows() if r["id"] == "aircraft-units"]
    assert row["status"] == "partial" and "aircraft.py" in row["missing"]


def test_the_anti_aircraft_check_of_aviation_cards_counts_003_anti_aircraft_weapons():
    """The Flak 88's weapon carries 003's Anti-Aircraft: it adds 1 to the check against an
    aviation card, as a core AAA unit does."""
    from builder.systems.heroes.engine.features.aviation import anti_aircraft_bonus

    state = Rules.new_game(bfn(), "a-safari-in-normandy", seed=3,
                           armies=[CW, [{"tile": "de-regiment-304"}, {"unit": "de-flak-88"}]])
    flak88 = named(state, "Flak 88 battery")
    assert flak88.sq >= 0 and anti_aircraft_bonus(state, 1) == 1


def test_an_aircraft_fires_at_another_only_with_a_machine_gun_and_when_that_one_has_a_token():
    """The Fw 190's MG 151 (Machine Gunner) may fire at the Typhoon with a numbered token,
    never at one with none; the Typhoon's 20mm cannons (no Machine Gunner) never at aircraft."""
    state = game()
    typhoon, fw = plane(state, 0), plane(state, 1)
    for u in state.units:
        if u.type != "aircraft":
            u.concealed = True  # nothing on the ground to attack
    set_rule_field(state, air.SKY, ((typhoon.id, 2, 0), (fw.id, 4, 0)))
    value, plan = air.best_attack(state, fw)
    assert (plan.target, plan.weapon) == (typhoon.id, 0)
    assert [t.value for t in plan.terms if t.label == "speed penalty"] == [-2]
    set_rule_field(state, air.SKY, ((typhoon.id, air.NONE, 0), (fw.id, 4, 0)))
    assert air.best_attack(state, fw) is None
    set_rule_field(state, air.SKY, ((typhoon.id, 2, 0), (fw.id, 4, 0)))
    set_rule_field(state, air.BOMBS, ((typhoon.id, 2),))
    assert air.best_attack(state, typhoon) is None


def test_an_army_list_brings_its_aircraft_tile_into_the_game():
    """An army list with an aircraft's recruitment tile (its Aircraft option on the high
    command) fields the aircraft over the battlefield, never on it."""
    from builder.systems.heroes.army.model import ArmyList, TileEntry

    army = ArmyList(name="cw with a Spitfire", faction="cw", points=595,
                    tiles=[TileEntry(tile="cw-north-nova-scotia"), TileEntry(tile="cw-spitfire")])
    state = Rules.new_game(bfn(), "a-safari-in-normandy", seed=2, armies=[army, None])
    spitfire = plane(state, 0)
    assert spitfire.st.profile.id == "cw-spitfire" and spitfire.sq == -1 and spitfire.alive
    assert air.token_of(state, spitfire.id) == state.sides[0].orders  # a target in sight: the highest token


def test_smoke_over_a_ground_unit_hinders_shots_between_it_and_an_aircraft():
    """003 Smoke warning: the smoke penalty on the aircraft's shot at a unit under the
    pattern, and on that unit's shot at an aircraft."""
    from builder.systems.heroes.board.intersections import covering
    from builder.systems.heroes.engine.smoke import lay

    state = game()
    typhoon = plane(state, 0)
    flak = named(state, "Flak 38")
    flak.face, flak.order = 1, 3
    set_rule_field(state, air.SKY, ((typhoon.id, 5, 0),))
    shot = Action("fire", unit=flak.id, weapon=0, target=typhoon.id, mode=air.AT_AIRCRAFT)
    assert not [t for t in air.aa_plan(state, shot).terms if t.label.startswith("smoke")]
    lay(state, covering(state.static.bf, flak.sq, 1)[0], 1)
    assert [t.value for t in air.aa_plan(state, shot).terms if t.label.startswith("smoke")] == [-4]
    fw = plane(state, 1)
    plan = air._ground_plan(state, fw, 0, flak)
    assert [t.value for t in plan.terms if t.label.startswith("smoke")] == [-4]
