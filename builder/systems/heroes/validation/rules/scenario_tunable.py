"""Tunable numbers of a scenario: each names a whole number of the scenario, within its
declared range, under a name of its own (``heroes balance`` varies them; docs/playtest.md)."""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.content.knobs import tunable_problems
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

TUNING = "Heroes Builder authoring: tunable scenario numbers (docs/playtest.md, Balance)"
P_TUNABLE = define_code("P540", "tunable number names no whole number of the scenario within its range", TUNING)


@rule
def tunable_numbers_hold(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A tunable's path resolves to an integer lying in ``min..max``; its id hides no built-in knob."""
    for sc in ctx.pack.scenarios.values():
        if not sc.tunable:
            continue
        for index, where, message in tunable_problems(sc):
            yield ctx.at("scenarios", sc.id, ("tunable", index, where), P_TUNABLE, message, rule=TUNING,
                         hint="point 'path' at a whole number of this scenario (dot-separated keys, list items by "
                         "position or id, e.g. objectives.crossroads.victory_points) and make min..max hold its "
                         "value")
