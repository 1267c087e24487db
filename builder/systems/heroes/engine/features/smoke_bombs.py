"""Smoke bombs of the Smoke order option (000 core rules, Recruitment Options >
Orders > Smoke; 003 Battle for Normandy, Recruitment Options > Orders Options >
Smoke: a numbered or special order).

The option gives the army its smoke bombs (the option's tokens). In the Orders
phase a side may place an order token on a bomb instead of on a unit
(``smoke-order`` action: ``token`` the order, 0 a special order; one bomb spent
per token placed). In the Activation phase the bomb's order is revealed in turn
like a unit's; its side then lays the smoke pattern on an intersection (a
pending ``smoke`` choice, ``square`` the intersection), a dispersal die moves it
by the option's distance (1) as for Indirect Fire, and it lies on its -4 side
(:mod:`builder.systems.heroes.engine.smoke`: -4, then -2, gone after two Supply phases).

The rules let a bomb go on any intersection of the battlefield. Offering every
one would drown every other decision of a random player, so the engine offers
the intersections at the top-left corner of each enemy unit's square (the
pattern then covers the unit and the squares around it: its shots, and shots at
it, are hindered) and of each objective square (screening the approach); the
middle of the battlefield when there is neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine import steps
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.features.blast import Pattern, disperse
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import DECIDE, IN_PLAY, ORDER_ACTIONS, QUEUE_TOKENS, REVEAL
from builder.kernel.events import Event
from builder.systems.heroes.board.intersections import intersection
from builder.systems.heroes.engine.smoke import R_SMOKE, lay
from builder.systems.heroes.engine.state import SideRuleField, declare_side_field, set_side_field, side_field
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

KEY = "smoke"  # the option's effect key
BOMB = -1  # the "unit" of a bomb's token in the activation queues
PENDING = "smoke"  # the pending choice of where a revealed bomb is laid
ORDER = "smoke-order"  # the orders-phase action placing a token on a bomb
BOMBS: Final[SideRuleField[tuple[int, ...]]] = declare_side_field("bombs", __name__, lasts="round")
"""Per side, the order tokens placed on its smoke bombs this round, not yet revealed."""
# The smoke pattern's shape and dispersal when the pack's option has no ``blast``
# (000: dispersal 1; radius 2 as the pack's smoke barrage cards).
RADIUS, SCATTER = 2, 1

_ACTIONS: dict[int, Action] = {}


def order_on_bomb(token: int) -> Action:
    """The (shared) placement of order ``token`` on a smoke bomb."""
    a = _ACTIONS.get(token)
    if a is None:
        a = _ACTIONS[token] = Action(ORDER, token=token)
    return a


def bombs_left(state: "GameState", side: int) -> int:
    """Smoke bombs the side has not used yet (0 without the option: a set lookup)."""
    if KEY not in state.static.sides[side].keys:
        return 0
    return sum(v for (_, k), v in state.sides[side].equipment.items() if k == KEY)


def order_actions(state: "GameState", side: int) -> list[Action]:
    """``smoke-order`` placements open to ``side``: each numbered token left, and a
    special order when it holds one, while it has bombs left."""
    if not bombs_left(state, side):
        return []
    s = state.sides[side]
    out = [order_on_bomb(t) for t in s.to_place]
    if s.specials_left:
        out.append(order_on_bomb(0))
    return out


def place_order(state: "GameState", side: int, token: int) -> None:
    """Put order ``token`` (0: special) on one of the side's smoke bombs."""
    s = state.sides[side]
    if token > 0:
        s.to_place.remove(token)
    else:
        s.specials_left -= 1
    for scope, k in list(s.equipment):
        if k == KEY and s.equipment[(scope, k)] > 0:
            s.equipment[(scope, k)] -= 1
            break
    set_side_field(s, BOMBS, (*side_field(s, BOMBS), token))
    state.events.append(Event("order-on-smoke-bomb", {"side": side, "token": token}))


_PATTERNS: Final[Derived[dict[int, Pattern]]] = table(
    "smoke_bombs: a side's smoke pattern, by side")


