"""Sticky bombs and magnetic mines on enemy vehicles (000 core rules, Recruitment
Options > Equipment > Sticky Bomb/Magnetic Mine).

Placing. An infantry unit of the option's tile (or of the army, for an officer's
tile or a hero) that ends its move next to an enemy vehicle (one step away: not
across a wall or a building's closed side) may put a token on it, in the Activation phase or after its Supply-phase move: a ``token``
decision, ``mode`` the option, ``target`` the vehicle. Several tokens may go on
at once (the decision is offered again while tokens are left), each discarded
from the option as it is placed. In the Activation phase the decisions follow
the unit's move (not an assault, not after a shot); in the Supply phase they
are offered for each infantry unit of the side moving that has made its supply
move and stands next to an enemy vehicle (the enemy moves later, so that is
where its move ended).

Exploding. The token rides along with the vehicle (the rule field ``vehicle_bombs`` names
the vehicle) and explodes at the end of the Supply phase, after the Suppressed
markers are removed: one attack per token, no area effect, the token's combat
bonus against the vehicle's defence (a heavy vehicle's side defence), with no
unit firing; hits, kill shots and the heavy-vehicle damage table are the
ordinary shot's (:func:`builder.systems.heroes.engine.firing.resolve_shot`). A token on a
vehicle destroyed meanwhile is lost.

The tokens' printed combat bonuses were lost in transcription: the option's
``token_attack`` in the content holds placeholders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import AFTER_ACTIONS, DECIDE, DEFENCE, IN_PLAY, SUPPLY_ACTIONS
from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.features.anti_tank import combat_values, token_attack
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import ShotPlan, resolve_shot
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "000 core rules, Recruitment Options > Equipment > Sticky Bomb/Magnetic Mine"
KEYS = ("sticky-bomb", "magnetic-mine")
NAMES = {"sticky-bomb": "Sticky Bomb", "magnetic-mine": "Magnetic Mine"}
DEFENCE_INDEX = {"infantry": 0, "light_vehicle": 1, "heavy_vehicle": 2}


_BOMB_KEYS: Final[Derived[dict[int, tuple[str, ...]]]] = table(
    "vehicle_bombs: a side's bomb and mine options with an attack, by side")


def bomb_keys(state: "GameState", side: int) -> tuple[str, ...]:
    """The side's bomb and mine options with an attack in the pack (once per game)."""
    cache = derived(state, _BOMB_KEYS)
    keys = cache.get(side)
    if keys is None:
        keys = cache[side] = tuple(k for k in KEYS if k in state.static.sides[side].keys
                                   and token_attack(state, side, k) is not None)
    return keys


def _combat(state: "GameState", side: int, key: str, target: "UnitState") -> int | None:
    dtype = target.st.profile.faces[target.face].defence_type
    if dtype is None:
        return None
    return combat_values(token_attack(state, side, key).combat)[DEFENCE_INDEX[dtype]]


def bomb_actions(state: "GameState", u: "UnitState") -> list[Action]:
    """The ``token`` decisions placing one of the side's bombs or mines from
    infantry ``u`` on an enemy vehicle next to it (the caller knows that ``u``
    has just ended its move)."""
    keys = bomb_keys(state, u.side)
    if not keys or u.type != "infantry" or not u.active:
        return []
    keys = tuple(k for k in keys if tokens_left(state, u, k) > 0)
    if not keys:
        return []
    bf = state.static.bf
    near = bf.adjacent(u.sq)
    out: list[Action] = []
    for t in state.units:
        if t.side == u.side or not t.is_vehicle or not t.active or t.concealed:
            continue
        if any(sq in near for sq in state.squares_of(t)):
            out.extend(interned("token", u.id, target=t.id, mode=k) for k in keys
                       if _combat(state, u.side, k, t) is not None)
    return out


def supply_bomb_actions(state: "GameState", side: int) -> list[Action]:
    """Bomb decisions of the side making its supply moves: its infantry that has
    moved in this Supply phase, next to an enemy vehicle."""
    if not bomb_keys(state, side):
        return []
    out: list[Action] = []
    for u in state.units:
        if u.side == side and u.supply_moved and u.type == "infantry":
            out.extend(bomb_actions(state, u))
    return out


