"""Content models of Tide of Iron packs (pydantic v2, unknown keys forbidden).

Every item cites the section of the rules summary it comes from (``source``) and says
whether its numbers are invented (``placeholder``): the summary lost most printed unit
values in transcription (004 Tide of Iron, Unit stats pages).
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", min_length=1, max_length=80,
                          description="A stable identifier: lower-case letters, digits and '-'.")]
HexLabel = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$",
                                description="A hex: column letter then row number, e.g. 'C4' (see docs/tide-of-iron.md).")]


class ToiModel(BaseModel):
    """Base of every Tide of Iron model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Cited(ToiModel):
    """An item with a citation and a placeholder flag."""

    id: Id = Field(description="Identifier, unique within its kind.")
    name: str = Field(description="Name shown to players.")
    source: str = Field(min_length=1, description="Section of the rules it comes from, e.g. '004 Tide of Iron, Setup'.")
    placeholder: bool = Field(default=False, description="True when values were invented (the summary lost them).")


class Nation(Cited):
    """A nation fighting in the game (004 Tide of Iron, Setup)."""

    side: Literal["allies", "axis"] = Field(description="Which side of the war the nation is on.")
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Base colour used on maps and sheets.")


class FigureRole(str, Enum):
    """What a figure is: the roles 004 names on its unit stat pages."""

    regular = "regular"
    elite = "elite"
    officer = "officer"
    machine_gun = "machine-gun"
    mortar = "mortar"


class Firepower(ToiModel):
    """Firepower (FPR) of one figure or vehicle against one kind of target."""

    infantry: int = Field(ge=0, le=20, description="FPR against infantry (squads).")
    vehicle: int = Field(ge=0, le=20, description="FPR against vehicles.")


class Range(ToiModel):
    """Range of one figure or vehicle per kind of target: "The range and firepower (FPR)
    of a unit are dependent on whether the target is an infantry or a vehicle unit"
    (004 Tide of Iron, Combat); the stat blocks print a range and an FPR for each."""

    infantry: int = Field(ge=0, le=20, description="Range in hexes against infantry (long range doubles it).")
    vehicle: int = Field(ge=0, le=20, description="Range in hexes against vehicles (long range doubles it).")


class FigureType(Cited):
    """An infantry figure type (004 Tide of Iron, American unit stats)."""

    nation: Id = Field(description="Nation id.")
    role: FigureRole = Field(description="Regular, elite, officer, machine-gun or mortar.")
    heavy_weapon: bool = Field(default=False, description="Heavy infantry weapon: no Fire & Movement or Assault.")
    range: Range = Field(description="Range in hexes against infantry and against vehicles (normal range; long range doubles it).")
    firepower: Firepower = Field(description="FPR of the figure against infantry and vehicles.")
    movement: int = Field(ge=0, le=12, description="Movement value of a squad of such figures.")


class Specialization(Cited):
    """A specialization token for a squad base (004 Tide of Iron, Specialized squads)."""

    effect: Literal["anti-tank", "medic", "recon", "engineer", "flamethrower"] = Field(
        description="Which special ability the token grants.")


class SquadBase(Cited):
    """A squad base and how many figures it holds (004 Tide of Iron, Setup)."""

    nation: Id = Field(description="Nation id.")
    capacity: int = Field(ge=1, le=6, description="Figures the base holds.")


class VehicleTrait(str, Enum):
    """Traits of vehicles (004 Tide of Iron, Trucks / Half-tracks / Tanks)."""

    transport = "transport"
    light = "light-vehicle"
    heavy = "heavy-vehicle"
    tank = "tank"
    fragile = "fragile"
    sturdy = "sturdy"
    thick_armor = "thick-armor"
    effective_road = "effective-road-movement"
    concussive = "concussive-firepower"
    overrun = "overrun"
    equipment = "equipment"


class Vehicle(Cited):
    """A vehicle or gun (004 Tide of Iron, Trucks / Half-tracks / Tanks / AT guns)."""

    nation: Id = Field(description="Nation id.")
    armour: int = Field(ge=0, le=12, description="Armour value (AV): red defence dice.")
    range: Range = Field(description="Range in hexes against infantry and against vehicles.")
    firepower: Firepower = Field(description="FPR against infantry and vehicles.")
    movement: int = Field(ge=0, le=12, description="Movement points.")
    transport: int = Field(default=0, ge=0, le=4, description="Squads it can carry (the Transport (N) trait).")
    traits: list[VehicleTrait] = Field(default_factory=list, description="Traits printed on the vehicle.")


