"""The pack manifest, ``pack.yaml``."""

from __future__ import annotations

from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, Id


class PackManifest(ContentModel):
    """Identity of a content pack and the packs it builds on."""

    id: Id = Field(description="Pack id; also the folder name other packs depend on.")
    name: str = Field(description="Human name of the pack.")
    version: str = Field(pattern=r"^[0-9]+\.[0-9]+(\.[0-9]+)?([-+].*)?$", description="Version, e.g. '1.0.0'.")
    description: str = Field(default="", description="What the pack contains.")
    depends_on: list[Id] = Field(
        default_factory=list,
        description="Ids of packs this one extends; found beside this pack or among the bundled packs.",
    )
    overrides: bool = Field(
        default=False,
        description="True for an errata pack: items whose id a dependency already defines replace it.",
    )
    game: str = Field(default="heroes-of-normandie", description="Game system of the content.")
    system: str = Field(
        default="heroes-of-normandie",
        description="Game system the pack is for (builder.systems.seam); absent means the Heroes System.",
    )
