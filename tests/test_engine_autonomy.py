"""Autonomous and Substitute (000 core rules, Special Abilities > Autonomous,
Substitute; builder/systems/heroes/engine/features/autonomy.py, builder/systems/heroes/engine/features/substitute.py) on the
fixture skirmish battlefield (forest on D3:E4, water on B6:C7, open elsewhere).
The fixture's Rangers have Autonomous, its Ammo bearers Substitute."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.ai.solo_mode.policy import SoloPlayer
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.kernel.dice import Rng
from builder.systems.heroes.engine.effects import get, invalidate
from builder.systems.heroes.engine.features.autonomy import acting
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine.phases.activation import start_activation
from builder.kernel.random_play import random_playout
from builder.systems.heroes.engine.damage import kill_shot, take_hit
from builder.systems.heroes.engine.assault import plan_assault, resolve_assault

from engine_helpers import Scripted, make

US, DE = 0, 1


def rangers_position(**extra):  # type: ignore[no-untyped-def]
    """Rangers (Autonomous) and riflemen against two squads of grenadiers."""
    return make([
        {"name": "rangers", "unit": "us-rangers", "side": "us", "at": "B2"},
        {"name": "rifles", "unit": "us-rifles", "side": "us", "at": "H2"},
        {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "B8"},
        {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "H8"},
    ], initiative="us", **extra)


def kinds(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.kind for a in legal_actions(state)}


def test_autonomous_units_are_offered_before_their_side_reveals_a_token():
    state, n = rangers_position()
    state.units[n["rifles"]].order = 1
    state.units[n["g1"]].order = 1
    start_activation(state)
    assert state.current == -1 and state.to_act == US
    assert legal_actions(state) == [Action("autonomous", unit=n["rangers"]), Action("pass")]
    apply(state, Action("autonomous", unit=n["rangers"]))
    assert state.current == n["rangers"] and acting(state) == n["rangers"]
    assert "move" in kinds(state), "an ordinary activation: move, assault or fire"
    apply(state, Action("hold", unit=n["rangers"]))
    rangers = state.units[n["rangers"]]
    assert rangers.activated, "it takes an Activated marker after acting"
    assert acting(state) == -1
    assert state.current == n["rifles"], "its side's turn was not used up: the riflemen's token comes next"


def test_passing_reveals_the_token_and_the_offer_comes_back_at_the_sides_next_turn():
    state, n = rangers_position()
    state.units[n["rifles"]].order = 1
    state.units[n["g1"]].order = 1
    state.units[n["g2"]].order = 2
    start_activation(state)
    apply(state, Action("pass"))
    assert state.current == n["rifles"]
    apply(state, Action("hold", unit=n["rifles"]))
    assert state.current == n["g1"], "never offered between the opponent's activations while both hold tokens"
    apply(state, Action("hold", unit=n["g1"]))
    assert state.current == -1 and state.to_act == US, "the US turn, with no token left: offered"
    apply(state, Action("pass"))
    assert state.current == n["g2"]
    apply(state, Action("hold", unit=n["g2"]))
    assert state.current == -1 and state.to_act == US, "before the phase ends"
    apply(state, Action("pass"))
    assert state.phase == "supply"
    assert not state.units[n["rangers"]].activated, "a unit that never acted is not activated: it may move"


def test_a_token_on_an_autonomous_unit_is_lost_once_it_has_acted_on_its_own():
    state, n = rangers_position()
    state.units[n["rangers"]].order = 2
    state.units[n["rifles"]].order = 1
    state.units[n["g1"]].order = 1
    start_activation(state)
    apply(state, Action("autonomous", unit=n["rangers"]))
    apply(state, Action("hold", unit=n["rangers"]))
    apply(state, Action("hold", unit=n["rifles"]))
    apply(state, Action("hold", unit=n["g1"]))
    assert any(e.kind == "order-lost" and e.data["unit"] == n["rangers"] for e in state.events)
    assert state.phase == "supply"


def test_an_autonomous_unit_that_acted_on_its_token_is_not_offered():
    state, n = rangers_position()
    state.units[n["rangers"]].order = 1
    state.units[n["g1"]].order = 1
    start_activation(state)
    apply(state, Action("pass"))
    assert state.current == n["rangers"], "its token, revealed"
    apply(state, Action("hold", unit=n["rangers"]))
    assert state.current == n["g1"]
    apply(state, Action("hold", unit=n["g1"]))
    assert state.phase == "supply", "it has acted: nothing more to offer"


def test_the_offer_is_refused_for_other_units_and_states_hash_it():
    state, n = rangers_position()
    state.units[n["rifles"]].order = 1
    start_activation(state)
    before = state.clone()
    with pytest.raises(IllegalAction):
        apply(state, Action("autonomous", unit=n["rifles"]))
    apply(state, Action("autonomous", unit=n["rangers"]))
    assert state.clone().state_hash() == state.state_hash() != before.state_hash()
    assert acting(state.clone()) == n["rangers"]


def test_units_without_the_ability_see_no_offer_and_no_order_is_needed():
    state, n = make([
        {"name": "rifles", "unit": "us-rifles", "side": "us", "at": "H2"},
        {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "B8"},
    ], initiative="us")
    state.units[n["rifles"]].order = 1
    start_activation(state)
    assert state.current == n["rifles"], "no Autonomous unit: the loop reveals at once"
    state, n = rangers_position(orders={"us": 1, "de": 1})
    assert state.phase == "orders"
    placed = {a.unit for a in legal_actions(state) if a.kind == "order"}
    assert n["rangers"] in placed, "it may take a token, it need not"


def test_no_barrage_without_an_order_token():
    """Barrage Order needs an order token on the caller (000 core rules, Special
    Abilities > Barrage Order): not offered in an Autonomous activation."""
    state, n = make([
        {"name": "spotter", "unit": "us-spotter", "side": "us", "at": "B2"},
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "C2", "facing": "e"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E2"},
    ], initiative="us")
    state.units[n["spotter"]].st.granted["autonomous"] = 1
    invalidate(state)  # abilities granted in play: the game's hook flags are worked out again
    start_activation(state)
    apply(state, Action("autonomous", unit=n["spotter"]))
    assert "barrage" not in kinds(state) and "move" in kinds(state)


def test_module_registered_with_an_honest_status():
    assert get("ability", "autonomous").status == "partial"
    assert get("ability", "substitute").status == "partial"


def test_players_use_the_offer():
    state, n = rangers_position()
    state.units[n["rifles"]].order = 1
    start_activation(state)
    actions = legal_actions(state)
    assert GreedyPlayer(1, US).choose(state, actions).kind == "autonomous", "acting early is worth something"
    assert SoloPlayer(1, US).choose(state, actions) == Action("autonomous", unit=n["rangers"])


def test_random_games_with_autonomous_units_finish():
    for seed in range(3):
        state, n = rangers_position(orders={"us": 1, "de": 2}, seed=seed)
        random_playout(state, Rng(seed), max_decisions=4000)
        assert state.result is not None


def test_greedy_places_tokens_on_units_that_need_them_first():
    state, n = rangers_position(orders={"us": 1, "de": 1})
    choice = GreedyPlayer(1, US).choose(state, legal_actions(state))
    assert choice.kind == "order" and choice.unit == n["rifles"]


# --- Substitute ---------------------------------------------------------------------------------------


def mg_position(bearers_at: str = "C3"):  # type: ignore[no-untyped-def]
    """An MG team (red outline), Ammo bearers (Substitute) and grenadiers."""
    return make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "B2"},
        {"name": "bearers", "unit": "us-ammo-bearers", "side": "us", "at": bearers_at},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "B3"},
    ], initiative="us")


def test_a_heavy_weapons_hit_goes_to_a_substitute_within_two_squares():
    state, n = mg_position("D4")
    take_hit(state, state.units[n["mg"]], state.units[n["g"]], "shot")
    mg, bearers = state.units[n["mg"]], state.units[n["bearers"]]
    assert mg.alive and bearers.face == 1, "the bearers flip instead of the MG team being eliminated"
    assert any(e.kind == "substituted" and e.data == {"unit": bearers.id, "for": mg.id, "hits": 1, "why": "shot"}
               for e in state.events)


def test_no_substitute_three_squares_away():
    state, n = mg_position("E2")
    take_hit(state, state.units[n["mg"]], state.units[n["g"]], "shot")
    assert not state.units[n["mg"]].alive, "the MG team cannot flip: eliminated"
    assert state.units[n["bearers"]].face == 0


def test_a_kill_shot_goes_to_the_substitute_whole():
    state, n = mg_position()
    kill_shot(state, state.units[n["mg"]], state.units[n["g"]], "kill shot")
    assert state.units[n["mg"]].alive and not state.units[n["bearers"]].alive


def test_only_heavy_weapons_are_covered():
    rifles, _ = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "B2"},
        {"name": "bearers", "unit": "us-ammo-bearers", "side": "us", "at": "C3"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "B3"},
    ])
    take_hit(rifles, rifles.units[0], None, "shot")
    assert rifles.units[0].face == 1 and rifles.units[1].face == 0


def test_not_when_the_heavy_weapon_is_killed_in_an_assault():
    state, n = mg_position()
    mg, g = state.units[n["mg"]], state.units[n["g"]]
    state.dice = Scripted(6, 6, 1)  # the grenadiers roll 6 (two dice), the MG team 1: they win
    resolve_assault(state, plan_assault(state, g, mg, g.sq))
    assert not mg.alive, "the assault's hit would eliminate the MG team: it stays on it"
    assert state.units[n["bearers"]].face == 0
    assert not any(e.kind == "substituted" for e in state.events)
