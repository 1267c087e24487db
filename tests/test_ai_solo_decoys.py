"""Decoy counters on the battlefield in the Solo game mode (002 Solo Mode, 2.4 Anonymous
Unit Counters, 2.5 Deployment, 3.2 Reveal a Concealed Unit; builder.engine.decoys)."""

from __future__ import annotations

import pytest

from builder.ai.players import parse_spec
from builder.ai.solo_mode import reaction
from builder.ai.solo_mode.decoys import DECOY_ID
from builder.ai.solo_mode.rules import SoloModeRules
from builder.content.loader import load_pack
from builder.engine.actions import Action
from builder.engine.decoys import discard
from builder.engine.objectives import presence
from builder.engine.unit_actions import do_assault, fire_actions
from builder.engine.victory import has_forces


@pytest.fixture(scope="module")
def core():
    return load_pack()


def family_meeting(core, seed: int = 1):
    return SoloModeRules.new_game(core, "family-meeting-1", seed=seed,
                                  options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})


def move_to(state, u, sq: int) -> None:
    state.set_occupant(u.sq, -1)
    u.sq = sq
    state.set_occupant(sq, u.id)


def tally(state) -> tuple:
    """Everything a loss would change: victory points, losses, breaking points, the
    danger gauge, the reinforcements bag, the units counted as lost by the Solo rules."""
    solo = state.variant
    return ([s.vp for s in state.sides], [dict(s.losses) for s in state.sides], [list(s.lost) for s in state.sides],
            solo.gauge.position, list(solo.bag), set(solo.counted))


def test_decoys_are_deployed_face_down_with_the_anonymous_counters(core):
    """Family Meeting 1: 7 anonymous and 1 numbered counters call for 2 decoys, deployed
    in the AI's zone, concealed, each holding its square."""
    state = family_meeting(core)
    rules, solo = state.rules, state.variant
    assert solo.forces.decoys == 2 and len(solo.decoys) == 2
    for uid in solo.decoys:
        u = state.units[uid]
        assert u.st.decoy and u.side == rules.ai and u.concealed and u.active
        assert u.sq in solo.zone and state.occ[u.sq] == uid
        assert u.st.profile.id == DECOY_ID and u.face_profile().stars == 0
        assert u.type == "infantry" and u.face_profile().weapons  # it shows what an anonymous unit shows
    assert not set(solo.decoys) & set(solo.forces.bagged + solo.forces.particular)
    tokens = rules.order_tokens_for(state, rules.ai)
    for uid in solo.decoys:
        state.units[uid].alive = False
    assert rules.order_tokens_for(state, rules.ai) == tokens  # no stars: no order token


def test_a_spotted_decoy_leaves_the_map_and_no_loss_is_counted(core):
    state = family_meeting(core)
    rules = state.rules
    decoy = state.units[state.variant.decoys[0]]
    square = decoy.sq
    spotter = next(u for u in state.units if u.side == rules.player and u.type == "infantry" and u.active)
    move_to(state, spotter, next(sq for sq in state.bf.adjacent(square) if state.occ[sq] < 0))
    before = tally(state)
    state.events = []
    rules.spot(state)
    assert not decoy.alive and decoy.sq < 0 and state.occ[square] < 0 and not decoy.concealed
    assert [e.kind for e in state.events if e.data.get("unit") == decoy.id] == ["decoy-revealed"]
    assert tally(state) == before
    assert rules.rules_fired["solo/decoy-revealed"] >= 1


def test_a_concealed_decoy_cannot_be_shot_but_can_be_assaulted(core):
    """000 core rules, Ambush: a concealed counter cannot be targeted, can be assaulted;
    an assaulted decoy is discarded and the assault ends, the attacker on its square."""
    state = family_meeting(core)
    rules = state.rules
    decoy = state.units[state.variant.decoys[0]]
    shooters = [u for u in state.units if u.side == rules.player and u.active]
    assert all(a.target != decoy.id for u in shooters for a in fire_actions(state, u, moving=False))
    attacker = next(u for u in shooters if u.type == "infantry")
    launch = next(sq for sq in state.bf.adjacent(decoy.sq) if state.occ[sq] < 0)
    move_to(state, attacker, launch)
    before = tally(state)
    do_assault(state, Action("assault", unit=attacker.id, target=decoy.id, square=launch))
    assert not decoy.alive and attacker.sq == launch and attacker.alive
    assert tally(state) == before


