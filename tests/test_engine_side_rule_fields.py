"""Fields a rule module declares for each side (builder.systems.heroes.engine.state.declare_side_field):
kept in ``SideState.rule_fields``, a clone's own, hashed once set, dropped with the round
when they last the round; the side's hand-written fields stay out of reach."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine.phases.orders import start_round
from builder.systems.heroes.engine.state import (
    SIDE_RULE_FIELDS, SideRuleField, declare_side_field, set_side_field, side_field,
)
from engine_helpers import PACK

HELD: SideRuleField[tuple[int, ...]]
MARKED: SideRuleField[tuple[int, ...]]


@pytest.fixture
def fields() -> Iterator[None]:
    global HELD, MARKED
    HELD = declare_side_field("example_held", __name__)
    MARKED = declare_side_field("example_marked", __name__, key=lambda v: ["marked", list(v)], lasts="round")
    try:
        yield
    finally:
        SIDE_RULE_FIELDS.pop("example_held", None)
        SIDE_RULE_FIELDS.pop("example_marked", None)


def test_a_side_field_is_cloned_hashed_and_ended_with_the_round(fields: None) -> None:
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=1)
    before, key = state.state_hash(), state.sides[0].to_key()
    set_side_field(state.sides[0], HELD, (3,))
    set_side_field(state.sides[0], MARKED, (5, 6))
    assert state.state_hash() != before
    assert state.sides[0].to_key() == [*key, [3], "marked", [5, 6]]  # by field name, after the side's own
    twin = state.clone()
    set_side_field(twin.sides[0], HELD, (3, 4))
    assert side_field(state.sides[0], HELD) == (3,) and side_field(twin.sides[0], HELD) == (3, 4)
    assert side_field(state.sides[1], HELD) == ()
    start_round(state)
    assert side_field(state.sides[0], MARKED) == () and side_field(state.sides[0], HELD) == (3,)
    set_side_field(state.sides[0], HELD, ())
    assert not state.sides[0].rule_fields  # emptied: dropped, out of the hash again


def test_side_fields_are_declared_once_and_only_beside_the_sides_own() -> None:
    with pytest.raises(ValueError, match="already a field"):
        declare_side_field("vp", __name__)
    with pytest.raises(ValueError, match="lasts"):
        declare_side_field("example_never", __name__, lasts="turn")
    with pytest.raises(KeyError, match="undeclared"):
        set_side_field(Rules.new_game(load_pack(PACK), "skirmish", seed=1).sides[0],
                       SideRuleField("example_never", list, __name__), (1,))  # a key not declared
    with pytest.raises(ValueError, match="already declared"):
        declare_side_field("concealed_tokens", "another_module")
