"""Campaigns: scenarios played in order whose outcomes change the next
(003 Battle for Normandy, the six-scenario campaign)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.content.models.base import ContentModel, Id, Item


class Consequence(ContentModel):
    """What a result of one scenario changes in the next."""

    winner: Id | None = Field(default=None, description="When this side won (none: a draw).")
    level: Literal["minor", "regular", "major", "draw"] | None = Field(
        default=None, description="Only for this victory level (any level when absent)."
    )
    side: Id = Field(description="Side that gains or loses.")
    points: int = Field(default=0, ge=-500, le=500, description="Army points added next scenario.")
    text: str = Field(default="", description="The consequence in words.")
    medal: Id | None = Field(
        default=None,
        description="Medal the side wins, counted in the campaign report (003 Battle for Normandy, "
        "Campaign: an Eisernes Kreuz or a Victoria Cross).",
    )


class CampaignStep(ContentModel):
    """One scenario of a campaign."""

    scenario: Id = Field(description="Scenario id.")
    consequences: list[Consequence] = Field(default_factory=list, description="Effects on the next step.")


class CampaignScoring(ContentModel):
    """Campaign report: points per scenario won and per medal; the higher total wins the
    campaign (003 Battle for Normandy, Campaign Report)."""

    victory: int = Field(default=0, ge=0, le=100, description="Campaign points per scenario won.")
    medal: int = Field(default=0, ge=0, le=100, description="Campaign points per medal won.")


class Campaign(Item):
    """An ordered list of scenarios."""

    steps: list[CampaignStep] = Field(min_length=1, description="Scenarios in order.")
    scoring: CampaignScoring | None = Field(
        default=None, description="How the campaign report scores victories and medals, if it does."
    )


class CampaignFile(Campaign):
    """A campaign file (folder ``campaigns/``): one campaign per file."""
