"""Advanced positions (000 core rules, Recruitment Options > Equipment > Position).

The option holds one Position token. In the Supply phase, a unit that may make
a supply move (it has neither an order nor an Activated marker) may instead
put an advanced position on its square: a ``token`` decision, ``mode``
``position``, ``square`` the unit's square. Not in a building, ruins, a bunker
or water, nor on a square infantry cannot enter. The unit has then had its
supply move.

What the position does is not printed with the option: the engine reads it as
a one-square defensive position (000 core rules, Terrain and Terrain Overlays >
Defensive Positions) without any effect on sight: infantry in it has its
defence bonus against shots, blasts and assaults (the better of the position
and the terrain it stands on; they do not add up), and infantry not yet
activated in it may take opportunity fire. The bonus (+1, as the core box's
foxholes) is a placeholder. Positions stay for the rest of the game
(the rule field ``positions``, declared here); the terrain code reads them through
:func:`cover`.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import DECIDE, SUPPLY_MOVE_ACTIONS
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.board.grid import TerrainInfo
from builder.systems.heroes.engine.state import RuleField, declare_field, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.state import GameState

POSITION = "position"
# the squares of the advanced positions on the battlefield (MG nests' too), for the game
POSITIONS: Final[RuleField[tuple[int, ...]]] = declare_field("positions", __name__)
RULE = "000 core rules, Recruitment Options > Equipment > Position"
ADVANCED = TerrainInfo("advanced position", defence_bonus=1, opportunity_fire=True)


def allowed(bf: "Battlefield", sq: int) -> bool:
    """May an advanced position go on ``sq``? Not in a building, ruins, a bunker or
    water, nor where infantry cannot go."""
    t = bf.terrain[sq]
    return not (t.building or t.water or "ruin" in t.id or "bunker" in t.id) and bf.enterable(sq, "infantry", False)


def position_actions(state: "GameState", side: int, movers: list[int]) -> list[Action]:
    """The ``token`` decisions of ``side``'s units that may still make their supply
    move (``movers``) putting the side's Position token on their square."""
    if POSITION not in state.static.sides[side].keys:
        return []
    bf = state.static.bf
    out = []
    for uid in movers:
        u = state.units[uid]
        if (u.sq >= 0 and u.sq not in rule_field(state, POSITIONS) and allowed(bf, u.sq) and not u.st.decoy
                and tokens_left(state, u, POSITION) > 0):
            out.append(Action("token", unit=uid, square=u.sq, mode=POSITION))
    return out


def place_position(state: "GameState", action: Action, offered: list[Action]) -> None:
    """Apply a ``token`` decision putting an advanced position down (one of ``offered``)."""
    if action not in offered:
        raise IllegalAction(f"no advanced position to place: {action.describe(state)}")
    u = state.units[action.unit]
    spend_token(state, u, POSITION)
    set_rule_field(state, POSITIONS, rule_field(state, POSITIONS) + (action.square,))
    u.supply_moved = True
    state.events.append(Event("position", {"unit": u.id, "square": action.square}))


def cover(state: "GameState", sq: int) -> TerrainInfo | None:
    """The advanced position on ``sq`` when it protects better than the terrain there
    (None: no position, or the terrain is as good)."""
    if sq in rule_field(state, POSITIONS) and ADVANCED.defence_bonus > state.static.bf.terrain[sq].defence_bonus:
        return ADVANCED
    return None


def decide(state: "GameState", action: Action) -> None:
    """An advanced position put down by a unit of the side making its supply moves."""
    side = state.supply_side
    place_position(state, action, position_actions(state, side, steps.supply_movers(state, side)))


register("option", POSITION, "Position", "partial", RULE,
         "the advanced position is read as a one-square defensive position (+1 defence for infantry, "
         "opportunity fire), a placeholder: the rules do not print its effect; it never hinders sight, "
         "and a grenade thrown at it is not contained by it",
         decides=("token:" + POSITION,), hooks=[SUPPLY_MOVE_ACTIONS.by(position_actions), DECIDE.by(decide)])
