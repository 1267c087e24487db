"""MG Nest (000 core rules, Recruitment Options > Orders > MG Nest; Terrain and
Terrain Overlays > Defensive Positions).

With this order a side may, in the Supply phase, put its MG nest anywhere but in
the enemy's deployment zone. The nest is a small defensive position; the engine
reads it as the advanced position of the Position option
(builder/systems/heroes/engine/features/advanced_positions.py): a one-square position in
the ``positions`` rule field (builder/systems/heroes/engine/features/advanced_positions.py) giving infantry in it its defence bonus and opportunity
fire, read by the terrain defence code. It is not put in a building, ruins, a
bunker, water or where infantry cannot go.

Decisions: a ``token`` decision, ``mode`` ``mg-nest``, ``square`` where it goes and
``unit`` the side's infantry standing there. The content gives the order one
token (one nest), spent when it is placed. Two simplifications keep the choice
small: the nest is offered among the side's Supply-phase decisions (while it
still has supply moves or tokens to place), not strictly after them, and only on
squares where the side's infantry stands (an MG team takes cover in it at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS, allowed
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import DECIDE, SUPPLY_ACTIONS
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import rule_field, set_rule_field
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

NEST = "mg-nest"
RULE = "000 core rules, Recruitment Options > Orders > MG Nest"


def nests_left(state: "GameState", side: int) -> int:
    """The side's MG nest tokens not yet placed (army-wide and of every tile)."""
    return sum(v for (_, k), v in state.sides[side].equipment.items() if k == NEST)


_ENEMY_ZONES: Final[Derived[dict[int, frozenset[int]]]] = table(
    "mg_nest: the squares of the deployment zones of a side's enemies, by side")


def enemy_zone(state: "GameState", side: int) -> frozenset[int]:
    """Squares of the deployment zones of ``side``'s enemies (worked out once)."""
    cache = derived(state, _ENEMY_ZONES)
    found = cache.get(side)
    if found is None:
        bf = state.static.bf
        found = cache[side] = frozenset(
            sq for i, spec in enumerate(state.static.scenario.sides) if i != side
            for area in spec.deployment for sq in bf.area_squares(area))
    return found


def nest_actions(state: "GameState", side: int) -> list[Action]:
    """Where ``side`` may put its MG nest now."""
    if NEST not in state.static.sides[side].keys or nests_left(state, side) <= 0:
        return []
    bf = state.static.bf
    banned = enemy_zone(state, side)
    return [Action("token", unit=u.id, square=u.sq, mode=NEST) for u in state.units
            if u.side == side and u.alive and u.sq >= 0 and u.is_infantry and not u.st.decoy
            and u.sq not in banned and u.sq not in rule_field(state, POSITIONS) and allowed(bf, u.sq)]


def place_nest(state: "GameState", action: Action, side: int) -> None:
    """Apply a ``token`` decision putting the MG nest down."""
    if action not in nest_actions(state, side):
        raise IllegalAction(f"no MG nest to place: {action.describe(state)}")
    equipment = state.sides[side].equipment
    scope = next(key for key, v in sorted(equipment.items()) if key[1] == NEST and v > 0)
    equipment[scope] -= 1
    set_rule_field(state, POSITIONS, rule_field(state, POSITIONS) + (action.square,))
    state.events.append(Event("mg-nest", {"side": side, "square": action.square}))


def decide(state: "GameState", action: Action) -> None:
    """The MG nest put down by the side making its supply moves."""
    place_nest(state, action, state.supply_side)


register("option", NEST, "MG Nest", "partial", RULE,
         "read as a one-square advanced position (+1 defence for infantry, opportunity fire: placeholders); "
         "offered among the side's Supply-phase decisions rather than after them, and only on squares its "
         "infantry holds",
         rank=80, decides=("token:" + NEST,), hooks=[SUPPLY_ACTIONS.by(nest_actions), DECIDE.by(decide)])
