"""Action cards (000 core rules, Action Cards; AAA and Aviation Cards)."""

from __future__ import annotations


from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, Id, Item, Phase
from builder.systems.heroes.content.models.recruitment import BlastPattern
from builder.systems.heroes.content.models.unit import CombatValues
from builder.systems.heroes.content.effect_keys import schema_hint
from builder.systems.heroes.content.vocabulary import CommandIcon


class ActionCard(Item):
    """An action card with its printed number of copies."""

    faction: Id = Field(description="Faction whose deck the card belongs to.")
    phases: list[Phase] = Field(min_length=1, description="Phases in which it may be played.")
    copies: int = Field(ge=1, le=20, description="Copies printed: the most a deck may hold.")
    command: CommandIcon | None = Field(default=None, description="Artillery or aviation command icon.")
    aaa: int | None = Field(
        default=None, ge=1, le=7, description="Anti-aircraft value of an aviation card."
    )
    effect: str = Field(description="Paraphrased effect.")
    effect_key: Id | None = Field(
        default=None, description="Rules effect the engine implements for this card, if any. An unknown key is "
        "warning S210.", json_schema_extra=schema_hint("cards"),
    )
    blast: BlastPattern | None = Field(
        default=None, description="The blast pattern an artillery card places, with its printed values."
    )
    combat: CombatValues | None = Field(
        default=None, description="Combat bonus of a card that fires one shot at a unit (Flak 10)."
    )


class CardsFile(ContentModel):
    """A file of action cards (folder ``cards/``)."""

    cards: list[ActionCard] = Field(default_factory=list, description="Action cards defined here.")
