"""The Heroes System's campaign rules, for the shared campaign service (builder.campaign,
through ``GameSystem.campaign``, :class:`~builder.systems.seam.CampaignTools`).

003 Battle for Normandy, Campaign 1/6 to 6/6: the scenarios are played in order, each
result (winner and printed victory level) brings the consequences listed for it into the
next scenario, and some results earn a medal. Campaign Report: each victory and each
medal scores for its side (5 and 2 points in the expansion), the higher total wins.

The hooks take plain data (a loaded pack, ids, results as mappings with ``scenario``,
``winner``, ``level`` and ``medals`` of ``side``/``medal``) and give plain data or the
scenario object the engine plays.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from builder.systems.heroes.content.models.campaign import Campaign, CampaignEffect, Consequence
from builder.systems.heroes.content.models.scenario import Scenario
from builder.systems.heroes.content.pack import Pack
from builder.systems.heroes.validation.rules.campaign_refs import printed_results
from builder.systems.seam import CampaignFacts, CampaignStep

Result = Mapping[str, Any]
"""One recorded result: ``scenario``, ``winner`` (None: a draw), ``level`` and ``medals``
(mappings of ``side`` and ``medal``), as the campaign record holds it."""


def campaigns(pack: Pack) -> list[str]:
    """The pack's campaign ids, sorted."""
    return sorted(pack.campaigns)


def facts(pack: Pack, campaign_id: str) -> CampaignFacts:
    """The campaign's name, scenarios in order, sides (the first scenario's) and scoring
    (1 point a victory and none a medal when the campaign prints no Campaign Report)."""
    campaign = pack.campaigns[campaign_id]
    first = pack.scenarios[campaign.steps[0].scenario]
    scoring = campaign.scoring
    return CampaignFacts(id=campaign.id, name=campaign.name, scenarios=tuple(s.scenario for s in campaign.steps),
                         sides=tuple(s.id for s in first.sides),
                         victory_points=scoring.victory if scoring else 1, medal_points=scoring.medal if scoring else 0)


def consequences_for(campaign: Campaign, step: int, winner: str | None, level: str) -> list[Consequence]:
    """The consequences a result of step ``step`` brings: those for its winner (or a draw)
    at its level, or at any level when the consequence names none."""
    chosen = []
    for consequence in campaign.steps[step].consequences:
        if level == "draw" or winner is None:
            if consequence.level == "draw":
                chosen.append(consequence)
            continue
        if consequence.winner == winner and consequence.level in (None, level):
            chosen.append(consequence)
    return chosen


def check_result(pack: Pack, campaign_id: str, step: int, result: Result) -> str | None:
    """Why ``result`` is impossible at ``step``, or None (the scenario's printed levels,
    the medals its consequences give)."""
    campaign = pack.campaigns[campaign_id]
    if step >= len(campaign.steps):
        return f"the campaign has only {len(campaign.steps)} scenarios, all recorded"
    expected = campaign.steps[step].scenario
    if result["scenario"] != expected:
        return f"scenario {step + 1} of '{campaign.id}' is '{expected}', not '{result['scenario']}'"
    scenario = pack.scenarios[expected]
    results = printed_results(scenario)
    level = result["level"]
    winner = None if level == "draw" else result["winner"]
    if (winner, level) not in results:
        printed = ", ".join(sorted(f"{w}:{lv}" if w else "draw" for w, lv in results))
        return f"'{expected}' cannot end with {winner or 'a'}:{level}; its printed results are {printed}"
    offered = Counter((c.side, c.medal) for c in consequences_for(campaign, step, winner, level) if c.medal)
    earned = Counter((m["side"], m["medal"]) for m in result["medals"])
    for (side, medal), times in earned.items():
        if (side, medal) not in offered:
            allowed = ", ".join(f"{s}:{m}" for s, m in sorted(offered)) or "none"
            return f"this result does not earn {side}:{medal} (medals it can earn: {allowed})"
        if times > offered[(side, medal)]:  # a medal given twice was scored twice
            return f"this result earns {side}:{medal} {offered[(side, medal)]} time(s), not {times}"
    return None


def medals(pack: Pack, campaign_id: str, step: int, winner: str | None, level: str) -> list[str]:
    """The sides a result of ``step`` earns a medal, one entry a medal, sorted: those of
    the consequences tied to a victory level (a medal whose condition is only words is
    not judged: builder.campaign.playtest)."""
    chosen = consequences_for(pack.campaigns[campaign_id], step, winner, level)
    return sorted(c.side for c in chosen if c.medal and c.level is not None and c.side is not None)


