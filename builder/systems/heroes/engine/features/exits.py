"""Units leaving the battlefield by exit squares (003 Battle for Normandy, Campaign >
4 Zurueck!, Victory Conditions: the Germans must get infantry units and heavy vehicles
out through the squares marked with an arrow before the end of the game).

A scenario side lists its exit squares (``exits`` on the side,
builder/systems/heroes/content/models/scenario.py). A unit of that side that ends a move with one of
its squares on an exit square leaves the battlefield at once, with the units it carries:
it is out of the game, its order token is lost, but it is no loss (no victory points,
no breaking point, not destroyed). The side rule field ``exited`` (declared here) lists
the units that got out (cloned; hashed once a unit has left), and the ``exited``
condition of the victory levels counts them by kind (:func:`counts`).

The game loop calls :func:`leave_if_on_exit` after each move (hook ``after_move``) when the
scenario has exit squares, the victory conditions ask :func:`condition` for ``exited``
(hook ``condition``) and leave the units that got out out of ``destroyed`` (hook
``out_of_play``), without naming this module (builder.systems.heroes.engine.effects).

The reading the engine takes: the unit leaves on ending a move on the arrow square,
without spending a further square of movement to step off the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import AFTER_MOVE, CONDITION, IN_SCENARIO, OUT_OF_PLAY
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import SideRuleField, declare_side_field, set_side_field, side_field
from builder.systems.heroes.engine.derived import Derived, derived

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "003 Battle for Normandy, Campaign > 4 Zurueck!, Victory Conditions (units got out through the arrows)"
EXITED: Final[SideRuleField[tuple[int, ...]]] = declare_side_field("exited", __name__, key=lambda units: [["exited", list(units)]])
"""Per side, the units that got out, in the order they left."""


def _exit_squares(state: "GameState") -> tuple[frozenset[int], ...]:
    bf = state.static.bf
    return tuple(frozenset(bf.square(sq) for sq in spec.exits) for spec in state.static.scenario.sides)


_EXIT_SQUARES: Final = Derived("exits: each side's exit squares", _exit_squares)


def exit_squares(state: "GameState") -> tuple[frozenset[int], ...]:
    """Per side, its exit squares as square numbers (worked out once per game)."""
    return derived(state, _EXIT_SQUARES)


def leave_if_on_exit(state: "GameState", unit: "UnitState") -> bool:
    """After ``unit``'s move: on one of its side's exit squares it leaves the battlefield.
    Returns whether it left."""
    squares = exit_squares(state)[unit.side]
    if not squares or not unit.alive or unit.sq < 0 or unit.wreck:
        return False
    if not any(s in squares for s in state.squares_of(unit)):
        return False
    carried = [u for u in state.units if u.alive and u.carried_by == unit.id]
    for u in (unit, *carried):
        _leave(state, u, unit.sq)
    return True


def _leave(state: "GameState", unit: "UnitState", square: int) -> None:
    for sq in state.squares_of(unit):
        if state.occ[sq] == unit.id:
            state.set_occupant(sq, -1)
    unit.alive = False
    unit.order = -2
    unit.sq = -1
    side = state.sides[unit.side]
    set_side_field(side, EXITED, side_field(side, EXITED) + (unit.id,))
    state.events.append(Event("exited", {"unit": unit.id, "side": unit.side, "square": square}))


def kind_of(unit: "UnitState") -> str:
    """The kind an exit count names: infantry (guns and crews too) or the vehicle's type."""
    return "infantry" if unit.is_infantry else unit.type


def counts(state: "GameState", side: int) -> dict[str, int]:
    """Units of ``side`` that got out, by kind; ``vehicle`` counts every vehicle."""
    out: dict[str, int] = {}
    for uid in exited(state, side):
        u = state.units[uid]
        kind = kind_of(u)
        out[kind] = out.get(kind, 0) + 1
        if u.is_vehicle:
            out["vehicle"] = out.get("vehicle", 0) + 1
    return out


def exited(state: "GameState", side: int) -> tuple[int, ...]:
    """The units of ``side`` that got out, in the order they left."""
    return side_field(state.sides[side], EXITED)


def got_out(state: "GameState", side: int, at_least: dict[str, int]) -> bool:
    """The ``exited`` condition: at least that many units of each kind got out."""
    if side < 0:
        return False
    have = counts(state, side)
    return all(have.get(kind, 0) >= n for kind, n in at_least.items())


def condition(state: "GameState", cond: Any) -> bool:
    """The scenario's ``exited`` victory condition."""
    ids = state.side_ids
    spec = cond.exited
    return got_out(state, ids.index(spec.side) if spec.side in ids else -1, spec.at_least)


def in_scenario(state: "GameState") -> bool:
    """Does a side of the scenario have exit squares?"""
    return any(side.exits for side in state.static.scenario.sides)


register("scenario-rule", "exits", "Units leaving by exit squares", "partial", RULE,
         "a unit leaves on ending a move on an arrow square (it spends no further square to step off); the greedy "
         "player sends out the units nearest the exits that a reachable victory level still needs "
         "(builder/systems/heroes/ai/evaluate.py), the Solo brain takes the exit squares as primary objectives",
         conditions=("exited",), hooks=[IN_SCENARIO.by(in_scenario),
                                        AFTER_MOVE.by(leave_if_on_exit), OUT_OF_PLAY.by(exited), CONDITION.by(condition)])
