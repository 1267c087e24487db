"""Recruitment tiles, recruitment options and heroes
(000 core rules, Army Creation; Recruitment Options; Multiplayer Rules).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.systems.heroes.content.models.ability import AbilityRef
from builder.systems.heroes.content.models.base import Band, ContentModel, Id, Item
from builder.systems.heroes.content.models.unit import CombatValues
from builder.systems.heroes.content.effect_keys import schema_hint
from builder.systems.heroes.content.vocabulary import OptionCategory, TileKind


class UnitGrant(ContentModel):
    """Units a tile or option brings to the army."""

    unit: Id = Field(description="Id of the unit counter.")
    count: int = Field(default=1, ge=1, le=20, description="How many counters.")


class BreakingPoint(ContentModel):
    """Red squares on a tile or option: eliminate this many of its units and the opponent
    scores the victory points on its back (000 core rules, Setup > Breaking Point)."""

    units: int = Field(ge=1, le=20, description="Units to eliminate to break it.")
    victory_points: int = Field(ge=0, le=50, description="Victory points the opponent then earns.")


class SlotGrant(ContentModel):
    """What filling a slot grants, printed at the tile's upper-left corner."""

    stars: int = Field(default=0, ge=0, le=3, description="Extra order stars.")
    ability: AbilityRef | None = Field(default=None, description="Extra special ability.")


class Slot(ContentModel):
    """An opening in a recruitment tile: an option fits if it has this size and one of
    its bands matches one of the slot's bands (000, Army Creation > Buy Recruitment Options)."""

    size: int = Field(ge=1, le=3, description="Size of the opening (1 small, 2 large...).")
    bands: list[Band] = Field(min_length=1, description="Colour bands around the opening.")
    grants: SlotGrant | None = Field(default=None, description="Bonus granted when the slot is filled.")


class RecruitmentTile(Item):
    """The nucleus of an army: a platoon, an officer or a high command."""

    faction: Id = Field(description="Faction of the tile.")
    insignia: Id | None = Field(default=None, description="Division insignia on the tile.")
    kind: TileKind = Field(description="platoon, officer or high_command.")
    cost: int = Field(ge=0, le=1000, description="Cost in army points.")
    stars: int = Field(default=0, ge=0, le=10, description="Order stars printed on the tile.")
    breaking_point: BreakingPoint | None = Field(default=None, description="Breaking point, if printed.")
    units: list[UnitGrant] = Field(default_factory=list, description="Units the tile brings.")
    slots: list[Slot] = Field(default_factory=list, description="Openings for recruitment options.")
    abilities: list[AbilityRef] = Field(
        default_factory=list, description="Abilities the tile gives its units."
    )
    bombs: int = Field(
        default=0, ge=0, le=6,
        description="Bomb or rocket markers printed on an aircraft's recruitment tile, each one alternate firing "
                    "action with the explosion template (003 Aviation Rules > Bombs & Rockets).",
    )


class CardUnlock(ContentModel):
    """Command cards an order option lets the army add to its deck (Airstrike, Artillery)."""

    command: str = Field(pattern=r"^(artillery|aviation)$", description="artillery or aviation.")
    count: int = Field(ge=1, le=20, description="How many such cards may be added.")


class BlastPattern(ContentModel):
    """The blast pattern an equipment token places on an intersection, with the
    combat bonuses printed on the token (000 core rules, Recruitment Options >
    Equipment > Grenade, Rifle Grenade, HE Shells; Special Abilities > Indirect
    Fire). The printed values were lost in transcription: options carrying one are
    placeholders."""

    colour: Literal["grenade", "red", "blue", "green", "smoke"] = Field(
        description="Template: grenade, red, blue, green, or a smoke pattern (no attack: its combat is X)."
    )
    radius: int = Field(
        default=1, ge=1, le=3,
        description="Half the template's width in squares: 1 covers the 4 squares around the "
        "intersection, 2 the 4x4 block without its corners.",
    )
    combat: CombatValues = Field(description="Combat bonus against each defence type, or 'X'.")
    reach: int | None = Field(
        default=None, ge=1, le=30, description="Farthest intersection it may target; none: no limit."
    )
    scatter: int = Field(
        default=0, ge=0, le=6,
        description="Intersections it scatters on a dispersal roll of 1-4 (Indirect Fire); 0: never.",
    )
    clear_sight: bool = Field(
        default=False, description="Needs a clear line of sight on the intersection (HE shells)."
    )


