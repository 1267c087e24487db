"""Decoy counters on the battlefield in the Solo game mode (002 Solo Mode, 2.4 Anonymous
Unit Counters, 2.5 Deployment, 3.2 Reveal a Concealed Unit; builder.systems.heroes.engine.decoys)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai.players import parse_spec
from builder.systems.heroes.engine.solo_mode import reaction
from builder.systems.heroes.engine.solo_mode.decoys import DECOY_ID
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.decoys import discard
from builder.systems.heroes.engine.objectives import presence
from builder.systems.heroes.engine.unit_actions import do_assault, fire_actions
from builder.systems.heroes.engine.victory import has_forces


@pytest.fixture(scope="module")
def core():
    return load_pack()


def family_meeting(core, seed: int = 1):
    """Family Meeting 2: the AI deploys in its zone (chapter 1 brings it on by arrows)."""
    return SoloModeRules.new_game(core, "family-meeting-2", seed=seed,
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


def _only_free(state, uid: int) -> None:
    for u in state.units:
        if u.side == state.rules.ai and u.id != uid:
            u.activated = True


def test_a_decoy_picked_for_a_tactical_movement_moves_unseen(core):
    """002, 3.2 Tactical Movement: a concealed counter picked is revealed only if spotted;
    with no enemy unit left to see it, the decoy moves like any counter, face down."""
    state = family_meeting(core)
    rules = state.rules
    first = state.variant.decoys[0]
    _only_free(state, first)
    for u in state.units:
        if u.side == rules.player and u.active:
            state.set_occupant(u.sq, -1)
            u.sq = -1
    start = state.units[first].sq
    assert reaction.tactical_movement(rules, state) == "done"
    decoy = state.units[first]
    assert decoy.alive and decoy.concealed and decoy.activated and decoy.sq != start


def test_a_decoy_spotted_after_its_tactical_movement_is_discarded(core):
    """002, 3.2 Tactical Movement: the decoy moves; an enemy unit two squares or less
    away spots it, so it is turned over and discarded, and the effect ends."""
    state = family_meeting(core)
    rules, solo = state.rules, state.variant
    first = solo.decoys[0]
    _only_free(state, first)
    enemy = next(u for u in state.units if u.side == rules.player and u.active)

    class NextToTheEnemy(type(solo.brain)):  # one choice overridden, as a variant would
        def destination(self, st, uid, moves, **_):  # type: ignore[no-untyped-def]
            near = [m for m in moves if st.static.bf.distance(m.square, enemy.sq) <= 2]
            return near[0] if near else None

    decoy = state.units[first]
    free = next(sq for sq in state.bf.adjacent(decoy.sq) if state.occ[sq] < 0)
    for k in state.bf.adjacent(free):
        if state.occ[k] < 0 and k != decoy.sq and state.bf.enterable(k, enemy.type, False):
            state.set_occupant(enemy.sq, -1)
            enemy.sq = k
            state.set_occupant(k, enemy.id)
            break
    old = solo.brain
    solo.brain = NextToTheEnemy(old.tables, old.side, old.attitude, old.rng, old.fired)
    assert reaction.tactical_movement(rules, state) == "decoy"
    assert not decoy.alive and decoy.sq == -1
    assert any(e.kind == "decoy-revealed" and e.data["unit"] == first for e in state.events)


def test_a_numbered_token_placed_on_a_decoy_waits_for_its_reveal(core):
    """002, 3.2 Place an Order / Reveal an AI Order Token: the token goes on the counter
    picked; a decoy is only found out when its token is revealed."""
    state = family_meeting(core)
    rules = state.rules
    second = state.variant.decoys[1]
    _only_free(state, second)
    tokens = list(state.variant.available)
    assert reaction.place_order(rules, state) == "done"
    assert state.units[second].order == tokens[0] and state.units[second].alive
    assert state.queues[rules.ai] == [(tokens[0], second)]


def test_tables_5_3_and_5_4_may_pick_a_decoy(core):
    """002, 5.3 and 5.4 pick among counters without looking under them: a decoy offers
    the shots its face seems to allow; picked to fire, it is spotted by the attack,
    discarded, and the effect ends with no shot fired."""
    state = family_meeting(core)
    rules = state.rules
    first = state.variant.decoys[0]
    _only_free(state, first)
    decoy = state.units[first]
    enemy = next(u for u in state.units if u.side == rules.player and u.active and u.type == "infantry")
    near = next(sq for sq in state.bf.adjacent(decoy.sq) if state.occ[sq] < 0
                and state.bf.enterable(sq, "infantry", False))
    state.set_occupant(enemy.sq, -1)
    enemy.sq = near
    state.set_occupant(near, enemy.id)
    assert not fire_actions(state, decoy, moving=False)
    assert fire_actions(state, decoy, moving=False, counter=True)
    mark = len(state.events)
    assert reaction.firing(rules, state) == "decoy"
    assert not decoy.alive and enemy.alive
    assert not any(e.kind in ("fired", "shot") for e in state.events[mark:])


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
    from builder.systems.heroes.ai.players import get_player
    from builder.systems.heroes.engine.unit_actions import move_actions

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
    from builder.systems.heroes.playtests.game import play_game

    specs = [parse_spec("greedy"), parse_spec("solo-mode:aggressive:medium")]
    a = play_game(core, "family-meeting-1", 4, specs)
    assert a == play_game(core, "family-meeting-1", 4, specs)
    for table in ("fielded", "losses", "kills"):
        assert not any(DECOY_ID in str(counts) for counts in a[table].values())


def test_a_decoy_shows_the_abilities_of_the_face_it_copies(core):
    """002, 2.4 Anonymous Unit Counters: a decoy must not be told from the others by
    reading it. Its face shows the copied counter's abilities to the Solo tables
    (builder.systems.heroes.engine.decoys.shown_abilities), yet the engine gives it none to use."""
    from builder.systems.heroes.ai.solo_mode.view import EngineView
    from builder.systems.heroes.engine.ambush import revealed_face
    from builder.systems.heroes.engine.decoys import shown_abilities

    state = family_meeting(core)
    rules = state.rules
    view = EngineView(state, rules.ai, "aggressive")
    for uid in state.variant.decoys:
        decoy = state.units[uid]
        shown = shown_abilities(decoy)
        assert decoy.face_profile().abilities == {}
        for name in shown:
            assert decoy.ability(name) is None and view.has_ability(uid, name)
    copied = [shown_abilities(state.units[uid]) for uid in state.variant.decoys]
    faces = [state.units[uid].st.profile.faces[revealed_face(state.units[uid])].abilities
             for uid in state.variant.forces.bagged + state.variant.forces.particular]
    assert all(c in faces for c in copied) and any(copied)  # Family Meeting 2's squads show abilities
