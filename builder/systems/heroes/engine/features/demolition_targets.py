"""Demolition targets fired at through their red dot: the steelworks chimney (003 Battle
for Normandy, Battlefield > Buildings > Destroying the Chimney; Campaign > 6 Operation
Stack, Victory Conditions).

A scenario lists the terrain elements a side must destroy (``targets``,
builder/systems/heroes/content/models/scenario.py): the red dot square, the Destruction markers that
destroy the element, the side that may fire at it, and whether it may be fired at from
the start or only once an ``open_target`` effect says so (Operation Stack: from the turn
after the Commonwealth holds its secondary objectives).

A unit of that side in its activation, before it moves or fires, may fire at an open
standing target with a weapon that has Destruction: a ``fire`` decision with mode
``demolition-target``, ``square`` the red dot, no target unit. The shot needs a line of
sight from the unit to the red dot (the red dot is not an elevated position), the
weapon's arc and its limited range. It rolls the weapon's Destruction dice (000 core
rules, Special Abilities > Destruction; a Destroyer nearby adds 2 to each): each 4 or
more is a Destruction marker. Indirect Fire cannot damage the target: only this direct
shot can. Enough markers destroy it; the ``demolished`` condition then holds.

The rule field ``targets`` (declared here) holds the open targets and their markers
((id, markers), cloned; hashed once a target is open). The game loop offers the shots
(hook ``activation_actions``) and carries them out by their mode (``scenario_apply``)
without naming this module (builder.systems.heroes.engine.effects.scenario_hooks).

The top floor (003, Battlefield > Buildings > The Chimney). A target with ``stairs``
has a top floor, its secondary tile, standing above the red dot: the red dot's square
(terrain that no unit enters on the ground, an Elevated Position, walled all round) is
where a unit on the top floor stands. An infantry unit, as its move (in its activation or
as its supply move), may climb there: a ``climb`` decision with mode ``up`` and ``square``
the red dot, offered when it stands on a stairs square or reaches a free one with a
movement point left (003 prints no cost: the step from stairs to stairs is read as one
square); the move enters the squares up to the stairs and ends on the top floor (003: it
must stop its move there). From the top it climbs down to a free stairs square the same
way (mode ``down``), ending its move there. So a unit on the top floor sees and is seen
as from an Elevated Position at the red dot, range counted from it, its sight ignoring
the chimney's own walls (builder/systems/heroes/board/elevation.py: an elevated building square
is not hindered by its own structure); it takes the defence bonus of the red dot's terrain (the top floor's);
units on the top floor and on the stairs square may fire at each other. Shots at the
chimney itself are traced on the ground to the red dot (``sight_to_dot``: it is not an
Elevated Position, and the walls round its square do not hide it). Once the chimney has
its Destruction markers, the unit on the top floor is destroyed with it (``eliminated``).

Readings: the top floor holds one unit, the red dot's square (the secondary tile's own
squares are not places); grenades between the floors and the ruined tile laid in the
chimney's place are not played (builder/systems/heroes/tools/terrain_coverage.py).
"""

from __future__ import annotations

from typing import Any, Final, TYPE_CHECKING

from builder.systems.heroes.engine import opportunity
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.ambush import reveal
from builder.systems.heroes.engine.damage import eliminate, roll
from builder.systems.heroes.engine.features.destruction import SCORES, destroyer_bonus, destruction_dice
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import (
    ACTIVATION_ACTIONS, CONDITION, DECIDE, IN_SCENARIO, SCENARIO_APPLY, SCENARIO_EFFECT, SUPPLY_MOVE_ACTIONS,
)
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import in_arc
from builder.systems.heroes.engine.movement import infantry_reach, movement_allowance, path_to
from builder.systems.heroes.board.los import sight_to_dot
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = ("003 Battle for Normandy, Battlefield > Buildings > Destroying the Chimney; Campaign > 6 Operation "
        "Stack, Victory Conditions")
MODE = "demolition-target"  # the mode of a fire decision at a demolition target
CLIMB = "climb"  # the decision kind of a climb between the stairs and a target's top floor
UP, DOWN = "up", "down"
TARGETS: Final[RuleField[tuple[tuple[int, int], ...]]] = declare_field("targets", __name__, key=key_rows)
"""The targets open to fire: (target id, Destruction markers)."""


