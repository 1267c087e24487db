"""The Solo Mode reinforcements bag filled at set-up (002 Solo Mode, Set Up > Reinforcements
Bag and Units Set Up Example; Description of the Effects > Reinforcements)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.systems.heroes.ai.players import parse_spec
from builder.systems.heroes.engine.solo_mode import reaction
from builder.systems.heroes.engine.solo_mode.reinforcements import anti_tank, bag_size, choose
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import BUNDLED_CONTENT, load_pack
from builder.systems.heroes.engine.damage import eliminate
from builder.kernel.events import Event
from builder.systems.heroes.engine.victory import has_forces, holds
from builder.systems.heroes.playtests.game import play_game
from builder.systems.heroes.validation import validate_pack

OPTIONS = {"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"}


@pytest.fixture(scope="module")
def core():
    return load_pack()


def family_meeting(core, chapter: int = 1, seed: int = 1):
    return SoloModeRules.new_game(core, f"family-meeting-{chapter}", seed=seed, options=OPTIONS)


def with_bag(core, monkeypatch, units: list[str]):
    """Family Meeting 1 whose scenario names the bag's units."""
    scenario = core.items["scenarios"]["family-meeting-1"]
    solo = scenario.solo.model_copy(update={"reinforcements": units})
    monkeypatch.setitem(core.items["scenarios"], "family-meeting-1", scenario.model_copy(update={"solo": solo}))
    return family_meeting(core)


def test_the_bag_holds_the_scenarios_minimum_at_set_up(core):
    """Family Meeting 1 asks for at least 3 units: counter-sized infantry of the AI's
    faction, off the battlefield, face down, none of the stack's units, no scout."""
    state = family_meeting(core)
    rules, solo = state.rules, state.variant
    assert len(solo.bag) == bag_size(state.static.scenario.solo) == 3
    stack = set(solo.forces.bagged + solo.forces.particular + solo.forces.scouts + solo.decoys)
    for uid in solo.bag:
        u = state.units[uid]
        assert u.bagged and u.st.reinforcement and u.st.set_aside and uid not in stack
        assert u.side == rules.ai and u.sq < 0 and not u.active and u.concealed
        assert u.type == "infantry" and u.st.profile.footprint == 1 and u.ability("scout") is None
        assert u.st.group == -1 and u.st.granted == {}


def test_the_policy_favours_the_tiles_unused_options_then_the_collection(core):
    """FM2's army leaves Regiment 304's Panzergrenadiere option unbought: its three squads
    fill the bag. FM1 bought both of the regiment's options and the common options bring
    no infantry: the bag takes more of the regiment's own squads (combat groups first)."""
    fm2 = family_meeting(core, 2)
    assert [fm2.units[uid].st.profile.id for uid in fm2.variant.bag] == ["de-panzergrenadiere"] * 3
    fm1 = family_meeting(core, 1)
    assert [fm1.units[uid].st.profile.id for uid in fm1.variant.bag] == \
        ["de-assault-group", "de-assault-group", "de-panzergrenadiere"]


def test_against_heavy_vehicles_one_bag_unit_can_hurt_them(core):
    """002: facing heavy vehicles, try to bag an infantry unit effective against them."""
    args = (core, "de", frozenset({"de-2-panzer"}), frozenset({"de-panzergrenadiere", "de-assault-group"}),
            frozenset(), [], 3)
    plain, against = choose(*args, against_heavy=False), choose(*args, against_heavy=True)
    assert not any(anti_tank(core.items["units"][u]) for u in plain)
    assert against[0] == "de-901-panzerschreck-team" and against[1:] == plain[:2]


