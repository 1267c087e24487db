"""Knobs: the numbers of a scenario a designer may turn to balance it.

Built in, for every two-sided scenario:

* ``points.SIDE``: a side's army points, when it builds its army to a budget (a fixed
  composition ignores the number; 000 core rules, Army Creation);
* ``turns``: the game's length (000 core rules, Setup > Scenarios);
* ``vp.OBJECTIVE``: an objective's victory points (000 core rules, Setup > Victory
  Conditions);
* ``initiative``: the side holding the initiative in turn 1 (a choice of side ids).

And any number a pack marks ``tunable`` in the scenario (builder.systems.heroes.content.models.scenario.Tunable),
with its range: a victory threshold, an event's value.

A setting is a tuple of ``(knob, value)`` pairs; :func:`apply` makes the scenario model
with those values (validated again, so a setting can never make a scenario the loader
would refuse), and :func:`variant` registers it in the pack under a derived id for the
engine to play. Plain data in and out; no file is changed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from builder.diagnostics import did_you_mean
from builder.errors import InvalidInputError, UsageError

Value = int | str
Setting = tuple[tuple[str, Value], ...]


@dataclass(frozen=True)
class Knob:
    """One thing ``heroes balance`` may vary."""

    name: str
    path: tuple[str | int, ...]
    low: int = 0
    high: int = 0
    step: int = 1
    choices: tuple[str, ...] = ()
    current: Value = 0
    description: str = ""

    @property
    def numeric(self) -> bool:
        return not self.choices

    def values(self, low: int | None = None, high: int | None = None, step: int | None = None) -> list[Value]:
        """Every value of the knob between ``low`` and ``high`` by ``step``."""
        if self.choices:
            return list(self.choices)
        lo, hi, st = self.low if low is None else low, self.high if high is None else high, step or self.step
        return list(range(lo, hi + 1, st))


def _keys(data: Any, text: str) -> tuple[tuple[str | int, ...], Any]:
    """Follow a dotted path through dumped scenario data; list items by position or id."""
    keys: list[str | int] = []
    here = data
    for part in text.split("."):
        if isinstance(here, dict):
            if part not in here:
                raise LookupError(f"'{part}' is not a key of {'.'.join(map(str, keys)) or 'the scenario'}"
                                  f" (keys: {', '.join(sorted(here))})")
            keys.append(part)
            here = here[part]
        elif isinstance(here, list):
            if part.isdigit() and int(part) < len(here):
                keys.append(int(part))
                here = here[int(part)]
                continue
            ids = [i for i, item in enumerate(here) if isinstance(item, dict) and item.get("id") == part]
            if not ids:
                raise LookupError(f"'{part}' is neither a position (0-{len(here) - 1}) nor an id in "
                                  f"{'.'.join(map(str, keys))}")
            keys.append(ids[0])
            here = here[ids[0]]
        else:
            raise LookupError(f"'{'.'.join(map(str, keys))}' is a value, it has no '{part}'")
    return tuple(keys), here


def _dump(scenario: Any) -> dict[str, Any]:
    data: dict[str, Any] = scenario.model_dump(mode="json", by_alias=True)
    return data


def tunable_problems(scenario: Any) -> list[tuple[int, str, str]]:
    """(tunable index, field, message) for each tunable number that does not hold:
    its path must name an integer of the scenario lying within the declared range, and
    its name must not hide a built-in knob."""
    data = _dump(scenario)
    builtin = set(_builtin(scenario, data))
    out = []
    for i, t in enumerate(scenario.tunable):
        if t.id in builtin:
            out.append((i, "id", f"'{t.id}' is a built-in knob; name the tunable number otherwise"))
            continue
        try:
            _path, value = _keys(data, t.path)
        except LookupError as exc:
            out.append((i, "path", f"tunable '{t.id}': {exc}"))
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            out.append((i, "path", f"tunable '{t.id}': {t.path} is {json.dumps(value)[:40]}, not a whole number"))
        elif not t.min <= value <= t.max:
            out.append((i, "min", f"tunable '{t.id}': the scenario's own value {value} lies outside "
                                  f"{t.min}..{t.max}"))
    return out


def _builtin(scenario: Any, data: dict[str, Any]) -> dict[str, Knob]:
    knobs: dict[str, Knob] = {}
    for i, side in enumerate(scenario.sides):
        if side.army.composition:
            continue
        knobs[f"points.{side.id}"] = Knob(
            f"points.{side.id}", ("sides", i, "army", "points"), 0, 5000, 5, current=side.army.points or 0,
            description=f"army points of {side.name or side.id} (built to this budget)")
    knobs["turns"] = Knob("turns", ("turns",), 1, 20, 1, current=scenario.turns, description="number of turns")
    for i, obj in enumerate(scenario.objectives):
        knobs[f"vp.{obj.id}"] = Knob(f"vp.{obj.id}", ("objectives", i, "victory_points"), 0, 50, 1,
                                     current=obj.victory_points, description=f"victory points of {obj.id}")
    knobs["initiative"] = Knob("initiative", ("initiative", "first"), choices=tuple(s.id for s in scenario.sides),
                               current=scenario.initiative.first, description="side with the initiative in turn 1")
    return knobs


def knobs_of(scenario: Any) -> dict[str, Knob]:
    """Every knob of ``scenario``: the built-in ones, then its tunable numbers."""
    data = _dump(scenario)
    knobs = _builtin(scenario, data)
    for t in scenario.tunable:
        try:
            path, value = _keys(data, t.path)
        except LookupError:
            continue  # reported by tunable_problems (heroes validate, P540)
        knobs[t.id] = Knob(t.id, path, t.min, t.max, t.step, current=value, description=t.description)
    return knobs


@dataclass(frozen=True)
class Vary:
    """One ``--vary KNOB=RANGE``: the knob and the values to try, in order."""

    knob: Knob
    values: tuple[Value, ...] = field(default_factory=tuple)


def parse_vary(scenario: Any, text: str) -> Vary:
    """``KNOB=LO:HI``, ``KNOB=LO:HI:STEP`` or ``KNOB=A,B,C`` (usage errors name the knobs)."""
    knobs = knobs_of(scenario)
    name, sep, spec = text.partition("=")
    name, spec = name.strip(), spec.strip()
    if not sep or not name or not spec:
        raise UsageError(f"--vary '{text}': write KNOB=LO:HI, KNOB=LO:HI:STEP or KNOB=A,B,C, "
                         "e.g. --vary points.us=250:350:10")
    knob = knobs.get(name)
    if knob is None:
        close = did_you_mean(name, knobs)
        raise UsageError(f"--vary: '{name}' is no knob of scenario '{scenario.id}' "
                         f"({close + ' ' if close else ''}knobs: {', '.join(knobs)})")
    if not knob.numeric:
        picked = [v.strip() for v in spec.split(",") if v.strip()]
        wrong = [v for v in picked if v not in knob.choices]
        if wrong or not picked:
            raise UsageError(f"--vary {name}: choose among {', '.join(knob.choices)}, not {', '.join(wrong) or spec}")
        return Vary(knob, tuple(dict.fromkeys(picked)))
    try:
        if ":" in spec:
            parts = [int(p) for p in spec.split(":")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] < 1) or parts[0] > parts[1]:
                raise ValueError
            values: list[Value] = list(range(parts[0], parts[1] + 1, parts[2] if len(parts) == 3 else knob.step))
            if values[-1] != parts[1]:
                values.append(parts[1])
        else:
            values = sorted({int(p) for p in spec.split(",") if p.strip()})
    except ValueError:
        raise UsageError(f"--vary {name}={spec}: give whole numbers LO:HI (LO <= HI), LO:HI:STEP (STEP >= 1) "
                         "or a list A,B,C") from None
    outside = [v for v in values if not knob.low <= int(v) <= knob.high]
    if outside or not values:
        raise UsageError(f"--vary {name}: values must lie within {knob.low}..{knob.high} "
                         f"({knob.description}); {', '.join(map(str, outside)) or spec} do not")
    return Vary(knob, tuple(values))


def apply(scenario: Any, setting: Setting) -> Any:
    """The scenario model with the knobs of ``setting`` turned, validated again.

    Unknown knobs are usage errors; a setting that makes the scenario invalid is an
    input error naming the knob and the value."""
    knobs = knobs_of(scenario)
    data = _dump(scenario)
    for name, value in setting:
        knob = knobs.get(name)
        if knob is None:
            raise UsageError(f"'{name}' is no knob of scenario '{scenario.id}' (knobs: {', '.join(knobs)})")
        here: Any = data
        for key in knob.path[:-1]:
            here = here[key]
        here[knob.path[-1]] = value
    try:
        return type(scenario).model_validate(data)
    except ValidationError as exc:
        shown = ", ".join(f"{n}={v}" for n, v in setting)
        raise InvalidInputError(f"scenario '{scenario.id}' with {shown} is not valid: "
                                f"{exc.errors()[0]['msg']}") from None


def variant_id(scenario_id: str, setting: Setting) -> str:
    """A stable id for the scenario played with ``setting`` (never Python's ``hash()``)."""
    text = json.dumps(sorted([n, v] for n, v in setting), separators=(",", ":"))
    return f"{scenario_id}@{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def variant(pack: Any, scenario_id: str, setting: Setting) -> str:
    """Register the scenario with ``setting`` in ``pack`` (once) and return its id.

    The variant carries a new id so that caches keyed by scenario (the Solo set-up's
    tactical bonus squares) never mix two settings."""
    vid = variant_id(scenario_id, setting)
    scenarios = pack.items["scenarios"]
    if vid not in scenarios:
        model = apply(scenarios[scenario_id], setting)
        scenarios[vid] = model.model_copy(update={"id": vid})
    return vid
