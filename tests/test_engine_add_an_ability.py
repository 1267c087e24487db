"""docs/engine.md, "Add an ability": the walk-through's example module, run as written,
is one registration away from changing play: a unit granted the ability moves further."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.content.loader import load_pack
from builder.engine import Rules, effects
from builder.engine.effects.registry import REGISTRY
from engine_helpers import PACK

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def _example() -> str:
    section = DOC.read_text(encoding="utf-8").split("## Add an ability", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found, "docs/engine.md lost its 'Add an ability' example"
    return found.group(1)


@pytest.fixture
def quick_march() -> Iterator[None]:
    exec(compile(_example(), f"{DOC}:Add an ability", "exec"), {})
    try:
        yield
    finally:
        REGISTRY.pop(("ability", "quick-march"), None)


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
