"""Fuel tokens (000 core rules, Recruitment Options > Equipment > Fuel).

A spent Fuel token gives a light or heavy vehicle one more square of movement
for the rest of the round; a vehicle never runs on more than one token at a
time, and the token is discarded. The engine offers the token as part of a
move: besides its ordinary moves, a vehicle of a side with a token left (of its
tile or of the army) that has not spent one this round is offered the moves
(front square and facing) it reaches only with one more movement point, each
marked ``extra`` 1 (as shots mark the equipment tokens they spend). Making such
a move spends the token; the vehicle keeps the extra point for the round (the
rule field ``fuelled``, declared here and cleared as the next round starts; the
module's ``movement`` hook adds the point), so a second move in the round (a
Heroic action) is offered with it and without a second token.

The module owns its rule: it offers the moves (hook ``actions``), spends the token
before a move marked ``extra`` (hook ``prepare``) and declares its field; the game
loop, the phases and the state name none of it. Units of sides without the option
pay one cached lookup per vehicle listing its moves.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import ACTIONS, MOVEMENT, PREPARE
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.events import Event
from builder.systems.heroes.engine.movement import movement_allowance, vehicle_states
from builder.systems.heroes.engine.state import RuleField, declare_field, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

FUEL = "fuel"
RULE = "000 core rules, Recruitment Options > Equipment > Fuel"
# the vehicles with a Fuel token spent this round
FUELLED: Final[RuleField[tuple[int, ...]]] = declare_field("fuelled", __name__, lasts="round")


def may_refuel(state: "GameState", u: "UnitState") -> bool:
    """A vehicle of a side with the Fuel option, a token left for it and none spent
    on it this round."""
    return (u.is_vehicle and FUEL in state.static.sides[u.side].keys and u.id not in rule_field(state, FUELLED)
            and tokens_left(state, u, FUEL) > 0)


def fuel_moves(state: "GameState", u: "UnitState", phase: str) -> list[Action]:
    """The moves of vehicle ``u`` that need a Fuel token (offered with its moves,
    ``phase`` ``move``): states reached with one more movement point and not
    without it."""
    if phase != "move" or not may_refuel(state, u):
        return []
    mv = movement_allowance(state, u)
    more = movement_allowance(state, u, 1)
    if more <= mv:
        return []
    ordinary = vehicle_states(state, u, mv)
    return [Action("move", unit=u.id, square=t >> 3, facing=t & 7, extra=1)
            for t in vehicle_states(state, u, more) if t not in ordinary]


def before_move(state: "GameState", action: Action) -> Action:
    """A move marked ``extra`` spends the Fuel token first (so that the path to its
    square is found with the extra point)."""
    if action.extra:
        refuel(state, state.units[action.unit])
    return action


def fuelled_bonus(state: "GameState", u: "UnitState") -> int | None:
    """The extra square of a vehicle running on a Fuel token this round."""
    return 1 if u.id in rule_field(state, FUELLED) else None


def refuel(state: "GameState", u: "UnitState") -> None:
    """Spend a Fuel token on ``u`` (once in a round: a vehicle already running on
    one is left as it is)."""
    fuelled = rule_field(state, FUELLED)
    if u.id in fuelled:
        return
    spend_token(state, u, FUEL)
    set_rule_field(state, FUELLED, fuelled + (u.id,))
    state.events.append(Event("token", {"unit": u.id, "mode": FUEL}))


register("option", FUEL, "Fuel", "simulated", RULE, hooks=[ACTIONS.by(fuel_moves), PREPARE.by(before_move), MOVEMENT.by(fuelled_bonus)])
