"""Directive tokens (000 core rules, Recruitment Options > Orders > Directive).

The option holds 1 or 3 of the 4 directive tokens (the content's ``tokens``):
Fire at Will! (+1 to shots at infantry), Charge! (+1 to the attacker's assault
roll), Double Time! (+2 movement) and Hold Your Ground! (+1 defence of
infantry). At the end of the Orders phase a side may place one token on one of
its officers (a counter with the yellow outline, the engine's reading of the
Special Order ability): every unit of the side up to 3 squares from the
officer (the engine's range: the king-move distance, from the nearest square
of a two-square vehicle) has the bonus until the token is discarded at the end
of the Supply phase. One directive a round.

Which tokens the side holds is left open until they are placed: each placement
names any directive the side has not placed before (the 4 tokens are distinct),
while the option's tokens last. The decision (``token``: ``unit`` the officer,
``mode`` the directive; or ``done``, none this round) comes once every order
token is placed, the initiative side first. A directive whose officer is lost or
carried off the battlefield helps nobody.

Bonuses go through the rule-module hooks of the side's units (``shot``,
``assault_attack``, ``movement``, ``defence``, ``assault_defence``); Hold Your
Ground! counts in assaults too (the defender adds the bonuses of options,
000 core rules, Action! > Assault).
"""

from __future__ import annotations

from typing import Any, Final, TYPE_CHECKING

from builder.systems.heroes.engine.actions import Action, interned
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import (
    ASSAULT_ATTACK, ASSAULT_DEFENCE, CLOSING_ACTIONS, CLOSING_DECIDE, DEFENCE, IN_PLAY, MOVEMENT, SHOT,
)
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.transport import square_of
from builder.systems.heroes.engine.state import (
    RuleField, SideRuleField, declare_field, declare_side_field, key_rows, rule_field, set_rule_field, set_side_field, side_field,
)

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, SideState, UnitState

DIRECTIVE = "directive"
RULE = "000 core rules, Recruitment Options > Orders > Directive"
FIRE_AT_WILL, CHARGE, DOUBLE_TIME, HOLD = "fire-at-will", "charge", "double-time", "hold-your-ground"
KINDS = (FIRE_AT_WILL, CHARGE, DOUBLE_TIME, HOLD)
NAMES = {FIRE_AT_WILL: "Fire at Will!", CHARGE: "Charge!", DOUBLE_TIME: "Double Time!", HOLD: "Hold Your Ground!"}
RANGE = 3
DECISIONS: Final[SideRuleField[tuple[int, tuple[str, ...]] | tuple[()]]] = declare_side_field("directive_decisions", __name__, key=lambda d: [d[0], list(d[1])])
"""Per side, once it has decided: (the turn of its last directive decision, the directives placed)."""


def decisions(side: "SideState") -> tuple[int, tuple[str, ...]]:
    """The side's (turn of its last directive decision, directives placed); (0, ()) before any."""
    return side_field(side, DECISIONS) or (0, ())


def officers(state: "GameState", side: int) -> list["UnitState"]:
    """The side's officers on the battlefield, who may take a directive."""
    return [u for u in state.units if u.side == side and u.active and u.st.profile.outline == "officer"
            and not u.st.decoy]


def kinds_left(state: "GameState", side: int) -> tuple[str, ...]:
    """Directives the side may still place: none once the option's tokens are spent."""
    if tokens_left_of(state, side) <= 0:
        return ()
    used = decisions(state.sides[side])[1]
    return tuple(k for k in KINDS if k not in used)


def tokens_left_of(state: "GameState", side: int) -> int:
    """Directive tokens the side has left (an order: army-wide)."""
    return sum(v for (_, k), v in state.sides[side].equipment.items() if k == DIRECTIVE)


def pending(state: "GameState", side: int) -> bool:
    """Must ``side`` still decide on this round's directive? (it has the option,
    has not decided this round, and has a token and an officer)."""
    return (DIRECTIVE in state.static.sides[side].keys and decisions(state.sides[side])[0] != state.turn
            and bool(kinds_left(state, side)) and bool(officers(state, side)))


