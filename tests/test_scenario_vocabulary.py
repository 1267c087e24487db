"""The content vocabulary of the world half refuses what it cannot mean: roll tables,
effects, composition lines, grids, decoy counts; square names and areas behave."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from builder.systems.heroes.content.models.scenario import CompositionEntry, Effect, SoloNotes, expand_area
from builder.systems.heroes.content.models.terrain import Board, Overlay, square_to_xy, xy_to_square
from builder.content.yaml_io import read_yaml
from tests.conftest import FIXTURES

FIX = FIXTURES / "content-world"


def test_decoys_must_follow_the_rule() -> None:
    with pytest.raises(ValidationError, match="call for 2 decoy"):
        SoloNotes.model_validate(read_yaml(FIX / "bad-decoys.yaml"))


@pytest.mark.parametrize("counters", range(0, 31))
def test_one_decoy_per_three_counters_eight_at_most(counters: int) -> None:
    """002 Solo Mode, Anonymous Unit Counters: a decoy per 3 counters, never more than 8."""
    expected = min(8, counters // 3)
    assert SoloNotes(anonymous_units=counters, decoys=expected).decoys == expected
    with pytest.raises(ValidationError, match=f"call for {expected} decoy"):
        SoloNotes(anonymous_units=counters, decoys=expected + 1)



def test_roll_tables_cover_the_die_and_name_real_outcomes() -> None:
    with pytest.raises(ValidationError, match="cover 1 to 6"):
        Effect.model_validate(read_yaml(FIX / "bad-roll-table.yaml"))


def test_a_composition_line_names_one_thing() -> None:
    with pytest.raises(ValidationError, match="exactly one of tile, option, hero or unit"):
        CompositionEntry.model_validate(read_yaml(FIX / "bad-composition-line.yaml"))


def test_effects_carry_what_they_need() -> None:
    with pytest.raises(ValidationError, match="'add_marker' needs marker"):
        Effect.model_validate(read_yaml(FIX / "bad-marker-effect.yaml"))


@pytest.mark.parametrize(("fixture", "model", "message"), [
    ("bad-board-edge.yaml", Board, "orthogonally adjacent squares, not A1 and C1"),
    ("bad-board-legend.yaml", Board, "row 2 uses 'x'"),
    ("bad-overlay-opening.yaml", Overlay, "opening square B1 is not covered"),
])
def test_grids_are_checked(fixture: str, model: type, message: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(message)):
        model.model_validate(read_yaml(FIX / fixture))


@given(st.integers(0, 26 * 27 - 1), st.integers(0, 998))
def test_square_names_round_trip(x: int, y: int) -> None:
    assert square_to_xy(xy_to_square(x, y)) == (x, y)


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 40))
def test_areas_expand_to_their_rectangle(x1: int, y1: int, x2: int, y2: int) -> None:
    squares = expand_area(f"{xy_to_square(x1, y1)}:{xy_to_square(x2, y2)}")
    assert len(squares) == len(set(squares)) == (abs(x1 - x2) + 1) * (abs(y1 - y2) + 1)
