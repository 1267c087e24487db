"""Turn events of scenarios: when they happen and what they do, as a small fixed
vocabulary (``Effect.do``) the engine evaluates and the renderer prints
(000 Setup; 002 Solo Mode scenario pages: life points, Ludwig, danger gauge, roll tables).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from pydantic import Field, model_validator

from builder.systems.heroes.content.models.base import ContentModel, Id
from builder.systems.heroes.content.models.scenario_conditions import Condition
from builder.systems.heroes.content.models.terrain import Area


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
        "move_toward", "special", "fire", "end_game", "support_tile", "advance_turn_marker", "open_target",
        "lost", "place_objective", "offer_end",
    ] = Field(description="What the effect does ('lost': an effect whose printed text was lost in "
                          "transcription, named and never played).")
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
    winner: Id | None = Field(
        default=None,
        description="end_game: the side the scenario declares the winner; none: the victory "
        "levels decide as at the end of the last turn.",
    )
    level: Literal["minor", "regular", "major"] | None = Field(
        default=None, description="end_game: the victory level the scenario prints for 'winner'."
    )
    tile: Id | None = Field(
        default=None,
        description="support_tile: the support tile entering play (003 Recruitment Options > Support Tile); "
        "its units fire from the square in 'at' (the red dot), 'count' times in the game.",
    )
    option: Id | None = Field(
        default=None, description="support_tile: the recruitment option the tile brings into the army."
    )
    target: Id | None = Field(
        default=None, description="open_target: the scenario's demolition target that may now be fired at."
    )
    objectives: list[Id] = Field(
        default_factory=list,
        description="place_objective: the scenario's objectives (with 'placed: false') put on the battlefield now.",
    )
    lost: str | None = Field(
        default=None,
        description="lost: what of the printed effect was lost in transcription (e.g. the event marker's "
        "effect); the engine logs it as lost and the playtest report names it, never playing a guess.",
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
            "support_tile": ("tile", "side"),
            "advance_turn_marker": ("count",),
            "open_target": ("target",),
            "lost": ("lost",),
            "place_objective": ("objectives",),
            "offer_end": ("side",),
        }
        missing = [name for name in needs.get(self.do, ()) if not getattr(self, name)]
        if missing:
            raise ValueError(f"'{self.do}' needs {', '.join(missing)}")
        if self.do == "roll_table":
            _check_roll_table(self)
        if (self.winner is None) != (self.level is None) and self.do == "end_game":
            raise ValueError("'end_game' gives both 'winner' and 'level', or neither")
        if self.do != "end_game" and (self.winner or self.level):
            raise ValueError("'winner' and 'level' belong to 'end_game' effects")
        if self.do != "open_target" and self.target:
            raise ValueError("'target' belongs to 'open_target' effects")
        if self.do != "place_objective" and self.objectives:
            raise ValueError("'objectives' belong to 'place_objective' effects")
        if self.do != "lost" and self.lost:
            raise ValueError("'lost' belongs to 'lost' effects")
        if self.do != "support_tile" and (self.tile or self.option):
            raise ValueError("'tile' and 'option' belong to 'support_tile' effects")
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
    when: Condition | None = Field(
        default=None, description="The event happens only if this condition holds then."
    )
    effects: list[Effect] = Field(default_factory=list, description="Its effects.")

    @model_validator(mode="after")
    def _sudden_death_at_round_end(self) -> "TurnEvent":
        """Reaching a victory condition ends the game at the end of the round
        (000 Setup > Victory Conditions): an ``end_game`` effect sits in an
        ``end_of_supply`` event, the last step of the round."""
        if any(e.do == "end_game" for e in self.effects) and self.timing is not EventTiming.END_OF_SUPPLY:
            raise ValueError("'end_game' effects belong to events with timing 'end_of_supply' "
                             "(the game ends at the end of the round)")
        if any(e.do == "offer_end" for e in self.effects) and self.timing is not EventTiming.END_OF_SUPPLY:
            raise ValueError("'offer_end' effects belong to events with timing 'end_of_supply' "
                             "(the side may end the game at the end of a supply phase)")
        if any(e.do == "advance_turn_marker" for e in self.effects) and self.timing is not EventTiming.END_OF_SUPPLY:
            raise ValueError("'advance_turn_marker' effects belong to events with timing 'end_of_supply' "
                             "(the turn marker moves at the end of the round)")
        return self
