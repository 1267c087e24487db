"""The Chimney's top floor (003 Battle for Normandy, Battlefield > Buildings > The Chimney and
Destroying the Chimney; Campaign > 6 Operation Stack): a unit climbs from the stairs square to
the secondary tile above the red dot, sees and is seen from there as from an Elevated Position,
may be shot at, and is destroyed with the chimney.
builder/systems/heroes/engine/features/demolition_targets.py; builder/systems/heroes/board/elevation.py."""

from __future__ import annotations

from copy import copy
from functools import lru_cache
from pathlib import Path

import pytest

from builder.systems.heroes.ai.demolition import climb_value
from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.scenario import Objective
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.board.elevation import levels
from builder.systems.heroes.board.los import ground_sight, sight, sight_to_dot
from builder.systems.heroes.engine.features.demolition_targets import CLIMB, DOWN, MODE, UP, climbs, on_top, shots
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.state import NO_ORDER
from builder.systems.heroes.engine.movement import infantry_reach, movement_allowance, reachable
from builder.systems.heroes.engine.scenario_events import effect
from builder.kernel.errors import IllegalAction

from engine_helpers import Scripted, activate

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(BFN)


def _put(state, u, sq: int) -> None:  # type: ignore[no-untyped-def]
    for s in state.squares_of(u):
        state.set_occupant(s, -1)
    u.sq = sq
    state.set_occupant(sq, u.id)


def _clear(state, sq: int) -> None:  # type: ignore[no-untyped-def]
    """Move whoever stands on ``sq`` off the battlefield (out of the way of the test)."""
    o = state.occ[sq]
    if o >= 0:
        state.set_occupant(sq, -1)
        state.units[o].sq = -1


def stack():  # type: ignore[no-untyped-def]
    """Operation Stack; a German infantry unit on the stairs square H4, a 25-pdr gun for the
    Commonwealth; the squares round the chimney cleared."""
    state = Rules.new_game(bfn(), "operation-stack", seed=4,
                           armies=[[{"tile": "cw-high-command"}, {"tile": "cw-25pdr-battery"}], None])
    bf = state.static.bf
    for name in ("G3", "H4"):
        _clear(state, bf.square(name))
    climber = next(u for u in state.units if u.side == 1 and u.type == "infantry" and u.sq >= 0)
    _put(state, climber, bf.square("H4"))
    return state, climber


def climb_up(state, climber):  # type: ignore[no-untyped-def]
    activate(state, climber.id)
    up = next(a for a in legal_actions(state) if a.kind == CLIMB)
    apply(state, up, check=True)
    while state.pending:  # the Commonwealth lets the climb go without opportunity fire
        apply(state, next(a for a in legal_actions(state) if a.kind == "pass"))
    return up


def test_the_stairs_square_offers_the_climb_and_the_unit_stops_on_the_top_floor() -> None:
    """003: from the stairs square the unit is placed on the top floor's stairs square and
    must stop its movement action there."""
    state, climber = stack()
    bf = state.static.bf
    activate(state, climber.id)
    offered = [a for a in legal_actions(state) if a.kind == CLIMB]
    assert offered == [Action(CLIMB, unit=climber.id, square=bf.square("G3"), mode=UP)]
    apply(state, offered[0], check=True)
    assert climber.sq == bf.square("G3") and on_top(state, climber)
    assert state.moved and not any(a.kind in ("move", CLIMB) for a in legal_actions(state))
    assert any(e.kind == "climbed" for e in state.events)


def test_no_unit_reaches_the_top_floor_on_the_ground_nor_walks_off_it() -> None:
    """The red dot's square is no ground square: nobody moves into it, and from the top the
    only way is back down the stairs."""
    state, climber = stack()
    bf = state.static.bf
    dot = bf.square("G3")
    assert dot not in reachable(state, climber)
    climb_up(state, climber)
    activate(state, climber.id)
    acts = legal_actions(state)
    assert not [a for a in acts if a.kind == "move"]
    assert [a for a in acts if a.kind == CLIMB] == [Action(CLIMB, unit=climber.id, square=bf.square("H4"), mode=DOWN)]