def spec(state: "GameState", target_id: str) -> Any:
    return next((t for t in state.static.scenario.targets if t.id == target_id), None)


def markers(state: "GameState", target_id: str) -> int:
    return next((m for t, m in rule_field(state, TARGETS) if t == target_id), -1)


def is_open(state: "GameState", target_id: str) -> bool:
    t = spec(state, target_id)
    return t is not None and (t.open or markers(state, target_id) >= 0)


def demolished(state: "GameState", target_id: str) -> bool:
    """The ``demolished`` condition: the target has received its Destruction markers."""
    t = spec(state, target_id)
    return t is not None and markers(state, target_id) >= t.structure


def open_target(state: "GameState", eff: Any) -> None:
    """The ``open_target`` effect: the target may be fired at from now on."""
    if markers(state, eff.target) < 0:
        set_rule_field(state, TARGETS, rule_field(state, TARGETS) + ((eff.target, 0),))
        state.events.append(Event("target-open", {"target": eff.target}))


def opened(state: "GameState", eff: Any, side: int) -> bool:
    """Carry out an ``open_target`` effect (the target names its side)."""
    open_target(state, eff)
    return True


def condition(state: "GameState", cond: Any) -> bool:
    """The scenario's ``demolished`` victory condition."""
    return demolished(state, cond.demolished)


def shots(state: "GameState", u: "UnitState") -> list["Action"]:
    """``fire`` decisions of ``u`` at the open standing targets of its side."""
    targets = state.static.scenario.targets
    if not targets or u.sq < 0 or u.st.decoy or u.concealed:
        return []
    side_id = state.side_ids[u.side]
    out: list[Action] = []
    bf = state.static.bf
    for t in targets:
        if t.side != side_id or not is_open(state, t.id) or demolished(state, t.id):
            continue
        dot = bf.square(t.at)
        if not sight_to_dot(state, u.sq, dot, u).ok:
            continue
        face = u.st.profile.faces[u.face]
        for wi, w in enumerate(face.weapons):
            if wi in state.fired or not destruction_dice(u, w) or (w.role == "primary" and u.damage & 8):
                continue
            limit = int(w.abilities.get("limited-range") or u.ability("limited-range") or 10**6)
            if bf.distance(u.sq, dot) <= limit and in_arc(state, u, w.arc, u.sq, dot):
                out.append(Action("fire", unit=u.id, weapon=wi, square=dot, mode=MODE))
    return out


def fire(state: "GameState", action: "Action") -> None:
    """Apply a shot at a demolition target: the weapon's Destruction dice."""
    u = state.units[action.unit]
    if action not in shots(state, u):
        raise IllegalAction(f"no shot at a demolition target there: {action.describe(state)}")
    t = next(t for t in state.static.scenario.targets if state.static.bf.square(t.at) == action.square)
    reveal(state, u, "fired")
    w = u.st.profile.faces[u.face].weapons[action.weapon]
    bonus = destroyer_bonus(state, u)
    scored = sum(1 for _ in range(destruction_dice(u, w)) if roll(state, "destruction", u.id) + bonus >= SCORES)
    total = max(0, markers(state, t.id)) + scored
    set_rule_field(state, TARGETS, tuple((i, total if i == t.id else m) for i, m in rule_field(state, TARGETS)))
    if t.open and markers(state, t.id) < 0:
        set_rule_field(state, TARGETS, rule_field(state, TARGETS) + ((t.id, total),))
    state.events.append(Event("shot-at-target", {"unit": u.id, "target": t.id, "scored": scored, "total": total,
                                                 "needs": t.structure}))
    if total >= t.structure:
        state.events.append(Event("target-destroyed", {"target": t.id, "side": u.side}))
        on_top = state.occ[action.square] if t.stairs else -1
        if on_top >= 0:  # 003: any units present in the chimney are destroyed with it
            eliminate(state, state.units[on_top], f"{t.name or t.id} destroyed")