def test_bagged_units_count_for_nothing(core, monkeypatch):
    """No order token until drawn (Major Brassert's star counts once he is on the
    battlefield), no forces, not destroyed."""
    plain = family_meeting(core)
    state = with_bag(core, monkeypatch, ["de-major-brassert"])
    rules, solo = state.rules, state.variant
    rules.enter_waiting(state)  # the units off the battlefield come on (2.5 Other Units)
    brassert = solo.bag[0]
    assert state.units[brassert].st.profile.faces[0].stars == 1
    assert rules.order_tokens_for(state, rules.ai) == plain.rules.order_tokens_for(plain, rules.ai)
    for u in state.units:
        if u.side == rules.ai and u.active:
            state.set_occupant(u.sq, -1)
            u.alive = False
    assert not has_forces(state, rules.ai), "units in the bag are not on the battlefield"
    cond = type("C", (), {"destroyed": type("D", (), {"unit": "de-assault-group", "side": "de"})()})()
    assert holds(state, cond), "the bag's assault groups do not keep the army's from being destroyed"
    alone = rules.order_tokens_for(state, rules.ai)
    solo.bag[:] = [brassert]
    assert rules.reinforce(state) and has_forces(state, rules.ai)
    assert rules.order_tokens_for(state, rules.ai) > alone


def test_a_reinforcements_effect_deploys_a_bag_unit_before_any_ai_loss(core):
    state = family_meeting(core)
    rules, solo = state.rules, state.variant
    assert not solo.counted and state.sides[rules.ai].losses == {}
    bag = list(solo.bag)
    state.events = []
    assert reaction.resolve_effect(rules, state, "reinforcements") == "done"
    drawn = next(uid for uid in bag if uid not in solo.bag)
    u = state.units[drawn]
    assert len(solo.bag) == 2 and u.active and u.concealed and not u.bagged
    assert u.sq in solo.zone and state.occ[u.sq] == drawn
    assert [e.data for e in state.events if e.kind == "reinforcement"] == [{"unit": drawn, "square": u.sq}]
    assert rules.rules_fired["solo/reinforcement:set-up-unit"] == 1
    assert has_forces(state, rules.ai)


def test_the_draw_uses_the_solo_stream(core):
    """Same seed, same draws; the bag's order is the Solo apparatus's, not the dice's."""
    draws = []
    for _ in range(2):
        state = family_meeting(core, seed=7)
        rules = state.rules
        for _ in range(3):
            rules.reinforce(state)
        draws.append([(e.data["unit"], e.data["square"]) for e in state.events if e.kind == "reinforcement"])
    assert draws[0] == draws[1] and len(draws[0]) == 3


def test_a_particular_unit_goes_in_as_a_numbered_anonymous_counter(core, monkeypatch):
    """The Units Set Up Example: Heinrich (a hero) goes in the bag as numbered counter 4
    after the stack's 1-3; here Major Brassert follows Oberleutnant Berger's 1. Drawn, it
    deploys face down with its marker; destroyed, it does not go back in the bag."""
    state = with_bag(core, monkeypatch, ["de-major-brassert"])
    rules, solo = state.rules, state.variant
    rules.enter_waiting(state)  # the units off the battlefield come on (2.5 Other Units)
    names = [state.units[uid].st.profile.id for uid in solo.bag]
    assert names[0] == "de-major-brassert" and len(names) == 3
    brassert = solo.bag[0]
    assert solo.forces.markers[brassert] == 2 and list(solo.forces.markers.values()) == [1, 2]
    solo.bag[:] = [brassert]
    state.events = []
    assert rules.reinforce(state)
    assert [e.data.get("marker") for e in state.events if e.kind == "reinforcement"] == [2]
    u = state.units[brassert]
    assert u.concealed and u.active
    eliminate(state, u, "test")
    rules._count_losses(state, [Event("eliminated", {"unit": brassert})], 0)
    assert brassert not in solo.bag and brassert in solo.counted


def test_destroyed_infantry_still_feeds_the_bag(core):
    state = family_meeting(core)
    rules, solo = state.rules, state.variant
    uid = solo.forces.bagged[0]
    eliminate(state, state.units[uid], "test")
    rules._count_losses(state, [Event("eliminated", {"unit": uid})], 0)
    assert solo.bag[-1] == uid and len(solo.bag) == 4
    solo.bag[:] = [uid]
    assert rules.reinforce(state) and state.units[uid].active
    assert rules.rules_fired["solo/reinforcement:destroyed-unit"] == 1


