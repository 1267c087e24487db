"""What the greedy player sees in demolition: a shot at a structure
(builder/systems/heroes/engine/features/destruction.py) and a demolition charge laid on one
(builder/systems/heroes/engine/features/demolition_charges.py).

Destroying a structure suppresses every unit inside and takes away the building's
cover, so demolition is valued by the enemy units inside: the chance that the
demolition points expected finish the structure, times half the value of each enemy
unit inside (a Suppressed marker and lost cover, not a kill), less the same for
friendly units inside. A charge pays off only at the next Supply phase and spends a
token, so it counts for less. A climb to a demolition target's top floor (the Chimney's) is
valued as a move to the red dot's square (an objective or bonus the scenario puts there,
cover) plus the sight the Elevated Position gives over the enemy. The Solo Mode's decision tables have no row for
demolition: the AI opponent ignores these decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.ai.evaluate import move_value, target_value
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.features.demolition_charges import SCORES as CHARGE_SCORES
from builder.systems.heroes.engine.features.demolition_charges import charge_dice
from builder.systems.heroes.engine.features.destruction import SCORES, destroyer_bonus, destruction_dice
from builder.systems.heroes.engine.structures import points, structure_at, units_inside
from builder.systems.heroes.engine.features.demolition_charges import CHARGES
from builder.systems.heroes.engine.state import rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState

CHARGE_DELAY = 0.6  # a charge explodes a phase later, and the enemy may leave meanwhile
TOKEN = 0.05


def _worth(state: "GameState", side: int, square: int, expected: float) -> float:
    """The worth for ``side`` of ``expected`` demolition points on the structure on ``square``."""
    bf = state.static.bf
    area = structure_at(bf, square)
    if area < 0:
        return -1.0
    need = bf.structures[area][0] - points(state, area)
    progress = min(1.0, expected / max(1, need))
    stake = sum(0.5 * target_value(state, u) * (1 if u.side != side else -1) for u in units_inside(state, area))
    return progress * stake


def structure_shot_value(state: "GameState", action: "Action") -> float:
    """A ``fire`` decision at a structure: the expected points of its Destruction dice."""
    u = state.units[action.unit]
    w = u.st.profile.faces[u.face].weapons[action.weapon]
    p = min(1.0, max(0.0, (7 - SCORES + destroyer_bonus(state, u)) / 6))
    return _worth(state, u.side, action.square, destruction_dice(u, w) * p)


def charge_value(state: "GameState", action: "Action") -> float:
    """A ``token`` decision laying a demolition charge (the charges already laid on
    that structure counted as points scored)."""
    u = state.units[action.unit]
    p = (7 - CHARGE_SCORES) / 6
    dice = charge_dice(state, u.side)
    area = structure_at(state.static.bf, action.square)
    laid = sum(1 for sq, side in rule_field(state, CHARGES) if side == u.side and structure_at(state.static.bf, sq) == area)
    return CHARGE_DELAY * _worth(state, u.side, action.square, dice * p * (1 + laid)) \
        - CHARGE_DELAY * _worth(state, u.side, action.square, dice * p * laid) - TOKEN


TARGET_STAKE = 6.0  # a demolition target is the scenario's victory: worth more than any one kill


def target_shot_value(state: "GameState", action: "Action") -> float:
    """A ``fire`` decision at a scenario's demolition target (builder/systems/heroes/engine/features/demolition_targets.py):
    the share of the markers still needed that its Destruction dice are expected to score,
    times a stake above any one unit's worth (destroying it wins the scenario)."""
    from builder.systems.heroes.engine.features.demolition_targets import markers
    u = state.units[action.unit]
    w = u.st.profile.faces[u.face].weapons[action.weapon]
    t = next(t for t in state.static.scenario.targets if state.static.bf.square(t.at) == action.square)
    p = min(1.0, max(0.0, (7 - SCORES + destroyer_bonus(state, u)) / 6))
    need = max(1, t.structure - max(0, markers(state, t.id)))
    return TARGET_STAKE * min(1.0, destruction_dice(u, w) * p / need)


SIGHT_PULL = 0.1
"""Per enemy unit in sight from the top floor and not from where the unit stands: what the
Elevated Position's view is worth to a climb, less than closing on an objective by a square
or two, so that a scenario scoring the top (an objective on the red dot) decides."""


def climb_value(state: "GameState", action: "Action") -> float:
    """A ``climb`` decision (builder/systems/heroes/engine/features/demolition_targets.py): the move
    value of the floor reached, plus :data:`SIGHT_PULL` per enemy newly in sight."""
    u = state.units[action.unit]
    foes = [e for e in state.units if e.side != u.side and e.active and e.sq >= 0 and not e.concealed]
    gained = sum(1 for e in foes if sees(state, action.square, e.sq, u, e)) - \
        sum(1 for e in foes if sees(state, u.sq, e.sq, u, e))
    return move_value(state, u, action.square) + SIGHT_PULL * gained
