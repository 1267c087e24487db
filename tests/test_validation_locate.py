"""Pydantic errors land on the right YAML line and column: list items (block and flow),
nested lists, missing keys (at the mapping that should hold them), unknown keys (at the
key), union members and discriminated victory conditions."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from builder.systems.heroes.content.models import ScenarioFile, TerrainFile, UnitsFile
from builder.content.pydantic_errors import validation_diagnostics
from builder.content.yaml_io import parse_yaml, parse_yaml_positions, read_yaml, read_yaml_positions
from builder.diagnostics import Diagnostic
from tests.conftest import FIXTURES

LOCATE = FIXTURES / "validation" / "locate"


def diagnose(path: Path, model: type[BaseModel]) -> list[Diagnostic]:
    with pytest.raises(ValidationError) as info:
        model.model_validate(read_yaml(path))
    return validation_diagnostics(info.value, model, path.name, read_yaml_positions(path))


def places(diags: list[Diagnostic]) -> set[tuple[int, int, str]]:
    return {(d.line, d.col, d.code) for d in diags}


def test_scenario_errors_are_located() -> None:
    diags = diagnose(LOCATE / "scenario.yaml", ScenarioFile)
    assert places(diags) == {
        (6, 26, "S201"),   # unknown key inside a flow mapping inside a flow list
        (11, 27, "S202"),  # second item of a flow list
        (15, 15, "S202"),  # value out of range
        (18, 9, "S202"),   # second item of a block list
        (19, 13, "S203"),  # missing key of an empty flow mapping: the mapping
        (23, 39, "S201"),  # unknown key inside a victory condition (discriminated union)
        (28, 68, "S202"),  # nested all: -> controls: -> at_least
        (29, 11, "S202"),  # a condition of no known kind
        (31, 23, "S202"),  # otherwise: false
    }
    messages = {(d.line, d.col): d for d in diags}
    # union member names and discriminator tags never show in the path
    assert messages[(23, 39)].message == "unknown key 'more_than_opponnent' in victory[0].when.victory_points"
    assert messages[(23, 39)].hint == "did you mean 'more_than_opponent'?"
    assert messages[(28, 68)].message.startswith("victory[1].when.all[0].controls.at_least:")


def test_unions_report_the_member_that_fits_the_input() -> None:
    diags = diagnose(LOCATE / "units.yaml", UnitsFile)
    assert places(diags) == {(11, 18, "S203"), (14, 50, "S202"), (17, 5, "S203")}
    by_place = {(d.line, d.col): d.message for d in diags}
    # int | VehicleDefence given a mapping: only the mapping's missing key is reported
    assert by_place[(11, 18)] == "missing required key 'rear' in units[0].sides[0].defence"
    # int | 'X' given 'Y': one message naming both alternatives
    assert "should be a valid integer or 'X' (got 'Y')" in by_place[(14, 50)]
    assert len([d for d in diags if d.line == 17]) == 2  # name and sides, both at the item


def test_nested_list_item_is_located() -> None:
    diags = diagnose(LOCATE / "overlays.yaml", TerrainFile)
    assert places(diags) == {(11, 14, "S202")}
    assert diags[0].message.startswith("overlays[0].rooms[1][1]:")


def test_missing_top_level_key_points_at_the_document() -> None:
    text = "# yaml-language-server: $schema=x\n\nid: x\nname: X\nplaceholder: true\n"
    with pytest.raises(ValidationError) as info:
        ScenarioFile.model_validate(parse_yaml(text))
    diags = validation_diagnostics(info.value, ScenarioFile, "x.yaml", parse_yaml_positions(text))
    assert {(d.line, d.col) for d in diags if d.code == "S203"} == {(3, 1)}
    assert {d.message.split("'")[1] for d in diags} >= {"layout", "sides", "initiative", "victory"}
