"""Steps of the game loop and of the core mechanics that the modules below them call
back into, registered by the modules that own them.

Why: imports go one way, down. A rule module (a special order, an ability, a card)
sits below the phases and the loop that list and apply its decisions, yet its rule
ends an activation, fires a shot or moves a phase on; a mechanic (a shot, a loss)
sits below the rule modules that react to it (a structure hit by a shot, a token
going back, a carried unit losing its vehicle, a card answering a roll). Rather than importing upwards inside a function to dodge the import cycle, the
lower module calls a step declared here, and the module owning the step provides it as
it is imported (``import builder.systems.heroes.engine`` loads them all, through
:mod:`builder.systems.heroes.engine.api`). This module imports nothing of the engine.

Each step is a typed :class:`Step` (its function's signature is part of its type, so
mypy checks what the owner provides and what callers pass), declared once below with
the module that owns it; the owner provides it in one line, next to the function::

    steps.START_ROUND.provide(start_round)   # builder/systems/heroes/engine/phases/orders.py

and a caller calls the typed function of the same name here (``steps.start_round(state)``).
A reader goes from a call to the step's declaration, and from there (find usages of the
constant) to the one line that provides it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Final, Generic, NoReturn, TypeVar, cast

from builder.kernel.events import Event

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState

F = TypeVar("F", bound=Callable[..., Any])


def _unprovided(step: "Step[Any]", *args: Any) -> NoReturn:
    raise LookupError(f"game loop step {step.name!r} ({step.owner}: {step.what}) is not provided: "
                      "import builder.systems.heroes.engine first")


class Step(Generic[F]):
    """A step of the game loop or of a core mechanic: its name, the module that owns and
    provides it, what it does, and its function (typed ``F``) once provided."""

    __slots__ = ("name", "owner", "what", "fn")

    def __init__(self, name: str, owner: str, what: str) -> None:
        self.name, self.owner, self.what = name, owner, what
        self.fn: F = cast(F, partial(_unprovided, self))

    @property
    def provided(self) -> bool:
        return not (isinstance(self.fn, partial) and self.fn.func is _unprovided)

    def provide(self, fn: F) -> F:
        """Make ``fn`` the step (by the module that owns it, as it is imported)."""
        self.fn = fn
        return fn


# the phases (builder/systems/heroes/engine/phases/)
START_ROUND: Final[Step[Callable[["GameState"], None]]] = Step(
    "start_round", "phases.orders", "a new round, its Orders phase")
START_ACTIVATION: Final[Step[Callable[["GameState"], None]]] = Step(
    "start_activation", "phases.activation", "the Activation phase, once every token is placed")
NEXT_ACTIVATION: Final[Step[Callable[["GameState", int], None]]] = Step(
    "next_activation", "phases.activation", "the next unit's order revealed, or the Supply phase")
END_ACTIVATION: Final[Step[Callable[["GameState"], None]]] = Step(
    "end_activation", "phases.activation", "the unit being activated is done")
START_SUPPLY: Final[Step[Callable[["GameState"], None]]] = Step(
    "start_supply", "phases.supply", "the Supply phase")
ADVANCE_SUPPLY: Final[Step[Callable[["GameState"], None]]] = Step(
    "advance_supply", "phases.supply", "the Supply phase goes on after an answer")
SUPPLY_MOVERS: Final[Step[Callable[["GameState", int], list[int]]]] = Step(
    "supply_movers", "phases.supply", "the units of a side that may still make their supply move")
CLOSE_ROUND: Final[Step[Callable[["GameState", Event | None], None]]] = Step(
    "close_round", "phases.supply", "the end of the round once a side has answered an end-of-supply question")
# what a unit does (builder/systems/heroes/engine/unit_actions.py)
FIRE_ACTIONS: Final[Step[Callable[["GameState", "UnitState", bool], list["Action"]]]] = Step(
    "fire_actions", "unit_actions", "the shots a unit may take")
FIRE_PLANS: Final[Step[Callable[["GameState", "Action", bool], tuple[Any, Any]]]] = Step(
    "fire_plans", "unit_actions", "the planned shot of a fire action (and a split shot's second)")
DO_FIRE: Final[Step[Callable[["GameState", "Action", bool], None]]] = Step(
    "do_fire", "unit_actions", "take a shot")
PLACE: Final[Step[Callable[["GameState", "UnitState", int, int], None]]] = Step(
    "place", "unit_actions", "put a unit on a square")
# answers with action cards (builder/systems/heroes/engine/reactions.py)
COUNTER_TARGET: Final[Step[Callable[["GameState", "UnitState"], int]]] = Step(
    "counter_target", "reactions", "the unit a counter-assault card answers")
ASSAULT_BACK: Final[Step[Callable[["GameState", "UnitState", "UnitState"], None]]] = Step(
    "assault_back", "reactions", "the counter-assault itself")
HOLD_CARD: Final[Step[Callable[["GameState", int, str, int, int], None]]] = Step(
    "hold_card", "reactions", "hold a card for the opponent to answer")
# what rule modules do as a mechanic happens
AFTER_SHOT: Final[Step[Callable[["GameState", "UnitState", int, int], None]]] = Step(
    "after_shot", "features.destruction", "a shot may damage the structure it crossed or hit")
TOKEN_BACK: Final[Step[Callable[["GameState", "UnitState"], None]]] = Step(
    "token_back", "features.concealment", "a revealed unit's Concealed token goes back to its side")
VEHICLE_LOST: Final[Step[Callable[["GameState", "UnitState"], None]]] = Step(
    "vehicle_lost", "transport", "the units a lost vehicle carried get out or are lost")
ANSWER_ROLL: Final[Step[Callable[["GameState", "UnitState", int, int, int, str], int]]] = Step(
    "answer_roll", "effects.cards", "a Lucky Shot card rerolls a die that falls short")

STEPS: Final[tuple[Step[Any], ...]] = (
    START_ROUND, START_ACTIVATION, NEXT_ACTIVATION, END_ACTIVATION, START_SUPPLY, ADVANCE_SUPPLY, SUPPLY_MOVERS,
    CLOSE_ROUND, FIRE_ACTIONS, FIRE_PLANS, DO_FIRE, PLACE, COUNTER_TARGET, ASSAULT_BACK, HOLD_CARD, AFTER_SHOT,
    TOKEN_BACK, VEHICLE_LOST, ANSWER_ROLL,
)
"""Every step, in the order above."""


def start_round(state: "GameState") -> None:
    START_ROUND.fn(state)


def start_activation(state: "GameState") -> None:
    START_ACTIVATION.fn(state)


def next_activation(state: "GameState", passed: int = -1) -> None:
    NEXT_ACTIVATION.fn(state, passed)


def end_activation(state: "GameState") -> None:
    END_ACTIVATION.fn(state)


def start_supply(state: "GameState") -> None:
    START_SUPPLY.fn(state)


def advance_supply(state: "GameState") -> None:
    ADVANCE_SUPPLY.fn(state)


def supply_movers(state: "GameState", side: int) -> list[int]:
    return SUPPLY_MOVERS.fn(state, side)


def close_round(state: "GameState", ending: Event | None) -> None:
    CLOSE_ROUND.fn(state, ending)


def fire_actions(state: "GameState", u: "UnitState", moving: bool) -> list["Action"]:
    return FIRE_ACTIONS.fn(state, u, moving)


def fire_plans(state: "GameState", action: "Action", moving: bool = False) -> tuple[Any, Any]:
    return FIRE_PLANS.fn(state, action, moving)


def do_fire(state: "GameState", action: "Action", moving: bool = False) -> None:
    DO_FIRE.fn(state, action, moving)


def place(state: "GameState", u: "UnitState", sq: int, facing: int = -1) -> None:
    PLACE.fn(state, u, sq, facing)


def counter_target(state: "GameState", unit: "UnitState") -> int:
    return COUNTER_TARGET.fn(state, unit)


def assault_back(state: "GameState", unit: "UnitState", attacker: "UnitState") -> None:
    ASSAULT_BACK.fn(state, unit, attacker)


def hold_card(state: "GameState", side: int, cid: str, unit: int, target: int) -> None:
    HOLD_CARD.fn(state, side, cid, unit, target)


def after_shot(state: "GameState", firer: "UnitState", weapon: int, target_sq: int) -> None:
    AFTER_SHOT.fn(state, firer, weapon, target_sq)


def token_back(state: "GameState", u: "UnitState") -> None:
    TOKEN_BACK.fn(state, u)


def vehicle_lost(state: "GameState", unit: "UnitState") -> None:
    VEHICLE_LOST.fn(state, unit)


def answer_roll(state: "GameState", unit: "UnitState", die: int, dice: int, need: int, why: str) -> int:
    return ANSWER_ROLL.fn(state, unit, die, dice, need, why)