def actions(state: "GameState", side: int) -> list[Action]:
    """Each directive left on each officer, or ``done`` (no directive this round)."""
    kinds = kinds_left(state, side)
    out = [interned("token", o.id, mode=k) for o in officers(state, side) for k in kinds]
    out.append(interned("done"))
    return out


def decide(state: "GameState", side: int, action: Action) -> None:
    """Apply the side's directive decision: place the token, or none this round."""
    s = state.sides[side]
    used = decisions(s)[1]
    if action.kind == "token":
        if action not in actions(state, side):
            raise IllegalAction(f"no such directive to place: {action.describe(state)}")
        officer = state.units[action.unit]
        for key in [k for k in s.equipment if k[1] == DIRECTIVE and s.equipment[k] > 0][:1]:
            s.equipment[key] -= 1
        used = (*used, action.mode)
        set_rule_field(state, DIRECTIVES, rule_field(state, DIRECTIVES) + ((side, officer.id, action.mode),))
        state.events.append(Event("directive", {"side": side, "unit": officer.id, "mode": action.mode}))
    set_side_field(s, DECISIONS, (state.turn, used))


def discard(state: "GameState") -> None:
    """End of the Supply phase: every directive on the battlefield is discarded."""
    for side, officer, kind in rule_field(state, DIRECTIVES):
        state.events.append(Event("directive-discarded", {"side": side, "unit": officer, "mode": kind}))
    set_rule_field(state, DIRECTIVES, ())


def _near(state: "GameState", officer: "UnitState", unit: "UnitState") -> bool:

    if not officer.active:
        return False
    here = state.squares_of(unit) or (square_of(state, unit),)
    distance = state.static.bf.distance
    return any(sq >= 0 and distance(officer.sq, sq) <= RANGE for sq in here)


def helped(state: "GameState", unit: "UnitState", kind: str) -> bool:
    """Is ``unit`` within 3 squares of an officer of its side holding directive ``kind``?"""
    return any(side == unit.side and k == kind and _near(state, state.units[o], unit)
               for side, o, k in rule_field(state, DIRECTIVES))


def _term(kind: str, value: int) -> list[Term]:
    return [Term(value, f"{NAMES[kind]} directive", RULE, bonus=True)]


def _fire_at_will(state: "GameState", unit: "UnitState", plan: Any, weapon: Any) -> list[Term] | None:
    if DIRECTIVES in state.rule_fields and state.units[plan.target].is_infantry and helped(state, unit, FIRE_AT_WILL):
        return _term(FIRE_AT_WILL, 1)
    return None


def _charge(state: "GameState", unit: "UnitState", plan: Any) -> list[Term] | None:
    if DIRECTIVES in state.rule_fields and helped(state, unit, CHARGE):
        return _term(CHARGE, 1)
    return None


def _double_time(state: "GameState", unit: "UnitState") -> int | None:
    if DIRECTIVES in state.rule_fields and helped(state, unit, DOUBLE_TIME):
        return 2
    return None


def _hold(state: "GameState", unit: "UnitState", plan: Any) -> list[Term] | None:
    if DIRECTIVES in state.rule_fields and unit.is_infantry and helped(state, unit, HOLD):
        return [Term(1, f"{NAMES[HOLD]} directive", RULE)]
    return None


def closing_actions(state: "GameState", side: int) -> list[Action]:
    """Once every token is placed: the side's directive decision, while it has one to make."""
    return actions(state, side) if pending(state, side) else []


def in_play(state: "GameState") -> bool:
    """Has a side of the game the Directive option?"""
    return any(DIRECTIVE in s.keys for s in state.static.sides)


register("option", DIRECTIVE, "Directive", "simulated", RULE,
         hooks=[SHOT.by(_fire_at_will), ASSAULT_ATTACK.by(_charge), MOVEMENT.by(_double_time), DEFENCE.by(_hold),
                ASSAULT_DEFENCE.by(_hold), IN_PLAY.by(in_play), CLOSING_ACTIONS.by(closing_actions),
                CLOSING_DECIDE.by(decide)])


# the directives on officers, (side, officer, directive): discarded at step 5 of the
# Supply phase
DIRECTIVES: Final[RuleField[tuple[tuple[int, int, str], ...]]] = declare_field("directives", __name__, key=key_rows, supply_end=discard)