class MoveCost(ToiModel):
    """Movement points to enter a hex, per unit kind; null means impassable."""

    squad: int | None = Field(ge=1, le=9, description="MPs for a squad; null: squads cannot enter.")
    vehicle: int | None = Field(ge=1, le=9, description="MPs for a vehicle; null: vehicles cannot enter.")


class TerrainType(Cited):
    """A terrain type of the terrain table (004 Tide of Iron, Terrain block)."""

    symbol: str = Field(min_length=1, max_length=1, description="Character standing for it in board rows.")
    cost: MoveCost = Field(description="Movement cost per unit kind.")
    cover: int = Field(ge=0, le=9, description="Cover: red defence dice for units in the hex.")
    blocks_los: bool = Field(default=False, description="Blocking terrain (BT) for line of sight.")
    elevation: int = Field(default=0, ge=0, le=2, description="Level 0, 1 (low hill) or 2 (high hill).")
    road: bool = Field(default=False, description="A road: 1 MP when moving from a contiguous road hex.")
    dirt_road: bool = Field(default=False, description="A dirt road (with road: true): Effective Road Movement pays "
                                                       "1/2 MP a hex instead of 1/3 (004, Road/dirt road).")
    half_hex: bool = Field(default=False, description="A half hex at a board edge: can never be entered.")
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Fill colour on the map.")


class Board(Cited):
    """A hex board as text rows, one character per hex (odd rows shifted half a hex right)."""

    rows: list[str] = Field(min_length=1, max_length=26, description="Rows from north to south; each character a terrain symbol.")


class CardPhase(str, Enum):
    """When a Strategy card is played (004 Tide of Iron, Activate Strategy Card / Spend Command)."""

    action = "action"
    command = "command"


class CardEffect(ToiModel):
    """What a card does, in the terms the engine simulates."""

    kind: Literal["area-attack", "command", "rally", "victory-points", "smoke"] = Field(
        description="area-attack: an artillery strike on a target hex; command: gain command; rally: remove "
                    "condition tokens from the squads of one hex; victory-points: score VPs; smoke: a smoke "
                    "marker on the target hex after drift (not a building hex; removed next Status phase).")
    strength: int = Field(default=0, ge=0, le=20, description="Attack dice, command tokens or VPs.")
    suppressive: bool = Field(default=False, description="For area attacks: a suppressive attack.")


class StrategyCard(Cited):
    """A Strategy card (004 Tide of Iron, Strategy cards)."""

    phase: CardPhase = Field(description="Action phase or Command phase card.")
    cost: int = Field(ge=0, le=9, description="Command cost to activate.")
    lasting: bool = Field(default=False, description="Stays in play after activation (otherwise removed).")
    draw_again: bool = Field(default=False, description="The '+' mark: the first card drawn may be followed by another.")
    effect: CardEffect = Field(description="The effect the engine resolves.")
    text: str = Field(default="", description="Card text, paraphrased.")


class StrategyDeck(Cited):
    """A Strategy card deck a scenario can grant (004 Tide of Iron, Setup)."""

    nation: Id = Field(description="Nation whose player may be granted it.")
    cards: list[Id] = Field(min_length=1, description="Card ids, one per copy.")


class OperationsEffect(ToiModel):
    """What an Operations card does, in terms the engine plays (004 Tide of Iron, Setup:
    "Each player takes any Operations cards (some affect both players) granted by the
    scenario")."""

    kind: Literal["no-long-range", "grant-card", "command"] = Field(
        description="no-long-range: long-range attacks (mortar area attacks too) are not allowed; grant-card: "
                    "the owner takes a Strategy card face up at set-up; command: the owner receives command tokens "
                    "at set-up.")
    timing: Literal["setup", "in-force"] = Field(
        description="setup: resolved once when the game is set up; in-force: applies during `rounds`.")
    rounds: list[Annotated[int, Field(ge=1, le=20)]] = Field(
        default_factory=list, description="in-force: the rounds it applies in (empty: the whole game).")
    affects: Literal["both", "owner"] = Field(default="owner", description="Whom it affects: both players or its owner.")
    card: Id | None = Field(default=None, description="grant-card: the Strategy card id taken face up.")
    strength: int = Field(default=0, ge=0, le=20, description="command: tokens received.")


