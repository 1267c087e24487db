"""Campaigns at the table: a record of results, the Campaign Report, and the next scenario
with the consequences of the ones before applied, for any game system whose rules hold
campaigns (``GameSystem.campaign``; the Heroes System's: 003 Battle for Normandy, Campaign
1/6 to 6/6 and Campaign Report; 002 Solo Mode, Scenarios > Family Meeting 1 and 2).

Plain data in and out: :func:`start` makes a :class:`CampaignRecord`, :func:`record_result`
returns a new one, :func:`report` sums it, :func:`next_scenario` returns the system's
scenario object the engine can play.
"""

from builder.campaign.logic import (
    CampaignReport,
    next_scenario,
    record_result,
    report,
    start,
)
from builder.campaign.record import (
    CampaignRecord,
    ScenarioResult,
    dump_record,
    load_record,
)

__all__ = [
    "CampaignRecord", "CampaignReport", "ScenarioResult", "dump_record", "load_record", "next_scenario",
    "record_result", "report", "start",
]
