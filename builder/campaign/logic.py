"""Start, record, report and next: a campaign kept as a record of results, whatever the game.

The record (builder.campaign.record) holds the results in the order played; what a result
may be, what it brings into the next scenario and what a campaign scores are the rules of
the pack's game system, asked through the seam (``GameSystem.campaign``,
:class:`~builder.systems.seam.CampaignTools`; the Heroes System's: 003 Battle for
Normandy, Campaign 1/6 to 6/6 and Campaign Report). A system without campaigns is refused
with S221 and its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.campaign.record import (
    CampaignRecord,
    MedalWon,
    ScenarioResult,
    record_error,
)
from builder.errors import InvalidInputError, UsageError
from builder.systems.seam import CampaignFacts, CampaignTools, refuse, system_of_pack


def campaign_tools(pack: Any) -> CampaignTools:
    """The campaign rules of a loaded pack's game system, or S221 when it has none."""
    system = system_of_pack(getattr(pack, "root", None))
    if system.campaign is None:
        refuse(system, "campaign")
    return system.campaign


def campaign_facts(pack: Any, campaign_id: str, tools: CampaignTools | None = None) -> CampaignFacts:
    """The campaign's facts; an unknown id is a usage error naming the pack's campaigns."""
    tools = tools or campaign_tools(pack)
    known = tools.campaigns(pack)
    if campaign_id not in known:
        raise UsageError(f"unknown campaign '{campaign_id}'; this pack has: {', '.join(known) or 'none'}")
    return tools.facts(pack, campaign_id)


def start(pack: Any, campaign_id: str, pack_path: str) -> CampaignRecord:
    """A new record: no result yet, the campaign's first scenario next."""
    campaign_facts(pack, campaign_id)
    return CampaignRecord(campaign=campaign_id, pack=pack_path)


def _plain(result: ScenarioResult) -> dict[str, Any]:
    return result.model_dump(mode="json")


def _played(record: CampaignRecord) -> list[tuple[str | None, str]]:
    return [(r.winner, r.level) for r in record.results]


def check_record(pack: Any, record: CampaignRecord, path: Path | None = None, tree: object = None) -> CampaignFacts:
    """The record's campaign, or a located error when a result could not have happened."""
    tools = campaign_tools(pack)
    facts = campaign_facts(pack, record.campaign, tools)
    for i, result in enumerate(record.results):
        problem = tools.check(pack, facts.id, i, _plain(result))
        if problem is not None:
            if path is None:
                raise InvalidInputError(problem)
            raise record_error(path, tree, ("results", i), problem,
                               "correct this entry by hand, or start the campaign again")
    return facts


def record_result(pack: Any, record: CampaignRecord, scenario: str, winner: str | None, level: str,
                  medals: list[MedalWon] | None = None) -> CampaignRecord:
    """A new record with one more result; an impossible result is a usage error that says why."""
    facts = check_record(pack, record)
    result = ScenarioResult(scenario=scenario, winner=None if level == "draw" else winner, level=level,  # type: ignore[arg-type]
                            medals=list(medals or []))
    problem = campaign_tools(pack).check(pack, facts.id, len(record.results), _plain(result))
    if problem is not None:
        raise UsageError(problem)
    return record.model_copy(update={"results": [*record.results, result]})


@dataclass
class CampaignReport:
    """The Campaign Report: victories, medals and points per side, and the next step."""

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


def report(pack: Any, record: CampaignRecord) -> CampaignReport:
    """Sum the record: each victory and each medal scores its side's points."""
    facts = check_record(pack, record)
    victories = dict.fromkeys(facts.sides, 0)
    medals = dict.fromkeys(facts.sides, 0)
    for result in record.results:
        if result.winner is not None and result.level != "draw":
            victories[result.winner] = victories.get(result.winner, 0) + 1
        for medal in result.medals:
            medals[medal.side] = medals.get(medal.side, 0) + 1
    points = {s: victories[s] * facts.victory_points + medals[s] * facts.medal_points for s in victories}
    played = len(record.results)
    nxt = facts.scenarios[played] if played < len(facts.scenarios) else None
    changes = list(campaign_tools(pack).step(pack, facts.id, _played(record)).changes) if nxt and played else []
    return CampaignReport(facts.id, list(victories), victories, medals, points, played,
                          len(facts.scenarios), nxt, changes)


def next_scenario(pack: Any, record: CampaignRecord) -> Any:
    """The next scenario with the previous result's consequences applied (the system's
    scenario object: ``heroes campaign next`` writes it)."""
    facts = check_record(pack, record)
    played = len(record.results)
    if played >= len(facts.scenarios):
        raise UsageError(f"campaign '{facts.id}' is over: all {played} scenarios are recorded")
    return campaign_tools(pack).step(pack, facts.id, _played(record)).model