class OperationsCard(Cited):
    """An Operations card granted by a scenario (004 Tide of Iron, Setup)."""

    text: str = Field(description="What it changes, paraphrased.")
    effect: OperationsEffect | None = Field(
        default=None, description="What the engine resolves; null: not simulated (a game that grants it warns, N716).")


class Squad(ToiModel):
    """A squad: figures on a squad base, optionally specialized, deployed on a hex."""

    id: Id = Field(description="Squad id, unique within its side.")
    base: Id = Field(description="Squad base id.")
    figures: dict[Id, int] = Field(min_length=1, description="Figure type id -> number of figures.")
    specialization: Id | None = Field(default=None, description="Specialization token id.")
    hex: HexLabel | None = Field(default=None, description="Deployment hex (null: carried by `in_vehicle`).")
    in_vehicle: Id | None = Field(default=None, description="Id of the vehicle carrying the squad at set-up.")
    fortified: bool = Field(default=False, description="Starts inside an entrenchment or pillbox of its hex.")
    concealed: bool = Field(default=False, description="Starts concealed (004 Tide of Iron, Concealed squads).")
    experience: Literal["alpha", "bravo"] | None = Field(
        default=None, description="Experience token, one star at set-up: alpha (Adept Marksmen) or bravo "
                                  "(Adept Defenders) (004 Tide of Iron, Experience).")


class VehicleUnit(ToiModel):
    """A vehicle deployed on a hex."""

    id: Id = Field(description="Unit id, unique within its side.")
    vehicle: Id = Field(description="Vehicle type id.")
    hex: HexLabel = Field(description="Deployment hex.")


class Pool(ToiModel):
    """What a side may build its squads from (004 Tide of Iron, Setup: players build squads)."""

    figures: dict[Id, int] = Field(default_factory=dict, description="Figure type id -> figures available.")
    bases: dict[Id, int] = Field(default_factory=dict, description="Squad base id -> bases available.")
    specializations: dict[Id, int] = Field(default_factory=dict, description="Specialization id -> tokens available.")


class Reinforcement(ToiModel):
    """Units arriving in one round's Status phase (004 Tide of Iron, Scenario reinforcements & events)."""

    round: int = Field(ge=1, le=20, description="Round whose Status phase brings them.")
    squads: list[Squad] = Field(default_factory=list, description="Squads arriving (their hex is chosen in the zone).")
    vehicles: list[VehicleUnit] = Field(default_factory=list, description="Vehicles arriving.")
    event: str = Field(default="", description="Event text shown in the log.")


class Side(ToiModel):
    """One player's side of a scenario."""

    id: Id = Field(description="Side id.")
    nation: Id = Field(description="Nation id.")
    deployment: list[HexLabel] = Field(min_length=1, description="Deployment zone hexes.")
    reinforcement_zone: list[HexLabel] = Field(default_factory=list, description="Reinforcement zone hexes (R).")
    pool: Pool = Field(default_factory=Pool, description="Figures, bases and tokens for squad building.")
    squads: list[Squad] = Field(default_factory=list, description="Starting squads (the default army).")
    vehicles: list[VehicleUnit] = Field(default_factory=list, description="Starting vehicles.")
    reinforcements: list[Reinforcement] = Field(default_factory=list, description="Reinforcements by round.")
    decks: list[Id] = Field(default_factory=list, description="Strategy decks granted.")
    operations: list[Id] = Field(default_factory=list, description="Operations cards granted.")
    command: int = Field(default=0, ge=0, le=20, description="Command tokens at the start.")


class Objective(ToiModel):
    """An objective hex (004 Tide of Iron, Determine control over objectives)."""

    hex: HexLabel = Field(description="The objective hex.")
    kind: Literal["command", "victory"] = Field(description="Command objective or victory objective.")
    nation: Id | None = Field(default=None, description="Nation of a nation-specific command objective; null: neutral.")
    command: int = Field(default=0, ge=0, le=9, description="Command tokens it gives each Command phase.")
    vp: int = Field(default=0, ge=0, le=9, description="Victory points per Command phase to its controller.")


MarkerKind = Literal["entrenchment", "pillbox", "minefield", "razor-wire", "tank-trap", "smoke"]


class Marker(ToiModel):
    """A fortification, obstacle or smoke marker on a hex at set-up (004 Tide of Iron,
    Fortifications & obstacles; Smoke)."""

    hex: HexLabel = Field(description="The hex it lies on.")
    kind: MarkerKind = Field(description="entrenchment (+2 cover), pillbox (+6 cover), minefield, razor-wire, "
                                         "tank-trap or smoke.")
    count: int = Field(default=1, ge=1, le=3, description="Markers of this kind on the hex (entrenchments and "
                                                           "pillboxes: up to 3, one squad each; the others: 1).")


