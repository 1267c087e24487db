"""Half-squares and building rooms (003 Battle for Normandy, Battlefield 1.3, Buildings,
Rooms & Zone of Control / Firing Actions; 1.4, Half-Squares; builder/systems/heroes/board/rooms.py).

Half-squares: the ruined street of Caen in Beaver Tails with Sauerkraut
(tests/fixtures/engine/positions/half-squares.yaml), two houses A5:B6 and D5:E6 with the
half-squares C5-C6 between them. Rooms: the Caen town house of Trading Blows
(tests/fixtures/engine/positions/rooms.yaml), its east part H1:I2 split into rooms H1-H2 and
I1-I2 by a wall (H1|I1) with a door (H2|I2), the east room opening on J2."""

from __future__ import annotations

from functools import lru_cache

from builder.systems.heroes.engine.assault import plan_assault
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.movement import infantry_reach
from builder.systems.heroes.engine.zoc import zone_of
from builder.systems.heroes.tools.position import load_position

from engine_helpers import POSITIONS


@lru_cache(maxsize=2)
def _loaded(name: str):  # type: ignore[no-untyped-def]
    return load_position(POSITIONS / name)


def position(name: str):  # type: ignore[no-untyped-def]
    state, names = _loaded(name)
    return state.clone(), names


def _names(bf, squares) -> set[str]:  # type: ignore[no-untyped-def]
    return {bf.name(sq) for sq in squares}


def test_no_diagonal_step_enters_or_leaves_a_half_square() -> None:
    """Example A: the diagonal moves into and out of the half-squares are forbidden; the
    orthogonal ones, from one building to the other, are open."""
    state, _ = position("half-squares.yaml")
    bf = state.static.bf
    assert _names(bf, bf.adjacent(bf.square("C5"))) == {"B5", "D5", "C4", "C6"}
    assert bf.square("C5") not in bf.adjacent(bf.square("B6"))
    assert bf.square("C6") not in bf.adjacent(bf.square("D5"))
    assert bf.square("C5") not in bf.adjacent(bf.square("B4"))


def test_infantry_crosses_from_one_building_to_the_other_counting_the_half_squares_as_one() -> None:
    state, names = position("half-squares.yaml")
    bf = state.static.bf
    house = state.units[names["house"]]
    dist, _ = infantry_reach(state, house, 2)
    assert dist[bf.square("C5")] == 1 and dist[bf.square("D5")] == 2


def test_vehicles_and_guns_stay_out_of_half_squares() -> None:
    state, _ = position("half-squares.yaml")
    bf = state.static.bf
    for kind in ("light_vehicle", "heavy_vehicle", "gun"):
        assert not bf.enterable(bf.square("C5"), kind, False)
    assert bf.enterable(bf.square("C5"), "infantry", False)


def test_the_zone_of_a_unit_in_a_half_square_has_no_corners() -> None:
    """A unit in a half-square controls its offset neighbours and the squares it overlaps
    (beside, ahead and behind), not the squares across a corner."""
    state, names = position("half-squares.yaml")
    bf = state.static.bf
    assert _names(bf, zone_of(state, state.units[names["between"]])) == {"B6", "D6", "C5", "C7"}


def test_a_unit_in_a_building_controls_the_half_squares_beside_it_not_the_street() -> None:
    """Unit A of the example exerts a zone on the squares and half-squares next to it; the
    zone stays inside the walls (no opening on the street)."""
    state, names = position("half-squares.yaml")
    bf = state.static.bf
    zone = _names(bf, zone_of(state, state.units[names["house"]]))
    assert zone == {"A5", "A6", "B6", "C5"}


def test_a_shot_from_another_room_meets_the_building_defence() -> None:
    """From the west room (H2) through the door at the east room (I2): the target takes the
    building's defence bonus; from its own room (I1) it does not, and the shot needs no
    opening inside the building."""
    state, names = position("rooms.yaml")
    east = state.units[names["east"]]
    across = plan_shot(state, state.units[names["west"]], 0, east)
    inside = plan_shot(state, state.units[names["roommate"]], 0, east)
    assert across.ok and inside.ok, (across.reason, inside.reason)
    assert any("modular-building" in t.label for t in across.defence_terms)
    assert not any("modular-building" in t.label for t in inside.defence_terms)


def test_an_assault_from_another_room_or_outside_meets_the_building_defence() -> None:
    state, names = position("rooms.yaml")
    bf = state.static.bf
    east = state.units[names["east"]]
    outside = plan_assault(state, state.units[names["door"]], east, bf.square("J2"))
    inside = plan_assault(state, state.units[names["roommate"]], east, bf.square("I1"))
    assert any("modular-building" in t.label for t in outside.defence_terms)
    assert not any("modular-building" in t.label for t in inside.defence_terms)


def test_a_zone_of_control_reaches_through_doors_but_not_walls() -> None:
    """The east room's unit controls its room, the square its door opens on (J2: the blue
    arrow) and the west room's square behind the inner door (H2), not the street's corners;
    the west room's unit stops at the wall (I1)."""
    state, names = position("rooms.yaml")
    bf = state.static.bf
    assert _names(bf, zone_of(state, state.units[names["east"]])) == {"I1", "J2", "H2"}
    assert _names(bf, zone_of(state, state.units[names["west"]])) == {"H1", "I2"}
