"""Start, record, report and next: the campaign rules as functions on plain data.

003 Battle for Normandy, Campaign 1/6 to 6/6: the scenarios are played in order, each
result (winner and printed victory level) brings the consequences listed for it into the
next scenario, and some results earn a medal. Campaign Report: each victory and each
medal scores for its side (5 and 2 points in the expansion), the higher total wins.
"""

from __future__ import annotations

from collections import Counter

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.campaign.record import (
    CampaignRecord,
    MedalWon,
    ScenarioResult,
    record_error,
)
from builder.systems.heroes.content.models.campaign import Campaign, CampaignEffect, Consequence
from builder.systems.heroes.content.models.scenario import Scenario
from builder.systems.heroes.content.pack import Pack
from builder.errors import InvalidInputError, UsageError
from builder.systems.heroes.validation.rules.campaign_refs import printed_results


def _campaign(pack: Pack, campaign_id: str) -> Campaign:
    campaigns = pack.campaigns
    found = campaigns.get(campaign_id)
    if found is None:
        raise UsageError(f"unknown campaign '{campaign_id}'; this pack has: {', '.join(sorted(campaigns)) or 'none'}")
    return found


def start(pack: Pack, campaign_id: str, pack_path: str) -> CampaignRecord:
    """A new record: no result yet, the campaign's first scenario next."""
    _campaign(pack, campaign_id)
    return CampaignRecord(campaign=campaign_id, pack=pack_path)


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


def check_result(pack: Pack, campaign: Campaign, step: int, result: ScenarioResult) -> str | None:
    """Why ``result`` is impossible at ``step``, or None (the scenario's printed levels,
    the medals its consequences give)."""
    if step >= len(campaign.steps):
        return f"the campaign has only {len(campaign.steps)} scenarios, all recorded"
    expected = campaign.steps[step].scenario
    if result.scenario != expected:
        return f"scenario {step + 1} of '{campaign.id}' is '{expected}', not '{result.scenario}'"
    scenario = pack.scenarios[expected]
    results = printed_results(scenario)
    winner = None if result.level == "draw" else result.winner
    if (winner, result.level) not in results:
        printed = ", ".join(sorted(f"{w}:{lv}" if w else "draw" for w, lv in results))
        return f"'{expected}' cannot end with {winner or 'a'}:{result.level}; its printed results are {printed}"
    offered = Counter((c.side, c.medal) for c in consequences_for(campaign, step, winner, result.level) if c.medal)
    earned = Counter((m.side, m.medal) for m in result.medals)
    for (side, medal), times in earned.items():
        if (side, medal) not in offered:
            allowed = ", ".join(f"{s}:{m}" for s, m in sorted(offered)) or "none"
            return f"this result does not earn {side}:{medal} (medals it can earn: {allowed})"
        if times > offered[(side, medal)]:  # a medal given twice was scored twice
            return f"this result earns {side}:{medal} {offered[(side, medal)]} time(s), not {times}"
    return None


def check_record(pack: Pack, record: CampaignRecord, path: Path | None = None, tree: object = None) -> Campaign:
    """The record's campaign, or a located error when a result could not have happened."""
    campaign = _campaign(pack, record.campaign)
    for i, result in enumerate(record.results):
        problem = check_result(pack, campaign, i, result)
        if problem is not None:
            if path is None:
                raise InvalidInputError(problem)
            raise record_error(path, tree, ("results", i), problem,
                               "correct this entry by hand, or start the campaign again")
    return campaign


def record_result(pack: Pack, record: CampaignRecord, scenario: str, winner: str | None, level: str,
                  medals: list[MedalWon] | None = None) -> CampaignRecord:
    """A new record with one more result; an impossible result is a usage error that says why."""
    campaign = check_record(pack, record)
    result = ScenarioResult(scenario=scenario, winner=None if level == "draw" else winner, level=level,  # type: ignore[arg-type]
                            medals=list(medals or []))
    problem = check_result(pack, campaign, len(record.results), result)
    if problem is not None:
        raise UsageError(problem)
    return record.model_copy(update={"results": [*record.results, result]})


@dataclass
class CampaignReport:
    """The Campaign Report (003): victories, medals and points per side, and the next step."""

    campaign: str
    sides: list[str]
    victories: dict[str, int]
    medals: dict[str, int]
    points: dict[str, int]
    played: int
    steps: int
    next_scenario: str | None
    next_changes: list[str] = field(default_factory=list)

    @property
    def leader(self) -> str | None:
        """The side with the most points, None on a tie."""
        best = max(self.points.values(), default=0)
        top = [s for s, p in self.points.items() if p == best]
        return top[0] if len(top) == 1 else None


def report(pack: Pack, record: CampaignRecord) -> CampaignReport:
    """Sum the record: each victory and each medal scores its side's points."""
    campaign = check_record(pack, record)
    scoring = campaign.scoring
    per_victory, per_medal = (scoring.victory, scoring.medal) if scoring else (1, 0)
    first = pack.scenarios[campaign.steps[0].scenario]
    sides = [s.id for s in first.sides]
    victories = dict.fromkeys(sides, 0)
    medals = dict.fromkeys(sides, 0)
    for result in record.results:
        if result.winner is not None and result.level != "draw":
            victories[result.winner] = victories.get(result.winner, 0) + 1
        for medal in result.medals:
            medals[medal.side] = medals.get(medal.side, 0) + 1
    points = {s: victories[s] * per_victory + medals[s] * per_medal for s in victories}
    played = len(record.results)
    nxt = campaign.steps[played].scenario if played < len(campaign.steps) else None
    changes: list[str] = []
    if nxt is not None and played:
        last = record.results[-1]
        changes = [c.text for c in consequences_for(campaign, played - 1, last.winner, last.level)
                   if c.effects or c.lost]
    return CampaignReport(campaign.id, list(victories), victories, medals, points, played,
                          len(campaign.steps), nxt, changes)


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
    (builder.campaign.playtest)."""
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


def next_scenario(pack: Pack, record: CampaignRecord) -> Scenario:
    """The next scenario with the previous result's consequences applied."""
    campaign = check_record(pack, record)
    played = len(record.results)
    if played >= len(campaign.steps):
        raise UsageError(f"campaign '{campaign.id}' is over: all {played} scenarios are recorded")
    scenario: Scenario = pack.scenarios[campaign.steps[played].scenario]
    if not played:
        return scenario
    last = record.results[-1]
    return apply_consequences(scenario, consequences_for(campaign, played - 1, last.winner, last.level))
