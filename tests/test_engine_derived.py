"""What the rules work out once per game is typed data kept under typed keys, with one
reset path (issue 33, "whole, typed state": ``GameStatic`` has no string-keyed cache)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine.derived import Derived, DerivedData, derived, table
from builder.systems.heroes.engine.features.exits import exit_squares
from builder.systems.heroes.engine.state import GameStatic, infantry_of
from builder.systems.heroes.engine.transport import transports

PACK = Path(__file__).parent / "fixtures" / "engine" / "pack"


@pytest.fixture(scope="module")
def pack() -> Any:
    return load_pack(PACK)


def test_the_static_facts_have_no_string_keyed_cache() -> None:
    for f in dataclasses.fields(GameStatic):
        kind = str(f.type).replace(" ", "")
        assert not kind.startswith(("dict[str,Any]", "dict[str,typing.Any]")), f.name
        assert "Any" not in kind or f.name in ("pack", "scenario"), (f.name, kind)
    assert [f.name for f in dataclasses.fields(GameStatic) if "Derived" in str(f.type)] == ["derived"]


def test_a_value_is_worked_out_once_and_forgotten_on_request(pack: Any) -> None:
    state = Rules.new_game(pack, "skirmish", seed=1)
    made: list[int] = []

    def count(s: Any) -> int:
        made.append(1)
        return len(s.units)

    key = Derived("test: the number of units", count)
    assert derived(state, key) == len(state.units) == derived(state, key)
    assert len(made) == 1
    state.static.derived.forget(key)
    assert derived(state, key) == len(state.units) and len(made) == 2


def test_a_table_starts_empty_and_is_shared_by_the_copies_of_a_game(pack: Any) -> None:
    state = Rules.new_game(pack, "skirmish", seed=1)
    key: Derived[dict[int, str]] = table("test: a table")
    derived(state, key)[3] = "three"
    assert derived(state.clone(), key) == {3: "three"}


def test_renewed_static_facts_have_no_derived_data_and_earlier_copies_keep_theirs(pack: Any) -> None:
    state = Rules.new_game(pack, "skirmish", seed=1)
    infantry = infantry_of(state, 0)
    exits, vehicles = exit_squares(state), transports(state)
    before = state.clone()
    kept = len(state.static.derived)
    assert kept >= 3
    state.static = state.static.renewed(sides=list(state.static.sides))
    assert len(state.static.derived) == 0 and isinstance(state.static.derived, DerivedData)
    assert len(before.static.derived) == kept
    assert (infantry_of(state, 0), exit_squares(state), transports(state)) == (infantry, exits, vehicles)
