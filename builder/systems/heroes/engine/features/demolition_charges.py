"""Demolition charges (000 core rules, Recruitment Options > Equipment > Demolition
Charge).

Laying. An infantry unit of the option's tile (or of the army, for an officer's
tile or a hero) that ends its move next to a structure (one square away from one of
its squares, walls or not: the charge goes against the wall) may lay a charge on
it, in the Activation phase after its move or after its Supply-phase move: a
``token`` decision, ``mode`` "demolition-charge", ``square`` the structure square
next to it. Several charges may go on (the decision is offered again while tokens
are left), each discarded from the option as it is laid. The unit must not stand
inside the structure it mines.

Exploding. At the start of the next Supply phase (a charge laid during a Supply
phase waits for the following one), every charge explodes in the order laid, with
no area effect: it rolls the token's Destruction dice (the option's
``destruction`` in the content, a placeholder since the printed value was lost),
each 4 or more a demolition point on its structure (builder/systems/heroes/engine/structures.py).
A charge on a structure destroyed meanwhile is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.damage import roll
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import AFTER_ACTIONS, DECIDE, IN_PLAY, SUPPLY_ACTIONS
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.structures import damage, structure_at, structure_squares
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "000 core rules, Recruitment Options > Equipment > Demolition Charge"
KEY = "demolition-charge"
SCORES = 4


_DICE: Final[Derived[dict[int, int]]] = table(
    "demolition_charges: the destruction dice of a side's charges, by side")


def charge_dice(state: "GameState", side: int) -> int:
    """Destruction dice of one of the side's charges (0: the side has none), once per game."""
    cache = derived(state, _DICE)
    dice = cache.get(side)
    if dice is None:
        dice = 0
        if KEY in state.static.sides[side].keys:
            faction = state.static.sides[side].faction
            options = [o for o in state.static.pack.items["options"].values()
                       if (o.effect_key or o.id) == KEY and getattr(o, "destruction", None)]
            mine = [o for o in options if o.faction == faction] or options
            dice = int(mine[0].destruction) if mine else 0
        cache[side] = dice
    return dice


def charge_actions(state: "GameState", u: "UnitState") -> list[Action]:
    """The ``token`` decisions laying a charge from infantry ``u`` on the structures
    next to it (the caller knows that ``u`` has just ended its move)."""
    bf = state.static.bf
    if not bf.structures or not charge_dice(state, u.side) or u.type != "infantry" or not u.active:
        return []
    if tokens_left(state, u, KEY) <= 0:
        return []
    out = []
    for area in bf.structures:
        squares = structure_squares(bf, area)
        if u.sq in squares:
            continue
        near = [s for s in squares if bf.distance(u.sq, s) == 1]
        if near:
            out.append(Action("token", unit=u.id, square=min(near), mode=KEY))
    return out


def supply_charge_actions(state: "GameState", side: int) -> list[Action]:
    """Charge decisions of the side making its supply moves: its infantry that has
    moved in this Supply phase, next to a structure."""
    if not state.static.bf.structures or not charge_dice(state, side):
        return []
    out: list[Action] = []
    for u in state.units:
        if u.side == side and u.supply_moved and u.type == "infantry":
            out.extend(charge_actions(state, u))
    return out


def lay_charge(state: "GameState", action: Action, offered: list[Action]) -> None:
    """Apply a ``token`` decision laying a charge (one of ``offered``)."""
    if action not in offered:
        raise IllegalAction(f"no demolition charge to lay: {action.describe(state)}")
    u = state.units[action.unit]
    spend_token(state, u, KEY)
    set_rule_field(state, CHARGES, rule_field(state, CHARGES) + ((action.square, u.side),))
    state.events.append(Event("charge-laid", {"unit": u.id, "square": action.square}))


def explode(state: "GameState") -> None:
    """Every charge laid explodes (the start of the Supply phase)."""
    charges = rule_field(state, CHARGES)
    set_rule_field(state, CHARGES, ())
    for square, side in charges:
        if structure_at(state.static.bf, square) < 0:
            continue  # destroyed meanwhile
        dice = charge_dice(state, side)
        scored = sum(1 for _ in range(dice) if roll(state, "demolition charge") >= SCORES)
        state.events.append(Event("charge", {"square": square, "side": side, "dice": dice, "scored": scored}))
        damage(state, square, scored, "demolition charge")


def after_move(state: "GameState", u: "UnitState") -> list[Action]:
    """The charges offered to the unit being activated once it has moved without firing."""
    if not state.moved or state.fired or not state.static.bf.structures:
        return []
    return charge_actions(state, u)


def in_play(state: "GameState") -> bool:
    """Has a side charges to lay, on a battlefield with structures?"""
    return bool(state.static.bf.structures) and any(KEY in s.keys for s in state.static.sides)


def decide(state: "GameState", action: Action) -> None:
    """A charge laid, in the Activation or the Supply phase."""
    if state.phase == "activation":
        offered = after_move(state, state.units[action.unit])
    else:
        offered = supply_charge_actions(state, state.supply_side)
    lay_charge(state, action, offered)


register("option", KEY, "Demolition Charge", "partial", RULE,
         "in the Activation phase only after a move (not an assault, not after firing on the move); the "
         "charge's Destruction dice are a placeholder",
         rank=60, decides=("token:" + KEY,), hooks=[IN_PLAY.by(in_play), AFTER_ACTIONS.by(after_move), SUPPLY_ACTIONS.by(supply_charge_actions),
                                                    DECIDE.by(decide)])


# the charges laid, (structure square, side): they go off as the Supply phase starts
CHARGES: Final[RuleField[tuple[tuple[int, int], ...]]] = declare_field("charges", __name__, key=key_rows, supply_start=explode)
