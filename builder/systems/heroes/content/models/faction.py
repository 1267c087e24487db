"""Factions and division insignia (000 core rules, Box Contents; Army Creation > Heroes)."""

from __future__ import annotations

from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, Id, Item


class Faction(Item):
    """A playable army (nation and front), e.g. the US or the Germans in Normandy."""

    nation: str = Field(description="Nation the faction belongs to, e.g. 'United States'.")
    adjective: str = Field(default="", description="Adjective for texts, e.g. 'American'.")
    colour: str = Field(
        default="#666666",
        pattern=r"^#[0-9a-fA-F]{6}$",
        description="Colour used for this faction on maps and sheets.",
    )


class Insignia(Item):
    """A division insignia. A generic insignia (the cross) lets a hero join any tile of
    its army; a specific one only a tile that bears it (000 core rules, Army Creation >
    Heroes)."""

    faction: Id = Field(description="Faction that uses this insignia.")
    generic: bool = Field(
        default=False, description="True for the generic insignia that fits any tile of the army."
    )
    division: str = Field(default="", description="Division or formation named by the insignia.")


class FactionsFile(ContentModel):
    """A file of factions and insignia (folder ``factions/``)."""

    factions: list[Faction] = Field(default_factory=list, description="Factions defined here.")
    insignia: list[Insignia] = Field(default_factory=list, description="Insignia defined here.")
