"""Conditions of scenario victory levels and turn events (000 Setup > Victory Conditions;
002 scenario pages): mappings with one key, combined with all/any/not. Declarative
data only: the engine evaluates them, the renderer prints them.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, Literal, Union

from pydantic import Discriminator, Field, Tag

from builder.systems.heroes.content.models.base import ContentModel, Id


class ObjectiveKind(str, Enum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    NEUTRAL = "neutral"



class ControlSpec(ContentModel):
    """Objective control: which side controls how many of which objectives."""

    side: Id = Field(description="The controlling side.")
    objectives: list[Id] = Field(default_factory=list, description="These objectives (empty: all of 'kind').")
    kind: ObjectiveKind | None = Field(default=None, description="Restrict to objectives of this kind.")
    at_least: int | None = Field(default=None, ge=0, description="Controls at least this many.")
    at_most: int | None = Field(default=None, ge=0, description="Controls at most this many.")


class ControlsCondition(ContentModel):
    controls: ControlSpec = Field(description="Objective control test.")


class PointsSpec(ContentModel):
    side: Id = Field(description="Side whose victory points are tested.")
    at_least: int | None = Field(default=None, description="At least this many VP.")
    more_than_opponent: bool = Field(default=False, description="Strictly more VP than the other side.")


class PointsCondition(ContentModel):
    victory_points: PointsSpec = Field(description="Victory point test.")


class DestroyedSpec(ContentModel):
    unit: Id = Field(description="Unit counter id.")
    side: Id = Field(description="Side that owns it.")


class DestroyedCondition(ContentModel):
    destroyed: DestroyedSpec = Field(description="A given unit has been eliminated.")


ExitKind = Literal["infantry", "light_vehicle", "heavy_vehicle", "vehicle"]
"""Kinds of units an exit count names: infantry (guns and crews included), light or heavy
vehicles, or any vehicle."""


class ExitedSpec(ContentModel):
    """Units of a side that have left the battlefield by its exit squares."""

    side: Id = Field(description="The side whose units left (it needs 'exits' squares).")
    at_least: dict[ExitKind, int] = Field(
        min_length=1, description="At least this many units of each kind got out (e.g. infantry: 6)."
    )


class ExitedCondition(ContentModel):
    exited: ExitedSpec = Field(description="Units that got out by the exit squares (003 Campaign > 4 Zurueck!).")


class DemolishedCondition(ContentModel):
    demolished: Id = Field(description="This demolition target of the scenario has been destroyed.")


class NoUnitsCondition(ContentModel):
    no_units: Id = Field(description="This side has no units (or no orders) left.")


class OtherwiseCondition(ContentModel):
    otherwise: Literal[True] = Field(description="Always true: the fallback level.")


class AllCondition(ContentModel):
    all: list["Condition"] = Field(min_length=1, description="All of these hold.")


class AnyCondition(ContentModel):
    any: list["Condition"] = Field(min_length=1, description="At least one of these holds.")


class NotCondition(ContentModel):
    not_: "Condition" = Field(alias="not", description="This does not hold.")


_CONDITION_KEYS = {
    "controls": "controls", "victory_points": "victory_points", "destroyed": "destroyed",
    "no_units": "no_units", "exited": "exited", "demolished": "demolished", "otherwise": "otherwise", "all": "all", "any": "any", "not": "not",
}


def condition_tag(value: Any) -> str | None:
    """Which condition of the vocabulary ``value`` is (a mapping from YAML, or a parsed
    condition, read by its key): the tag of the union below, or None for none. The
    engine reads parsed conditions by it too (builder.systems.heroes.engine.victory)."""
    if isinstance(value, dict):
        for key in value:
            if key in _CONDITION_KEYS:
                return _CONDITION_KEYS[key]
        return None
    for attr, tag in (("controls", "controls"), ("victory_points", "victory_points"),
                      ("destroyed", "destroyed"), ("no_units", "no_units"), ("exited", "exited"), ("demolished", "demolished"),
                      ("otherwise", "otherwise"), ("all", "all"), ("any", "any"), ("not_", "not")):
        if hasattr(value, attr):
            return tag
    return None


Condition = Annotated[
    Union[
        Annotated[ControlsCondition, Tag("controls")],
        Annotated[PointsCondition, Tag("victory_points")],
        Annotated[DestroyedCondition, Tag("destroyed")],
        Annotated[NoUnitsCondition, Tag("no_units")],
        Annotated[ExitedCondition, Tag("exited")],
        Annotated[DemolishedCondition, Tag("demolished")],
        Annotated[OtherwiseCondition, Tag("otherwise")],
        Annotated[AllCondition, Tag("all")],
        Annotated[AnyCondition, Tag("any")],
        Annotated[NotCondition, Tag("not")],
    ],
    Discriminator(
        condition_tag,
        custom_error_type="condition_kind",
        custom_error_message="a condition is a mapping with one of the keys "
        "controls, victory_points, destroyed, no_units, exited, demolished, otherwise, all, any, not",
    ),
]
