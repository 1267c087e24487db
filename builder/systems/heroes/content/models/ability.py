"""Special abilities (000 core rules, Special Abilities; 001/003 new abilities).

Units and tiles name abilities by id with an optional parameter (``assault: 1``,
``limited_range: 4``, ``scout: 3``); the catalogue here holds their names, parameter
kind and a paraphrased reminder used on printed sheets.
"""

from __future__ import annotations

from enum import Enum

from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, DefenceType, Id, Item


class ParameterKind(str, Enum):
    """What the number printed in an ability's symbol means."""

    NONE = "none"
    BONUS = "bonus"
    SQUARES = "squares"
    COUNT = "count"
    DICE = "dice"
    CAPACITY = "capacity"


class Ability(Item):
    """One special ability."""

    parameter: ParameterKind = Field(
        default=ParameterKind.NONE, description="Meaning of the value printed in the symbol, if any."
    )
    reminder: str = Field(description="One-line paraphrased reminder of the effect.")
    side_switch: bool = Field(
        default=False,
        description="True for abilities used by flipping the counter (Ambush, Opportunity Fire, Tripod).",
    )


class AbilityRef(ContentModel):
    """An ability carried by a unit, weapon, tile slot or option."""

    id: Id = Field(description="Id of the ability in the abilities catalogue.")
    value: int | None = Field(
        default=None, description="Value printed in the symbol (bonus, squares, count...)."
    )
    against: DefenceType | None = Field(
        default=None,
        description="Target type the ability is restricted to, e.g. 'heavy_vehicle' for Assault vs "
        "heavy vehicles (002, Family Meeting 2 > Geek Option).",
    )


class AbilitiesFile(ContentModel):
    """A file of special abilities (folder ``abilities/``)."""

    abilities: list[Ability] = Field(default_factory=list, description="Abilities defined here.")
