"""docs/engine.md, "Add an ability": the walk-through's example modules, run as written,
are one registration away from changing play: a unit granted the ability moves further,
and an army holding the example option is offered the option's own decision, which
its module carries out and whose state it declares (cloned, hashed, ended with the
round), the game loop naming none of it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.phases.orders import start_round
from builder.systems.heroes.engine.state import RULE_FIELDS, rule_field
from engine_helpers import PACK, activate

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def _example(number: int = 0) -> str:
    section = DOC.read_text(encoding="utf-8").split("## Add an ability", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(found) > number, "docs/engine.md lost an 'Add an ability' example"
    return str(found[number])


@pytest.fixture
def quick_march() -> Iterator[None]:
    exec(compile(_example(), f"{DOC}:Add an ability", "exec"), {"__name__": "quick_march"})
    try:
        yield
    finally:
        effects.unregister("ability", "quick-march")


def test_the_documented_module_registers_and_changes_movement(quick_march: None) -> None:
    module = effects.get("ability", "quick-march")
    assert module is not None and module.status == "simulated" and "movement" in module.hooks
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=1)
    unit = next(u for u in state.units if u.active and u.is_infantry)
    before = state.rules.movement_bonus(state, unit)
    unit.st.granted["quick-march"] = 1  # as a tile granting the ability would
    effects.invalidate(state)
    assert state.rules.movement_bonus(state, unit) == before + 1
    others = [u for u in state.units if u.active and u.is_infantry and u.st is not unit.st]
    assert all(state.rules.movement_bonus(state, u) == 0 for u in others)


@pytest.fixture
def dig_in() -> Iterator[None]:
    exec(compile(_example(1), f"{DOC}:Add an ability, a rule that brings its own decision", "exec"),
         {"__name__": "dig_in_example"})
    try:
        yield
    finally:
        effects.unregister("option", "dig-in")
        RULE_FIELDS.pop("dug_in", None)


def test_the_documented_option_brings_its_own_decision_and_state(dig_in: None) -> None:
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=1)
    unit = next(u for u in state.units if u.active and u.is_infantry and u.side == 0)
    enemy = next(u for u in state.units if u.active and u.is_infantry and u.side == 1)
    activate(state, unit.id)
    dig = Action("move", unit=unit.id, square=unit.sq, mode="dig-in")
    assert dig not in legal_actions(state)  # not an option of this army yet
    side = state.static.sides[0]
    side.keys = side.keys | {"dig-in"}  # as recruiting the option would
    effects.invalidate(state)
    assert dig in legal_actions(state)
    activate(state, enemy.id)  # the other army does not hold it
    assert not [a for a in legal_actions(state) if a.mode == "dig-in"]
    activate(state, unit.id)
    before = state.clone()
    apply(state, dig, check=True)
    assert rule_field(state, RULE_FIELDS["dug_in"]) == (unit.id,) and rule_field(before, RULE_FIELDS["dug_in"]) == ()
    assert state.units[unit.id].sq == before.units[unit.id].sq  # it stayed where it stands
    assert state.canonical()["dug_in"] == [unit.id] and "dug_in" not in before.canonical()
    copy = state.clone()
    assert rule_field(copy, RULE_FIELDS["dug_in"]) == (unit.id,) and copy.state_hash() == state.state_hash()
    activate(copy, unit.id)
    assert dig not in legal_actions(copy)  # once a round
    start_round(copy)  # the field lasts the round
    assert rule_field(copy, RULE_FIELDS["dug_in"]) == () and rule_field(state, RULE_FIELDS["dug_in"]) == (unit.id,)
