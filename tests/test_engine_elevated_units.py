"""Units standing in Elevated Positions (003 Battle for Normandy, Battlefield > Elevated
Positions; builder/systems/heroes/board/elevation.py): every line with an elevated end follows the
rule, the shots of units on a hill and at them included. The position: Hill 113 in Charge of
the Light Brigade (tests/fixtures/engine/positions/elevated.yaml), a Luftwaffe squad on the rise
at AE5 and one on the crest at AE3, British riflemen below in the wood's edge at AE8, more in the
open at AB7, a Bren team at AE6 between the rise and the wood."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from builder.systems.heroes.board.elevation import high_line, levels
from builder.systems.heroes.board.los import line_of_sight, sight, trace
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.tools.position import load_position

from engine_helpers import POSITIONS

ELEVATED = POSITIONS / "elevated.yaml"


@lru_cache(maxsize=1)
def _loaded():  # type: ignore[no-untyped-def]
    return load_position(ELEVATED)


def position():  # type: ignore[no-untyped-def]
    state, names = _loaded()
    return state.clone(), names


def _put(state, uid: int, sq: int) -> None:  # type: ignore[no-untyped-def]
    u = state.units[uid]
    for s in state.squares_of(u):
        state.set_occupant(s, -1)
    u.sq = sq
    state.set_occupant(sq, uid)


def test_infantry_never_blocks_the_line_of_a_unit_on_the_rise() -> None:
    """Example D: the Bren team at AE6 stands between the rise and the wood; from the rise the
    line is only hindered by the wood's edge right before the riflemen (-1), where on the
    ground the Bren team would block it."""
    state, names = position()
    up, below, screen = (state.units[names[n]] for n in ("up", "below", "screen"))
    seen = line_of_sight(state, up, below)
    assert seen.kind == "obscured" and seen.penalty == 1
    assert [state.static.bf.name(sq) for sq, _ in seen.obscurers] == ["AE7"]
    assert screen.sq in seen.squares


def test_the_riflemen_below_fire_back_through_the_same_obstacles() -> None:
    """003: a unit that can be targeted from an Elevated Position can target it back."""
    state, names = position()
    up, below = state.units[names["up"]], state.units[names["below"]]
    there, back = line_of_sight(state, up, below), line_of_sight(state, below, up)
    assert (there.kind, there.penalty) == (back.kind, back.penalty) == ("obscured", 1)
    shot = plan_shot(state, below, 0, up)
    assert shot.ok and any("obscured" in t.label and t.value == -1 for t in shot.terms)


def test_the_steep_down_angle_hides_the_foot_of_the_hill() -> None:
    """A unit on the crest (AE3) cannot fire down across the rest of the crest (AE4) at the
    riflemen below; the squad on the rise cannot fire across the rise at AB7."""
    state, names = position()
    crest, up = state.units[names["crest"]], state.units[names["up"]]
    for firer, target in ((crest, state.units[names["below"]]), (up, state.units[names["open"]])):
        seen = line_of_sight(state, firer, target)
        assert seen.kind == "blocked" and "steep down-angle" in seen.blocker
        assert not plan_shot(state, target, 0, firer).ok  # both ways


def test_a_vehicle_right_before_the_target_blocks_but_not_further_back() -> None:
    """Examples A and C with a unit on the rise: a vehicle hinders only the square right
    after it; set back from the target, the line goes over it."""
    state, names = position()
    bf = state.static.bf
    up = state.units[names["up"]]
    level = levels(bf)
    tank = state.units[names["tank"]]
    screen = state.units[names["screen"]]
    state.set_occupant(screen.sq, -1)
    screen.sq = -1
    lines = []
    for b in range(bf.size):
        crossed, edge = trace(bf, up.sq, b)
        if (level[b] == 0 and len(crossed) >= 3 and not edge and state.occ[b] < 0
                and all(level[s] < level[up.sq] and not bf.terrain[s].blocks_los and not bf.terrain[s].obscures
                        and state.occ[s] < 0 for s in crossed)):
            lines.append((b, crossed))
    assert lines, "no clear line from the rise down to the ground"
    b, crossed = lines[0]
    assert sight(state, up.sq, b, up).kind == "clear"
    _put(state, tank.id, crossed[-1])
    assert sight(state, up.sq, b, up).kind == "blocked"
    _put(state, tank.id, crossed[0])
    assert sight(state, up.sq, b, up).kind == "clear"


def test_between_two_elevated_positions_nothing_on_the_ground_interferes() -> None:
    """A vehicle on a ground square between two elevated squares does not block their line; on
    the ground it would."""
    state, names = position()
    bf = state.static.bf
    level = levels(bf)
    tank = state.units[names["tank"]]
    found = None
    for a in range(bf.size):
        for b in range(a + 1, bf.size):
            if level[a] and level[b] and state.occ[a] < 0 and state.occ[b] < 0:
                crossed, edge = trace(bf, a, b)
                ground = [s for s in crossed if level[s] == 0 and state.occ[s] < 0]
                if ground and not edge and all(not bf.terrain[s].blocks_los for s in crossed):
                    found = (a, b, ground[0])
                    break
        if found:
            break
    assert found, "no line between two elevated squares crosses the ground"
    a, b, ground = found
    before = sight(state, a, b)
    _put(state, tank.id, ground)
    assert sight(state, a, b).kind == before.kind != "blocked"


@settings(max_examples=150, deadline=None)
@given(a=st.integers(min_value=0), b=st.integers(min_value=0), tank=st.integers(min_value=0))
def test_every_line_with_an_elevated_end_reads_the_same_both_ways(a: int, b: int, tank: int) -> None:
    """003: "If a Unit in an Elevated Position can target an opposing Unit, then that opposing
    Unit can target them back", obstacles applying both ways: the verdict and the penalty
    are the same from either end, a vehicle standing anywhere. The one exception is a line
    drawn between squares right beside an end: it does not hinder the unit adjacent to it
    (003 1.1, "limited by Adjacency"), so those lines are left to tests/test_engine_lines.py."""
    state, names = position()
    bf = state.static.bf
    high = [sq for sq in range(bf.size) if levels(bf)[sq]]
    a, b, tank_sq = high[a % len(high)], b % bf.size, tank % bf.size
    assume(not any(end in (f[5], f[6]) for f in high_line(bf, a, b).found for end in (a, b)))
    vehicle = state.units[names["tank"]]
    if state.occ[tank_sq] < 0 and tank_sq not in (a, b):
        _put(state, vehicle.id, tank_sq)
    there, back = sight(state, a, b), sight(state, b, a)
    assert (there.kind, there.penalty, there.blocker) == (back.kind, back.penalty, back.blocker)


def test_the_explainer_says_the_line_is_traced_from_an_elevated_position(cli) -> None:  # type: ignore[no-untyped-def]
    out = cli("explain", "los", str(ELEVATED), "below", "up")
    assert out.exit_code == 0, out.stderr
    assert "elevated position" in out.stdout and "verdict: obscured, -1" in out.stdout
