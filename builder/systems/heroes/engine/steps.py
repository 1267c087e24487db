"""Steps of the game loop and of the core mechanics that the modules below them call
back into, registered by the modules that own them.

Why: imports go one way, down. A rule module (a special order, an ability, a card)
sits below the phases and the loop that list and apply its decisions, yet its rule
ends an activation, fires a shot or moves a phase on; a mechanic (a shot, a loss)
sits below the rule modules that react to it (a structure hit by a shot, a token
going back, a carried unit losing its vehicle, a card answering a roll). Rather than importing upwards inside a function to dodge the import cycle, the
lower module calls a step named here, and the module owning the step registers it
with :func:`provide` as it is imported (``import builder.systems.heroes.engine`` loads them all,
through :mod:`builder.systems.heroes.engine.api`). This module imports nothing of the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState

STEPS: dict[str, str] = {
    # the phases (builder/systems/heroes/engine/phases/)
    "start_round": "phases.orders: a new round, its Orders phase",
    "start_activation": "phases.activation: the Activation phase, once every token is placed",
    "next_activation": "phases.activation: the next unit's order revealed, or the Supply phase",
    "end_activation": "phases.activation: the unit being activated is done",
    "start_supply": "phases.supply: the Supply phase",
    "advance_supply": "phases.supply: the Supply phase goes on after an answer",
    "supply_movers": "phases.supply: the units of a side that may still make their supply move",
    "close_round": "phases.supply: the end of the round once a side has answered an end-of-supply question",
    # what a unit does (builder/systems/heroes/engine/unit_actions.py)
    "fire_actions": "unit_actions: the shots a unit may take",
    "fire_plans": "unit_actions: the planned shot of a fire action (and a split shot's second)",
    "do_fire": "unit_actions: take a shot",
    "place": "unit_actions: put a unit on a square",
    # answers with action cards (builder/systems/heroes/engine/reactions.py)
    "counter_target": "reactions: the unit a counter-assault card answers",
    "assault_back": "reactions: the counter-assault itself",
    "hold_card": "reactions: hold a card for the opponent to answer",
    # what rule modules do as a mechanic happens
    "after_shot": "destruction: a shot may damage the structure it crossed or hit",
    "token_back": "concealment: a revealed unit's Concealed token goes back to its side",
    "vehicle_lost": "transport: the units a lost vehicle carried get out or are lost",
    "answer_roll": "effects.cards: a Lucky Shot card rerolls a die that falls short",
}
"""The steps, by name: the module providing each and what it does."""

_PROVIDED: dict[str, Callable[..., Any]] = {}


def provide(name: str, fn: Callable[..., Any]) -> None:
    """Register ``fn`` as step ``name`` (by the module that owns it, as it is imported)."""
    if name not in STEPS:
        raise ValueError(f"unknown game loop step {name!r}")
    _PROVIDED[name] = fn


def step(name: str) -> Callable[..., Any]:
    """The function registered as step ``name``."""
    fn = _PROVIDED.get(name)
    if fn is None:
        raise LookupError(f"game loop step {name!r} ({STEPS.get(name, '?')}) is not registered: "
                          "import builder.systems.heroes.engine first")
    return fn


def start_round(state: "GameState") -> None:
    step("start_round")(state)


def start_activation(state: "GameState") -> None:
    step("start_activation")(state)


def next_activation(state: "GameState", passed: int = -1) -> None:
    step("next_activation")(state, passed)


def end_activation(state: "GameState") -> None:
    step("end_activation")(state)


def start_supply(state: "GameState") -> None:
    step("start_supply")(state)


def advance_supply(state: "GameState") -> None:
    step("advance_supply")(state)


def supply_movers(state: "GameState", side: int) -> list[int]:
    return step("supply_movers")(state, side)


def fire_actions(state: "GameState", u: "UnitState", moving: bool) -> list["Action"]:
    return step("fire_actions")(state, u, moving)


def fire_plans(state: "GameState", action: "Action", moving: bool = False) -> tuple[Any, Any]:
    return step("fire_plans")(state, action, moving)


def do_fire(state: "GameState", action: "Action", moving: bool = False) -> None:
    step("do_fire")(state, action, moving)


def place(state: "GameState", u: "UnitState", sq: int, facing: int = -1) -> None:
    step("place")(state, u, sq, facing)


def counter_target(state: "GameState", unit: "UnitState") -> int:
    return step("counter_target")(state, unit)


def assault_back(state: "GameState", unit: "UnitState", attacker: "UnitState") -> None:
    step("assault_back")(state, unit, attacker)


def hold_card(state: "GameState", side: int, cid: str, unit: int, target: int) -> None:
    step("hold_card")(state, side, cid, unit, target)


def after_shot(state: "GameState", firer: "UnitState", weapon: int, target_sq: int) -> None:
    step("after_shot")(state, firer, weapon, target_sq)


def token_back(state: "GameState", u: "UnitState") -> None:
    step("token_back")(state, u)


def vehicle_lost(state: "GameState", unit: "UnitState") -> None:
    step("vehicle_lost")(state, unit)


def answer_roll(state: "GameState", unit: "UnitState", die: int, dice: int, need: int, why: str) -> int:
    return step("answer_roll")(state, unit, die, dice, need, why)