def place_bomb(state: "GameState", action: Action, offered: list[Action]) -> None:
    """Apply a ``token`` decision placing a bomb: ``offered`` are the decisions
    open now (the action must be one of them)."""
    if action not in offered:
        raise IllegalAction(f"no {action.mode} to place: {action.describe(state)}")
    u = state.units[action.unit]
    spend_token(state, u, action.mode)
    set_rule_field(state, VEHICLE_BOMBS, rule_field(state, VEHICLE_BOMBS) + ((action.target, u.side, action.mode),))
    state.events.append(Event("bomb-placed", {"unit": u.id, "target": action.target, "mode": action.mode}))


def bomb_plan(state: "GameState", side: int, key: str, target: "UnitState") -> ShotPlan:
    """The attack of one token of ``side``'s option ``key`` on the vehicle it is
    on: the token's bonus against the vehicle's defence, a heavy vehicle's side
    defence, no unit firing."""
    plan = ShotPlan(-1, target.id, -1, key, target_sq=target.sq)
    combat = _combat(state, side, key, target)
    if combat is None:
        plan.ok, plan.reason = False, f"the {NAMES[key]} shows X against this target"
        return plan
    face = target.st.profile.faces[target.face]
    dtype = face.defence_type
    if isinstance(face.defence, tuple):
        plan.defence, plan.defence_label = face.defence[1], "side defence"
    else:
        plan.defence, plan.defence_label = int(face.defence or 0), "defence"
    plan.terms.append(Term(combat, f"{NAMES[key]} vs {str(dtype).replace('_', ' ')}", RULE, bonus=True))
    for t in effects.collect(state, target, DEFENCE, plan):
        plan.defence_terms.extend(t)
    return plan


def detonate(state: "GameState") -> None:
    """Every bomb and mine on the battlefield explodes, in the order placed."""
    bombs = rule_field(state, VEHICLE_BOMBS)
    set_rule_field(state, VEHICLE_BOMBS, ())
    for vehicle, side, key in bombs:
        t = state.units[vehicle]
        if not t.alive or t.wreck or t.sq < 0:
            continue
        state.events.append(Event("bomb", {"target": vehicle, "side": side, "mode": key}))
        plan = bomb_plan(state, side, key, t)
        if plan.ok:
            resolve_shot(state, plan)


def after_move(state: "GameState", u: "UnitState") -> list[Action]:
    """The bombs offered to the unit being activated once it has moved without firing."""
    if not state.moved or state.fired or not bomb_keys(state, u.side):
        return []
    return bomb_actions(state, u)


def decide(state: "GameState", action: Action) -> None:
    """A bomb or mine put on a vehicle, in the Activation or the Supply phase."""
    if state.phase == "activation":
        offered = after_move(state, state.units[action.unit])
    else:
        offered = supply_bomb_actions(state, state.supply_side)
    place_bomb(state, action, offered)


def in_play(state: "GameState") -> bool:
    """Has a side bombs or mines to place?"""
    return any(bomb_keys(state, side) for side in range(len(state.static.sides)))


_MISSING = ("in the Activation phase only after a move (not an assault, not after firing on the move); in the "
            "Supply phase by any infantry of the side that has made its supply move; the token's combat "
            "bonuses are placeholders")
# the Sticky Bomb's entry offers and places both (one module, one set of game hooks)
register("option", KEYS[0], NAMES[KEYS[0]], "partial", RULE, _MISSING, rank=50,
         decides=tuple("token:" + k for k in KEYS), hooks=[IN_PLAY.by(in_play), AFTER_ACTIONS.by(after_move),
                                                           SUPPLY_ACTIONS.by(supply_bomb_actions), DECIDE.by(decide)])
register("option", KEYS[1], NAMES[KEYS[1]], "partial", RULE, _MISSING)


# the bombs and mines on vehicles, (vehicle, side placing, option): they explode at
# step 5 of the Supply phase
VEHICLE_BOMBS: Final[RuleField[tuple[tuple[int, int, str], ...]]] = declare_field("vehicle_bombs", __name__, key=key_rows, supply_end=detonate)
