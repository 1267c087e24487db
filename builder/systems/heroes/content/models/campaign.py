"""Campaigns: scenarios played in order whose outcomes change the next
(003 Battle for Normandy, Campaign 1/6 to 6/6 and the Campaign Report; 002 Solo Mode,
Scenarios > Family Meeting 1 and 2).

A consequence says, for one result of one step, what the next step's scenario changes.
Its changes are data (:class:`CampaignEffect`) so that they can be checked against the next
scenario and applied to it; words remain only where the printed effect was lost in
transcription (``lost: true``, reported as a warning).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from builder.systems.heroes.content.models.base import ContentModel, Id, Item, Square
from builder.systems.heroes.content.models.terrain import Area

EffectKind = Literal["deploy", "enter", "move_event", "points", "turns", "objective", "hold", "option",
                     "tactical_bonus"]


class CampaignEffect(ContentModel):
    """One change to the next scenario of a campaign (003 Battle for Normandy, Campaign:
    each scenario's "campaign" box lists such changes for the following one).

    - ``deploy``: ``side`` may also deploy in ``areas`` (the campaign-symbol zones);
    - ``enter``: ``side`` may bring units in through the arrow ``squares``;
    - ``move_event``: ``side``'s event on ``from_turn`` happens on ``to_turn`` instead;
    - ``points``: ``side`` adds ``points`` army points (negative removes);
    - ``turns``: the scenario lasts ``turns`` turns;
    - ``objective``: ``objectives`` come into play, placed at ``at`` when given (an
      alternate outline), replacing those listed in ``replaces``;
    - ``hold``: ``side`` must control ``at_least`` of ``objectives`` to win;
    - ``option``: ``side`` adds the recruitment ``option`` (on its support tile);
    - ``tactical_bonus``: the tactical bonus with the alternate outline is placed at ``at``
      instead of the usual one (003, Campaign 2/6: the blue outline after a German
      victory in 1/6). Tactical bonuses are laid only in the Solo game mode, so a
      two-player playtest says it is not played (K807).
    """

    do: EffectKind = Field(description="Kind of change to the next scenario.")
    side: Id | None = Field(default=None, description="Side of the next scenario the change is for.")
    areas: list[Area] = Field(default_factory=list, description="deploy: extra deployment areas.")
    squares: list[Square] = Field(default_factory=list, description="enter: entry (arrow) squares.")
    from_turn: int | None = Field(default=None, ge=1, le=20, description="move_event: the event's printed turn.")
    to_turn: int | None = Field(default=None, ge=1, le=20, description="move_event: the turn it moves to.")
    points: int = Field(default=0, ge=-500, le=500, description="points: army points added (negative: removed).")
    turns: int | None = Field(default=None, ge=1, le=20, description="turns: the scenario's new number of turns.")
    objectives: list[Id] = Field(
        default_factory=list, description="objective/hold: objective ids of the next scenario."
    )
    at: Square | None = Field(default=None, description="objective, tactical_bonus: square of the alternate marker.")
    replaces: list[Id] = Field(default_factory=list, description="objective: objectives taken out of play.")
    at_least: int | None = Field(default=None, ge=1, le=10, description="hold: how many must be controlled.")
    option: Id | None = Field(default=None, description="option: recruitment option id.")
    placeholder: bool = Field(
        default=False, description="Squares or areas invented because the printed plan was lost."
    )

    @model_validator(mode="after")
    def _fields_of_its_kind(self) -> CampaignEffect:
        """Each kind needs its own fields; a kind without them could not be applied."""
        needs: dict[str, tuple[str, ...]] = {
            "deploy": ("side", "areas"), "enter": ("side", "squares"),
            "move_event": ("side", "from_turn", "to_turn"), "points": ("side", "points"),
            "turns": ("turns",), "objective": ("objectives",),
            "hold": ("side", "objectives", "at_least"), "option": ("side", "option"),
            "tactical_bonus": ("at",),
        }
        missing = [name for name in needs[self.do] if getattr(self, name) in (None, [], 0)]
        if missing:
            raise ValueError(f"a '{self.do}' effect needs {', '.join(missing)}")
        return self


class Consequence(ContentModel):
    """What a result of one scenario changes in the next (003 Battle for Normandy,
    Campaign: each victory level has its own consequences; a medal scores in the report)."""

    winner: Id | None = Field(default=None, description="When this side won (none: a draw).")
    level: Literal["minor", "regular", "major", "draw"] | None = Field(
        default=None, description="Only for this victory level (any level when absent)."
    )
    side: Id = Field(description="Side that gains or loses.")
    text: str = Field(default="", description="The consequence in words, for sheets.")
    effects: list[CampaignEffect] = Field(
        default_factory=list, description="Changes to the next scenario, as data."
    )
    medal: Id | None = Field(
        default=None,
        description="Medal the side wins, counted in the campaign report (003 Battle for Normandy, "
        "Campaign: an Eisernes Kreuz or a Victoria Cross).",
    )
    lost: bool = Field(
        default=False,
        description="Part of the printed effect or condition was lost in transcription: only "
        "'text' says it (a validation warning).",
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
