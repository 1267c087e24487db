"""Test oracles for the world content: a battlefield composed from a scenario layout, the
squares a scenario names, and the victory level a final position gives. They restate the
rules independently of the engine so the content can be checked against the rule books."""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.content.models.scenario import (
    AllCondition,
    AnyCondition,
    ControlsCondition,
    DestroyedCondition,
    Effect,
    NotCondition,
    OtherwiseCondition,
    Scenario,
    expand_area,
)
from builder.systems.heroes.content.models.terrain import square_to_xy, xy_to_square


# --- a battlefield composed from a layout (test oracle) ---------------------------------


def _rotated(rows: list[str], rotation: int) -> dict[tuple[int, int], str]:
    """Characters of a grid turned clockwise by ``rotation`` degrees, by local (x, y)."""
    height, width = len(rows), len(rows[0])
    turn = {
        0: lambda x, y: (x, y),
        90: lambda x, y: (height - 1 - y, x),
        180: lambda x, y: (width - 1 - x, height - 1 - y),
        270: lambda x, y: (y, width - 1 - x),
    }[rotation]
    return {turn(x, y): ch for y, row in enumerate(rows) for x, ch in enumerate(row)}


def battlefield(pack, scenario: Scenario) -> dict[str, str]:
    """Square -> terrain id once boards and then overlays are laid; an overlay square off
    the boards, or two boards on one square, fails the test."""
    field: dict[str, str] = {}
    for collection, placements in (("boards", scenario.layout.boards),
                                   ("overlays", scenario.layout.overlays)):
        for placed in placements:
            grid = pack.items[collection][placed.id]
            ox, oy = square_to_xy(placed.at)
            for (x, y), ch in _rotated(grid.rows, int(placed.rotation)).items():
                if collection == "overlays" and ch == " ":
                    continue
                square = xy_to_square(ox + x, oy + y)
                if collection == "boards":
                    assert square not in field, f"{scenario.id}: boards overlap at {square}"
                else:
                    assert square in field, f"{scenario.id}: overlay {placed.id} leaves the boards at {square}"
                field[square] = grid.legend[ch]
    return field


def scenario_squares(scenario: Scenario) -> list[tuple[str, str]]:
    """(what, square) for every square a scenario names."""
    found = [(f"objective {o.id}", o.at) for o in scenario.objectives]
    for side in scenario.sides:
        found += [(f"{side.id} deployment", sq) for area in side.deployment for sq in expand_area(area)]
        found += [(f"{side.id} entry", sq) for sq in side.entry]

    def effects(items: list[Effect], where: str) -> None:
        for effect in items:
            found.extend((where, sq) for area in effect.at for sq in expand_area(area))
            for nested in list(effect.table.values()) + list(effect.outcomes.values()):
                effects(nested, where)

    for event in scenario.events:
        effects(event.effects, f"event on turns {event.turns}")
    if scenario.solo:
        found += [("scout square", sq) for area in scenario.solo.scout_deployment for sq in expand_area(area)]
    return found


# --- a victory-level oracle: which level a final position gives --------------------------


def holds(condition: Any, scenario: Scenario, facts: dict[str, Any]) -> bool:
    if isinstance(condition, OtherwiseCondition):
        return True
    if isinstance(condition, AllCondition):
        return all(holds(c, scenario, facts) for c in condition.all)
    if isinstance(condition, AnyCondition):
        return any(holds(c, scenario, facts) for c in condition.any)
    if isinstance(condition, NotCondition):
        return not holds(condition.not_, scenario, facts)
    if isinstance(condition, DestroyedCondition):
        return condition.destroyed.unit in facts.get("destroyed", set())
    if isinstance(condition, ControlsCondition):
        spec = condition.controls
        pool = [o for o in scenario.objectives
                if (not spec.objectives or o.id in spec.objectives) and (spec.kind is None or o.kind == spec.kind)]
        held = sum(1 for o in pool if o.id in facts["controls"].get(spec.side, set()))
        return (spec.at_least is None or held >= spec.at_least) and (spec.at_most is None or held <= spec.at_most)
    raise AssertionError(f"no oracle for {condition!r}")


def outcome(scenario: Scenario, **facts: Any) -> tuple[str, str | None]:
    for level in scenario.victory:
        if holds(level.when, scenario, facts):
            return level.level, level.winner
    raise AssertionError("no victory level applies")
