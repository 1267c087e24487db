"""Rooms of buildings and the half-squares between them, as board geometry (003 Battle for
Normandy, Battlefield 1.3, Buildings, Rooms & Zone of Control and Buildings, Rooms & Firing
Actions; 1.4, Half-Squares).

Rooms. A building may be split into rooms by red markings (an overlay's ``rooms``: lists
of its squares). Each room gets a number (``Battlefield.room``, -1 outside buildings);
building squares no listed room holds make one room per block of building squares
joined side to side (a building drawn on a board, an overlay without room lists), so a
building with no red markings is a single room.

* Firing and assault (:func:`shelters`): a unit shot at or assaulted from another room
  than its own takes its building's defence bonus; from its own room it does not (000
  core rules: "unless the attacker is inside too"; 003 narrows "inside" to the room).
* Zone of control (:func:`zone_around`): a unit in a building controls the squares around
  it that it could step to in its own room, the half-squares next to it, and the square
  across an opening next to it (003: a zone next to a blue arrow extends to the square the
  arrow points at, so it may keep units from entering or leaving; walls and windows stop
  it). Outside units already reach in across an opening (the step is open).

Half-squares. Where two buildings or ruins touch, the strip between them is drawn as
squares of a ``half_square`` terrain (each standing for the two half-squares an infantry
unit counts as one square). Steps into and out of them are orthogonal only: the
diagonal moves of 003's example A are closed (:meth:`Battlefield.step_open
<builder.systems.heroes.board.grid.Battlefield.step_open>`), so a unit in a half-square controls
the squares beside, ahead and behind it (its offset-grid neighbours and the general-grid
squares it overlaps) and none across a corner. Vehicles and counters larger than one
square are kept out by the terrain's ``impassable_to``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield

RULE_ROOMS = "003 Battle for Normandy, Battlefield 1.3, Buildings, Rooms & Zone of Control / Firing Actions"
RULE_HALF = "003 Battle for Normandy, Battlefield 1.4, Half-Squares"


def number_rooms(bf: "Battlefield", listed: list[list[int]]) -> None:
    """Fill ``bf.room``: the rooms ``listed`` (squares of each overlay's room lists, in
    laying order) first, then one room per block of the other building squares."""
    room = [-1] * bf.size
    for k, squares in enumerate(listed):
        for sq in squares:
            if bf.terrain[sq].building:
                room[sq] = k
    n = len(listed)
    w = bf.width
    for start in range(bf.size):
        if room[start] >= 0 or not bf.terrain[start].building:
            continue
        room[start] = n
        todo = [start]
        while todo:
            sq = todo.pop()
            y, x = divmod(sq, w)
            for nb in (sq - w if y else -1, sq + w if y + 1 < bf.height else -1,
                       sq - 1 if x else -1, sq + 1 if x + 1 < w else -1):
                if (nb >= 0 and room[nb] < 0 and bf.terrain[nb].building and bf.area[nb] == bf.area[sq]
                        and (min(sq, nb), max(sq, nb)) not in bf.blocked_edges):
                    room[nb] = n
                    todo.append(nb)
        n += 1
    bf.room = room


def shelters(bf: "Battlefield", target_sq: int, from_sq: int) -> bool:
    """Does the terrain of ``target_sq`` give its defence bonus against a shot or an
    assault from ``from_sq``? In a building: unless the attacker is in the same room;
    on another overlay: unless the attacker is on the same overlay (000 core rules,
    Terrain > Defense)."""
    if bf.terrain[target_sq].building:
        return bf.room[from_sq] != bf.room[target_sq]
    area = bf.area[target_sq]
    return not (area >= 0 and bf.area[from_sq] == area)


def zone_around(bf: "Battlefield", sq: int) -> tuple[int, ...]:
    """The squares an infantry unit standing on ``sq`` controls (see the module)."""
    if not bf.terrain[sq].building:
        return bf.adjacent(sq)
    room = bf.room[sq]
    return tuple(n for n in bf.adjacent(sq)
                 if bf.terrain[n].half_square or (bf.terrain[n].building and bf.room[n] == room)
                 or (min(sq, n), max(sq, n)) in bf.openings)
