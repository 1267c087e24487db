"""Scenarios (000 Setup; 002 scenario pages; 003 Battle for Normandy scenarios).

Victory conditions (:mod:`.scenario_conditions`) and turn events
(:mod:`.scenario_events`) are a small declarative vocabulary (no code, no eval): the
engine evaluates them and the renderer writes them out in words. Their names are
re-exported here.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import Field, model_validator

from builder.systems.heroes.content.models.base import ContentModel, Id, Item, Square
from builder.systems.heroes.content.models.scenario_conditions import (  # noqa: F401  (re-exported)
    AllCondition,
    AnyCondition,
    Condition,
    ControlsCondition,
    ControlSpec,
    DestroyedCondition,
    DemolishedCondition,
    DestroyedSpec,
    ExitedCondition,
    ExitedSpec,
    NoUnitsCondition,
    NotCondition,
    ObjectiveKind,
    OtherwiseCondition,
    PointsCondition,
    PointsSpec,
)
from builder.systems.heroes.content.models.scenario_events import (  # noqa: F401  (re-exported)
    Attitude,
    DangerLevel,
    Effect,
    EventTiming,
    Marker,
    Selector,
    SquareRule,
    TurnEvent,
)
from builder.systems.heroes.content.models.terrain import Area, expand_area  # noqa: F401  (re-exported)


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
    for_hero: Id | None = Field(
        default=None,
        description="Hero who wears this option as a customisation (002 prints Overwatch under "
        "Luke's name), instead of a tile slot.",
    )
    set_aside: bool = Field(default=False, description="Not deployed at start; enters by an event.")

    @model_validator(mode="after")
    def _one_thing(self) -> "CompositionEntry":
        named = [k for k in ("tile", "option", "hero", "unit") if getattr(self, k)]
        if len(named) != 1:
            raise ValueError("a composition line names exactly one of tile, option, hero or unit")
        if (self.on or self.for_hero) and not self.option:
            raise ValueError("'on' and 'for_hero' place an option; this line has none")
        if self.on and self.for_hero:
            raise ValueError("an option sits on a tile ('on') or on a hero ('for_hero'), not both")
        return self


class ArmySpec(ContentModel):
    """How a side builds its army: a fixed composition, a points budget, or both
    (a composition with its printed value)."""

    points: int | None = Field(default=None, ge=0, le=5000, description="Army points.")
    composition: list[CompositionEntry] = Field(
        default_factory=list, description="Fixed composition; empty for a free points budget."
    )
    cards: int = Field(default=40, ge=0, le=100, description="Minimum deck size.")
    hand: int = Field(default=4, ge=0, le=10, description="Cards drawn at start.")


class ScenarioPlayer(ContentModel):
    """One player of an alliance (000 core rules, Multiplayer Rules 3-4 Players >
    Alliance and Army Creation): the side's order tokens, deck and victory are the
    alliance's; the units are this player's."""

    id: Id = Field(description="Player id (unique in the scenario), named by --players order and the report.")
    faction: Id | None = Field(default=None, description="Faction this player leads (the side's when absent).")
    name: str = Field(default="", description="Player or formation name shown on sheets and reports.")
    points: int | None = Field(
        default=None, ge=0, le=5000,
        description="This player's own army points; absent: the alliance's points divided by its players "
        "(split budget) or what the players before it left (shared budget).")
    composition: list[CompositionEntry] = Field(
        default_factory=list, description="This player's fixed composition; empty: a default army to its points.")


class ScenarioSide(ContentModel):
    """One side of a scenario: one player, or an alliance of two or three players
    (000 core rules, Multiplayer Rules 3-4 Players)."""

    id: Id = Field(description="Side id used by objectives, zones and victory conditions.")
    faction: Id = Field(description="Faction playing this side (an alliance's deck faction).")
    name: str = Field(default="", description="Formation name shown on sheets.")
    army: ArmySpec = Field(description="Army composition or budget (an alliance's whole budget).")
    players: list[ScenarioPlayer] = Field(
        default_factory=list, max_length=3,
        description="An alliance's players, in their order of play (000 Multiplayer Rules > Initiative and "
        "Order of Play); empty: the side is one player. Each builds its own army; the alliance shares "
        "order tokens, one deck of 50 cards and its victory.")
    budget: Literal["split", "shared"] = Field(
        default="split",
        description="An alliance's points: 'split' gives each player the alliance's points divided by its "
        "players (000 Multiplayer Rules > Army Creation); 'shared' lets the players draw on one pool, "
        "each in turn from what the players before it left.")
    deployment: list[Area] = Field(default_factory=list, description="Deployment zone squares.")
    entry: list[Square] = Field(default_factory=list, description="Entry squares (arrows).")
    exits: list[Square] = Field(
        default_factory=list,
        description="Exit squares (arrows, 003 Campaign > 4 Zurueck!): a unit of this side ending a move "
        "on one leaves the battlefield, counted by the 'exited' condition, never as a loss.",
    )


class DemolitionTarget(ContentModel):
    """A terrain element a side must destroy, fired at through its red dot (003 Battle for
    Normandy, Battlefield > Buildings > Destroying the Chimney; Campaign > 6 Operation Stack)."""

    id: Id = Field(description="Target id, named by 'open_target' effects and 'demolished' conditions.")
    name: str = Field(default="", max_length=60, description="Name printed on sheets (e.g. 'the chimney').")
    at: Square = Field(description="The red dot: a shot at the target needs a line of sight to it.")
    structure: int = Field(ge=1, le=20, description="Destruction markers that destroy it.")
    side: Id = Field(description="The side that may fire at it.")
    open: bool = Field(
        default=False, description="It may be fired at from the start (else from an 'open_target' effect on)."
    )
    stairs: list[Square] = Field(
        default_factory=list,
        description="Squares next to the red dot with the stairs symbol: from there a unit climbs to the top floor "
        "above the red dot (the Chimney's secondary tile; 003 Battlefield > Buildings > The Chimney). None: no top floor.",
    )


class Objective(ContentModel):
    """An objective marker: only infantry control it (000 Setup > Victory Conditions)."""

    id: Id = Field(description="Objective id.")
    name: str | None = Field(
        default=None, max_length=60,
        description="Name printed on sheets and pages (e.g. 'the farm'); the id, spaced, when absent.",
    )
    kind: ObjectiveKind = Field(description="primary, secondary or neutral.")
    at: Square = Field(description="Square of the marker.")
    owner: Id | None = Field(default=None, description="Side that owns it at start, if any.")
    victory_points: int = Field(default=0, ge=0, le=50, description="VP for controlling it.")
    placed: bool = Field(
        default=True,
        description="On the battlefield from the start; false: only a 'place_objective' effect puts it there "
        "(003 Campaign > 1 Trading Blows: the German secondary objectives are placed once the Commonwealth "
        "holds its primary). Until then nobody controls it.")

    @property
    def display_name(self) -> str:
        """What players read: the name, or the id with its hyphens as spaces."""
        return self.name or self.id.replace("-", " ").replace("_", " ")


class Initiative(ContentModel):
    """Who has the initiative: one side throughout, or the turn track's alternation."""

    first: Id = Field(description="Side with the initiative in turn 1.")
    rule: Literal["fixed", "alternate"] = Field(
        default="alternate", description="fixed: always 'first'; alternate: swap each turn."
    )


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
    reinforcements: list[Id] = Field(
        default_factory=list,
        description="Units the scenario puts in the reinforcements bag (a particular unit goes in as a "
        "numbered anonymous counter); empty, or fewer than the minimum: the Solo set-up chooses the "
        "rest (002 Solo Mode, Set Up > Reinforcements Bag; docs/solo-mode.md).",
    )
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


