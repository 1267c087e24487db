"""Concealed tokens (000 core rules, Recruitment Options > Orders > Concealed, and
Orders > Infiltration, which gives the same benefits).

The Concealed order gives the army two Concealed tokens per option bought; the
Infiltration order carries two more (its ``tokens`` in the content: the rule grants
"the benefits of the Concealed directive" without a count, so the count is the
Concealed order's, a placeholder). Both are orders, so their tokens are the army's:
any infantry unit of the side may take one.

Assigning. In the Supply Phase the side making its supply moves may put a free
token on an infantry unit that meets the conditions under which an Ambush unit
turns over (000 core rules, Special Abilities > Ambush; Action! > Supply Phase):
the unit could move in this phase (no order token, no Activated marker, has not
acted; a unit that has made its supply move may still turn over at the end of it),
it stands on the battlefield (not carried), it is not already concealed, and no
enemy unit would spot it where it stands. The decision is a ``token`` action with
mode ``concealed`` on the unit, offered once per eligible unit alongside the
supply moves while free tokens are left; not taking it is simply moving on
(``end``).

The unit is then concealed as an Ambush unit on its concealed side is (the
engine's ``UnitState.concealed``: it cannot be targeted, blast patterns ignore it,
it blocks no line of sight, it can be assaulted). Spotting, firing, assaulting or
being assaulted reveals it (builder.systems.heroes.engine.ambush); once revealed, its token is
free again (the side rule field ``concealed_tokens``, declared here, lists the units
holding one), to be
assigned in a later Supply Phase. A unit holding a token that is eliminated
without having been revealed gives its token back too.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.systems.heroes.engine.steps import TOKEN_BACK
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.ambush import spots
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import DECIDE, SUPPLY_ACTIONS
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import NO_ORDER, SideRuleField, declare_side_field, set_side_field, side_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

CONCEALED = "concealed"  # the ``token`` action's mode
KEYS = ("concealed", "infiltration")  # the options carrying Concealed tokens
RULE = "000 core rules, Recruitment Options > Orders > Concealed"


def has_tokens(state: "GameState", side: int) -> bool:
    """Does the side's army have an option carrying Concealed tokens? (cheap: the
    army's option keys)."""
    keys = state.static.sides[side].keys
    return "concealed" in keys or "infiltration" in keys


TOKENS: Final[SideRuleField[tuple[int, ...]]] = declare_side_field("concealed_tokens", __name__, key=lambda held: ["concealed", list(held)])
"""Per side, the units holding a Concealed token."""


def tokens_total(state: "GameState", side: int) -> int:
    return sum(v for (_, k), v in state.sides[side].equipment.items() if k in KEYS)


def tokens_free(state: "GameState", side: int) -> int:
    """Tokens not on a unit still concealed by one."""
    units = state.units
    held = sum(1 for uid in side_field(state.sides[side], TOKENS) if units[uid].concealed and units[uid].alive)
    return tokens_total(state, side) - held


def unseen(state: "GameState", unit: "UnitState") -> bool:
    """No enemy unit spots ``unit`` where it stands (000 core rules, Special
    Abilities > Ambush: a clear line of sight, from at most 2 squares in cover)."""
    return not any(e.side != unit.side and spots(state, e, unit) for e in state.units)


def eligible(state: "GameState", u: "UnitState") -> bool:
    """May ``u`` take a Concealed token now? (see the module's docstring)"""
    return (u.type == "infantry" and u.active and not u.concealed and not u.st.decoy
            and u.order == NO_ORDER and not u.activated and not u.acted and unseen(state, u))


def conceal_actions(state: "GameState", side: int) -> list[Action]:
    """The side's ``token`` decisions putting a free Concealed token on a unit."""
    if not has_tokens(state, side) or tokens_free(state, side) <= 0:
        return []
    return [interned("token", u.id, mode=CONCEALED) for u in state.units if u.side == side and eligible(state, u)]


def assign(state: "GameState", action: Action, side: int) -> None:
    """Apply a ``token`` decision with mode ``concealed``: the unit is concealed."""
    u = state.units[action.unit]
    if u.side != side or action not in conceal_actions(state, side):
        raise IllegalAction(f"no Concealed token for this unit: {action.describe(state)}")
    s = state.sides[side]
    units = state.units
    set_side_field(s, TOKENS, tuple(uid for uid in side_field(s, TOKENS) if units[uid].concealed and units[uid].alive)
                   + (u.id,))
    u.concealed = True
    state.events.append(Event("concealed", {"unit": u.id, "why": "Concealed token"}))


def decide(state: "GameState", action: Action) -> None:
    """A Concealed token taken by a unit of the side making its supply moves."""
    assign(state, action, state.supply_side)


def token_back(state: "GameState", u: "UnitState") -> None:
    """The unit holding a Concealed token is revealed: the token is free again."""
    s = state.sides[u.side]
    held = side_field(s, TOKENS)
    if u.id in held:
        set_side_field(s, TOKENS, tuple(uid for uid in held if uid != u.id))
        state.events.append(Event("concealed-token-free", {"unit": u.id, "side": u.side}))


register("option", "concealed", "Concealed", "partial", RULE,
         "a token is offered in the Supply phase to infantry that could move in it (no order, no Activated "
         "marker) and that no enemy spots where it stands; spotting is checked where moves end, as for "
         "Ambush; the counter stays on the map (the opponent's players are not kept from reading which unit "
         "holds the token)",
         rank=70, decides=("token:" + CONCEALED,), hooks=[SUPPLY_ACTIONS.by(conceal_actions), DECIDE.by(decide)])
register("option", "infiltration", "Infiltration", "partial", "000 core rules, Recruitment Options > Orders > "
         "Infiltration",
         "Scout 6 is granted to the tile's units (the option's abilities) and deploys them by the seeded Scout "
         "placement (builder/systems/heroes/engine/setup.py), never on the concealed side; its two Concealed tokens (a "
         "placeholder count) serve any infantry of the army, as the Concealed order's do")


TOKEN_BACK.provide(token_back)  # builder.systems.heroes.engine.ambush.reveal calls it
