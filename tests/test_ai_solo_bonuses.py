"""Solo Mode tactical bonus effects (002 Solo Mode, Set Up > Tactical Bonus Descriptions):
Trap, Resupply, Reinforcements, Advantage and Opportunistic, for the AI and the player,
on the bundled Family Meeting 1 (US player, German AI)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.engine.solo_mode import bonuses
from builder.systems.heroes.engine.solo_mode.resupply import ai_takes_back_one, spent
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.engine.solo_mode.trap import trap_plan
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import apply, legal_actions
from builder.systems.heroes.engine.damage import eliminate
from builder.systems.heroes.engine.markers import LIFE_POINT, add, count
from builder.systems.heroes.engine.markers import MARKERS
from builder.systems.heroes.engine.state import set_rule_field


@pytest.fixture(scope="module")
def core():
    return load_pack()


def new_game(core, seed=2):
    """Family Meeting 1 with the German units already come on by their arrows (as in
    the first supply phase: 002 Solo Mode, 2.5 Other Units)."""
    state = SoloModeRules.new_game(core, "family-meeting-1", seed=seed,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "hard"})
    state.rules.enter_waiting(state)
    return state


def move_to(state, unit, sq):
    """Put ``unit`` on the empty square ``sq`` (test set-up)."""
    assert state.occ[sq] < 0
    if unit.sq >= 0:
        state.set_occupant(unit.sq, -1)
    unit.sq = sq
    state.set_occupant(sq, unit.id)


def infantry(state, side):
    return [u for u in state.units if u.side == side and u.type == "infantry" and u.active]


def trap_values(core):
    return core.items["tactical_bonuses"]["trap"].combat


def test_the_trap_token_carries_placeholder_combat_values(core):
    token = core.items["tactical_bonuses"]["trap"]
    assert token.placeholder and token.combat.infantry == 3 and token.combat.heavy_vehicle == "X"


def open_square_with_free_neighbours(state, needed):
    bf = state.bf

    def free(sq):
        return state.occ[sq] < 0 and bf.enterable(sq, "infantry", False)

    for sq in range(bf.size):
        around = [a for a in bf.adjacent(sq) if free(a)]
        alone = all(state.occ[a] < 0 for a in bf.adjacent(sq))
        if free(sq) and alone and len(around) >= needed:
            return sq, around
    raise AssertionError("no open ground")


def test_trap_attacks_every_unit_next_to_it_of_either_side(core):
    """Trap: all adjacent units take a hit with the token's values, whoever they are."""
    state = new_game(core)
    rules = state.rules
    us, de = infantry(state, rules.player)[1], infantry(state, rules.ai)[2]
    token, around = open_square_with_free_neighbours(state, 2)
    move_to(state, us, around[0])
    move_to(state, de, around[1])
    state.events = []
    bonuses.spring_trap(state, token)
    trap = [e for e in state.events if e.kind == "trap"]
    shots = [e.data for e in state.events if e.kind == "shot"]
    assert trap and sorted(trap[0].data["units"]) == sorted([us.id, de.id])
    assert sorted(s["target"] for s in shots) == sorted([us.id, de.id])
    assert all(s["unit"] == -1 and s["mode"] == "trap" for s in shots)
    assert not de.concealed, "the German's anonymous counter is turned over"


def test_a_player_unit_taking_the_trap_springs_it(core):
    state = new_game(core)
    rules = state.rules
    us = infantry(state, rules.player)[1]
    token, around = open_square_with_free_neighbours(state, 1)
    move_to(state, us, around[0])
    state.variant.bonuses = {token: "trap"}
    state.events = []
    bonuses.check_taken(rules, state)
    assert not state.variant.bonuses
    assert [e.data["target"] for e in state.events if e.kind == "shot"] == [us.id]
    assert rules.rules_fired["tactical-bonus/trap:player"] == 1


def test_trap_plan_reads_the_tokens_values_and_the_terrain(core):
    state = new_game(core)
    us = infantry(state, state.rules.player)[0]
    plan = trap_plan(state, us, trap_values(core))
    face = us.st.profile.faces[us.face]
    bonus = state.bf.terrain[us.sq].defence_bonus or 0
    assert plan.ok and plan.firer == -1
    assert plan.modifier == 3
    assert plan.defence_total == int(face.defence) + bonus


def test_ai_resupply_takes_back_one_marker_grenades_first(core):
    """Resupply (AI): one spent marker a turn, grenades before ammo."""
    state = new_game(core)
    ai = state.rules.ai
    side = state.sides[ai]
    side.equipment[(0, "grenade")] = 1
    assert spent(state, ai) == {(0, "grenade"): 2}
    assert ai_takes_back_one(state, ai) == "grenade"
    assert side.equipment[(0, "grenade")] == 2
    assert ai_takes_back_one(state, ai) == "grenade"
    assert ai_takes_back_one(state, ai) is None, "nothing spent: nothing taken back"
    assert side.equipment[(0, "veteran")] == 3, "a character trait is not gear"


