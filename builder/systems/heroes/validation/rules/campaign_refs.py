"""Campaign consequences checked against the scenarios they change.

A consequence belongs to one result of one step (003 Battle for Normandy, Campaign 1/6 to
6/6: each scenario's campaign box lists, per victory level, what changes in the next) and
its effects change the *next* step's scenario: so the result must be one the scenario can
end with, and every side, objective, event turn and option an effect names must exist in
the next scenario. Where the printed effect was lost only words remain, which a player can
read but no tool can apply: that is a warning (002 Solo Mode, Scenarios > Family Meeting
chains its chapters the same way).
"""

from __future__ import annotations

from collections.abc import Iterable

from builder.systems.heroes.content.models.campaign import Campaign, CampaignEffect
from builder.systems.heroes.content.models.scenario import Scenario
from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext, did_you_mean
from builder.systems.heroes.validation.registry import rule

CAMPAIGN = "003 Battle for Normandy, Campaign 1/6 to 6/6"

K_SIDE = define_code("K800", "campaign effect names a side the next scenario does not have", CAMPAIGN)
K_NO_NEXT = define_code("K801", "campaign effect on the last scenario, which has no next one", CAMPAIGN)
K_EVENT = define_code("K802", "campaign effect moves an event the next scenario does not have", CAMPAIGN)
K_OBJECTIVE = define_code("K803", "campaign effect names an objective the next scenario does not place", CAMPAIGN)
K_RESULT = define_code("K804", "campaign consequence for a result its scenario cannot end with", CAMPAIGN)
K_LOST = define_code("K805", "campaign consequence known only by its words (printed effect lost)", CAMPAIGN)
K_OPTION = define_code("K806", "campaign effect adds an unknown recruitment option", CAMPAIGN)


def printed_results(scenario: Scenario) -> set[tuple[str | None, str]]:
    """(winner, level) pairs a scenario can end with: its victory levels and the results its
    events end the game with (a sudden major victory, 003 Campaign 1/6)."""
    results: set[tuple[str | None, str]] = {(level.winner, level.level) for level in scenario.victory}
    for event in scenario.events:
        for effect in event.effects:
            if effect.do == "end_game" and effect.winner and effect.level:
                results.add((effect.winner, str(effect.level)))
    return results


def _effect_problems(ctx: CheckContext, campaign: Campaign, where: tuple[str | int, ...],
                     effect: CampaignEffect, nxt: Scenario) -> Iterable[Diagnostic]:
    sides = [side.id for side in nxt.sides]
    if effect.side is not None and effect.side not in sides:
        yield ctx.at("campaigns", campaign.id, (*where, "side"), K_SIDE,
                     f"effect names side '{effect.side}', which the next scenario '{nxt.id}' does not have",
                     hint=did_you_mean(effect.side, sides) or f"sides of '{nxt.id}': {', '.join(sides)}",
                     rule=CAMPAIGN)
    objectives = [o.id for o in nxt.objectives]
    for o, objective in enumerate([*effect.objectives, *effect.replaces]):
        if objective in objectives:
            continue
        key, index = ("objectives", o) if o < len(effect.objectives) else ("replaces", o - len(effect.objectives))
        yield ctx.at("campaigns", campaign.id, (*where, key, index), K_OBJECTIVE,
                     f"effect names objective '{objective}', which the next scenario '{nxt.id}' does not place",
                     hint=did_you_mean(objective, objectives) or f"objectives of '{nxt.id}': {', '.join(objectives)}",
                     rule=CAMPAIGN)
    if effect.do == "hold" and effect.at_least is not None and effect.at_least > len(effect.objectives):
        yield ctx.at("campaigns", campaign.id, (*where, "at_least"), K_OBJECTIVE,
                     f"'at_least: {effect.at_least}' of only {len(effect.objectives)} objectives",
                     hint="lower 'at_least' or list more objectives", rule=CAMPAIGN)
    if effect.do == "move_event":
        turns = [t for e in nxt.events if e.side == effect.side for t in e.turns]
        if effect.from_turn not in turns:
            yield ctx.at("campaigns", campaign.id, (*where, "from_turn"), K_EVENT,
                         f"the next scenario '{nxt.id}' has no event of side '{effect.side}' on turn {effect.from_turn}",
                         hint=f"that side's events fall on turns {sorted(set(turns)) or 'none'}", rule=CAMPAIGN)
        if effect.to_turn is not None and effect.to_turn > nxt.turns:
            yield ctx.at("campaigns", campaign.id, (*where, "to_turn"), K_EVENT,
                         f"turn {effect.to_turn}, but '{nxt.id}' lasts {nxt.turns} turns",
                         hint=f"use a turn from 1 to {nxt.turns}", rule=CAMPAIGN)
    if effect.do == "option" and effect.option is not None and effect.option not in ctx.pack.options:
        yield ctx.at("campaigns", campaign.id, (*where, "option"), K_OPTION,
                     f"unknown recruitment option '{effect.option}'",
                     hint=did_you_mean(effect.option, list(ctx.pack.options)) or "use an option id of the pack",
                     rule=CAMPAIGN)


@rule
def campaign_consequences_apply_to_the_next_scenario(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each consequence answers a printed result and each effect fits the next scenario."""
    for campaign in ctx.pack.campaigns.values():
        for i, step in enumerate(campaign.steps):
            scenario = ctx.pack.scenarios.get(step.scenario)
            nxt_step = campaign.steps[i + 1] if i + 1 < len(campaign.steps) else None
            nxt = ctx.pack.scenarios.get(nxt_step.scenario) if nxt_step is not None else None
            for c, consequence in enumerate(step.consequences):
                where: tuple[str | int, ...] = ("steps", i, "consequences", c)
                if scenario is not None:
                    results = printed_results(scenario)
                    winners = {winner for winner, _ in results}
                    level = consequence.level
                    if (consequence.winner not in winners and level != "draw") or (
                            level is not None and (consequence.winner, level) not in results
                            and not (level == "draw" and (None, "draw") in results)):
                        printed = ", ".join(sorted(f"{w or 'draw'}:{lv}" for w, lv in results))
                        yield ctx.at("campaigns", campaign.id, (*where, "level" if level else "winner"), K_RESULT,
                                     f"'{scenario.id}' cannot end with {consequence.winner or 'no winner'}"
                                     f"{':' + level if level else ''}",
                                     hint=f"its printed results are {printed}", rule=CAMPAIGN)
                if consequence.lost:
                    yield ctx.at("campaigns", campaign.id, (*where, "lost"), K_LOST,
                                 "this consequence is known only by its words: no tool can apply it",
                                 hint="replace it with effects once the printed value is known",
                                 rule=CAMPAIGN, severity=Severity.WARNING)
                for e, effect in enumerate(consequence.effects):
                    if nxt_step is None:
                        yield ctx.at("campaigns", campaign.id, (*where, "effects", e), K_NO_NEXT,
                                     f"'{step.scenario}' is the campaign's last scenario: nothing comes next to change",
                                     hint="remove the effect or add the next step", rule=CAMPAIGN)
                    elif nxt is not None:
                        yield from _effect_problems(ctx, campaign, (*where, "effects", e), effect, nxt)