def _hold(data: dict[str, Any], effect: CampaignEffect) -> None:
    """A ``hold`` effect on the scenario's data: the side must now control ``at_least``
    of the objectives (003 Campaign 3/6 to 6/6: "both of its secondary objectives
    instead of one", "only one of its two"). Every condition on the side's control of
    exactly those objectives, in the victory levels and the events, moves with the
    threshold T the scenario prints (the smallest ``at_least`` among them): ``at_least:
    T`` becomes the new number, ``at_most: T - 1`` (the side falls short) becomes one
    less than it. Other counts (Operation Stack's "holds none", ``at_most: 0`` when T is
    2) are other conditions and stay."""
    wanted = set(effect.objectives)
    specs: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            spec = node.get("controls")
            if isinstance(spec, dict) and spec.get("side") == effect.side and set(spec.get("objectives") or []) == wanted:
                specs.append(spec)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data["victory"])
    walk(data["events"])
    printed = [s["at_least"] for s in specs if s.get("at_least")]
    if not printed or effect.at_least is None:
        return
    threshold = min(printed)
    for spec in specs:
        if spec.get("at_least") == threshold:
            spec["at_least"] = effect.at_least
        elif spec.get("at_most") is not None and spec["at_most"] == threshold - 1:
            spec["at_most"] = effect.at_least - 1


def _apply(scenario: Scenario, effect: CampaignEffect) -> Scenario:
    """One effect on a copy of the scenario (003 Campaign: the changes each box prints).
    An ``option`` and a ``tactical_bonus`` leave the scenario as it is (the option joins
    the side's army, :func:`options_for`; tactical bonuses are laid by the Solo game mode
    only) but for a line of its special rules."""
    data = scenario.model_dump(mode="python", by_alias=True, exclude_unset=False)
    sides = {s["id"]: s for s in data["sides"]}
    side = sides.get(effect.side) if effect.side else None
    rules: list[str] = data["special_rules"]
    if effect.do == "deploy" and side is not None:
        side["deployment"] = [*side["deployment"], *effect.areas]
    elif effect.do == "enter" and side is not None:
        side["entry"] = [*side["entry"], *effect.squares]
    elif effect.do == "move_event" and effect.to_turn is not None:
        for event in data["events"]:
            if event.get("side") == effect.side and effect.from_turn in event["turns"]:
                event["turns"] = sorted({effect.to_turn if t == effect.from_turn else t for t in event["turns"]})
    elif effect.do == "points" and side is not None and side["army"].get("points") is not None:
        side["army"]["points"] = max(0, side["army"]["points"] + effect.points)
    elif effect.do == "turns" and effect.turns is not None:
        data["turns"] = effect.turns
    elif effect.do == "objective":
        data["objectives"] = [o for o in data["objectives"] if o["id"] not in effect.replaces]
        for objective in data["objectives"]:
            if objective["id"] in effect.objectives and effect.at is not None:
                objective["at"] = effect.at
        rules.append(f"Campaign: objectives {', '.join(effect.objectives)} are in play.")
    elif effect.do == "hold":
        _hold(data, effect)
        rules.append(f"Campaign: side {effect.side} must control {effect.at_least} of "
                     f"{', '.join(effect.objectives)} to win.")
    elif effect.do == "option":
        rules.append(f"Campaign: side {effect.side} adds the option {effect.option} (support tile).")
    elif effect.do == "tactical_bonus":
        rules.append(f"Campaign: the tactical bonus with the alternate outline goes on {effect.at}.")
    return Scenario.model_validate(data)


def options_for(consequences: list[Consequence]) -> dict[str, list[str]]:
    """The recruitment options ``option`` effects add to each side's army (003 Campaign
    4/6: "the CW player will be able to incorporate a Battle Plan Orders Option into his
    army"), by side: a playtest puts them on the side's support tile
    (:func:`armies`)."""
    out: dict[str, list[str]] = {}
    for consequence in consequences:
        for effect in consequence.effects:
            if effect.do == "option" and effect.side is not None and effect.option is not None:
                out.setdefault(effect.side, []).append(effect.option)
    return out


def _played(before: Scenario, after: Scenario) -> bool:
    """Did an effect change anything the engine plays (its words aside)?"""
    keep = {"special_rules"}
    return before.model_dump(exclude=keep) != after.model_dump(exclude=keep)


