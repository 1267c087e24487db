"""The army-list file model (see the army issue); registers its JSON Schema."""

from __future__ import annotations

from pydantic import Field

from builder.content.models.base import ContentModel, Id
from builder.content.schema_export import register_schema


class ArmyList(ContentModel):
    """An army list: tiles with the option chosen for each slot, heroes and the deck."""

    name: str = Field(description="Name of the army.")
    faction: Id = Field(description="Faction of the army.")
    points: int = Field(ge=0, le=5000, description="Points budget.")


register_schema("army", ArmyList)