def test_bagged_units_are_neither_losses_nor_survivors_in_playtests(core):
    """The playtest report fields a bag unit once drawn, and only then."""
    specs = [parse_spec("greedy"), parse_spec("solo-mode:aggressive:medium")]
    drawn_somewhere = False
    for seed in range(1, 9):
        row = play_game(core, "family-meeting-1", seed, specs)
        state = family_meeting(core, seed=seed)
        base = sum(1 for u in state.units if u.side == 1 and not u.st.decoy and not u.st.reinforcement)
        drawn = row["rules"].get("solo/reinforcement:set-up-unit", 0)
        drawn_somewhere = drawn_somewhere or drawn > 0
        assert sum(row["fielded"]["de"].values()) == base + drawn
        for unit, lost in row["losses"]["de"].items():
            assert lost <= row["fielded"]["de"][unit]
    assert drawn_somewhere


def test_clone_and_hash_keep_the_bag(core):
    state = family_meeting(core)
    copy = state.clone()
    assert copy.state_hash() == state.state_hash()
    assert [u.bagged for u in copy.units] == [u.bagged for u in state.units]


def test_scenario_bag_units_are_validated(tmp_path: Path):
    """An unknown unit is a dangling reference (C302); another faction's is C316; both
    located at the list's entry."""
    pack = tmp_path / "core"
    shutil.copytree(BUNDLED_CONTENT / "core", pack)
    path = pack / "scenarios" / "family-meeting-1.yaml"
    text = path.read_text()
    path.write_text(text.replace("  reinforcements_min: 3\n",
                                 "  reinforcements_min: 3\n  reinforcements: [de-panzergrenadire, us-rifle-squad]\n"))
    line = next(i for i, s in enumerate(path.read_text().splitlines(), start=1) if "reinforcements: [" in s)
    found = {(d.code, d.line) for d in validate_pack(pack).diagnostics if d.file.endswith("family-meeting-1.yaml")}
    assert ("C302", line) in found and ("C316", line) in found


def test_a_bigger_bag_takes_guns_and_characters_beyond_three_infantry_units(core):
    """002, Reinforcements Bag and its example (a hero and a gun go in as numbered
    counters): the first three units are infantry; past them the policy's ranking may
    take a gun or a character, each a particular unit."""
    from builder.systems.heroes.engine.solo_mode.reinforcements import particular

    units = core.items["units"]
    args = (core, "de", frozenset({"de-2-panzer"}), frozenset(), frozenset(), [])
    small = choose(*args, 3, against_heavy=False)
    assert all(units[u].type.value == "infantry" for u in small)
    big = choose(*args, 12, against_heavy=False)
    assert big[:3] == small and len(big) == 12
    assert all(units[u].type.value == "infantry" for u in big[:3])
    assert any(particular(units[u]) for u in big), big


def test_a_character_bagged_gets_a_numbered_marker(core, monkeypatch):
    """A particular unit put in the bag goes in as the next numbered anonymous counter."""
    state = with_bag(core, monkeypatch, ["de-major-brassert"])
    solo = state.variant
    brassert = solo.bag[0]
    assert solo.forces.markers[brassert] == max(solo.forces.markers.values())


def test_a_drawn_unit_may_deploy_inside_a_transport_vehicle(core):
    """002, 2.5 > Infantry Units (stacked in a Transport vehicle for deployment) and
    Reinforcements (deployed by the deployment rules): with every square of the zone
    taken but a vehicle with room, the drawn unit deploys inside it."""
    state = family_meeting(core, 2)
    rules, solo = state.rules, state.variant
    vehicle = next(state.units[v] for v in solo.forces.vehicles if state.units[v].ability("transport"))
    for p in [u for u in state.units if u.carried_by == vehicle.id]:
        p.carried_by, p.alive = -1, False
    for sq in solo.zone:  # fill the zone: only the vehicle is left
        if state.occ[sq] < 0:
            state.set_occupant(sq, 10_000)
    solo.bag[:] = solo.bag[:1]
    drawn = solo.bag[0]
    assert rules.reinforce(state)
    u = state.units[drawn]
    assert u.carried_by == vehicle.id and u.sq < 0 and u.alive and not u.bagged
    event = next(e for e in reversed(state.events) if e.kind == "reinforcement")
    assert event.data["vehicle"] == vehicle.id
