"""Terrain: terrain types and their effects, boards drawn as ASCII, overlays
(000 core rules, Terrain and Terrain Overlays; 001/003 terrain elements and buildings).
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal

from pydantic import Field, model_validator

from builder.systems.heroes.content.models.base import ContentModel, Id, Item, Square, UnitType
from builder.notation import column_letters, square_xy


def square_to_xy(square: str) -> tuple[int, int]:
    """'A1' -> (0, 0), 'B3' -> (1, 2), 'AA1' -> (26, 0): zero-based column and row."""
    xy = square_xy(square)
    if xy is None:
        raise ValueError(f"not a square: {square!r}")
    return xy


def xy_to_square(x: int, y: int) -> str:
    """Inverse of :func:`square_to_xy`."""
    if x < 0 or y < 0:
        raise ValueError(f"no square at ({x}, {y})")
    return f"{column_letters(x)}{y + 1}"


Area = Annotated[
    str,
    Field(
        pattern=r"^[A-Z]{1,2}[1-9][0-9]{0,2}(:[A-Z]{1,2}[1-9][0-9]{0,2})?$",
        description="A square 'C4' or a rectangle 'A1:D3' (corners included).",
    ),
]


def expand_area(area: str) -> list[str]:
    """The squares of an area: 'C4' -> ['C4']; 'A1:B2' -> ['A1', 'B1', 'A2', 'B2'].

    Corners may be given in any order; squares come row by row."""
    first, _, last = area.partition(":")
    (x1, y1), (x2, y2) = square_to_xy(first), square_to_xy(last or first)
    return [
        xy_to_square(x, y)
        for y in range(min(y1, y2), max(y1, y2) + 1)
        for x in range(min(x1, x2), max(x1, x2) + 1)
    ]


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
    infantry_obstacle: bool = Field(
        default=False,
        description="Drawn as a line: an obstacle to infantry only (Battle for Normandy 'Obstacle (Infantry)', a "
        "low barricade): its effect on sight is ignored when the firer or the target is a vehicle.",
    )
    half_square: bool = Field(
        default=False,
        description="Half-squares where two buildings or ruins touch (Battle for Normandy): infantry counts the "
        "two as one square and crosses between the buildings; no diagonal step enters or leaves them.",
    )


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
    LINE = "line"


class Edge(ContentModel):
    """A no-passage symbol, wall or opening between two adjacent squares; no passage
    also blocks line of sight (000, Terrain > No Passage). A ``line`` is a red or
    yellow line carrying the effects of a terrain type (a low barricade, a hedge line):
    movement effects apply on crossing it, firing effects only to units not adjacent
    to it (003 Battle for Normandy, Terrain Effects > Lines and Terrain Effects)."""

    between: list[Square] = Field(
        min_length=2, max_length=2, description="The two orthogonally adjacent squares."
    )
    kind: EdgeKind = Field(
        default=EdgeKind.NO_PASSAGE, description="no_passage, wall, opening or line."
    )
    terrain: Id | None = Field(
        default=None, description="line only: the terrain type whose effects the line carries."
    )

    @model_validator(mode="after")
    def _adjacent(self) -> "Edge":
        (ax, ay), (bx, by) = (square_to_xy(s) for s in self.between)
        if abs(ax - bx) + abs(ay - by) != 1:
            raise ValueError(
                f"an edge lies between two orthogonally adjacent squares, "
                f"not {self.between[0]} and {self.between[1]}"
            )
        if (self.kind == EdgeKind.LINE) != (self.terrain is not None):
            raise ValueError("give 'terrain' exactly when the edge kind is 'line'")
        return self


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
        for number, row in enumerate(self.rows, start=1):
            for char in row:
                if char not in self.legend and not (char == " " and self.allows_blank()):
                    raise ValueError(
                        f"row {number} uses {char!r}, which the legend does not define"
                    )
        for edge in self.edges:
            for square in edge.between:
                self.check_inside(square, "edge")
        return self

    def allows_blank(self) -> bool:
        """Whether ' ' may stand for an uncovered square (overlays only)."""
        return False

    def check_inside(self, square: str, what: str) -> None:
        """Raise when ``square`` (local coordinates) lies outside the grid."""
        x, y = square_to_xy(square)
        if x >= self.width or y >= self.height:
            raise ValueError(
                f"{what} square {square} lies outside the {self.width}x{self.height} grid"
            )

    def terrain_at(self, square: str) -> str | None:
        """Terrain id at a local square, None where an overlay leaves it uncovered."""
        x, y = square_to_xy(square)
        return self.legend.get(self.rows[y][x])

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
    white_arrow: bool = Field(
        default=False,
        description="White arrow: a window a unit with Urban Fighter may cross once per move (never a bunker's).",
    )


class Overlay(Grid):
    """A terrain overlay laid on boards (building, defensive position, thicket, wreck)."""

    kind: OverlayKind = Field(description="Kind of overlay.")
    openings: list[Opening] = Field(default_factory=list, description="Openings of a building.")
    rooms: list[list[Square]] = Field(
        default_factory=list, description="Rooms of a building, as lists of local squares."
    )
    structure: int | None = Field(default=None, ge=1, le=10, description="Demolition points.")
    ruin_side: Id | None = Field(
        default=None,
        description="Overlay laid in its place when the structure is destroyed (its ruin side); "
        "none: the overlay is removed (000, Terrain > Structure).",
    )
    count: int = Field(default=1, ge=1, le=20, description="Copies of this overlay in the box.")

    def allows_blank(self) -> bool:
        return True

    @model_validator(mode="after")
    def _features_on_the_overlay(self) -> "Overlay":
        for opening in self.openings:
            self.check_inside(opening.square, "opening")
            if self.terrain_at(opening.square) is None:
                raise ValueError(f"opening square {opening.square} is not covered by the overlay")
        seen: set[str] = set()
        for room in self.rooms:
            for square in room:
                self.check_inside(square, "room")
                if square in seen:
                    raise ValueError(f"square {square} belongs to two rooms")
                seen.add(square)
        return self


class TerrainFile(ContentModel):
    """A file of terrain types and overlays (folder ``terrain/``)."""

    terrain: list[TerrainType] = Field(default_factory=list, description="Terrain types.")
    overlays: list[Overlay] = Field(default_factory=list, description="Terrain overlays.")
