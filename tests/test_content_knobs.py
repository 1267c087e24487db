"""Knobs of a scenario (built-in and tunable): listing, --vary parsing, applying a setting,
and the P540 check of tunable numbers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.systems.heroes.content.loader import load_pack
from builder.errors import InvalidInputError, UsageError
from builder.systems.heroes.content import knobs
from builder.playtest_core.pools import LocalPool
from builder.systems.heroes.playtests.runner import Batch

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def budget():
    return load_pack(PACK).items["scenarios"]["budget"]


def test_builtin_and_tunable_knobs(budget):
    found = knobs.knobs_of(budget)
    assert list(found) == ["points.us", "points.de", "turns", "vp.wood", "vp.house", "initiative", "us-hand"]
    assert found["points.de"].current == 100 and found["us-hand"].current == 4
    assert found["initiative"].choices == ("us", "de")


def test_a_fixed_composition_has_no_points_knob():
    meeting = load_pack(PACK).items["scenarios"]["meeting"]
    assert not any(name.startswith("points.") for name in knobs.knobs_of(meeting))


@pytest.mark.parametrize("text,values", [
    ("points.de=60:100:20", (60, 80, 100)),
    ("points.de=60:72", (60, 65, 70, 72)),
    ("turns=8,4,6", (4, 6, 8)),
    ("initiative=de,us", ("de", "us")),
    ("us-hand=0:2", (0, 1, 2)),
])
def test_vary_ranges(budget, text, values):
    assert knobs.parse_vary(budget, text).values == values


@pytest.mark.parametrize("text,needle", [
    ("points.de", "KNOB=LO:HI"),
    ("points.xx=1:2", "knobs: points.us"),
    ("turns=5:30", "within 1..20"),
    ("turns=9:3", "LO <= HI"),
    ("initiative=fr", "choose among us, de"),
    ("us-hand=0:9", "within 0..6"),
    ("turns=a:b", "whole numbers"),
])
def test_bad_vary_is_a_usage_error(budget, text, needle):
    with pytest.raises(UsageError, match=needle.replace(".", r"\.")):
        knobs.parse_vary(budget, text)


def test_apply_turns_the_knobs_and_keeps_the_rest(budget):
    turned = knobs.apply(budget, (("points.de", 180), ("vp.wood", 5), ("initiative", "de"), ("us-hand", 2)))
    assert turned.sides[1].army.points == 180 and turned.objectives[0].victory_points == 5
    assert turned.initiative.first == "de" and turned.sides[0].army.hand == 2
    assert turned.turns == budget.turns and budget.sides[1].army.points == 100  # the original is untouched
    assert knobs.apply(budget, ()) == budget


def test_a_setting_the_model_refuses_is_an_input_error(budget):
    with pytest.raises(InvalidInputError, match="turns=40"):
        knobs.apply(budget, (("turns", 40),))


def test_variant_ids_are_stable_and_distinct():
    a = knobs.variant_id("budget", (("points.de", 100), ("turns", 5)))
    assert a == knobs.variant_id("budget", (("turns", 5), ("points.de", 100)))
    assert a != knobs.variant_id("budget", (("points.de", 105), ("turns", 5)))


def test_a_knob_changes_the_games():
    base = Batch(str(PACK), "budget", 6, 1, ("greedy", "greedy"))
    plain = list(LocalPool().play(base))
    richer = list(LocalPool().play(Batch(str(PACK), "budget", 6, 1, ("greedy", "greedy"), knobs=(("points.de", 180),))))
    assert [r["seed"] for r in plain] == [r["seed"] for r in richer]  # same seeds: like is compared with like
    # a points-only side plays the suggester's army for its budget: another army, not always more counters
    assert richer[0]["fielded"]["de"] != plain[0]["fielded"]["de"]


def _with_tunable(tmp_path: Path, tunable: str) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(PACK, target)
    path = target / "scenarios" / "budget.yaml"
    text = path.read_text()
    path.write_text(text[:text.index("tunable:")] + tunable)
    return target


@pytest.mark.parametrize("tunable,needle", [
    ("tunable:\n  - {id: x, path: sides.us.army.cardz, min: 0, max: 6}\n", "'cardz' is not a key"),
    ("tunable:\n  - {id: x, path: sides.fr.army.hand, min: 0, max: 6}\n", "neither a position"),
    ("tunable:\n  - {id: x, path: sides.us.faction, min: 0, max: 6}\n", "not a whole number"),
    ("tunable:\n  - {id: x, path: turns, min: 7, max: 9}\n", "outside 7..9"),
    ("tunable:\n  - {id: turns, path: turns, min: 1, max: 9}\n", "built-in knob"),
])
def test_bad_tunable_numbers_are_p540_with_a_position(cli, tmp_path, tunable, needle):
    pack = _with_tunable(tmp_path, tunable)
    r = cli("validate", str(pack), "--format", "json")
    assert r.exit_code == 1
    found = [d for d in json.loads(r.stdout)["diagnostics"] if d["code"] == "P540"]
    assert found and needle in found[0]["message"], r.stdout
    assert found[0]["file"].endswith("budget.yaml") and found[0]["line"] > 20


def test_tunable_range_and_names_are_checked_by_the_schema(cli, tmp_path):
    pack = _with_tunable(tmp_path, "tunable:\n  - {id: x, path: turns, min: 9, max: 1}\n"
                                   "  - {id: x, path: turns, min: 1, max: 9, colour: red}\n")
    r = cli("validate", str(pack))
    assert r.exit_code == 1 and "Traceback" not in r.stderr + r.stdout


@given(st.data())
def test_any_value_in_a_knob_range_applies_and_only_moves_that_knob(data):
    budget = load_pack(PACK).items["scenarios"]["budget"]
    found = knobs.knobs_of(budget)
    name = data.draw(st.sampled_from(sorted(found)))
    knob = found[name]
    value = data.draw(st.sampled_from(knob.choices) if knob.choices else st.integers(knob.low, knob.high))
    turned = knobs.apply(budget, ((name, value),))
    assert knobs.knobs_of(turned)[name].current == value
    assert {k: v.current for k, v in knobs.knobs_of(turned).items() if k != name} == \
        {k: v.current for k, v in found.items() if k != name}