def pattern(state: "GameState", side: int) -> Pattern:
    """The side's smoke pattern: the pack's option ``blast`` when it has one."""
    cache = derived(state, _PATTERNS)
    p = cache.get(side)
    if p is None:
        faction = state.static.sides[side].faction
        found = [o for o in state.static.pack.items["options"].values()
                 if (o.effect_key or o.id) == KEY and getattr(o, "blast", None) is not None]
        mine = [o.blast for o in found if o.faction == faction] or [o.blast for o in found]
        radius, scatter = (mine[0].radius, mine[0].scatter) if mine else (RADIUS, SCATTER)
        p = cache[side] = Pattern(KEY, radius, (None, None, None), 10**6, scatter, False, -1)
    return p


def targets(state: "GameState", side: int) -> tuple[int, ...]:
    """Intersections a revealed bomb of ``side`` is offered on (see the module
    docstring): enemy units' and objectives' top-left corners."""
    bf = state.static.bf
    w = bf.width
    found = set()
    for u in state.units:
        if u.side != side and u.active and u.sq >= 0:
            y, x = divmod(u.sq, w)
            found.add(intersection(bf, x, y))
    for _, sq, _, _, _ in state.static.objectives:
        y, x = divmod(sq, w)
        found.add(intersection(bf, x, y))
    if not found:
        found.add(intersection(bf, w // 2, bf.height // 2))
    return tuple(sorted(found))


def reveal(state: "GameState", side: int, token: int) -> None:
    """A bomb's order ``token`` comes up (it leaves the side's bombs): its side chooses
    where to lay it."""
    s = state.sides[side]
    placed = list(side_field(s, BOMBS))
    placed.remove(token)
    set_side_field(s, BOMBS, tuple(placed))
    state.current = -1
    state.turn_side = state.to_act = side
    state.events.append(Event("activate-smoke-bomb", {"side": side, "token": token}))
    state.pending.insert(0, (PENDING, side, BOMB, targets(state, side), (token,)))


def lay_bomb(state: "GameState", side: int, i: int) -> None:
    """Lay the bomb aimed at ``i``: a dispersal die (no unit places it, so no line
    of sight saves the roll), then the pattern on its -4 side."""
    p = pattern(state, side)
    lay(state, disperse(state, i, p, side, (), None), p.radius)


def in_play(state: "GameState") -> bool:
    """Has a side of the game the Smoke option?"""
    return any(KEY in s.keys for s in state.static.sides)


def queue_tokens(state: "GameState", side: int) -> list[tuple[int, int]]:
    """The order tokens on the side's bombs join its activation queue."""
    return [(token, BOMB) for token in side_field(state.sides[side], BOMBS)]


def revealed(state: "GameState", side: int, token: int, owner: int) -> bool:
    """A queued token of a bomb comes up (``owner`` :data:`BOMB`)."""
    if owner != BOMB:
        return False
    reveal(state, side, token)
    return True


def decide(state: "GameState", action: Action) -> None:
    """A token put on a bomb in the Orders phase (the phase goes on as after any token),
    or the pending choice of where a revealed bomb is laid: then the sides alternate as
    after a unit's activation (from the initiative after a special order)."""
    if action.kind == ORDER:
        side = state.to_act
        assert side is not None
        place_order(state, side, action.token)
        return
    _, side, _, _, data = state.pending.pop(0)
    lay_bomb(state, side, action.square)
    state.turn_side = state.initiative if data[0] == 0 else 1 - side
    steps.next_activation(state)


register("option", KEY, "Smoke", "partial", R_SMOKE + "; 003 Battle for Normandy, Recruitment Options > Orders "
         "Options > Smoke",
         "an order token (numbered or special) placed on a bomb in the Orders phase, revealed in turn in the "
         "Activation phase, the pattern laid with a dispersal die of distance 1 on its -4 side; the bomb is "
         "aimed only at intersections at an enemy unit's or an objective's square, not anywhere; the pattern "
         "shape (radius 2) and the dispersal directions are placeholders; smoke is a penalty to shots, never a "
         "block (builder/systems/heroes/engine/features/smoke_bombs.py)",
         decides=(ORDER, PENDING), hooks=[IN_PLAY.by(in_play), ORDER_ACTIONS.by(order_actions), QUEUE_TOKENS.by(queue_tokens),
                                          REVEAL.by(revealed), DECIDE.by(decide)])
