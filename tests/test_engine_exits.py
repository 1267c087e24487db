"""Units leaving by exit squares (003 Battle for Normandy, Campaign > 4 Zurueck!:
the Germans get units out through the arrow squares; builder/systems/heroes/engine/features/exits.py)."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.scenario import ScenarioSide, VictoryLevel
from builder.systems.heroes.engine import Action, Rules, apply
from builder.systems.heroes.engine.features.exits import counts, exited
from builder.systems.heroes.tools.position import PositionFile, position_state
from builder.systems.heroes.engine.victory import holds

from engine_helpers import activate, fixture_pack


def exits_pack(exits: list[str]):  # type: ignore[no-untyped-def]
    """The fixture pack whose skirmish gives the US side these exit squares."""
    pack = copy.copy(fixture_pack())
    pack.items = {**pack.items, "scenarios": dict(pack.items["scenarios"])}
    base = pack.items["scenarios"]["skirmish"]
    sides = [base.sides[0].model_copy(update={"exits": exits}), base.sides[1]]
    pack.items["scenarios"]["skirmish"] = base.model_copy(update={"sides": sides})
    return pack


def position(pack, units):  # type: ignore[no-untyped-def]
    return position_state(pack, PositionFile.model_validate({"scenario": "skirmish", "units": units}))


def test_a_unit_ending_its_move_on_an_exit_square_leaves_and_is_no_loss() -> None:
    state, n = position(exits_pack(["A5"]), [{"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"},
                                             {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"}])
    before = state.state_hash()
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("A5")))
    rifles = state.units[n["r"]]
    assert not rifles.alive and rifles.sq == -1 and state.occ[state.static.bf.square("A5")] == -1
    assert exited(state, 0) == (n["r"],) and counts(state, 0) == {"infantry": 1}
    assert state.sides[0].losses == {} and not any(e.kind == "eliminated" for e in state.events)
    assert any(e.kind == "exited" and e.data["unit"] == n["r"] for e in state.events)
    assert state.state_hash() != before


def test_a_move_elsewhere_or_an_enemy_on_the_arrow_leaves_nothing() -> None:
    state, n = position(exits_pack(["A5"]), [{"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"},
                                             {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A7"}])
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("A4")))
    assert state.units[n["r"]].alive and exited(state, 0) == ()
    activate(state, n["g"])
    apply(state, Action("move", unit=n["g"], square=state.static.bf.square("A5")))
    assert state.units[n["g"]].alive and exited(state, 1) == ()  # the arrow is the US side's


def test_the_exited_condition_counts_by_kind() -> None:
    state, n = position(exits_pack(["A5"]), [{"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"},
                                             {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"}])
    level = VictoryLevel.model_validate({"level": "regular", "winner": "us",
                                         "when": {"exited": {"side": "us", "at_least": {"infantry": 1}}}})
    assert not holds(state, level.when)
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("A5")))
    assert holds(state, level.when)
    more = VictoryLevel.model_validate({"level": "regular", "winner": "us",
                                        "when": {"exited": {"side": "us", "at_least": {"infantry": 1,
                                                                                       "heavy_vehicle": 1}}}})
    assert not holds(state, more.when)


def test_a_clone_keeps_its_own_exits() -> None:
    state, n = position(exits_pack(["A5"]), [{"name": "r", "unit": "us-rifles", "side": "us", "at": "A3"},
                                             {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"}])
    twin = state.clone()
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("A5")))
    assert exited(twin, 0) == () and twin.units[n["r"]].alive


def test_an_exit_count_names_a_known_kind() -> None:
    with pytest.raises(ValidationError):
        VictoryLevel.model_validate({"level": "regular", "winner": "us",
                                     "when": {"exited": {"side": "us", "at_least": {"tanks": 1}}}})
    ScenarioSide.model_validate({"id": "de", "faction": "de", "army": {"points": 100}, "exits": ["AJ1"]})


def test_zuruck_plays_its_exits() -> None:
    """Zurueck!'s Germans have the arrow squares as exits and the victory levels count
    the units that got out (6 infantry and 2 heavy vehicles for the German victory)."""
    from pathlib import Path
    pack = load_pack(Path(__file__).resolve().parents[1] / "content" / "bfn")
    sc = pack.items["scenarios"]["zuruck"]
    assert sc.sides[1].exits == ["AJ1", "AJ4", "AJ8"]
    state = Rules.new_game(pack, "zuruck", seed=1)
    german = [u for u in state.units if u.side == 1 and u.active and u.is_infantry][0]
    for sq in state.squares_of(german):
        state.set_occupant(sq, -1)
    german.sq = state.static.bf.square("AJ2")
    state.set_occupant(german.sq, german.id)
    activate(state, german.id)
    target = state.static.bf.square("AJ1")
    assert state.occ[target] < 0
    apply(state, Action("move", unit=german.id, square=target))
    assert exited(state, 1) == (german.id,)
