"""A rule module's own game fields (builder.systems.heroes.engine.state.declare_field): cloned with
the game, hashed under their own name only once set, ended with the round when they
last the round, and given the module's Supply-phase steps; GameState names none of
the features that declare them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine.phases.orders import start_round
from builder.systems.heroes.engine.state import (
    GAME_FIELDS, RULE_FIELDS, RuleField, declare_field, end_round_fields, rule_field, set_rule_field, supply_steps,
)
from engine_helpers import PACK


FLARES: RuleField[tuple[int, ...]]
MINES: RuleField[tuple[int, ...]]


@pytest.fixture
def fields() -> Iterator[list[str]]:
    global FLARES, MINES
    seen: list[str] = []
    FLARES = declare_field("test_flares", "tests.flares", lasts="round")
    MINES = declare_field("test_mines", "tests.mines", supply_end=lambda state: seen.append("mines"),
                          supply_start=lambda state: seen.append("mines at start"))
    try:
        yield seen
    finally:
        RULE_FIELDS.pop("test_flares", None)
        RULE_FIELDS.pop("test_mines", None)


def test_a_rule_field_is_cloned_hashed_once_set_and_ended_with_its_round(fields: list[str]) -> None:
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=3)
    before = state.state_hash()
    set_rule_field(state, FLARES, ())
    assert state.state_hash() == before and "test_flares" not in state.canonical()  # empty: as if absent
    set_rule_field(state, FLARES, (4,))
    set_rule_field(state, MINES, (7, 9))
    assert state.canonical()["test_flares"] == [4] and state.state_hash() != before
    copy = state.clone()
    assert copy.state_hash() == state.state_hash()
    set_rule_field(copy, MINES, (7,))
    assert rule_field(state, MINES) == (7, 9) and copy.state_hash() != state.state_hash()
    end_round_fields(state)
    assert rule_field(state, FLARES) == () and rule_field(state, MINES) == (7, 9)
    set_rule_field(state, FLARES, (4,))
    start_round(state)  # the orders phase ends the round's fields
    assert rule_field(state, FLARES) == ()


def test_the_supply_steps_run_only_for_fields_set(fields: list[str]) -> None:
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=3)
    supply_steps(state, "supply_end")
    assert fields == []
    set_rule_field(state, MINES, (1,))
    supply_steps(state, "supply_start")
    supply_steps(state, "supply_end")
    assert fields == ["mines at start", "mines"]


def test_declaring_is_checked(fields: list[str]) -> None:
    with pytest.raises(ValueError, match="already a field of the game"):
        declare_field(GAME_FIELDS[3].name, "tests.other")
    with pytest.raises(ValueError, match="already declared by tests.flares"):
        declare_field("test_flares", "tests.other")
    with pytest.raises(ValueError, match="lasts the game or the round"):
        declare_field("test_smoke", "tests.other", lasts="turn")
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=3)
    with pytest.raises(KeyError, match="undeclared rule field"):
        set_rule_field(state, RuleField("test_nothing", list, "tests.other"), (1,))  # a key not declared


def test_a_field_is_typed_by_its_declaration() -> None:
    """The key a module declares names its value's type: mypy checks every read and write
    (a value of another type is a mypy error where it is written, not a surprise in play),
    and the key, not a name, is the only way in."""
    from builder.systems.heroes.engine.features.fuel import FUELLED
    from builder.systems.heroes.engine.markers import MARKERS

    assert isinstance(FUELLED, RuleField) and RULE_FIELDS["fuelled"] is FUELLED
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=3)
    assert rule_field(state, MARKERS) == ()
    set_rule_field(state, MARKERS, ((1, "opportunity_fire", 1),))
    assert state.canonical()["markers"] == [[1, "opportunity_fire", 1]] and MARKERS in state.rule_fields
    assert "markers" not in state.rule_fields  # by key, never by name


def test_game_state_names_no_feature_field() -> None:
    """The Fuel, Passage, bomb, charge, directive and position fields are their modules' own."""
    names = {f.name for f in GAME_FIELDS}
    for declared in ("fuelled", "passages", "vehicle_bombs", "charges", "directives", "positions"):
        assert declared in RULE_FIELDS and declared not in names
