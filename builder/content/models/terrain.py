"""Terrain: terrain types and their effects, boards drawn as ASCII, overlays
(000 core rules, Terrain and Terrain Overlays; 001/003 terrain elements and buildings).
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import Field, model_validator

from builder.content.models.base import ContentModel, Id, Item, Square, UnitType


class TerrainEffects(ContentModel):
    """Symbols printed on a terrain element (000, Terrain and Terrain Overlays)."""

    defence_bonus: int = Field(default=0, ge=0, le=5, description="Defence bonus for infantry on it.")
    obscures: int = Field(
        default=0, ge=0, le=5, description="Penalty per crossed square for an obscured line of sight."
    )
    blocks_los: bool = Field(default=False, description="Blocks line of sight completely.")
    difficult: bool = Field(default=False, description="Difficult passage: stop on entering; 1 square a move inside.")
    impassable_to: list[UnitType] = Field(
        default_factory=list, description="Unit types that may not enter (all types: impassable)."
    )
    water: bool = Field(default=False, description="Water: only units with Amphibious may enter.")
    opportunity_fire: bool = Field(
        default=False, description="Infantry on it may take opportunity fire."
    )
    structure: int | None = Field(
        default=None, ge=1, le=10, description="Demolition points that destroy it (a structure)."
    )
    elevated: int = Field(default=0, ge=0, le=3, description="Elevation level (Battle for Normandy).")
    building: bool = Field(default=False, description="Inside of a building: entered through openings only.")


class TerrainType(Item):
    """A kind of terrain (open ground, hedgerow, forest, building, water...)."""

    effects: TerrainEffects = Field(default_factory=TerrainEffects, description="Its effects.")
    colour: str = Field(
        default="#dfe8c8", pattern=r"^#[0-9a-fA-F]{6}$", description="Fill colour on maps."
    )


class EdgeKind(str, Enum):
    """Edges between two squares."""

    NO_PASSAGE = "no_passage"
    WALL = "wall"
    OPENING = "opening"


class Edge(ContentModel):
    """A no-passage symbol, wall or opening between two adjacent squares; no passage
    also blocks line of sight (000, Terrain > No Passage)."""

    between: list[Square] = Field(
        min_length=2, max_length=2, description="The two orthogonally adjacent squares."
    )
    kind: EdgeKind = Field(default=EdgeKind.NO_PASSAGE, description="no_passage, wall or opening.")


class Grid(Item):
    """A rectangular area drawn as ASCII rows; each character maps to a terrain id."""

    rows: list[str] = Field(min_length=1, max_length=60, description="Rows of the grid, top row first.")
    legend: dict[str, Id] = Field(
        description="Character -> terrain type id. ' ' (space) on an overlay means 'not covered'."
    )
    edges: list[Edge] = Field(default_factory=list, description="Edge features inside the grid.")

    @model_validator(mode="after")
    def _rectangular(self) -> "Grid":
        widths = {len(r) for r in self.rows}
        if len(widths) != 1:
            raise ValueError(f"all rows must have the same length (found lengths {sorted(widths)})")
        if next(iter(widths)) > 60:
            raise ValueError("rows may be at most 60 squares wide")
        for key in self.legend:
            if len(key) != 1:
                raise ValueError(f"legend keys are single characters, not {key!r}")
        return self

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)


class Board(Grid):
    """A terrain board of the box."""


class OverlayKind(str, Enum):
    """Kinds of terrain overlay."""

    BUILDING = "building"
    DEFENSIVE_POSITION = "defensive_position"
    THICKET = "thicket"
    WRECK = "wreck"
    BUNKER = "bunker"
    OTHER = "other"


class Opening(ContentModel):
    """A door or window: units enter buildings and fire out only through openings."""

    square: Square = Field(description="Square of the overlay (local coordinates) with the opening.")
    side: Literal["n", "e", "s", "w"] = Field(description="Side of that square the opening is on.")
    entry: bool = Field(default=True, description="Blue arrow: units may enter here.")
    grenade: bool = Field(default=False, description="Red bands: grenades may be thrown in here.")


class Overlay(Grid):
    """A terrain overlay laid on boards (building, defensive position, thicket, wreck)."""

    kind: OverlayKind = Field(description="Kind of overlay.")
    openings: list[Opening] = Field(default_factory=list, description="Openings of a building.")
    rooms: list[list[Square]] = Field(
        default_factory=list, description="Rooms of a building, as lists of local squares."
    )
    structure: int | None = Field(default=None, ge=1, le=10, description="Demolition points.")


class TerrainFile(ContentModel):
    """A file of terrain types and overlays (folder ``terrain/``)."""

    terrain: list[TerrainType] = Field(default_factory=list, description="Terrain types.")
    overlays: list[Overlay] = Field(default_factory=list, description="Terrain overlays.")