def test_ai_resupply_works_each_order_phase_from_the_dashboard(core):
    state = new_game(core)
    rules = state.rules
    state.variant.dashboard = []
    bonuses.ai_takes(rules, state, "resupply")
    assert state.variant.dashboard == ["resupply"]
    state.sides[rules.ai].equipment[(0, "grenade")] = 0
    for left in (1, 2):
        bonuses.ai_resupply(rules, state)
        assert state.sides[rules.ai].equipment[(0, "grenade")] == left


def test_player_resupply_is_held_then_takes_back_every_marker_of_one_option(core):
    """Resupply (player): discarded in an order phase for all the spent markers of the
    gear option with most spent."""
    state = new_game(core)
    rules = state.rules
    side = state.sides[rules.player]
    bonuses.player_takes(rules, state, "resupply")
    bonuses.player_resupply(rules, state)
    assert state.variant.player_tokens == ["resupply"], "kept while nothing is spent"
    side.equipment[(0, "grenade")] = 2
    side.equipment[(0, "ammo")] = 0
    bonuses.player_resupply(rules, state)
    assert side.equipment[(0, "ammo")] == 3 and side.equipment[(0, "grenade")] == 2
    assert state.variant.player_tokens == []


def test_player_reinforcements_bring_back_a_destroyed_infantry_unit(core):
    """Reinforcements (player): in a supply phase, a destroyed infantry unit comes
    back in the player's deployment zone."""
    state = new_game(core)
    rules = state.rules
    bonuses.player_takes(rules, state, "reinforcements")
    bonuses.player_reinforcement(rules, state)
    assert state.variant.player_tokens == ["reinforcements"], "nothing destroyed yet: kept"
    squad = infantry(state, rules.player)[1]
    eliminate(state, squad, "test")
    assert not squad.alive
    bonuses.player_reinforcement(rules, state)
    spec = state.static.scenario.sides[rules.player]
    zone = {s for a in spec.deployment for s in state.bf.area_squares(a)}
    assert squad.active and squad.sq in zone and state.occ[squad.sq] == squad.id
    assert squad.face == 0 and state.variant.player_tokens == []


def test_ai_advantage_moves_first_in_the_supply_phase(core):
    state = new_game(core)
    rules = state.rules
    assert rules.supply_first(state) == state.initiative == rules.player
    bonuses.ai_takes(rules, state, "advantage")
    assert rules.supply_first(state) == rules.ai


def test_player_advantage_discards_the_ai_token_that_helps_it_most(core):
    state = new_game(core)
    rules = state.rules
    state.variant.dashboard = []
    for token in ("grand-strategy", "tactician", "advantage"):
        bonuses.ai_takes(rules, state, token)
    bonuses.player_takes(rules, state, "advantage")
    assert state.variant.dashboard == ["grand-strategy", "tactician"]
    bonuses.player_takes(rules, state, "advantage")
    assert state.variant.dashboard == ["grand-strategy"] and state.variant.tactician == 0


def test_player_opportunistic_draws_one_more_card(core):
    state = new_game(core)
    rules = state.rules
    base = rules.hand_size(state, rules.player)
    bonuses.player_takes(rules, state, "opportunistic")
    assert rules.hand_size(state, rules.player) == base + 1
    assert rules.hand_size(state, rules.ai) == 0, "the AI's hand is its reserve, never drawn up"
    while state.phase != "supply" or state.turn != 1:
        apply(state, legal_actions(state)[0])
    while state.turn == 1 and state.result is None:
        apply(state, legal_actions(state)[-1])
    assert len(state.sides[rules.player].hand) == base + 1


def test_solo_games_with_every_token_end_and_stay_legal(core):
    """Lay all twelve tokens: whole games still end with every unit on a square of
    its own."""
    from builder.systems.heroes.ai.players import get_player

    for seed in range(3):
        state = new_game(core, seed=seed)
        rules = state.rules
        bf = state.bf
        pool = [b.effect_key or b.id for b in core.items["tactical_bonuses"].values() for _ in range(b.count)]
        free = [sq for sq in bonuses._candidates(state)[0] if state.occ[sq] < 0]
        state.variant.bonuses = dict(zip(free[::7], pool))
        players = [get_player("greedy", seed, 0), get_player("solo-mode", seed, 1)]
        while state.result is None:
            apply(state, players[state.to_act].choose(state, legal_actions(state)))
        squares = [s for u in state.units if u.on_board for s in state.squares_of(u)]
        assert len(squares) == len(set(squares))
        assert all(0 <= s < bf.size for s in squares)


