"""What the greedy player makes of Fuel, Directive and Position tokens (000 core
rules, Recruitment Options > Equipment > Fuel, Position; Orders > Directive), on
the scale of :mod:`builder.systems.heroes.ai.evaluate` (a move's objective gain, a shot's
expected damage).

- A move on a Fuel token is worth the square it reaches, less :data:`FUEL_COST`
  (more than the tenth a square closer to an objective earns), plus
  :data:`FUEL_SHOT` when, in the Activation phase, a vehicle that may fire on
  the move would see an enemy from there that it sees from none of the squares
  its ordinary moves reach: the token is spent when the extra square matters,
  not to close in.
- A directive is worth :data:`PER_UNIT` for each unit of the side within 3
  squares of the officer that its bonus helps, less :data:`DIRECTIVE_COST`
  (tokens are few): placed where most units benefit, and only for two or more.
- An advanced position is worth :data:`POSITION_VALUE` for infantry with an
  enemy within :data:`DANGER` squares, on a square whose terrain protects less;
  else nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.ai.evaluate import danger_distance, move_value
from builder.systems.heroes.engine.features.advanced_positions import ADVANCED
from builder.systems.heroes.engine.features.directives import CHARGE, DOUBLE_TIME, FIRE_AT_WILL, HOLD, RANGE
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.movement import vehicle_states

if TYPE_CHECKING:
    from builder.systems.heroes.engine import Action, GameState, UnitState

FUEL_COST = 0.15
FUEL_SHOT = 0.4
PER_UNIT = 0.5
DIRECTIVE_COST = 0.75
POSITION_VALUE = 0.4
DANGER = 6


def _fires_on_the_move(u: "UnitState") -> bool:
    face = u.st.profile.faces[u.face]
    return "fire-on-the-move" in face.abilities or any("fire-on-the-move" in w.abilities for w in face.weapons)


def fuel_move_value(state: "GameState", action: "Action") -> float:
    """A vehicle's move spending a Fuel token (``extra`` 1)."""
    u = state.units[action.unit]
    value = move_value(state, u, action.square) - FUEL_COST
    if state.phase == "activation" and _fires_on_the_move(u):
        enemies = [t for t in state.units if t.side != u.side and t.active and not t.concealed]
        seen = _seen_without_fuel(state, u, enemies)
        if any(t.id not in seen and sees(state, action.square, t.sq, u, t) for t in enemies):
            value += FUEL_SHOT
    return value


def _seen_without_fuel(state: "GameState", u: "UnitState", enemies: list["UnitState"]) -> set[int]:
    """The enemies the vehicle sees from some square its ordinary moves reach
    (worked out once per decision)."""
    key = ("fuel-seen", u.id)
    seen = state.memo.get(key)
    if seen is None:
        squares = {t >> 3 for t in vehicle_states(state, u)}
        seen = state.memo[key] = {t.id for t in enemies if any(sees(state, sq, t.sq, u, t) for sq in squares)}
    return seen


def _helps(state: "GameState", u: "UnitState", kind: str) -> bool:
    if kind == HOLD:
        return u.is_infantry
    if kind == CHARGE:
        return u.ability("assault") is not None
    if kind == FIRE_AT_WILL:
        return bool(u.st.profile.faces[u.face].weapons)
    return kind == DOUBLE_TIME and u.st.profile.faces[u.face].movement > 0


def directive_value(state: "GameState", action: "Action") -> float:
    """Placing directive ``action.mode`` on officer ``action.unit``."""
    officer = state.units[action.unit]
    distance = state.static.bf.distance
    helped = sum(1 for u in state.units if u.side == officer.side and u.active and not u.activated
                 and distance(officer.sq, u.sq) <= RANGE and _helps(state, u, action.mode))
    return PER_UNIT * helped - DIRECTIVE_COST


def position_value(state: "GameState", action: "Action") -> float:
    """Putting an advanced position on the unit's square instead of a supply move."""
    u = state.units[action.unit]
    if not u.is_infantry or state.static.bf.terrain[u.sq].defence_bonus >= ADVANCED.defence_bonus:
        return 0.0
    return POSITION_VALUE if danger_distance(state, u.sq, u.side) <= DANGER else 0.0
