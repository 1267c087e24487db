"""Scenarios (000 Setup; 002 scenario pages; 003 Battle for Normandy scenarios).

Victory conditions and turn events are a small declarative vocabulary (no code, no
eval): the engine evaluates them and the renderer writes them out in words.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, Literal, Union

from pydantic import Discriminator, Field, Tag, model_validator

from builder.content.models.base import ContentModel, Id, Item, Square

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
    from builder.content.models.terrain import square_to_xy, xy_to_square

    first, _, last = area.partition(":")
    (x1, y1), (x2, y2) = square_to_xy(first), square_to_xy(last or first)
    return [
        xy_to_square(x, y)
        for y in range(min(y1, y2), max(y1, y2) + 1)
        for x in range(min(x1, x2), max(x1, x2) + 1)
    ]


Attitude = Literal["defensive", "balanced", "aggressive"]
"""The AI's attitude (002 Solo Mode, Set Up > Attitude)."""

DangerLevel = Literal["green", "yellow", "red", "black"]
"""Danger levels of the AI's danger gauge (002 Solo Mode, Difficulty and Danger Levels)."""

Marker = Literal[
    "life_point", "activated", "suppressed", "avert_suppression", "opportunity_fire",
    "defence_bonus",
]
"""Markers scenario effects place on units:

- ``life_point``: discard it to cancel a hit or damage just received (002, Life Points);
- ``activated`` / ``suppressed``: the core markers (000, Action!);
- ``avert_suppression``: discard it to ignore one Suppressed marker;
- ``opportunity_fire``: the unit may take opportunity fire while not activated; discard it
  after that fire and mark the unit activated;
- ``defence_bonus``: +1 to the unit's defence until a firing action targets it.
"""

SquareRule = Literal["free", "not_adjacent_to_enemy", "los_to_enemy"]
"""What a square offered to ``place_unit`` must satisfy: empty; no enemy unit adjacent;
a line of sight from it to at least one enemy unit."""


class Rotation(int, Enum):
    """Rotation of a placed board or overlay, clockwise."""

    R0 = 0
    R90 = 90
    R180 = 180
    R270 = 270


class Placement(ContentModel):
    """A board or overlay laid on the battlefield, its top-left square at ``at``."""

    id: Id = Field(description="Board or overlay id.")
    at: Square = Field(default="A1", description="Battlefield square of its top-left corner.")
    rotation: Rotation = Field(default=Rotation.R0, description="Clockwise rotation in degrees.")


class Layout(ContentModel):
    """The battlefield: boards, then overlays on top."""

    boards: list[Placement] = Field(min_length=1, description="Boards placed.")
    overlays: list[Placement] = Field(default_factory=list, description="Overlays placed.")


class CompositionEntry(ContentModel):
    """One line of a fixed army composition; exactly one of tile/option/hero/unit."""

    tile: Id | None = Field(default=None, description="A recruitment tile.")
    option: Id | None = Field(default=None, description="A recruitment option.")
    hero: Id | None = Field(default=None, description="A hero.")
    unit: Id | None = Field(default=None, description="A bare unit counter.")
    count: int = Field(default=1, ge=1, le=20, description="How many of it.")
    on: Id | None = Field(default=None, description="Tile the option sits on, when several could hold it.")
    set_aside: bool = Field(default=False, description="Not deployed at start; enters by an event.")


class ArmySpec(ContentModel):
    """How a side builds its army: a fixed composition, a points budget, or both
    (a composition with its printed value)."""

    points: int | None = Field(default=None, ge=0, le=5000, description="Army points.")
    composition: list[CompositionEntry] = Field(
        default_factory=list, description="Fixed composition; empty for a free points budget."
    )
    cards: int = Field(default=40, ge=0, le=100, description="Minimum deck size.")
    hand: int = Field(default=4, ge=0, le=10, description="Cards drawn at start.")


class ScenarioSide(ContentModel):
    """One side of a scenario."""

    id: Id = Field(description="Side id used by objectives, zones and victory conditions.")
    faction: Id = Field(description="Faction playing this side.")
    name: str = Field(default="", description="Formation name shown on sheets.")
    army: ArmySpec = Field(description="Army composition or budget.")
    deployment: list[Area] = Field(default_factory=list, description="Deployment zone squares.")
    entry: list[Square] = Field(default_factory=list, description="Entry squares (arrows).")


