"""Solo Mode content (002 Solo Mode): tactical bonuses and the AI's data."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.content.models.base import ContentModel, Item


class TacticalBonus(Item):
    """A tactical bonus token: an effect for the AI and one for the player who takes it
    (002 Solo Mode, Tactical Bonuses)."""

    count: int = Field(ge=1, le=10, description="Tokens of this bonus in the box.")
    duration: Literal["single_use", "permanent", "instant"] | None = Field(
        default=None,
        description="Printed timing: single use (discarded once used), permanent (lasts the "
        "game) or instant (resolved when taken).",
    )
    ai_effect: str = Field(description="Effect when an AI unit takes it, paraphrased.")
    player_effect: str = Field(description="Effect when a player's unit takes it, paraphrased.")
    effect_key: str | None = Field(default=None, description="Rules effect the engine implements.")


class SoloFile(ContentModel):
    """A file of Solo Mode content (folder ``solo/``)."""

    tactical_bonuses: list[TacticalBonus] = Field(
        default_factory=list, description="Tactical bonus tokens."
    )