def climbs(state: "GameState", u: "UnitState") -> list["Action"]:
    """``climb`` decisions of ``u``: up to the free top floor of a standing target from a
    free stairs square it stands on or reaches with a movement point left (the climb is
    one more square of its move), or down from the top floor to a free stairs square."""
    if u.sq < 0 or u.type != "infantry" or u.st.decoy:
        return []
    bf, occ = state.static.bf, state.occ
    out: list[Action] = []
    for t in state.static.scenario.targets:
        if not t.stairs or demolished(state, t.id):
            continue
        dot = bf.square(t.at)
        stairs = [bf.square(s) for s in t.stairs]
        if u.sq == dot:
            if movement_allowance(state, u) > 0:
                out.extend(Action(CLIMB, unit=u.id, square=s, mode=DOWN) for s in stairs if occ[s] < 0)
        elif occ[dot] < 0 and any(_stairs_path(state, u, s) is not None for s in stairs):
            out.append(Action(CLIMB, unit=u.id, square=dot, mode=UP))
    return out


def _stairs_path(state: "GameState", u: "UnitState", stairs: int) -> list[int] | None:
    """The squares a move of ``u`` enters up to the stairs square (empty: it stands there),
    when it may go on from there for one more square; else None."""
    mv = movement_allowance(state, u)
    if u.sq == stairs:
        return [] if mv > 0 else None
    if state.occ[stairs] >= 0:
        return None
    dist, go_on = infantry_reach(state, u, mv)
    spent = dist.get(stairs)
    if spent is None or spent + 1 > mv or stairs not in go_on:
        return None
    return path_to(state, u, stairs)


def offers(state: "GameState", u: "UnitState") -> list["Action"]:
    """What the rule offers the unit being activated: shots at the targets, climbs."""
    return shots(state, u) + climbs(state, u)


def climb(state: "GameState", action: "Action") -> None:
    """Carry out a climb: the unit's move, by the stairs square, ending on the other floor
    (opportunity fire may answer it as any move of the activation)."""
    u = state.units[action.unit]
    if action not in climbs(state, u):
        raise IllegalAction(f"no climb there: {action.describe(state)}")
    path: list[int] = []
    if action.mode == UP:
        t = next(t for t in state.static.scenario.targets if t.stairs and state.static.bf.square(t.at) == action.square)
        path = next(p for p in (_stairs_path(state, u, state.static.bf.square(s)) for s in t.stairs) if p is not None)
    path.append(action.square)
    state.events.append(Event("climbed", {"unit": u.id, "from": u.sq, "to": action.square, "way": action.mode}))
    state.set_occupant(u.sq, -1)
    u.sq = action.square
    state.set_occupant(u.sq, u.id)
    if state.phase == "supply":
        u.supply_moved = True
    else:
        state.moved = True
        opportunity.offer(state, u, path)


def supply_climbs(state: "GameState", side: int, movers: list[int]) -> list["Action"]:
    """The climbs of the units making their supply moves (000 core rules, Supply phase,
    step 3: a move like any other)."""
    return [a for uid in movers for a in climbs(state, state.units[uid])]


def on_top(state: "GameState", u: "UnitState") -> bool:
    """Is ``u`` on the top floor of a target (the AI's and the tests' question)?"""
    bf = state.static.bf
    return u.sq >= 0 and any(t.stairs and bf.square(t.at) == u.sq for t in state.static.scenario.targets)


def in_scenario(state: "GameState") -> bool:
    """Does the scenario list demolition targets?"""
    return bool(state.static.scenario.targets)


register("scenario-rule", "demolition-targets",
         "Terrain elements destroyed through their red dot (the Chimney and its top floor)", "partial", RULE,
         "the top floor holds one unit (at the red dot); grenades between "
         "the floors and the ruined tile laid on the board are not played; the greedy "
         "player fires when it can but does not move to get a line of sight",
         modes=(MODE,), rank=20, scenario_effects=("open_target",), conditions=("demolished",), decides=(CLIMB,),
         hooks=[IN_SCENARIO.by(in_scenario), ACTIVATION_ACTIONS.by(offers), SCENARIO_APPLY.by(fire), SCENARIO_EFFECT.by(opened),
                CONDITION.by(condition), DECIDE.by(climb), SUPPLY_MOVE_ACTIONS.by(supply_climbs)])