def test_a_decoy_picked_by_a_reaction_effect_ends_the_effect(core):
    """002, Tactical Movement / Place an Order: a decoy picked is revealed, discarded,
    and the effect does nothing else (an order token goes with it)."""
    state = family_meeting(core)
    rules = state.rules
    first, second = state.variant.decoys
    for u in state.units:
        if u.side == rules.ai and u.id != first:
            u.activated = True  # only the first decoy is left to pick
    others = [(u.id, u.sq, u.order) for u in state.units if u.id != first]
    assert reaction.tactical_movement(rules, state) == "decoy"
    assert not state.units[first].alive
    assert [(u.id, u.sq, u.order) for u in state.units if u.id != first] == others
    state.units[second].activated = False
    tokens = list(state.variant.available)
    assert reaction.place_order(rules, state) == "decoy"
    assert state.variant.available == tokens[1:] and not state.queues[rules.ai]
    assert not state.units[second].alive


def test_an_activated_decoy_is_discarded_and_its_activation_ends(core):
    """002, 3.2 Reveal an AI Order Token: a decoy activated ends its activation; its
    counter and the numbered token are discarded."""
    state = family_meeting(core)
    rules = state.rules
    decoy = state.units[state.variant.decoys[0]]
    decoy.order = 1
    state.phase, state.current, state.queues = "activation", decoy.id, [[], []]
    before = tally(state)
    state.events = []
    rules.on_before_activation(state, rules.ai)
    assert not decoy.alive and decoy.order < 0 and state.current != decoy.id
    assert [e.data["why"] for e in state.events if e.kind == "decoy-revealed"] == ["activated"]
    assert tally(state)[:3] == before[:3]


def test_a_decoy_neither_controls_objectives_nor_keeps_its_side_in_the_game(core):
    state = family_meeting(core)
    rules = state.rules
    decoy = state.units[state.variant.decoys[0]]
    objective = state.static.objectives[0][1]
    for sq in (objective, *state.bf.adjacent(objective)):
        if state.occ[sq] >= 0:
            state.units[state.occ[sq]].sq = -1
            state.set_occupant(sq, -1)
    move_to(state, decoy, objective)
    assert presence(state, objective) == set()
    for u in state.units:
        if u.side == rules.ai and not u.st.decoy:
            u.alive = False
    assert not has_forces(state, rules.ai)


def test_the_player_side_cannot_tell_a_decoy_from_an_anonymous_unit(core):
    """The greedy and random players see what a concealed counter shows: their legal
    actions and the greedy scores are the same whether a counter is a decoy or not."""
    from builder.ai.players import get_player
    from builder.engine.unit_actions import move_actions

    state = family_meeting(core)
    rules = state.rules
    decoy = state.units[state.variant.decoys[0]]
    attacker = next(u for u in state.units if u.side == rules.player and u.type == "infantry"
                    and u.ability("assault") is not None)
    move_to(state, attacker, next(sq for sq in state.bf.adjacent(decoy.sq) if state.occ[sq] < 0))
    greedy = get_player("greedy", 1, rules.player)

    def seen() -> tuple:
        actions = move_actions(state, attacker, assaults=True) + fire_actions(state, attacker, moving=False)
        return [a.to_dict() for a in actions], greedy.scores(state, actions)

    as_decoy = seen()
    assert any(a["kind"] == "assault" and a["target"] == decoy.id for a in as_decoy[0])
    decoy.st.decoy = False
    try:
        assert seen() == as_decoy
    finally:
        decoy.st.decoy = True


def test_a_clone_keeps_the_decoys_and_the_hash(core):
    state = family_meeting(core)
    copy = state.clone()
    assert copy.state_hash() == state.state_hash()
    assert [u.id for u in copy.units if u.st.decoy] == state.variant.decoys
    uid = state.variant.decoys[0]
    discard(copy, copy.units[uid], "test")  # the copy's decoy goes; the original's stays
    assert state.units[uid].active and state.occ[state.units[uid].sq] == uid
    assert copy.state_hash() != state.state_hash()


def test_playtest_records_leave_decoys_out_and_replay_identically(core):
    from builder.playtest.game import play_game

    specs = [parse_spec("greedy"), parse_spec("solo-mode:aggressive:medium")]
    a = play_game(core, "family-meeting-1", 4, specs)
    assert a == play_game(core, "family-meeting-1", 4, specs)
    for table in ("fielded", "losses", "kills"):
        assert not any(DECOY_ID in str(counts) for counts in a[table].values())