def unplayed(scenario: Scenario, consequence: Consequence) -> list[str]:
    """Why the parts of ``consequence`` that a playtest of ``scenario`` (the next
    scenario, before the consequence) does not play are not played, in words; empty
    when all of it is. A medal is judged only when tied to a victory level."""
    why = []
    if consequence.lost:
        why.append("its printed effect was lost in transcription")
    if consequence.medal and consequence.level is None and not consequence.effects and not consequence.lost:
        why.append(f"the {consequence.medal} medal's condition is words the engine does not judge")
    for effect in consequence.effects:
        after = _apply(scenario, effect)
        if effect.do == "tactical_bonus":
            why.append("tactical bonuses are laid only in the Solo game mode: the alternate outline is not played")
        elif effect.do == "option":
            continue  # joins the side's army (options_for)
        elif not _played(scenario, after):
            why.append(f"its '{effect.do}' effect changes nothing in '{scenario.id}'")
        elif effect.do == "move_event":
            moved = [e for e in scenario.events if e.side == effect.side and effect.from_turn in e.turns]
            if moved and all(x.do == "lost" for e in moved for x in e.effects):
                why.append(f"it moves the event of turn {effect.from_turn} to turn {effect.to_turn}, but that "
                           "event's printed effect was lost: nothing to play")
        scenario = after
    return why


def apply_consequences(scenario: Scenario, consequences: list[Consequence]) -> Scenario:
    """The scenario as it must be played after ``consequences``: every effect applied, and
    each consequence's words added to the special rules so the sheet says why."""
    for consequence in consequences:
        for effect in consequence.effects:
            scenario = _apply(scenario, effect)
        if consequence.effects or consequence.lost:
            rules = [*scenario.special_rules, f"Campaign: {consequence.text}"]
            scenario = scenario.model_copy(update={"special_rules": rules})
    return scenario


def with_scenario(pack: Pack, scenario: Scenario) -> Pack:
    """A view of ``pack`` whose scenario of that id is ``scenario`` (the engine looks
    scenarios up by id; nothing else is copied)."""
    items = {**pack.items, "scenarios": {**pack.items["scenarios"], scenario.id: scenario}}
    return dataclasses.replace(pack, items=items)


def step(pack: Pack, campaign_id: str, results: Sequence[tuple[str | None, str]]) -> CampaignStep:
    """The campaign after ``results`` (winner and level of each scenario played, in order):
    the next scenario as it must be played, the previous result's consequences applied,
    and what of them a playtest does not play. After the last scenario: no scenario, and
    what the last result's consequences would not play in the last scenario."""
    campaign = pack.campaigns[campaign_id]
    k = len(results)
    if not k:
        first = pack.scenarios[campaign.steps[0].scenario]
        return CampaignStep(number=0, scenario=first.id, pack=pack, model=first)
    before = consequences_for(campaign, k - 2, *results[k - 2]) if k >= 2 else []
    previous = consequences_for(campaign, k - 1, *results[k - 1])
    if k < len(campaign.steps):
        printed = pack.scenarios[campaign.steps[k].scenario]
    else:  # judged against the last scenario as it was played
        printed = apply_consequences(pack.scenarios[campaign.steps[k - 1].scenario], before)
    missed = tuple((c.text, why) for c in previous for why in unplayed(printed, c))
    changes = tuple(c.text for c in previous if c.effects or c.lost)
    if k >= len(campaign.steps):
        return CampaignStep(number=k, scenario=None, pack=pack, model=None, changes=changes, not_played=missed)
    scenario = apply_consequences(printed, previous)
    options = {side: tuple(ids) for side, ids in options_for(previous).items()}
    return CampaignStep(number=k, scenario=scenario.id, pack=with_scenario(pack, scenario), model=scenario,
                        options=options, changes=changes, not_played=missed)


def armies(scenario: Scenario, lists: Sequence[Any], options: Mapping[str, Sequence[str]]) -> tuple[Any, ...]:
    """The army each side plays in a campaign's scenario: ``lists`` (the shared playtest's
    default army for each side, None where the scenario prints its composition) with the
    recruitment options the previous result gives the side on its support tile (003
    Campaign 4/6: the Battle Plan Orders Option)."""
    out = list(lists)
    for i, side in enumerate(scenario.sides):
        extra = list(options.get(side.id, ()))
        if not extra:
            continue
        if out[i] is not None:
            out[i] = out[i].model_copy(update={"support": [*out[i].support, *extra]})
        elif side.army.composition:
            out[i] = [e.model_dump() for e in side.army.composition] + [{"option": o} for o in extra]
    return tuple(out)


def totals(pack: Pack, campaign_id: str, results: Sequence[Result]) -> dict[str, dict[str, int]]:
    """The Campaign Report's sums (003): ``victories``, ``medals`` and ``points`` per side,
    each victory and each medal scoring its side's points."""
    known = facts(pack, campaign_id)
    victories = dict.fromkeys(known.sides, 0)
    won = dict.fromkeys(known.sides, 0)
    for result in results:
        if result["winner"] is not None and result["level"] != "draw":
            victories[result["winner"]] = victories.get(result["winner"], 0) + 1
        for medal in result["medals"]:
            won[medal["side"]] = won.get(medal["side"], 0) + 1
    points = {s: victories[s] * known.victory_points + won[s] * known.medal_points for s in victories}
    return {"victories": victories, "medals": won, "points": points}