class TokenAttack(ContentModel):
    """The attack an anti-tank equipment token makes, with the combat bonuses printed
    on the token (000 core rules, Recruitment Options > Equipment > Panzerfaust,
    Sticky Bomb/Magnetic Mine). The printed values were lost in transcription:
    options carrying one are placeholders."""

    combat: CombatValues = Field(description="Combat bonus against each defence type, or 'X'.")
    reach: int = Field(
        default=0, ge=0, le=30,
        description="Farthest square it is fired at (Panzerfaust: 4); 0: placed on an adjacent vehicle and "
        "exploding at the end of the Supply phase (bombs and mines).",
    )


class RecruitmentOption(Item):
    """A support, equipment, character trait or order option."""

    faction: Id = Field(description="Faction of the option.")
    category: OptionCategory = Field(description="support, equipment, trait or order.")
    effect_key: Id | None = Field(
        default=None,
        description="Rules effect implemented by the engine and army checker (e.g. 'ammo', "
        "'planning'); several printed options may share one effect. An unknown key is warning S210.",
        json_schema_extra=schema_hint("options"),
    )
    cost: int = Field(ge=0, le=500, description="Cost in army points.")
    size: int = Field(default=1, ge=1, le=3, description="Size of the option tile.")
    bands: list[Band] = Field(min_length=1, description="Colour bands on the option's sides.")
    tokens: int = Field(default=0, ge=0, le=20, description="Tokens placed on the option (e.g. 3 Ammo).")
    units: list[UnitGrant] = Field(default_factory=list, description="Units a support option brings.")
    stars: int = Field(
        default=0, ge=0, le=3, description="Extra order tokens (Hardened, Planning give one)."
    )
    special_orders: int = Field(default=0, ge=0, le=2, description="Special order tokens (Battle Plan).")
    bluffs: int = Field(default=0, ge=0, le=3, description="Extra bluff tokens (Bluff order).")
    points_bonus: int = Field(
        default=0, ge=0, le=100, description="Extra army points it grants (Nazi Basterds: 30)."
    )
    unlocks_cards: CardUnlock | None = Field(
        default=None, description="Command cards this option allows in the deck."
    )
    breaking_point: BreakingPoint | None = Field(default=None, description="Breaking point, if printed.")
    effect: str = Field(description="Paraphrased effect of the option.")
    abilities: list[AbilityRef] = Field(
        default_factory=list, description="Abilities it grants the units of its tile."
    )
    blast: BlastPattern | None = Field(
        default=None, description="The blast pattern its tokens place (grenades, HE shells)."
    )
    token_attack: TokenAttack | None = Field(
        default=None, description="The attack its tokens make (Panzerfaust, sticky bombs, magnetic mines)."
    )
    destruction: int | None = Field(
        default=None, ge=1, le=6,
        description="Destruction dice each of its tokens rolls against a structure (Demolition Charge); "
        "printed on the token.",
    )


class Hero(Item):
    """A hero option: bought outside the tiles' slots (000, Army Creation > Heroes)."""

    faction: Id = Field(description="Faction of the hero.")
    insignia: Id = Field(description="Insignia: a specific division's, or the generic one.")
    cost: int = Field(ge=0, le=500, description="Cost in army points.")
    unit: Id = Field(description="Id of the hero's unit counter.")
    effect: str = Field(default="", description="Paraphrased notes on the hero's option tile.")


class RecruitmentFile(ContentModel):
    """A file of recruitment tiles, options and heroes (folder ``recruitment/``)."""

    tiles: list[RecruitmentTile] = Field(default_factory=list, description="Recruitment tiles.")
    options: list[RecruitmentOption] = Field(default_factory=list, description="Recruitment options.")
    heroes: list[Hero] = Field(default_factory=list, description="Hero options.")