class Tunable(ContentModel):
    """A number of the scenario a designer may tune to balance it (``heroes balance``
    varies it within its range; see docs/playtest.md, Balance).

    ``path`` is where the number lives in this scenario, written as dot-separated
    keys: a list item by its position or by its ``id`` (``objectives.crossroads.victory_points``,
    ``victory.0.when.victory_points.at_least``)."""

    id: Id = Field(description="Knob name on the command line (heroes balance --vary ID=RANGE).")
    path: str = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$",
                      description="Where the number lives: dot-separated keys, list items by position or id.")
    min: int = Field(ge=-1000, le=5000, description="Smallest value the designer allows.")
    max: int = Field(ge=-1000, le=5000, description="Largest value the designer allows.")
    step: int = Field(default=1, ge=1, le=1000, description="Granularity of the search (e.g. 5 for points).")
    description: str = Field(default="", max_length=300, description="What the number means for balance.")

    @model_validator(mode="after")
    def _range(self) -> "Tunable":
        if self.min > self.max:
            raise ValueError(f"tunable '{self.id}': min {self.min} is above max {self.max}")
        return self


class SpecialRulePlay(ContentModel):
    """How the engine plays one of the scenario's special rules (``heroes rules coverage``
    gives the rule the status of the engine rules named; a special rule no entry names is
    "not simulated: a special rule in words")."""

    rule: int = Field(ge=1, le=50, description="The special rule: 1 for the first of 'special_rules'.")
    played_by: list[Id] = Field(
        min_length=1,
        description="The engine rules that play it, by their id in the coverage's scenario rules (e.g. "
        "placed-objectives, early-end, reinforcements, turn-marker, sudden-death, deployment-order, entry-arrows, "
        "exits, demolition-targets, support-tile, campaign-consequence).")
    note: str = Field(default="", max_length=300, description="How the rule is read, when the text leaves a choice.")


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
    targets: list[DemolitionTarget] = Field(
        default_factory=list, description="Terrain elements to destroy through their red dot (BfN).")
    tactical_bonuses: int = Field(default=0, ge=0, le=12, description="Solo Mode tactical bonuses placed.")
    initiative: Initiative = Field(description="Initiative rule.")
    turns: int = Field(default=8, ge=1, le=20, description="Number of turns (default 8).")
    events: list[TurnEvent] = Field(default_factory=list, description="Turn events.")
    support_tiles: list[Id] = Field(default_factory=list, description="Support tiles in play (BfN).")
    special_rules: list[str] = Field(default_factory=list, description="Other special rules, paraphrased.")
    special_rules_played: list[SpecialRulePlay] = Field(
        default_factory=list, description="Which engine rules play which special rule (the coverage's status).")
    victory: list[VictoryLevel] = Field(min_length=1, description="Victory levels, checked in order.")
    symmetric: bool = Field(default=False, description="Sides may swap for playtests.")
    perspective: Id | None = Field(
        default=None,
        description="Side from whose point of view the victory levels are printed (a Solo "
        "Mode scenario speaks to the player: 'minor defeat' is the other side's minor victory).",
    )
    solo: SoloNotes | None = Field(default=None, description="Solo Mode notes.")
    tunable: list[Tunable] = Field(
        default_factory=list, max_length=20,
        description="Numbers a designer may tune to balance the scenario, with their ranges (heroes balance).")

    @model_validator(mode="after")
    def _special_rules_played(self) -> "Scenario":
        """Each entry names a special rule the scenario prints, once."""
        seen = [p.rule for p in self.special_rules_played]
        for n in seen:
            if n > len(self.special_rules):
                raise ValueError(f"special_rules_played names special rule {n}; the scenario prints "
                                 f"{len(self.special_rules)}")
        if len(set(seen)) != len(seen):
            raise ValueError("special_rules_played names a special rule twice")
        return self

    @model_validator(mode="after")
    def _tunable_names(self) -> "Scenario":
        """No two tunable numbers share a name (their paths are checked by the
        validation rule builder.systems.heroes.validation.rules.scenario_tunable, which can point at them)."""
        names = [t.id for t in self.tunable]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"tunable number(s) named twice: {', '.join(twice)}")
        return self


class ScenarioFile(Scenario):
    """A scenario file (folder ``scenarios/``): one scenario per file."""