class ObjectiveKind(str, Enum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    NEUTRAL = "neutral"


class Objective(ContentModel):
    """An objective marker: only infantry control it (000 Setup > Victory Conditions)."""

    id: Id = Field(description="Objective id.")
    kind: ObjectiveKind = Field(description="primary, secondary or neutral.")
    at: Square = Field(description="Square of the marker.")
    owner: Id | None = Field(default=None, description="Side that owns it at start, if any.")
    victory_points: int = Field(default=0, ge=0, le=50, description="VP for controlling it.")


class Initiative(ContentModel):
    """Who has the initiative: one side throughout, or the turn track's alternation."""

    first: Id = Field(description="Side with the initiative in turn 1.")
    rule: Literal["fixed", "alternate"] = Field(
        default="alternate", description="fixed: always 'first'; alternate: swap each turn."
    )


class EventTiming(str, Enum):
    START_OF_ORDERS = "start_of_orders"
    START_OF_ACTIVATION = "start_of_activation"
    START_OF_SUPPLY = "start_of_supply"
    END_OF_SUPPLY = "end_of_supply"


class Selector(ContentModel):
    """Which units an effect applies to."""

    side: Id = Field(description="Side whose units are chosen.")
    unit_type: str | None = Field(default=None, description="Only units of this type (e.g. infantry).")
    closest_to: Literal["objective", "enemy"] | None = Field(
        default=None, description="Prefer units closest to an objective or an enemy."
    )
    count: int | None = Field(default=None, ge=1, le=50, description="How many units (all if absent).")
    unit: Id | None = Field(default=None, description="A specific unit counter.")


class Effect(ContentModel):
    """One effect of a turn event, from a fixed vocabulary (``do``).

    ``text`` always paraphrases the effect for printed sheets; the engine's coverage
    report lists the ``do`` values it does not simulate.
    """

    do: Literal[
        "add_marker", "place_unit", "reinforce", "set_danger", "score", "roll_table",
        "move_toward", "special", "fire",
    ] = Field(description="What the effect does.")
    text: str = Field(description="The effect in words (paraphrased).")
    selector: Selector | None = Field(default=None, description="Units affected.")
    marker: Marker | None = Field(default=None, description="add_marker: marker placed.")
    count: int | None = Field(default=None, ge=0, le=50, description="Number of markers, squares or VP.")
    at: list[Area] = Field(default_factory=list, description="Squares involved.")
    side: Id | None = Field(default=None, description="Side concerned.")
    params: dict[str, Any] = Field(default_factory=dict, description="Further parameters of the effect.")
    table: dict[str, list["Effect"]] = Field(
        default_factory=dict, description="roll_table: die result range '1-2' -> effects."
    )
    square_rules: list[SquareRule] = Field(
        default_factory=list,
        description="place_unit: conditions every square of 'at' must meet to be chosen.",
    )
    if_impossible: Literal["skip", "postpone"] = Field(
        default="skip",
        description="When the effect cannot be carried out: skip it, or postpone it and the "
        "rest of its event to the same moment of the next turn.",
    )
    ability: Id | None = Field(
        default=None, description="fire: the special ability the fire action uses (e.g. sniper)."
    )
    all_bonuses: bool = Field(
        default=False, description="fire: the firing side applies every bonus available to it."
    )
    danger_level: DangerLevel | None = Field(
        default=None,
        description="set_danger: move the danger marker to the first space of this level.",
    )
    danger_spaces: dict[Literal["easy", "medium", "hard"], int] = Field(
        default_factory=dict,
        description="set_danger: that first space by difficulty, as the scenario prints it.",
    )
    if_reached: DangerLevel | None = Field(
        default=None,
        description="set_danger: level whose first space is used instead when the marker "
        "already stands at or beyond 'danger_level'.",
    )
    toward: list[Literal["objective", "tactical_bonus", "enemy"]] = Field(
        default_factory=list,
        description="move_toward: what each unit moves closer to (the nearest of these); "
        "'count' squares, ending in terrain elements when possible, never an assault.",
    )
    outcomes: dict[str, list["Effect"]] = Field(
        default_factory=dict,
        description="roll_table by attitude: outcome letter (A, B...) -> its effects.",
    )
    by_attitude: dict[str, dict[Attitude, str]] = Field(
        default_factory=dict,
        description="roll_table by attitude: die range '1-2' -> AI attitude -> outcome letter.",
    )

    @model_validator(mode="after")
    def _complete(self) -> "Effect":
        """Each ``do`` has the parameters it needs, so the engine never guesses."""
        needs = {
            "add_marker": ("selector", "marker"),
            "place_unit": ("selector", "at"),
            "fire": ("selector",),
            "set_danger": ("danger_level",),
            "move_toward": ("selector", "count", "toward"),
        }
        missing = [name for name in needs.get(self.do, ()) if not getattr(self, name)]
        if missing:
            raise ValueError(f"'{self.do}' needs {', '.join(missing)}")
        if self.do == "roll_table":
            _check_roll_table(self)
        return self


def _die_range(key: str) -> set[int]:
    """'1-2' -> {1, 2}; '6' -> {6}; a d6 result range."""
    low, _, high = key.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise ValueError(f"die ranges look like '1-2' or '6', not {key!r}") from None
    if not 1 <= first <= last <= 6:
        raise ValueError(f"die range {key!r} is not within 1-6")
    return set(range(first, last + 1))


def _check_roll_table(effect: "Effect") -> None:
    """A roll table covers each result of a d6 once; by-attitude letters exist."""
    if bool(effect.table) == bool(effect.by_attitude):
        raise ValueError("a roll_table gives either 'table' or 'by_attitude' with 'outcomes'")
    ranges = effect.table or effect.by_attitude
    covered: list[int] = []
    for key in ranges:
        covered.extend(_die_range(key))
    if sorted(covered) != [1, 2, 3, 4, 5, 6]:
        raise ValueError("the die ranges of a roll table cover 1 to 6, each result once")
    for key, columns in effect.by_attitude.items():
        if set(columns) != {"defensive", "balanced", "aggressive"}:
            raise ValueError(f"row {key!r} gives an outcome for each of the three attitudes")
        for letter in columns.values():
            if letter not in effect.outcomes:
                raise ValueError(f"row {key!r} names outcome {letter!r}, which 'outcomes' lacks")


class TurnEvent(ContentModel):
    """Something that happens on a given turn (scenario event markers on the turn track)."""

    turns: list[int] = Field(min_length=1, description="Turns on which it happens.")
    timing: EventTiming = Field(description="When in the round it happens.")
    side: Id | None = Field(default=None, description="Side concerned, if any.")
    text: str = Field(description="The event in words.")
    when: "Condition | None" = Field(
        default=None, description="The event happens only if this condition holds then."
    )
    effects: list[Effect] = Field(default_factory=list, description="Its effects.")


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
    "no_units": "no_units", "otherwise": "otherwise", "all": "all", "any": "any", "not": "not",
}


