"""The decision-table interpreter: the reading rule of 002 Solo Mode, 5 - Decision Tables >
Clarifications (priorities fall through in order; alternatives left to right; ties at random)."""

from __future__ import annotations

import inspect
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from builder.systems.heroes.ai.tables import BattleQuery, TableSet, choose, pick_option, rank_destinations
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.solo import TABLE_VOCABULARY, Criterion, SoloFile
from builder.content.yaml_io import read_yaml

FIXTURE = Path(__file__).parent / "fixtures" / "playtest" / "tables-fallthrough.yaml"


class FakeQuery:
    """Units are dicts of facts; every vocabulary question reads one key."""

    def __init__(self, attitude: str = "balanced", reaction: bool = False) -> None:
        self._attitude, self._reaction = attitude, reaction

    def suppressed(self, u):
        return u.get("suppressed", False)

    def concealed(self, u):
        return u.get("concealed", False)

    def in_terrain(self, u):
        return u.get("in_terrain", False)

    def unit_type(self, u, types):
        return u.get("type", "infantry") in types

    def can_reach_objective(self, u, kind="any"):
        return kind in u.get("reach", ())

    def likely_destroyed(self, u):
        return u.get("doomed", False)

    def attitude(self, u, is_):
        return self._attitude in is_

    def from_reaction(self, u):
        return self._reaction

    def metric(self, u, name):
        return u.get(name, 0)

    def destination_value(self, u, square, criterion, kind="any"):
        return square.get(criterion, 0)


def table(name: str = "pick"):
    return {t.id: t for t in SoloFile.model_validate(read_yaml(FIXTURE)).decision_tables}[name]


def test_first_priority_met_wins_over_later_ones():
    units = [{"n": "a", "type": "heavy_vehicle"}, {"n": "b", "reach": ("primary",)}]
    d = choose(table(), units, FakeQuery(), random.Random(1))
    assert d.choice["n"] == "b"
    assert d.decided_by == "pick/p2-primary"


def test_priority_nobody_meets_is_skipped():
    units = [{"n": "a", "suppressed": True}, {"n": "b", "suppressed": True, "type": "light_vehicle"}]
    d = choose(table(), units, FakeQuery(), random.Random(1))
    assert d.choice["n"] == "b"
    assert "pick/p1-fresh" not in d.fired and d.decided_by == "pick/p3-kinds"


def test_alternatives_are_read_left_to_right():
    units = [{"n": "a", "type": "light_vehicle"}, {"n": "b", "concealed": False}, {"n": "c", "concealed": True}]
    d = choose(table(), units, FakeQuery(), random.Random(1))
    assert d.choice["n"] == "a"


def test_later_priorities_only_break_ties_of_earlier_ones():
    units = [
        {"n": "strong-but-suppressed", "suppressed": True, "combat_value": 9},
        {"n": "weak", "combat_value": 1},
        {"n": "medium", "combat_value": 4},
    ]
    d = choose(table(), units, FakeQuery(), random.Random(1))
    assert d.choice["n"] == "medium"
    assert d.fired[0] == "pick/p1-fresh" and d.decided_by == "pick/p5-strongest"


def test_gated_priority_applies_only_under_its_attitude():
    units = [{"n": "open", "combat_value": 5}, {"n": "cover", "in_terrain": True, "combat_value": 1}]
    assert choose(table(), units, FakeQuery("aggressive"), random.Random(1)).choice["n"] == "cover"
    assert choose(table(), units, FakeQuery("defensive"), random.Random(1)).choice["n"] == "open"


def test_guard_removes_doomed_units_unless_all_are_doomed():
    units = [{"n": "doomed", "type": "heavy_vehicle", "doomed": True}, {"n": "safe"}]
    d = choose(table(), units, FakeQuery(), random.Random(1))
    assert d.choice["n"] == "safe" and "pick/avoid-doomed" in d.fired
    only_doomed = [{"n": "x", "doomed": True}]
    assert choose(table(), only_doomed, FakeQuery(), random.Random(1)).choice["n"] == "x"


