"""docs/engine.md, "Add an ability", "A scenario rule": the example scenario rule, run as
written, is one registration away from changing play in the scenarios that use it: the
unit being activated is offered the rule's decision, which its module carries out by its
mode and whose state it declares (cloned, hashed), while a scenario that does not use
the rule offers nothing, the game loop naming none of it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import ACTIVATION_ACTIONS, SCENARIO_APPLY
from builder.systems.heroes.engine.effects.registry import REGISTRY
from builder.systems.heroes.engine.state import RULE_FIELDS, rule_field
from engine_helpers import PACK, activate

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def _example() -> str:
    section = DOC.read_text(encoding="utf-8").split("### A scenario rule", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"```python\n(.*?)```", section, re.S)
    assert found, "docs/engine.md lost its 'A scenario rule' example"
    return str(found[0])


@pytest.fixture
def signal_flare() -> Iterator[None]:
    exec(compile(_example(), f"{DOC}:A scenario rule", "exec"), {"__name__": "signal_flare_example"})
    try:
        yield
    finally:
        effects.unregister("scenario-rule", "signal-flare")
        RULE_FIELDS.pop("flares", None)


def _flare(unit_id: int, square: int) -> Action:
    return Action("fire", unit=unit_id, square=square, mode="flare")


def test_the_documented_scenario_rule_offers_and_applies_its_decision(signal_flare: None) -> None:
    module = effects.get("scenario-rule", "signal-flare")
    assert module is not None and module.modes == ("flare",)
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=1)
    assert state.static.scenario.objectives  # the scenario uses the rule
    unit = next(u for u in state.units if u.active and u.side == 0 and u.sq >= 0)
    enemy = next(u for u in state.units if u.active and u.side == 1 and u.sq >= 0)
    activate(state, unit.id)
    flare = _flare(unit.id, unit.sq)
    assert flare in legal_actions(state)
    before = state.clone()
    events = apply(state, flare, check=True)
    assert [e.kind for e in events if e.kind == "flare"] == ["flare"]
    assert rule_field(state, RULE_FIELDS["flares"]) == (0,) and rule_field(before, RULE_FIELDS["flares"]) == ()
    assert state.canonical()["flares"] == [0] and "flares" not in before.canonical()
    assert state.fired and not before.fired  # instead of the unit's shot
    copy = state.clone()
    assert rule_field(copy, RULE_FIELDS["flares"]) == (0,) and copy.state_hash() == state.state_hash()
    activate(copy, unit.id)
    assert not [a for a in legal_actions(copy) if a.mode == "flare"]  # once a game for the side
    activate(copy, enemy.id)
    assert _flare(enemy.id, enemy.sq) in legal_actions(copy)  # the other side still has its own
    activate(before, unit.id)
    assert flare in legal_actions(before)  # the copy taken before is untouched


def test_a_scenario_without_objectives_does_not_use_the_rule(signal_flare: None) -> None:
    state = Rules.new_game(load_pack(PACK), "skirmish", seed=1)
    state.static.scenario = state.static.scenario.model_copy(update={"objectives": []})
    effects.invalidate(state)  # the scenario rules in play are worked out once per game
    flare_offer = REGISTRY[("scenario-rule", "signal-flare")].hooks["activation_actions"]
    assert flare_offer not in effects.scenario_hooks(state, ACTIVATION_ACTIONS)
    assert effects.scenario_apply(state, "flare") is None
    unit = next(u for u in state.units if u.active and u.side == 0 and u.sq >= 0)
    activate(state, unit.id)
    assert not [a for a in legal_actions(state) if a.mode == "flare"]


def test_scenario_apply_needs_its_modes() -> None:
    with pytest.raises(ValueError, match="scenario_apply"):
        effects.register("scenario-rule", "broken-example", "Broken", "simulated", "example",
                         hooks=[SCENARIO_APPLY.by(lambda state, action: None)])
    assert ("scenario-rule", "broken-example") not in REGISTRY
