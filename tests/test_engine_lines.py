"""Lines drawn between squares with a terrain type's effects: a low barricade in Clash
(003 Battle for Normandy, Battlefield 1.1, Lines and Terrain Effects; 1.2, Low Barricades;
builder/systems/heroes/board/lines.py). The position (tests/fixtures/engine/positions/lines.yaml):
Panzergrenadiere behind the fence at I3 (the fence runs between I3-J3 and I4-J4), American
riflemen right at it at J4 and further south at I6."""

from __future__ import annotations

from builder.systems.heroes.board.los import line_of_sight, sight
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.movement import infantry_reach
from builder.systems.heroes.tools.position import load_position

from engine_helpers import POSITIONS

LINES = POSITIONS / "lines.yaml"


def test_a_unit_away_from_the_line_is_hindered_by_it() -> None:
    """Example B/C: the riflemen at I6 fire across the fence at the unit behind it: -1."""
    state, names = load_position(LINES)
    shot = plan_shot(state, state.units[names["away"]], 0, state.units[names["behind"]])
    assert shot.ok
    assert [t.value for t in shot.terms if "low-barricade line" in t.label] == [-1]


def test_a_unit_adjacent_to_the_line_ignores_it_when_firing_across() -> None:
    """Example A: the Panzergrenadiere at the fence fire back over it unhindered, so the line
    of sight is not the same both ways across a line."""
    state, names = load_position(LINES)
    behind, away = state.units[names["behind"]], state.units[names["away"]]
    assert not any("line" in t.label for t in plan_shot(state, behind, 0, away).terms)
    there, back = line_of_sight(state, away, behind), line_of_sight(state, behind, away)
    assert there.penalty == back.penalty + 1 and not back.lines


def test_a_corner_of_the_line_counts_as_adjacent() -> None:
    """J4 is on the fence: its diagonal shot at I3, round the fence's corner, is not hindered."""
    state, names = load_position(LINES)
    seen = line_of_sight(state, state.units[names["at-fence"]], state.units[names["behind"]])
    assert seen.kind == "clear" and not seen.lines


def test_a_low_barricade_is_crossed_by_moving_units() -> None:
    """A line without a movement effect is not a wall: the Panzergrenadiere step over it."""
    state, names = load_position(LINES)
    bf = state.static.bf
    fence = state.units[names["at-fence"]]  # off the board: its zone of control would hold the step
    state.set_occupant(fence.sq, -1)
    fence.sq = -1
    dist, _ = infantry_reach(state, state.units[names["behind"]], 1)
    assert bf.square("I4") in dist and bf.square("I4") in bf.adjacent(bf.square("I3"))


def test_a_low_barricade_hinders_no_shot_at_a_vehicle() -> None:
    """'Obstacle (Infantry)' (003 1.2, Low Barricades), read as an obstacle to infantry only:
    the riflemen's shot at the Kubelwagen (J2-J3) crosses the fence unhindered, while the same
    line between infantry is hindered."""
    state, names = load_position(LINES)
    bf = state.static.bf
    away, car = state.units[names["away"]], state.units[names["car"]]
    shot = plan_shot(state, away, 0, car)
    assert shot.ok and shot.target_sq == bf.square("J2")
    assert not any("low-barricade" in t.label for t in shot.terms)
    for gone in (car, state.units[names["at-fence"]]):  # the same line from the riflemen, nobody on it
        for sq in state.squares_of(gone):
            state.set_occupant(sq, -1)
        gone.sq = -1
    assert [what for what, _ in sight(state, away.sq, bf.square("J2"), away).lines] == [
        "low-barricade line between J3 and J4"]