def test_remaining_ties_are_broken_at_random_and_reproducibly():
    units = [{"n": str(i)} for i in range(6)]
    picks = {choose(table(), units, FakeQuery(), random.Random(seed)).choice["n"] for seed in range(40)}
    assert len(picks) > 1
    again = [choose(table(), units, FakeQuery(), random.Random(7)).choice["n"] for _ in range(3)]
    assert len(set(again)) == 1


@given(st.lists(st.fixed_dictionaries({
    "suppressed": st.booleans(), "type": st.sampled_from(["infantry", "light_vehicle", "heavy_vehicle"]),
    "concealed": st.booleans(), "in_terrain": st.booleans(), "combat_value": st.integers(0, 5),
    "doomed": st.booleans(),
}), min_size=1, max_size=8), st.integers(0, 1000))
def test_the_choice_is_always_a_candidate(units, seed):
    d = choose(table(), units, FakeQuery(), random.Random(seed))
    assert any(d.choice is u for u in units)


def test_strict_guard_ignores_a_suicidal_assault():
    tables = TableSet.from_pack(load_pack())

    class Q(FakeQuery):
        def assault_edge(self, u, at_least=0):
            return u["edge"] >= at_least

        def has_order(self, u):
            return False

        def has_ability(self, u, ability):
            return True

    d = choose(tables["assault-actor"], [{"edge": -3}, {"edge": -4}], Q(), random.Random(1))
    assert d.choice is None and d.decided_by == "assault-actor/no-suicidal-assault"
    d = choose(tables["assault-actor"], [{"edge": -3}, {"edge": -2}], Q(), random.Random(1))
    assert d.choice == {"edge": -2}


def test_choose_an_action_takes_the_first_option_that_holds():
    tables = TableSet.from_pack(load_pack())

    class Q(FakeQuery):
        def has_ability(self, u, ability):
            return ability in u["abilities"]

        def enemy_in_assault_range(self, u):
            return u["assault_range"]

        def assault_edge(self, u, at_least=0):
            return True

        def sees_enemy(self, u, clear=False, target="any", range="any"):
            return u["sees"]

        def can_template(self, u, min_units=2, fire="any"):
            return False

        def good_shot(self, u, min_odds=0.25):
            return u["sees"]

    assert pick_option(tables["choose-an-action"], {"abilities": ["assault"], "assault_range": True, "sees": True},
                       Q()).action == "assault"
    assert pick_option(tables["choose-an-action"], {"abilities": [], "assault_range": True, "sees": True},
                       Q()).action == "fire"
    assert pick_option(tables["choose-an-action"], {"abilities": [], "assault_range": False, "sees": False},
                       Q()).action == "move"


def test_destinations_ranked_by_criteria_in_order():
    crits = [Criterion(criterion="reach_objective"), Criterion(criterion="cover")]
    squares = [{"reach_objective": 0, "cover": 3}, {"reach_objective": 1, "cover": 0}, {"reach_objective": 1, "cover": 1}]
    assert rank_destinations(crits, None, squares, FakeQuery(), random.Random(1)) is squares[2]


def test_vocabulary_and_query_protocol_stay_in_step():
    methods = {n for n, _ in inspect.getmembers(BattleQuery, inspect.isfunction) if not n.startswith("_")}
    assert set(TABLE_VOCABULARY) <= methods
    assert methods - set(TABLE_VOCABULARY) == {"metric", "destination_value"}


def test_bundled_pack_has_every_table():
    tables = TableSet.from_pack(load_pack())
    assert tables["place-an-order"].priorities[0].id == "order-not-suppressed"
    assert [o.action for o in tables["choose-an-action"].options] == ["assault", "suppressive_fire", "fire", "move"]


def test_unknown_condition_is_a_located_validation_error():
    data = read_yaml(FIXTURE)
    data["decision_tables"][0]["priorities"][0]["alternatives"] = [{"has_wings": {}}]
    with pytest.raises(ValidationError, match="unknown condition 'has_wings'"):
        SoloFile.model_validate(data)
