"""Victory conditions, selectors and turn events in words, generated from their
declarative form (000 core rules, Setup > Victory Conditions; scenario pages of 002
and 003), so the printed sheet says exactly what the engine evaluates."""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.content.models.scenario import (
    AllCondition, AnyCondition, ControlsCondition, DemolishedCondition, DestroyedCondition, Effect,
    ExitedCondition, NoUnitsCondition, NotCondition, OtherwiseCondition, PointsCondition, Scenario, Selector,
    TurnEvent, VictoryLevel,
)
from builder.systems.heroes.content.pack import Pack

TIMINGS = {
    "start_of_orders": "at the start of the Orders Phase",
    "start_of_activation": "at the start of the Activation Phase",
    "start_of_supply": "at the start of the Supply Phase",
    "end_of_supply": "at the end of the Supply Phase",
}


class Namer:
    """Display names for sides, units and objectives of one scenario."""

    def __init__(self, scenario: Scenario, pack: Pack) -> None:
        self.sides = {}
        for side in scenario.sides:
            faction = pack.get("factions", side.faction)
            self.sides[side.id] = side.name or (faction.adjective if faction and faction.adjective else side.id.upper())
        self.pack = pack
        self.objectives = {o.id: o.display_name for o in scenario.objectives}

    def side(self, side_id: str | None) -> str:
        if side_id is None:
            return "either side"
        return self.sides.get(side_id, side_id)

    def objective(self, objective_id: str) -> str:
        return self.objectives.get(objective_id, objective_id)

    def unit(self, unit_id: str) -> str:
        unit = self.pack.get("units", unit_id)
        return unit.name if unit is not None else unit_id


def join(words: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def turns_in_words(turns: list[int]) -> str:
    ordered = sorted(set(turns))
    label = "Turn" if len(ordered) == 1 else "Turns"
    return f"{label} {join([str(t) for t in ordered])}"


def condition_in_words(condition: Any, names: Namer) -> str:
    """One condition of the declarative vocabulary as a sentence fragment."""
    if isinstance(condition, ControlsCondition):
        spec = condition.controls
        kind = f"{spec.kind.value} " if spec.kind is not None else ""
        what = (f"objective{'s' if len(spec.objectives) > 1 else ''} "
                f"{join([names.objective(o) for o in spec.objectives])}"
                if spec.objectives else f"the {kind}objectives")
        if spec.at_least is not None and spec.at_most is not None:
            count = f"between {spec.at_least} and {spec.at_most} of "
        elif spec.at_least is not None:
            count = f"at least {spec.at_least} of "
        elif spec.at_most == 0:
            count = "none of "
        elif spec.at_most is not None:
            count = f"at most {spec.at_most} of "
        else:
            count = "all of " if len(spec.objectives) != 1 else ""
        return f"{names.side(spec.side)} controls {count}{what}"
    if isinstance(condition, PointsCondition):
        points = condition.victory_points
        parts = []
        if points.at_least is not None:
            parts.append(f"has at least {points.at_least} victory points")
        if points.more_than_opponent:
            parts.append("has more victory points than the opponent")
        return f"{names.side(points.side)} {join(parts) or 'scores victory points'}"
    if isinstance(condition, DestroyedCondition):
        destroyed = condition.destroyed
        return f"{names.side(destroyed.side)}'s {names.unit(destroyed.unit)} has been eliminated"
    if isinstance(condition, NoUnitsCondition):
        return f"{names.side(condition.no_units)} has no units left"
    if isinstance(condition, DemolishedCondition):
        return f"{condition.demolished.replace('-', ' ')} has been destroyed"
    if isinstance(condition, ExitedCondition):
        exited = condition.exited
        counts = join([f"{n} {kind.replace('_', ' ')} unit{'s' if n != 1 else ''}"
                       for kind, n in exited.at_least.items()], "and")
        return f"{names.side(exited.side)} got at least {counts} out by its exit squares"
    if isinstance(condition, OtherwiseCondition):
        return "in any other case"
    if isinstance(condition, AllCondition):
        return join([condition_in_words(c, names) for c in condition.all], "and")
    if isinstance(condition, AnyCondition):
        return join([condition_in_words(c, names) for c in condition.any], "or")
    if isinstance(condition, NotCondition):
        return f"it is not the case that {condition_in_words(condition.not_, names)}"
    raise TypeError(f"unknown condition {type(condition).__name__}")


def victory_in_words(level: VictoryLevel, names: Namer, perspective: str | None = None) -> dict[str, str]:
    """A victory level: its title and condition in words, plus the author's text.

    With a ``perspective`` side (Solo Mode scenarios speak to the player) the other
    side's victory is printed as that side's defeat."""
    if level.level == "draw" or level.winner is None:
        title = "Draw"
    elif perspective is not None:
        outcome = "victory" if level.winner == perspective else "defeat"
        title = f"{level.level.capitalize()} {outcome}"
    else:
        title = f"{level.level.capitalize()} victory for {names.side(level.winner)}"
    when = condition_in_words(level.when, names)
    sentence = "Otherwise." if when == "in any other case" else f"When {when}."
    return {"title": title, "condition": sentence, "text": level.text}


def selector_in_words(selector: Selector, names: Namer) -> str:
    if selector.unit:
        return f"{names.side(selector.side)}'s {names.unit(selector.unit)}"
    kind = (selector.unit_type or "").replace("_", " ")
    noun = f"{kind} units" if kind else "units"
    if selector.count == 1:
        noun = f"{kind} unit" if kind else "unit"
    count = f"{selector.count} " if selector.count else "all "
    where = f" closest to {'an objective' if selector.closest_to == 'objective' else 'the enemy'}" \
        if selector.closest_to else ""
    return f"{count}{names.side(selector.side)} {noun}{where}"


def effect_in_words(effect: Effect, names: Namer) -> dict[str, Any]:
    """An effect: the author's paraphrase, whom it affects, and a roll table in words."""
    table = [
        {"roll": roll, "effects": [effect_in_words(e, names) for e in effects]}
        for roll, effects in effect.table.items()
    ]
    for roll, columns in getattr(effect, "by_attitude", {}).items():
        cells = [f"{attitude}: {letter}" for attitude, letter in columns.items()]
        table.append({"roll": roll, "effects": [{"text": "; ".join(cells)}]})
    for letter, effects in getattr(effect, "outcomes", {}).items():
        table.append({"roll": letter, "effects": [effect_in_words(e, names) for e in effects]})
    return {
        "text": effect.text,
        "affects": selector_in_words(effect.selector, names) if effect.selector else "",
        "where": join(list(effect.at)) if effect.at else "",
        "table": table,
    }


def event_in_words(event: TurnEvent, names: Namer) -> dict[str, Any]:
    who = f" ({names.side(event.side)})" if event.side else ""
    condition = getattr(event, "when", None)
    if condition is not None:
        who += f", if {condition_in_words(condition, names)}"
    return {
        "when": f"{turns_in_words(event.turns)}, {TIMINGS[event.timing.value]}{who}",
        "text": event.text,
        "effects": [effect_in_words(e, names) for e in event.effects],
        "first_turn": min(event.turns),
    }