def test_the_top_floor_holds_one_unit() -> None:
    """With the top floor taken, a second unit on the stairs square is offered no climb."""
    state, climber = stack()
    bf = state.static.bf
    climb_up(state, climber)
    second = next(u for u in state.units if u.side == 1 and u.type == "infantry" and u.sq >= 0 and u is not climber)
    _put(state, second, bf.square("H4"))
    activate(state, second.id)
    assert climbs(state, second) == []
    with pytest.raises(IllegalAction):
        apply(state, Action(CLIMB, unit=second.id, square=bf.square("G3"), mode=UP))


def test_the_red_dot_is_an_elevated_position_seeing_over_the_chimney_walls() -> None:
    """003: the top floor's line of sight is traced from the red dot, ignoring the chimney's
    own walls: from the top the unit sees the square just past the chimney's foot, which a
    ground unit on the red dot's square would not (the foot blocks the ground line)."""
    state, climber = stack()
    bf = state.static.bf
    dot = bf.square("G3")
    assert levels(bf)[dot] > 0
    past = bf.square("I3")  # beyond H3, a square of the chimney's foot that blocks sight
    _clear(state, past)
    assert ground_sight(state, dot, past).kind == "blocked"
    assert sight(state, dot, past).ok and sight(state, past, dot).ok


def test_a_unit_on_the_top_floor_is_shot_at_with_the_top_floors_defence() -> None:
    """003: a shot at a unit on the secondary tile follows the Elevated Position rules and the
    target takes the defensive bonus of the floor it is on."""
    state, climber = stack()
    bf = state.static.bf
    climb_up(state, climber)
    rifles = next(u for u in state.units if u.side == 0 and u.type == "infantry")
    spot = next(s for s in (bf.square(n) for n in ("G6", "F6", "E6", "H6", "D6"))
                if state.occ[s] < 0 and sight(state, s, climber.sq).ok)
    _put(state, rifles, spot)
    activate(state, rifles.id)
    fire = [a for a in legal_actions(state) if a.kind == "fire" and a.target == climber.id]
    assert fire, "no shot at the unit on the top floor"
    plan = plan_shot(state, rifles, fire[0].weapon, climber, "normal", 0, False, None)
    assert plan.ok
    assert [(t.value, t.label) for t in plan.defence_terms if "G3" in t.label] == [(2, "chimney-red-dot at G3")]


def test_the_chimney_destroyed_takes_the_unit_on_its_top_floor_with_it() -> None:
    """003: when the chimney has its Destruction markers, any units present in it are
    destroyed; the unit on the stairs square below is not."""
    state, climber = stack()
    bf = state.static.bf
    climb_up(state, climber)
    below = next(u for u in state.units if u.side == 1 and u.type == "infantry" and u.sq >= 0 and u is not climber)
    _put(state, below, bf.square("H4"))
    gun = next(u for u in state.units if u.side == 0 and u.st.profile.id == "cw-25pdr")
    dot = bf.square("G3")
    free = sorted((s for s in range(bf.size) if state.occ[s] < 0 and s != dot and bf.enterable(s, gun.type, False)
                   and sight_to_dot(state, s, dot).kind == "clear" and bf.distance(s, dot) >= 2),
                  key=lambda s: (bf.distance(s, dot), s))
    for s in state.squares_of(gun):
        state.set_occupant(s, -1)
    gun.sq, gun.facing = free[0], 0
    for s in state.squares_of(gun):
        state.set_occupant(s, gun.id)
    effect(state, next(e for ev in state.static.scenario.events for e in ev.effects if e.do == "open_target"), "cw")
    for _ in range(2):
        activate(state, gun.id)
        shot = next(a for a in shots(state, gun) if a.mode == MODE)
        state.dice = Scripted(6, 6)
        apply(state, shot)
    assert any(e.kind == "target-destroyed" for e in state.events)
    assert not climber.alive and below.alive
    assert any(e.kind == "eliminated" and e.data["unit"] == climber.id for e in state.events)