def _condition_tag(value: Any) -> str | None:
    if isinstance(value, dict):
        for key in value:
            if key in _CONDITION_KEYS:
                return _CONDITION_KEYS[key]
        return None
    for attr, tag in (("controls", "controls"), ("victory_points", "victory_points"),
                      ("destroyed", "destroyed"), ("no_units", "no_units"),
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
        Annotated[OtherwiseCondition, Tag("otherwise")],
        Annotated[AllCondition, Tag("all")],
        Annotated[AnyCondition, Tag("any")],
        Annotated[NotCondition, Tag("not")],
    ],
    Discriminator(
        _condition_tag,
        custom_error_type="condition_kind",
        custom_error_message="a condition is a mapping with one of the keys "
        "controls, victory_points, destroyed, no_units, otherwise, all, any, not",
    ),
]

AllCondition.model_rebuild()
AnyCondition.model_rebuild()
NotCondition.model_rebuild()
TurnEvent.model_rebuild()


class VictoryLevel(ContentModel):
    """A victory level, checked in order at the end of the game; the first that holds wins."""

    level: Literal["minor", "regular", "major", "draw"] = Field(description="Victory level.")
    winner: Id | None = Field(default=None, description="Winning side (none for a draw).")
    when: Condition = Field(description="Condition for this result.")
    text: str = Field(default="", description="The level as printed, paraphrased.")


