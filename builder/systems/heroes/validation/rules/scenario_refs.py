"""Scenario cross-references: sides, objectives, units and turns named inside a scenario.

Objectives, initiative, events, effects, victory levels and Solo Mode notes name sides
by the ids the scenario gives them; control conditions name its objectives; events
happen on turns the game has (000 core rules, Setup > Victory Conditions: at most 8
rounds or the scenario's number).
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.validation.context import CheckContext, did_you_mean
from builder.systems.heroes.validation.registry import rule
from builder.systems.heroes.validation.walk import strings

VICTORY = "000 core rules, Setup > Victory Conditions"
DEPLOYMENT = "000 core rules, Setup > Deployment"

C_UNKNOWN_SIDE = define_code("C308", "scenario names a side it does not have", DEPLOYMENT)
C_UNKNOWN_OBJECTIVE = define_code("C309", "victory condition names an unknown objective", VICTORY)
C_EVENT_TURN = define_code("C310", "event on a turn the scenario does not have", VICTORY)
C_DANGLING = "C302"

SIDE_FIELDS = frozenset({"side", "winner", "first", "owner", "no_units", "ai_sides", "default_ai_side", "perspective"})
UNIT_FIELDS = frozenset({"unit", "particular_units", "scouts", "reinforcements"})


@rule
def scenario_names_its_own_sides(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Every side id used inside a scenario is one of its sides."""
    for sc in ctx.pack.scenarios.values():
        sides = [side.id for side in sc.sides]
        for path, key, value in ctx.fields(sc):
            if key not in SIDE_FIELDS:
                continue
            for where, side in strings(path, value):
                if side in sides:
                    continue
                hint = did_you_mean(side, sides) or f"this scenario's sides are: {', '.join(sides)}"
                yield ctx.at("scenarios", sc.id, where, C_UNKNOWN_SIDE,
                             f"'{key}' names side '{side}', which scenario '{sc.id}' does not have",
                             hint=hint, rule=DEPLOYMENT)


@rule
def conditions_name_known_objectives(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Control conditions (victory levels, event conditions) name the scenario's objectives."""
    for sc in ctx.pack.scenarios.values():
        objectives = [o.id for o in sc.objectives]
        for path, key, value in ctx.fields(sc):
            if key != "objectives" or path[0] not in ("victory", "events"):
                continue
            for where, objective in strings(path, value):
                if objective in objectives:
                    continue
                hint = did_you_mean(objective, objectives) or (
                    f"objectives of this scenario: {', '.join(objectives)}" if objectives
                    else "add the objective under 'objectives:'")
                yield ctx.at("scenarios", sc.id, where, C_UNKNOWN_OBJECTIVE,
                             f"condition names objective '{objective}', which scenario '{sc.id}' "
                             "does not place", hint=hint, rule=VICTORY)


@rule
def scenario_units_exist(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Units named by effects, conditions and Solo Mode notes exist (compositions are
    checked with the other references). A hero's id stands for the hero's counter."""
    for sc in ctx.pack.scenarios.values():
        for path, key, value in ctx.fields(sc):
            if key not in UNIT_FIELDS or path[0] == "sides":
                continue
            for where, unit in strings(path, value):
                if unit in ctx.pack.units or unit in ctx.pack.heroes:
                    continue
                hint = did_you_mean(unit, list(ctx.pack.units) + list(ctx.pack.heroes)) or f"define unit '{unit}' or use an existing id"
                yield ctx.at("scenarios", sc.id, where, C_DANGLING, f"unknown unit '{unit}'", hint=hint)


@rule
def events_happen_within_the_game(ctx: CheckContext) -> Iterable[Diagnostic]:
    """An event's turns lie between 1 and the scenario's last turn."""
    for sc in ctx.pack.scenarios.values():
        for e, event in enumerate(sc.events):
            for t, turn in enumerate(event.turns):
                if 1 <= turn <= sc.turns:
                    continue
                yield ctx.at("scenarios", sc.id, ("events", e, "turns", t), C_EVENT_TURN,
                             f"event on turn {turn}, but the game lasts turns 1 to {sc.turns}",
                             hint=f"use a turn from 1 to {sc.turns}, or raise 'turns'", rule=VICTORY)


@rule
def campaign_consequences_name_sides(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A campaign step's consequences name sides of that step's scenario."""
    for campaign in ctx.pack.campaigns.values():
        for i, step in enumerate(campaign.steps):
            scenario = ctx.pack.scenarios.get(step.scenario)
            if scenario is None:
                continue  # a dangling reference (C302)
            sides = [side.id for side in scenario.sides]
            for c, consequence in enumerate(step.consequences):
                for key in ("winner", "side"):
                    side = getattr(consequence, key)
                    if side is None or side in sides:
                        continue
                    hint = did_you_mean(side, sides) or f"sides of '{scenario.id}': {', '.join(sides)}"
                    yield ctx.at("campaigns", campaign.id, ("steps", i, "consequences", c, key), C_UNKNOWN_SIDE,
                                 f"'{key}' names side '{side}', which scenario '{scenario.id}' does not have",
                                 hint=hint, rule=DEPLOYMENT)