def two_sided_ai_infantry(state):
    return next(u for u in infantry(state, state.rules.ai) if len(u.st.profile.faces) > 1
                and u.st.profile.faces[u.face].flips)


@pytest.mark.parametrize("markers, alive, face_step", [(0, False, None), (1, True, 1), (2, True, 0), (3, True, 0)])
def test_life_points_cancel_a_kill_shot_as_two_hits(core, markers, alive, face_step):
    """002, 2.2 Life Points: a double hit costs two markers; each missing one is a hit."""
    from builder.systems.heroes.engine.damage import kill_shot

    state = new_game(core)
    u = two_sided_ai_infantry(state)
    face = u.face
    set_rule_field(state, MARKERS, ((u.id, LIFE_POINT, markers),) if markers else ())
    kill_shot(state, u, None, "test")
    assert u.alive is alive
    if alive:
        assert u.face == face + face_step
    assert count(state, u.id, LIFE_POINT) == (0 if not alive else max(0, markers - 2))
    assert sum(1 for e in state.events if e.kind == "life-point") == min(markers, 2)


def test_life_points_cancel_single_hits_of_ai_units_only(core):
    from builder.systems.heroes.engine.damage import take_hit

    state = new_game(core)
    rules = state.rules
    u = two_sided_ai_infantry(state)
    add(state, u.id, LIFE_POINT, 1)
    face = u.face
    take_hit(state, u, None, "test")
    assert u.face == face and count(state, u.id, LIFE_POINT) == 0
    take_hit(state, u, None, "test")
    assert u.face == face + 1
    us = next(x for x in infantry(state, rules.player) if x.st.profile.faces[x.face].flips)
    add(state, us.id, LIFE_POINT, 3)
    face = us.face
    take_hit(state, us, None, "test")
    assert us.face == face + 1 and count(state, us.id, LIFE_POINT) == 3, "the player's units have no life points"


def test_the_ai_ignores_improvisation_initiative_and_intrepid(core):
    """002 Solo Mode, 4.2 Clarifications: those options do nothing for the AI."""
    from dataclasses import replace

    from builder.systems.heroes.engine.solo_mode.clarifications import ignore_options

    state = new_game(core)
    ai = state.rules.ai
    static = state.static.sides[ai]
    state.static.sides[ai] = replace(static, keys=static.keys | {"initiative", "improvisation"},
                                     traits={**static.traits, (0, "intrepid"): 1})
    ignore_options(state, ai)
    after = state.static.sides[ai]
    assert not after.keys & {"initiative", "improvisation"} and (0, "intrepid") not in after.traits
    assert (0, "veteran") in after.equipment, "other options stay"


def test_the_ai_spends_hardboiled_the_moment_a_marker_is_placed(core):
    from builder.systems.heroes.engine.damage import suppress

    state = new_game(core)
    rules = state.rules
    u = infantry(state, rules.ai)[0]
    state.sides[rules.ai].equipment[(-1, "hardboiled")] = 1
    suppress(state, u, 2, "test")
    assert u.suppressed == 1 and state.sides[rules.ai].equipment[(-1, "hardboiled")] == 0
    us = infantry(state, rules.player)[0]
    state.sides[rules.player].equipment[(-1, "hardboiled")] = 1
    suppress(state, us, 1, "test")
    assert us.suppressed == 1, "the player's tokens wait for the core rule (spent as orders are revealed)"


def test_each_autonomous_ai_unit_adds_an_order_token(core):
    state = new_game(core)
    rules = state.rules
    before = rules.order_tokens_for(state, rules.ai)
    infantry(state, rules.ai)[0].st.granted["autonomous"] = 1
    assert rules.order_tokens_for(state, rules.ai) == min(10, before + 1)


def test_a_trap_turns_a_decoy_over_and_it_simply_leaves(core):
    """A decoy next to a sprung Trap is turned over like any hidden counter and leaves
    the map (builder.systems.heroes.engine.decoys); no shot is resolved against it."""
    state = new_game(core)
    rules = state.rules
    decoy = state.units[state.variant.decoys[0]]
    token, around = open_square_with_free_neighbours(state, 1)
    move_to(state, decoy, around[0])
    state.events = []
    bonuses.spring_trap(state, token)
    assert not decoy.alive and decoy.sq == -1
    assert [e.kind for e in state.events if e.kind in ("decoy-revealed", "shot")] == ["decoy-revealed"]
