"""Shared building blocks of every content model.

Every model forbids unknown keys (a typo is an error, not silently ignored) and gives
every field a description, which the exported JSON Schema turns into editor hover help.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import Field, model_validator

from builder.content.model import ContentModel, Id  # noqa: F401  (re-exported: every model's base)
from builder.systems.heroes.content.vocabulary import Band, UnitType  # noqa: F401  (re-exported: part of the models' vocabulary)

Square = Annotated[
    str,
    Field(
        pattern=r"^[A-Z]{1,2}[1-9][0-9]{0,2}$",
        description="A square of the battlefield: column letters then row number, e.g. 'C4'.",
    ),
]


class Source(ContentModel):
    """Where in the rule documents an item is described (see shared/seeds/README.md)."""

    document: str = Field(
        description="Rule document number: '000' core rules, '001'/'003' Battle for Normandy, "
        "'002' Solo Mode, '004' Tide of Iron.",
        pattern=r"^[0-9]{3}$",
    )
    section: str = Field(
        description="Section path inside the document, e.g. 'Recruitment Options > Equipment > Ammo'."
    )


class Item(ContentModel):
    """A content item with an id, a display name and its provenance."""

    id: Id = Field(description="Unique id of this item across the pack and its dependencies.")
    name: str = Field(description="Name as printed on the component.", min_length=1)
    source: Source | None = Field(
        default=None, description="Rule document and section this item comes from."
    )
    placeholder: bool = Field(
        default=False,
        description="True when some printed values were lost in transcription and were "
        "invented; replace them with the printed values when known.",
    )
    notes: str = Field(default="", description="Free notes for authors; not shown in play.")

    @model_validator(mode="after")
    def _has_provenance(self) -> "Item":
        if self.source is None and not self.placeholder:
            raise ValueError(
                "give the item a 'source' (document and section) or mark it 'placeholder: true'"
            )
        return self


class DefenceType(str, Enum):
    """The colour of a defence value: yellow infantry, purple light vehicle, grey heavy vehicle."""

    INFANTRY = "infantry"
    LIGHT_VEHICLE = "light_vehicle"
    HEAVY_VEHICLE = "heavy_vehicle"


class Phase(str, Enum):
    """Phases of a round (000 core rules, Action!), plus 'anytime' for cards."""

    ORDERS = "orders"
    ACTIVATION = "activation"
    SUPPLY = "supply"
    ANYTIME = "anytime"
