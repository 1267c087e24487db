"""Scenario effects the engine cannot play (issue 21: verdicts a designer can trust).

``do: special`` is the scenario vocabulary's way of keeping an effect whose printed text
was lost, or that no declarative effect says yet: the engine only logs it
(``event-not-simulated``), so a playtest of the scenario leaves it out. A warning says
so where the scenario is written, and the playtest report names it again.
"""

from __future__ import annotations

from typing import Iterable

from builder.content.models.scenario_events import Effect
from builder.diagnostics import Diagnostic, Severity, define_code
from builder.validation.context import CheckContext
from builder.validation.registry import rule

EVENTS = "000 core rules, Setup > Victory Conditions (scenario events)"
C_NOT_PLAYED = define_code("C320", "scenario effect the engine does not play", EVENTS)


@rule
def special_effects_are_flagged(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each ``do: special`` effect of a scenario event, nested roll tables included."""
    for sc in ctx.pack.scenarios.values():
        for ei, event in enumerate(sc.events):
            for path, effect in _effects(("events", ei, "effects"), event.effects):
                if effect.do != "special":
                    continue
                yield ctx.at("scenarios", sc.id, (*path, "do"), C_NOT_PLAYED,
                             f"the engine does not play this effect ({effect.text!r}): "
                             "playtests leave it out", rule=EVENTS, severity=Severity.WARNING,
                             hint="say it with the declarative effects (score, reinforce, end_game...) "
                                  "if its text is known; keep 'special' only for text lost in print")


def _effects(path: tuple[str | int, ...], effects: list[Effect]) -> Iterable[tuple[tuple[str | int, ...], Effect]]:
    for k, effect in enumerate(effects):
        here = (*path, k)
        yield here, effect
        for key, subs in effect.table.items():
            yield from _effects((*here, "table", key), subs)
        for key, subs in effect.outcomes.items():
            yield from _effects((*here, "outcomes", key), subs)