class SoloNotes(ContentModel):
    """Solo Mode set-up of a scenario (002, Scenario pages and Scenarios List)."""

    ai_sides: list[Id] = Field(default_factory=list, description="Sides the AI can play.")
    default_ai_side: Id | None = Field(default=None, description="Side the AI plays by default.")
    attitude: Literal["defensive", "balanced", "aggressive"] | None = Field(
        default=None, description="AI attitude the scenario sets."
    )
    player_initiative: bool = Field(default=True, description="The human side always has the initiative.")
    anonymous_units: int = Field(default=0, ge=0, le=30, description="Anonymous unit counters taken.")
    numbered_anonymous: int = Field(default=0, ge=0, le=10, description="Numbered anonymous counters taken.")
    decoys: int = Field(default=0, ge=0, le=10, description="Decoy counters taken.")
    particular_units: list[Id] = Field(
        default_factory=list,
        description="Particular units kept out of the bag, in the order of their numbered "
        "markers (the first gets marker 1).",
    )
    scouts: list[Id] = Field(
        default_factory=list, description="Units with Scout kept aside and deployed first."
    )
    scout_deployment: list[Area] = Field(
        default_factory=list,
        description="Squares where the AI's scouts deploy; empty: by the Scout rule.",
    )
    reinforcements_min: int = Field(default=0, ge=0, le=20, description="Minimum units in the reinforcements bag.")
    notes: str = Field(default="", description="Other Solo Mode notes.")

    @model_validator(mode="after")
    def _decoys(self) -> "SoloNotes":
        """One decoy per 3 anonymous and numbered counters, 8 at most
        (002 Solo Mode, Set Up > Anonymous Unit Counters)."""
        expected = min(8, (self.anonymous_units + self.numbered_anonymous) // 3)
        if self.decoys != expected:
            raise ValueError(
                f"{self.anonymous_units} anonymous + {self.numbered_anonymous} numbered counters "
                f"call for {expected} decoy(s), not {self.decoys}"
            )
        if self.numbered_anonymous and self.numbered_anonymous != len(self.particular_units):
            raise ValueError("take one numbered anonymous counter per particular unit")
        if self.default_ai_side is not None and self.ai_sides and self.default_ai_side not in self.ai_sides:
            raise ValueError("the default AI side is one of 'ai_sides'")
        return self


class Scenario(Item):
    """A scenario: battlefield, sides, objectives, events and victory conditions."""

    front: str = Field(default="Normandy", description="Front.")
    operation: str = Field(default="", description="Operation or campaign name.")
    place: str = Field(default="", description="Place of the battle.")
    date: str = Field(default="", description="Date as printed (e.g. 'June 1944').")
    players: int = Field(default=2, ge=1, le=4, description="Number of players.")
    story: str = Field(default="", description="Introductory text, paraphrased.")
    layout: Layout = Field(description="Boards and overlays.")
    sides: list[ScenarioSide] = Field(min_length=2, max_length=4, description="Sides, in order.")
    objectives: list[Objective] = Field(default_factory=list, description="Objective markers.")
    tactical_bonuses: int = Field(default=0, ge=0, le=12, description="Solo Mode tactical bonuses placed.")
    initiative: Initiative = Field(description="Initiative rule.")
    turns: int = Field(default=8, ge=1, le=20, description="Number of turns (default 8).")
    events: list[TurnEvent] = Field(default_factory=list, description="Turn events.")
    support_tiles: list[Id] = Field(default_factory=list, description="Support tiles in play (BfN).")
    special_rules: list[str] = Field(default_factory=list, description="Other special rules, paraphrased.")
    victory: list[VictoryLevel] = Field(min_length=1, description="Victory levels, checked in order.")
    symmetric: bool = Field(default=False, description="Sides may swap for playtests.")
    perspective: Id | None = Field(
        default=None,
        description="Side from whose point of view the victory levels are printed (a Solo "
        "Mode scenario speaks to the player: 'minor defeat' is the other side's minor victory).",
    )
    solo: SoloNotes | None = Field(default=None, description="Solo Mode notes.")


class ScenarioFile(Scenario):
    """A scenario file (folder ``scenarios/``): one scenario per file."""
