"""Barrage Order (000 core rules, Special Abilities > Barrage Order;
builder/systems/heroes/engine/features/barrage.py) on the fixture skirmish battlefield."""

from __future__ import annotations

import pytest

from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine.phases.activation import start_activation
from builder.systems.heroes.engine.state import NO_ORDER

from engine_helpers import make


def barrage_position():  # type: ignore[no-untyped-def]
    """A spotter with two MG teams within 3 squares, a third 4 squares away, a Heavy
    MG (another name) next to it, and German grenadiers in front."""
    state, n = make([
        {"name": "spotter", "unit": "us-spotter", "side": "us", "at": "B2"},
        {"name": "mg1", "unit": "us-mg", "side": "us", "at": "C2", "facing": "e"},
        {"name": "mg2", "unit": "us-mg", "side": "us", "at": "B5", "facing": "e"},
        {"name": "far", "unit": "us-mg", "side": "us", "at": "F2"},
        {"name": "hmg", "unit": "us-hmg", "side": "us", "at": "A2", "face": 1},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E2"},
    ], initiative="us")
    return state, n


def ordered(state, n):  # type: ignore[no-untyped-def]
    state.units[n["spotter"]].order = 1
    state.units[n["mg1"]].order = 2
    state.units[n["g"]].order = 1
    start_activation(state)
    assert state.current == n["spotter"]


def test_the_spotter_may_order_each_group_of_same_named_guns_within_three_squares():
    state, n = barrage_position()
    ordered(state, n)
    barrages = [a for a in legal_actions(state) if a.kind == "barrage"]
    assert [a.mode for a in barrages] == sorted(["MG team", "Heavy MG"])
    apply(state, next(a for a in barrages if a.mode == "MG team"))
    event = next(e for e in state.events if e.kind == "barrage")
    assert event.data["units"] == [n["mg1"], n["mg2"]], "the MG team 4 squares away is out of reach"
    assert state.current == n["mg1"]


def test_each_gun_fires_on_its_own_and_only_those_that_fired_are_activated():
    state, n = barrage_position()
    ordered(state, n)
    apply(state, Action("barrage", unit=n["spotter"], mode="MG team"))
    kinds = {a.kind for a in legal_actions(state)}
    assert kinds <= {"fire", "end", "blast"} and "fire" in kinds, "a gun of the barrage neither moves nor assaults"
    shot = next(a for a in legal_actions(state) if a.kind == "fire" and a.target == n["g"])
    apply(state, shot)
    mg1, mg2, spotter = (state.units[n[k]] for k in ("mg1", "mg2", "spotter"))
    assert mg1.activated and mg1.order == NO_ORDER, "a gun that fired is activated and loses its order"
    assert state.current == n["mg2"]
    apply(state, Action("end", unit=n["mg2"]))
    assert not mg2.activated, "a gun that did not fire stays free"
    assert spotter.acted and spotter.order == 1, "the spotter keeps its order token (no supply move)"
    assert state.current == n["g"], "the Germans' turn comes next"


def test_a_barrage_is_the_spotters_whole_action_and_needs_a_group():
    state, n = barrage_position()
    ordered(state, n)
    move = next(a for a in legal_actions(state) if a.kind == "move")
    apply(state, move)
    assert not any(a.kind == "barrage" for a in legal_actions(state)), "not after a move"
    state, n = barrage_position()
    ordered(state, n)
    with pytest.raises(IllegalAction):
        apply(state, Action("barrage", unit=n["spotter"], mode="Panzer"))


def test_a_unit_without_the_ability_orders_no_barrage():
    state, n = barrage_position()
    state.units[n["mg2"]].order = 1
    state.units[n["g"]].order = 1
    start_activation(state)
    assert state.current == n["mg2"]
    assert not any(a.kind == "barrage" for a in legal_actions(state))


def test_a_packed_tripod_gun_has_nothing_to_fire_with():
    state, n = barrage_position()
    state.units[n["hmg"]].face = 0
    ordered(state, n)
    assert [a.mode for a in legal_actions(state) if a.kind == "barrage"] == ["MG team"]


def test_the_greedy_player_values_a_barrage_as_the_guns_best_shots():
    from builder.systems.heroes.ai.evaluate import shot_value
    from builder.systems.heroes.ai.support_values import barrage_value
    from builder.systems.heroes.engine.unit_actions import fire_actions

    state, n = barrage_position()
    ordered(state, n)
    best = [max(shot_value(state, a) for a in fire_actions(state, state.units[n[g]], moving=False))
            for g in ("mg1", "mg2")]
    assert all(b > 0 for b in best)
    assert barrage_value(state, Action("barrage", unit=n["spotter"], mode="MG team")) == pytest.approx(sum(best))
