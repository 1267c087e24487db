"""Solo Mode content (002 Solo Mode): tactical bonuses and the AI's data."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from builder.systems.heroes.content.models.base import ContentModel, Item
from builder.systems.heroes.content.models.unit import CombatValues


class TacticalBonus(Item):
    """A tactical bonus token: an effect for the AI and one for the player who takes it
    (002 Solo Mode, Tactical Bonuses)."""

    count: int = Field(ge=1, le=10, description="Tokens of this bonus in the box.")
    duration: Literal["single_use", "permanent", "instant"] | None = Field(
        default=None,
        description="Printed timing: single use (discarded once used), permanent (lasts the "
        "game) or instant (resolved when taken).",
    )
    ai_effect: str = Field(description="Effect when an AI unit takes it, paraphrased.")
    player_effect: str = Field(description="Effect when a player's unit takes it, paraphrased.")
    effect_key: str | None = Field(default=None, description="Rules effect the engine implements.")
    combat: CombatValues | None = Field(
        default=None,
        description="Combat values printed on the token, for tokens that attack (Trap: every unit "
        "adjacent takes a hit with them).",
    )


class SoloFile(ContentModel):
    """A file of Solo Mode content (folder ``solo/``)."""

    tactical_bonuses: list[TacticalBonus] = Field(
        default_factory=list, description="Tactical bonus tokens."
    )
    decision_tables: list["DecisionTable"] = Field(
        default_factory=list, description="The AI's decision tables (002 Solo Mode, Decision Tables)."
    )
    reaction_cards: list["ReactionCard"] = Field(
        default_factory=list, description="The AI's reaction cards (002 Solo Mode, Reaction Cards)."
    )
    danger_tiles: list["DangerTile"] = Field(
        default_factory=list, description="Danger tiles by attitude and level (002 Solo Mode, Danger Tiles)."
    )
    danger_gauges: list["DangerGauge"] = Field(
        default_factory=list, description="Danger gauge thresholds by difficulty (002 Solo Mode, Danger Gauge)."
    )


# --- Decision tables, reaction cards and danger (Solo Mode AI, builder.systems.heroes.ai) -----------
#
# A decision table is data: priorities read top to bottom, alternatives inside a priority
# left to right; each alternative is a condition from a small fixed vocabulary
# (:data:`TABLE_VOCABULARY`), evaluated by builder.systems.heroes.ai.tables over a query interface.

from pydantic import model_validator  # noqa: E402

from builder.systems.heroes.content.models.base import Id  # noqa: E402

TABLE_VOCABULARY: dict[str, str] = {
    # facts about one unit (either side)
    "suppressed": "carries at least one Suppressed marker",
    "concealed": "is on its concealed side",
    "in_terrain": "stands inside a terrain element with a defensive bonus",
    "unit_type": "is of one of 'types' (infantry, gun, light_vehicle, heavy_vehicle)",
    "has_ability": "has the special ability 'ability'",
    "has_order": "carries a (numbered, unrevealed) order token",
    "fragile": "is destroyed by a single hit (the skull icon)",
    "officer": "is an officer",
    "in_vehicle": "is transported by a vehicle",
    "tripod_inactive": "has Tripod and stands on its inactive side",
    "controls_objective": "controls or contests an objective of 'kind' (primary, secondary, tactical_bonus, any)",
    "can_reach_objective": "a movement action lets it control or contest an objective of 'kind'",
    "sees_objective": "has an objective of 'kind' in its line of sight",
    "far_from_objective": "the nearest objective is more than 'factor' times its movement away",
    "in_enemy_los": "stands in the line of sight of an enemy unit ('clear': true for clear only)",
    "has_grenade": "may throw a grenade now",
    # relations to the other side
    "sees_enemy": "has an enemy in line of sight; 'clear': clear only; 'range': any, not_long, long_only; "
    "'target': any, outside_terrain, exposed_heavy_vehicle, light_vehicle, fragile_infantry, "
    "controls_objective, could_reach_objective",
    "enemy_in_assault_range": "an enemy unit is within assault range",
    "can_template": "can place a blast template covering at least 'min_units' enemy units "
    "('fire': direct, indirect, any)",
    "good_shot": "has a shot whose chance to hit is at least 'min_odds' (common sense: no hopeless shots)",
    "assault_edge": "its assault bonus minus the best enemy's in reach is at least 'at_least'",
    # facts about an enemy unit chosen as a target
    "adjacent_to_friend": "stands next to another unit of its own side",
    "templatable": "an AI unit can cover it with a blast template",
    "seen_by_actor": "the acting AI unit sees it; 'clear': clear only; 'range': any, not_long",
    "in_assault_range_of_ai": "an AI unit (other than the actor) can assault it",
    "exposed_heavy_vehicle": "a heavy vehicle whose side or rear faces an AI unit able to hurt it",
    "has_unrevealed_order": "carries an unrevealed order token",
    "could_reach_objective": "its next movement action could control or contest an objective of 'kind'",
    "in_range_of_actor": "is in the acting AI unit's firing range",
    # the activation and the AI set-up
    "from_reaction": "the activation comes from a reaction card effect",
    "suppressive_fire": "the firing action being prepared is a suppressive fire",
    "attitude": "the AI's attitude is one of 'is'",
    "on_board": "stands on the battlefield",
    "likely_destroyed": "is likely destroyed before it can act (expected enemy hits >= hits it can take)",
}
"""Every condition name a decision table may use, with its meaning. The interpreter's
query protocol (builder.systems.heroes.ai.tables.query.BattleQuery) has one method per name."""

TABLE_METRICS: dict[str, str] = {
    "combat_value": "the unit's best combat value against the targets it sees",
    "defensive_bonus": "defensive bonus of the terrain the unit stands in",
    "objective_distance": "squares to the nearest objective (primary before secondary before tactical bonus)",
    "enemy_distance": "squares to the nearest enemy unit",
}
"""Measures a 'best' alternative maximises or minimises."""

DESTINATION_CRITERIA: dict[str, str] = {
    "reach_objective": "the square controls or contests an objective of 'kind' (1) or not (0)",
    "approach_objective": "minus the distance from the square to the nearest objective of 'kind'",
    "approach_enemy": "minus the distance from the square to the nearest enemy unit",
    "advance": "the square is nearer the nearest objective of 'kind' than where the unit stands (1) or not (0)",
    "cover": "defensive bonus of the terrain at the square",
    "in_terrain": "the square is inside a terrain element (1) or not (0)",
    "clear_los_count": "enemy units in clear line of sight from the square",
    "normal_range_count": "enemy units in line of sight within normal (not long) range",
    "hidden": "no enemy unit sees the square (1) or some do (0)",
    "apart": "no other AI unit is adjacent to the square (1) or some are (0)",
    "stay": "the square is where the unit already stands (1) or not (0)",
}
"""Criteria that rank the destinations of a movement chosen by a table priority."""


def _check_condition(value: Any, where: str) -> None:
    """A condition is {name: args} with a vocabulary name, or all/any/not of conditions."""
    if not isinstance(value, dict) or len(value) != 1:
        raise ValueError(f"{where}: a condition is a mapping with exactly one key")
    (key, args), = value.items()
    if key in ("all", "any"):
        if not isinstance(args, list) or not args:
            raise ValueError(f"{where}: '{key}' takes a non-empty list of conditions")
        for i, item in enumerate(args):
            _check_condition(item, f"{where}.{key}[{i}]")
        return
    if key == "not":
        _check_condition(args, f"{where}.not")
        return
    if key == "best":
        if not isinstance(args, dict) or args.get("metric") not in TABLE_METRICS:
            raise ValueError(f"{where}: 'best' needs a 'metric' among {', '.join(TABLE_METRICS)}")
        if args.get("order", "max") not in ("max", "min"):
            raise ValueError(f"{where}: 'best' order is 'max' or 'min'")
        return
    if key not in TABLE_VOCABULARY:
        raise ValueError(
            f"{where}: unknown condition {key!r}; conditions are all, any, not, best, "
            + ", ".join(sorted(TABLE_VOCABULARY))
        )
    if args is not None and not isinstance(args, dict):
        raise ValueError(f"{where}: the arguments of {key!r} are a mapping (or nothing)")


class Criterion(ContentModel):
    """One criterion ranking destinations; earlier criteria dominate later ones."""

    criterion: str = Field(description="A destination criterion: " + ", ".join(DESTINATION_CRITERIA))
    kind: Literal["primary", "secondary", "tactical_bonus", "any"] = Field(
        default="any", description="Objective kind for the objective criteria."
    )
    prefer: Literal["high", "low"] = Field(default="high", description="Prefer high or low values.")

    @model_validator(mode="after")
    def _known(self) -> "Criterion":
        if self.criterion not in DESTINATION_CRITERIA:
            raise ValueError(f"unknown criterion {self.criterion!r}; known: {', '.join(DESTINATION_CRITERIA)}")
        return self


class Priority(ContentModel):
    """A numbered priority of a decision table: its alternatives are tried left to right and
    the first that some candidate meets narrows the candidates."""

    id: Id = Field(description="Id used in playtest reports ('how often each priority fired').")
    text: str = Field(description="The priority in words (paraphrased).")
    when: dict[str, Any] | None = Field(
        default=None, description="Gate: the priority is read only when this condition holds "
        "for the activation (e.g. {from_reaction: {}} or {attitude: {is: [aggressive]}}).",
    )
    alternatives: list[dict[str, Any]] = Field(
        min_length=1, description="Conditions tried left to right (1-, 2-, 3-... on the board)."
    )
    destination: list[Criterion] = Field(
        default_factory=list, description="Movement tables: how the chosen unit ranks its destinations."
    )

    @model_validator(mode="after")
    def _conditions(self) -> "Priority":
        for i, alt in enumerate(self.alternatives):
            _check_condition(alt, f"alternatives[{i}]")
        if self.when is not None:
            _check_condition(self.when, "when")
        return self


class Guard(ContentModel):
    """A 'common sense' rule made explicit (002 Solo Mode, Presentation > The Common Sense)."""

    id: Id = Field(description="Guard id, reported when it removes candidates.")
    text: str = Field(description="The guard in words.")
    exclude: dict[str, Any] = Field(description="Candidates meeting this condition are removed.")
    strict: bool = Field(
        default=False, description="True: the effect is ignored if nothing is left; false: the "
        "guard is dropped when it would remove every candidate.",
    )

    @model_validator(mode="after")
    def _condition(self) -> "Guard":
        _check_condition(self.exclude, "exclude")
        return self


class TableOption(ContentModel):
    """An action a 'choose an action' table may pick, with the condition that picks it."""

    action: Literal["assault", "suppressive_fire", "fire", "move"] = Field(description="Action taken.")
    id: Id = Field(description="Id used in reports.")
    text: str = Field(description="The option in words.")
    when: dict[str, Any] | None = Field(default=None, description="Taken when this holds (none: always).")
    target_table: Id | None = Field(default=None, description="Table that picks the target.")

    @model_validator(mode="after")
    def _condition(self) -> "TableOption":
        if self.when is not None:
            _check_condition(self.when, "when")
        return self


class DecisionTable(Item):
    """A decision table of the Solo Mode AI (002 Solo Mode, Decision Tables > Clarifications):
    candidates meeting a priority are kept and later priorities only break their ties;
    a priority nobody meets is skipped; the remaining ties are broken at random."""

    chooses: Literal["ai_unit", "enemy_unit", "action"] = Field(description="What the table picks.")
    priorities: list[Priority] = Field(default_factory=list, description="Priorities, top to bottom.")
    options: list[TableOption] = Field(
        default_factory=list, description="'action' tables: options tried in order; the first whose condition holds."
    )
    guards: list[Guard] = Field(default_factory=list, description="Common-sense guards applied first.")

    @model_validator(mode="after")
    def _shape(self) -> "DecisionTable":
        if self.chooses == "action" and not self.options:
            raise ValueError("an 'action' table lists its options")
        if self.chooses != "action" and not self.priorities:
            raise ValueError("a unit table lists its priorities")
        return self


ReactionEffectKind = Literal[
    "reinforcements", "place_order", "action_card", "tactical_movement", "firing_action",
    "suppressive_fire", "assault",
]


class ReactionEffect(ContentModel):
    """One effect of a reaction card (002 Solo Mode, Activation Phase > Description of the Effects)."""

    effect: ReactionEffectKind = Field(description="What the AI does.")
    bonus: int = Field(default=0, ge=0, le=3, description="+N movement (tactical movement), combat "
                       "value (firing, assault) or die roll (suppressive fire).")
    urban_fighter: bool = Field(default=False, description="Tactical movement: may pass through windows.")
    difficulty: list[Literal["easy", "medium", "hard"]] = Field(
        default_factory=list, description="Applied only at these difficulties (empty: all)."
    )
    attitude: list[Literal["defensive", "balanced", "aggressive"]] = Field(
        default_factory=list, description="Special effects: applied only for these attitudes (empty: all)."
    )
    lasting: bool = Field(default=False, description="A lasting effect: stays until the end of the turn.")
    lasting_bonus: Literal["none", "combat", "defence", "movement"] = Field(
        default="none", description="What a lasting effect grants every AI unit until the end of the turn (+1)."
    )


class ReactionCard(Item):
    """A reaction card: effect 1, then effect 2, then special effects by attitude."""

    count: int = Field(default=1, ge=1, le=10, description="Copies in the deck.")
    effects: list[ReactionEffect] = Field(
        min_length=1, max_length=3,
        description="Effects 1 and 2, and a third one applied only at some difficulties (002 Solo Mode, "
        "Reaction Cards > Difficulty and Reaction Cards).")
    special: list[ReactionEffect] = Field(default_factory=list, description="Special effects by attitude.")

    @model_validator(mode="after")
    def _third(self) -> "ReactionCard":
        if len(self.effects) == 3 and not self.effects[2].difficulty:
            raise ValueError("a reaction card's third effect names the difficulties it applies at")
        return self


class DangerTile(Item):
    """A danger tile: revealed when the danger marker reaches its level (002, Danger Tiles)."""

    attitude: Literal["defensive", "aggressive"] = Field(description="Attitude printed on its back.")
    level: Literal["yellow", "red", "black"] = Field(description="Level it is placed on.")
    bonus: Literal["life_points", "extra_order", "combat", "action_card", "reinforcements", "rally"] = Field(
        description="What the AI gains when it is revealed."
    )
    amount: int = Field(default=1, ge=1, le=5, description="How much of it.")
    amounts: dict[Literal["easy", "medium", "hard"], int] = Field(
        default_factory=dict,
        description="How much of it at each difficulty (002 Solo Mode, Danger Tiles: the danger bonuses "
        "depend on the difficulty); a difficulty not named takes 'amount'.",
    )
    text: str = Field(description="The bonus in words.")

    @model_validator(mode="after")
    def _amounts(self) -> "DangerTile":
        if any(not 0 <= n <= 5 for n in self.amounts.values()):
            raise ValueError("a danger tile's amount at a difficulty is 0 to 5")
        return self

    def amount_at(self, difficulty: str) -> int:
        """The bonus's size at ``difficulty``."""
        return next((n for level, n in self.amounts.items() if level == difficulty), self.amount)


class DangerGauge(Item):
    """First space of each danger level by difficulty; the marker starts on space 1."""

    thresholds: dict[Literal["easy", "medium", "hard"], dict[Literal["yellow", "red", "black"], int]] = Field(
        description="difficulty -> level -> first space of that level."
    )