def test_a_unit_climbs_at_the_end_of_a_move_that_reaches_the_stairs_with_a_point_left() -> None:
    """003: the unit moves from the stairs square to the top floor's; the step up is one more
    square of its move (003 prints no cost), and the move stops there."""
    state, climber = stack()
    bf = state.static.bf
    stairs, dot = bf.square("H4"), bf.square("G3")
    mv = movement_allowance(state, climber)
    near = next(s for s in (bf.square(n) for n in ("H6", "I6", "G6", "J6")) if state.occ[s] < 0)
    _put(state, climber, near)
    spent = infantry_reach(state, climber)[0][stairs]
    assert spent + 1 <= mv
    climb_up(state, climber)
    assert climber.sq == dot
    far = next(s for s in range(bf.size) if state.occ[s] < 0 and bf.enterable(s, "infantry", False)
               and bf.distance(s, stairs) == mv + 1)
    _put(state, climber, far)
    activate(state, climber.id)
    assert climbs(state, climber) == []  # out of reach: no climb, and the top is not taken meanwhile


def test_units_on_the_stairs_and_on_the_top_floor_fire_at_each_other() -> None:
    """003: a unit on either linked stairs square may fire at a unit on the other, and the
    target has the defensive bonus of the floor it is on."""
    state, climber = stack()
    bf = state.static.bf
    climb_up(state, climber)
    rifles = next(u for u in state.units if u.side == 0 and u.type == "infantry")
    _put(state, rifles, bf.square("H4"))
    assert sight(state, rifles.sq, climber.sq).ok and sight(state, climber.sq, rifles.sq).ok
    activate(state, rifles.id)
    up = [a for a in legal_actions(state) if a.kind == "fire" and a.target == climber.id]
    assert up
    plan = plan_shot(state, rifles, up[0].weapon, climber, "normal", 0, False, None)
    assert any(t.value == 2 and "G3" in t.label for t in plan.defence_terms)
    activate(state, climber.id)
    state.memo = {}  # the rifles' decisions were listed for the same position
    assert [a for a in legal_actions(state) if a.kind == "fire" and a.target == rifles.id]


def test_the_greedy_player_values_the_climb_more_when_the_scenario_scores_the_top() -> None:
    """An objective on the red dot makes the climb worth more to the greedy player (a unit
    two squares from the stairs), which then takes it rather than hold."""
    state, climber = stack()
    bf = state.static.bf
    _put(state, climber, bf.square("H6"))
    activate(state, climber.id)
    up = next(a for a in climbs(state, climber))
    plain = climb_value(state, up)
    sc = bfn().scenarios["operation-stack"]
    top = Objective(id="chimney-top", kind="secondary", at="G3", victory_points=2)
    pack = copy(bfn())
    scored_sc = sc.model_copy(update={"id": "operation-stack-top", "objectives": [*sc.objectives, top]})
    pack.items = {**bfn().items, "scenarios": {**bfn().items["scenarios"], scored_sc.id: scored_sc}}
    scored = Rules.new_game(pack, scored_sc.id, seed=4,
                            armies=[[{"tile": "cw-high-command"}, {"tile": "cw-25pdr-battery"}], None])
    for name in ("G3", "H4"):
        _clear(scored, scored.static.bf.square(name))
    mover = scored.units[climber.id]
    _put(scored, mover, scored.static.bf.square("H6"))
    activate(scored, mover.id)
    assert climb_value(scored, up) > plain
    greedy = GreedyPlayer(seed=1, side=1)
    assert greedy.choose(scored, [up, Action("hold", unit=mover.id)]) == up


def test_a_unit_making_its_supply_move_climbs_too() -> None:
    """000 core rules, Supply phase: a unit with neither order nor Activated marker moves;
    its move may be the climb, after which the side's supply moves go on."""
    state, climber = stack()
    bf = state.static.bf
    state.phase, state.supply_side, state.to_act = "supply", 1, 1
    state.sides[1].supply_done = False
    climber.order, climber.activated, climber.acted, climber.supply_moved = NO_ORDER, False, False, False
    up = [a for a in legal_actions(state) if a.kind == CLIMB]
    assert up == [Action(CLIMB, unit=climber.id, square=bf.square("G3"), mode=UP)]
    apply(state, up[0], check=True)
    assert climber.sq == bf.square("G3") and climber.supply_moved
    assert not state.sides[1].supply_done
