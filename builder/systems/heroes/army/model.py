"""The army-list file: what a player brings to the table (000 core rules, Army Creation).

An army list names content by id only (tiles, options, heroes, cards); every number
(costs, stars, bands, copies) comes from the content pack, so a list stays correct
when the pack is corrected. The same file describes a two-player army (``faction`` and
``tiles`` at the top level) or a multiplayer alliance (``alliance`` with its players,
000 core rules, Multiplayer Rules 3-4 Players). Its ``army`` JSON Schema
(builder.systems.heroes.schemas) lets editors complete and explain these files through
the yaml-language-server modeline that ``heroes army new`` writes.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from builder.systems.heroes.army.shape import ArmyShape, Force, Loc  # noqa: F401  (Force and Loc re-exported)
from builder.systems.heroes.content.models.base import ContentModel, Id


class SlotChoice(ContentModel):
    """One recruitment option placed in one opening (slot) of a tile."""

    slot: int = Field(ge=1, le=12, strict=True,  # strict: `slot: true` is not slot 1
                      description="Slot number on the tile, counted from 1 in the tile's order.")
    option: Id = Field(description="Id of the recruitment option placed in that slot.")


class TileEntry(ContentModel):
    """A recruitment tile bought for the army, with the option chosen for each slot."""

    tile: Id = Field(description="Id of the recruitment tile.")
    options: list[SlotChoice] = Field(
        default_factory=list, description="Options placed in the tile's slots (empty slots are left out)."
    )


class HeroEntry(ContentModel):
    """A hero bought outside the tiles (000 core rules, Army Creation > Heroes)."""

    hero: Id = Field(description="Id of the hero.")
    options: list[Id] = Field(
        default_factory=list, max_length=3,
        description="Customisation options on the hero's tile (e.g. Luke's Overwatch).",
    )


class CardEntry(ContentModel):
    """Copies of one action card put in the deck."""

    card: Id = Field(description="Id of the action card.")
    copies: int = Field(default=1, ge=1, le=20, strict=True, description="How many copies go in the deck.")


class Player(ContentModel):
    """One player's army inside an alliance."""

    name: str = Field(min_length=1, description="Player name (used in messages).")
    faction: Id = Field(description="Faction this player leads.")
    tiles: list[TileEntry] = Field(default_factory=list, description="This player's recruitment tiles.")
    heroes: list[HeroEntry] = Field(default_factory=list, description="This player's heroes.")


class HighCommand(ContentModel):
    """The alliance's single high command tile, its options and how its cost is shared
    (000 core rules, Multiplayer Rules > Recruitment of a High Command Tile)."""

    tile: Id = Field(description="Id of the high command tile.")
    options: list[SlotChoice] = Field(default_factory=list, description="Order options in its slots.")
    shares: list[int] | None = Field(
        default=None,
        description="Points each player pays towards it, in player order; any split that adds up "
        "to its cost is allowed. Omit to let the checker find a split that fits.",
    )


class Alliance(ContentModel):
    """Two or three players on one side sharing orders and one deck."""

    players: list[Player] = Field(min_length=2, max_length=3, description="The players of the alliance.")
    high_command: list[HighCommand] = Field(
        default_factory=list, description="At most one high command tile for the whole alliance."
    )
    deck_faction: Id | None = Field(
        default=None, description="Nation whose deck the alliance uses (defaults to the first player's)."
    )


class ArmyList(ContentModel, ArmyShape):
    """An army list: tiles with the option chosen for each slot, heroes and the deck."""

    name: str = Field(min_length=1, description="Name of the army.")
    pack: Id | None = Field(
        default=None,
        description="Id of the content pack the list is built from (found through --pack, HEROES_PACK_PATH "
        "and the bundled packs); omit for the bundled core pack.",
    )
    faction: Id | None = Field(default=None, description="Faction of the army (omit for an alliance).")
    points: int | None = Field(
        default=None, ge=0, le=5000, strict=True,
        description="Points budget (of the whole alliance in multiplayer); a scenario may supply it.",
    )
    scenario: Id | None = Field(
        default=None, description="Scenario the army is built for; it supplies the budget and constraints."
    )
    side: Id | None = Field(default=None, description="Side of the scenario this army plays.")
    tiles: list[TileEntry] = Field(default_factory=list, description="Recruitment tiles bought.")
    heroes: list[HeroEntry] = Field(default_factory=list, description="Heroes bought.")
    support: list[Id] = Field(
        default_factory=list,
        description="Options the scenario's support tile brings, outside the recruitment rules "
        "(Battle for Normandy, Support Tile).",
    )
    alliance: Alliance | None = Field(default=None, description="Multiplayer: the alliance's players.")
    deck: list[CardEntry] | None = Field(
        default=None, description="The action-card deck; omit while it is not chosen yet."
    )
    notes: str = Field(default="", description="Free notes.")

    @model_validator(mode="after")
    def _one_way_to_build(self) -> "ArmyList":
        if self.alliance is None and self.faction is None:
            raise ValueError("give the army a 'faction' (or an 'alliance' of players for multiplayer)")
        if self.alliance is not None and (self.faction is not None or self.tiles or self.heroes):
            raise ValueError(
                "an alliance lists 'faction', 'tiles' and 'heroes' under each player, not at the top level"
            )
        return self