class Scenario(Cited):
    """A scenario (004 Tide of Iron, Setup and Winning the game)."""

    board: Id = Field(description="Board id.")
    rounds: int = Field(ge=1, le=20, description="Game rounds.")
    actions_per_turn: int = Field(ge=1, le=5, description="Actions a player takes before the opponent's turn.")
    initiative: Id = Field(description="Side id holding initiative in round 1.")
    sides: list[Side] = Field(min_length=2, max_length=2, description="The two sides.")
    objectives: list[Objective] = Field(default_factory=list, description="Objective hexes.")
    vp_to_win: int | None = Field(default=None, ge=1, le=99, description="Sudden victory at this many VPs.")
    markers: list[Marker] = Field(default_factory=list, description="Fortifications, obstacles and smoke at set-up.")
    brief: str = Field(default="", description="Situation and victory conditions in words.")


class Manifest(ToiModel):
    """pack.yaml of a Tide of Iron pack."""

    id: Id = Field(description="Pack id.")
    name: str = Field(description="Human name of the pack.")
    version: str = Field(pattern=r"^[0-9]+\.[0-9]+(\.[0-9]+)?([-+].*)?$", description="Version, e.g. '1.0.0'.")
    system: Literal["tide-of-iron"] = Field(description="Game system: tide-of-iron.")
    description: str = Field(default="", description="What the pack contains.")


class Army(ToiModel):
    """A squad list for one side of a scenario: the army of this system."""

    system: Literal["tide-of-iron"] = Field(description="Game system: tide-of-iron.")
    scenario: Id = Field(description="Scenario id.")
    side: Id = Field(description="Side id within the scenario.")
    name: str = Field(default="", description="Name of the force.")
    squads: list[Squad] = Field(default_factory=list, description="Squads built from the side's pool.")
    vehicles: list[VehicleUnit] = Field(default_factory=list, description="Vehicles and where they deploy.")


class PlacedUnit(ToiModel):
    """A starting unit of the scenario, moved or changed for a position."""

    id: Id = Field(description="Id of a starting squad or vehicle of the scenario.")
    hex: HexLabel | None = Field(default=None, description="Hex it stands on (default: its deployment hex).")
    condition: Literal["normal", "pinned", "disrupted"] = Field(default="normal", description="Squad condition.")
    token: Literal["fresh", "fatigued", "op-fire"] = Field(default="fresh", description="Activation token.")
    damage: Literal["none", "light", "heavy"] = Field(default="none", description="Vehicle damage.")
    removed: bool = Field(default=False, description="True: the unit is not on the board.")


class Position(ToiModel):
    """A position for ``heroes explain``: a scenario's set-up with some units changed."""

    system: Literal["tide-of-iron"] = Field(description="Game system: tide-of-iron.")
    scenario: Id = Field(description="Scenario whose board and units the position starts from.")
    units: list[PlacedUnit] = Field(default_factory=list, description="Units moved, removed or changed.")


KINDS: dict[str, tuple[str, type[Cited]]] = {
    "nations": ("nations", Nation),
    "figures": ("figures", FigureType),
    "specializations": ("specializations", Specialization),
    "bases": ("bases", SquadBase),
    "vehicles": ("vehicles", Vehicle),
    "terrain": ("terrain", TerrainType),
    "boards": ("boards", Board),
    "cards": ("cards", StrategyCard),
    "decks": ("decks", StrategyDeck),
    "operations": ("operations", OperationsCard),
    "scenarios": ("scenarios", Scenario),
}
"""Folder of a pack -> (top-level key of its files, item model)."""


def file_model(key: str, item: Any) -> type[BaseModel]:
    """The model of one content file: a top-level list of items under ``key``."""
    from pydantic import create_model

    return create_model(  # type: ignore[call-overload]
        f"Toi{item.__name__}File", __config__=ConfigDict(extra="forbid"),
        __doc__=f"A Tide of Iron file of {key}.",
        **{key: (list[item], Field(min_length=1, description=f"The {key} this file defines."))},
    )


FILE_MODELS: dict[str, type[BaseModel]] = {folder: file_model(key, item) for folder, (key, item) in KINDS.items()}
