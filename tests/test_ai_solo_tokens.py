"""The AI's Directive and Position markers and Autonomous units (002 Solo Mode, 4.1
Autonomous, Bodyguard / Substitute; 4.2 Directives, Position;
builder/systems/heroes/ai/solo_mode/tokens.py): the decision-table player on the fixture skirmish
field (forest on D3:E4), and the Solo game mode on the bundled Family Meeting 1."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai.players import get_player
from builder.systems.heroes.ai.solo_mode import tokens
from builder.systems.heroes.ai.solo_mode.policy import SoloPlayer
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.features.autonomy import ready_units
from builder.systems.heroes.engine.features.directives import DECISIONS, KINDS
from builder.systems.heroes.engine.phases.orders import start_round
from builder.systems.heroes.engine.phases.supply import start_supply
from builder.systems.heroes.engine.state import set_side_field

from engine_helpers import give, make

US, DE = 0, 1




def officers_position(turn: int):  # type: ignore[no-untyped-def]
    """Two lieutenants: one with two riflemen within 3 squares, one alone."""
    state, n = make([
        {"name": "lt1", "unit": "us-lieutenant", "side": "us", "at": "A1"},
        {"name": "lt2", "unit": "us-lieutenant", "side": "us", "at": "K1"},
        {"name": "r1", "unit": "us-rifles", "side": "us", "at": "J2"},
        {"name": "r2", "unit": "us-rifles", "side": "us", "at": "H1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"},
    ], turn=turn)
    give(state, US, "directive", 3)
    start_round(state)
    while state.phase == "orders" and not any(a.kind == "token" for a in legal_actions(state)):
        acts = legal_actions(state)
        apply(state, next((a for a in acts if a.kind == "order"), acts[0]), check=True)
    return state, n


def test_no_directive_on_turn_one():
    state, n = officers_position(turn=1)
    assert SoloPlayer(1, US).choose(state, legal_actions(state)) == Action("done")


def test_from_turn_two_a_random_directive_goes_on_the_officer_with_most_units_near():
    drawn = set()
    for seed in range(12):
        state, n = officers_position(turn=2)
        choice = SoloPlayer(seed, US).choose(state, legal_actions(state))
        assert choice.kind == "token" and choice.unit == n["lt2"], "two riflemen within 3 squares of lt2"
        drawn.add(choice.mode)
    assert len(drawn) > 1 and drawn <= set(KINDS), "drawn at random"


def test_directives_are_placed_until_the_markers_are_exhausted():
    state, n = officers_position(turn=3)
    set_side_field(state.sides[US], DECISIONS, (0, tuple(KINDS[:3])))  # three placed in earlier rounds
    choice = SoloPlayer(1, US).choose(state, legal_actions(state))
    assert choice == Action("token", unit=n["lt2"], mode=KINDS[3])


def position_supply(at: str):  # type: ignore[no-untyped-def]
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": at},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"},
    ], initiative="us")
    give(state, US, "position", 1)
    start_supply(state)
    return state, n


def test_a_unit_outside_terrain_in_sight_of_an_enemy_places_the_position():
    state, n = position_supply("H2")
    choice = SoloPlayer(1, US).choose(state, legal_actions(state))
    assert choice == Action("token", unit=n["r"], square=state.units[n["r"]].sq, mode="position")


def test_no_position_in_terrain_or_out_of_sight():
    state, n = position_supply("D3")  # in the forest
    assert SoloPlayer(1, US).choose(state, legal_actions(state)).mode != "position"
    state, n = position_supply("H2")
    g = state.units[n["g"]]  # taken off the battlefield: no enemy sees the riflemen
    state.set_occupant(g.sq, -1)
    g.sq = -1
    assert SoloPlayer(1, US).choose(state, legal_actions(state)).mode != "position"


# --- the Solo game mode ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def core():
    return load_pack()


def solo_game(core, seed: int = 2):  # type: ignore[no-untyped-def]
    return SoloModeRules.new_game(core, "family-meeting-1", seed=seed,
                                  options={"ai_side": 1, "attitude": "aggressive", "difficulty": "hard"})


def test_the_solo_stream_draws_the_ais_directive(core):
    state = solo_game(core)
    rules = state.rules
    assert tokens.stream(state, rules.ai, None) is state.variant.rng
    assert tokens.stream(state, rules.player, "mine") == "mine"


def test_the_ai_never_activates_autonomous_units_between_activations(core):
    state = solo_game(core)
    rules = state.rules
    ai = next(u for u in state.units if u.side == rules.ai and u.type == "infantry" and u.active)
    us = next(u for u in state.units if u.side == rules.player and u.type == "infantry" and u.active)
    ai.st.granted["autonomous"] = 1
    us.st.granted["autonomous"] = 1
    effects.invalidate(state)
    assert ready_units(state, rules.ai) == [], "its token comes from the dashboard (4.1)"
    assert ready_units(state, rules.player) == [us.id]
    players = [get_player("greedy", 2, 0), get_player("solo-mode", 2, 1)]
    offered = 0
    while state.result is None:
        acts = legal_actions(state)
        offered += any(a.kind == "autonomous" for a in acts)
        assert not any(a.kind == "autonomous" and state.units[a.unit].side == rules.ai for a in acts)
        apply(state, players[state.to_act].choose(state, acts))
    assert offered
