"""Transport: vehicles carrying infantry (000 core rules, Special Abilities > Transport).

A carried unit is off the grid (``sq`` -1, not in ``occ``/``occupied``) and names
its vehicle in ``carried_by``: nothing sees, targets, blasts or is held back by
it, and it moves with the vehicle without being moved. It still takes orders and
acts from the vehicle.

- Room: the vehicle's Transport value; a unit whose current side dies from one
  hit (the skull symbol), a hero or an officer takes 1, any other unit 2, and at
  most one gun rides at a time.
- Getting in (``move``, ``mode`` "embark", ``target`` the vehicle, ``square``
  the vehicle's front square): in the Activation or Supply phase, at the end of
  an infantry move, from a square next to the vehicle (the unit's own square, a
  move of 0, included). The move ends on the nearest such square.
- Getting out (``move``, ``mode`` "disembark", ``target`` the vehicle,
  ``square`` where the move ends): at the start of the move, onto a free square
  next to the vehicle, the whole move then made from there (leaving costs no
  movement point: the rule ties it to the start of the move).
- Assault from the vehicle (``assault``, ``mode`` "transport", ``square`` the
  vehicle square next to the defender): the vehicle counts as a free square; a
  winner advances into the defender's square, otherwise it stays aboard.
- The vehicle destroyed: the troops inside take no damage and are put on free
  squares next to the wreck, outside enemy zones of control, their owner
  choosing (a ``displace`` choice); a unit with no such square is eliminated
  (the rules do not say: placeholder ruling). A Tripod unit is put out on its
  packed (inactive) side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine.actions import Action
from builder.kernel.events import Event
from builder.systems.heroes.engine.steps import VEHICLE_LOST
from builder.systems.heroes.engine.assault import may_assault
from builder.systems.heroes.engine.damage import eliminate
from builder.systems.heroes.engine.movement import infantry_moves, infantry_path, movement_allowance
from builder.systems.heroes.engine.zoc import enemy_zoc
from builder.systems.heroes.board.bitboard import squares as board_squares
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

EMBARK = "embark"
DISEMBARK = "disembark"
FROM_VEHICLE = "transport"


def _transports(state: "GameState") -> tuple[int, ...]:
    return tuple(u.id for u in state.units if u.is_vehicle and (
        "transport" in u.st.granted or any("transport" in f.abilities for f in u.st.profile.faces)))


_TRANSPORTS: Final = Derived("transport: the vehicles with Transport on some side", _transports)


def transports(state: "GameState") -> tuple[int, ...]:
    """Ids of the game's vehicles with Transport on some side (worked out once per
    game: units never change profile). Empty for most games, which then pay one
    dict lookup per listing."""
    return derived(state, _TRANSPORTS)


def room_taken(unit: "UnitState") -> int:
    """Transport room ``unit`` takes: 1 for a side with the skull (one hit
    eliminates it), a hero or an officer; 2 for any other unit."""
    if unit.st.profile.outline in ("hero", "officer"):
        return 1
    face = unit.st.profile.faces[unit.face]
    return 1 if not (face.flips and unit.face + 1 < len(unit.st.profile.faces)) else 2


def passengers(state: "GameState", vehicle: "UnitState") -> list["UnitState"]:
    """The living units ``vehicle`` carries, by id."""
    vid = vehicle.id
    return [u for u in state.units if u.carried_by == vid and u.alive]


def has_room(state: "GameState", vehicle: "UnitState", unit: "UnitState") -> bool:
    """May ``unit`` get into ``vehicle`` now: an active vehicle of its side with
    Transport on its current side, room left, and no second gun. A decoy counter
    (builder.systems.heroes.engine.decoys) stands for no unit and takes no seat: it stays on the
    map, where its bluff works."""
    if unit.st.decoy:
        return False
    capacity = vehicle.ability("transport")
    if capacity is None or not vehicle.active or vehicle.side != unit.side:
        return False
    aboard = passengers(state, vehicle)
    if unit.type == "gun" and any(p.type == "gun" for p in aboard):
        return False
    return sum(room_taken(p) for p in aboard) + room_taken(unit) <= capacity


def square_of(state: "GameState", unit: "UnitState") -> int:
    """Where ``unit`` is: its square, or its vehicle's when carried."""
    if unit.sq < 0 and unit.carried_by >= 0:
        return state.units[unit.carried_by].sq
    return unit.sq


_NEXT_TO: Final[Derived[dict[tuple[int, int, int], int]]] = table(
    "transport: the squares next to a vehicle (a bitboard), by square, facing and footprint")


def _next_to(state: "GameState", vehicle: "UnitState") -> int:
    """Bitboard of the squares next to the vehicle (its own excluded), worked out
    once per game, square, facing and footprint."""
    key = (vehicle.sq, vehicle.facing, vehicle.st.profile.footprint)
    cache = derived(state, _NEXT_TO)
    board = cache.get(key)
    if board is None:
        bf = state.static.bf
        board = 0
        own = state.squares_of(vehicle)
        for s in own:
            for n in bf.adjacent(s):
                board |= 1 << n
        for s in own:
            board &= ~(1 << s)
        cache[key] = board
    return board


# --- getting in ----------------------------------------------------------------


def embark_actions(state: "GameState", unit: "UnitState", vehicles: tuple[int, ...], free: int) -> list[Action]:
    """Getting into each friendly Transport vehicle of ``vehicles`` next to a square
    the move may end on (``free``, a bitboard) or next to the unit."""
    out = []
    ends = free | 1 << unit.sq
    units = state.units
    for vid in vehicles:
        v = units[vid]
        if v.side != unit.side or not v.active:
            continue
        if ends & _next_to(state, v) and has_room(state, v, unit):
            out.append(Action("move", unit=unit.id, square=v.sq, target=vid, mode=EMBARK))
    return out


def embark_square(state: "GameState", unit: "UnitState", vehicle: "UnitState") -> int:
    """The square the move into ``vehicle`` ends on: the unit's own when next to
    it, else the nearest free square next to it (lowest number on a tie); -1 none."""
    near = _next_to(state, vehicle)
    if near >> unit.sq & 1:
        return unit.sq
    reach = infantry_moves(state, unit, movement_allowance(state, unit))
    ends = reach.free & near
    for layer in reach.layers:
        if layer & ends:
            low = layer & ends
            return (low & -low).bit_length() - 1
    return -1


def embark(state: "GameState", unit: "UnitState", vehicle: "UnitState") -> None:
    """Take ``unit`` off the grid into ``vehicle``."""
    if unit.sq >= 0 and state.occ[unit.sq] == unit.id:
        state.set_occupant(unit.sq, -1)
    unit.sq = -1
    unit.carried_by = vehicle.id
    state.events.append(Event("embarked", {"unit": unit.id, "vehicle": vehicle.id}))


# --- getting out ---------------------------------------------------------------


def exits(state: "GameState", unit: "UnitState") -> list[int]:
    """Free squares next to the carrying vehicle that ``unit`` may step onto."""
    vehicle = state.units[unit.carried_by]
    bf = state.static.bf
    amph = unit.ability("amphibious") is not None
    return [sq for sq in board_squares(_next_to(state, vehicle) & ~state.occupied)
            if bf.enterable(sq, unit.type, amph)]


def disembark_reach(state: "GameState", unit: "UnitState") -> dict[int, tuple[int, int]]:
    """Square -> (steps after leaving, exit square) for every square a move
    leaving the vehicle may end on (the nearest exit kept, lowest on a tie)."""
    mv = movement_allowance(state, unit)
    out: dict[int, tuple[int, int]] = {}
    for e in exits(state, unit):
        if e not in out or out[e][0] > 0:
            out[e] = (0, e)
        if mv <= 0:
            continue
        reach = infantry_moves(state, unit, mv, start=e)
        for d, layer in enumerate(reach.layers):
            for sq in board_squares(layer & reach.free):
                if sq not in out or out[sq][0] > d:
                    out[sq] = (d, e)
    return out


def disembark_actions(state: "GameState", unit: "UnitState") -> list[Action]:
    vid = unit.carried_by
    return [Action("move", unit=unit.id, square=sq, target=vid, mode=DISEMBARK)
            for sq in sorted(disembark_reach(state, unit))]


def disembark_path(state: "GameState", unit: "UnitState", square: int) -> list[int]:
    """Squares entered getting out to ``square``: the exit, then the shortest path
    from it; empty when the move is not possible."""

    got = disembark_reach(state, unit).get(square)
    if got is None:
        return []
    steps, e = got
    return [e] + (infantry_path(state, unit, square, start=e) if steps else [])


def disembark(state: "GameState", unit: "UnitState", square: int) -> None:
    """Put ``unit`` back on the grid at ``square``."""
    vid = unit.carried_by
    unit.carried_by = -1
    unit.sq = square
    state.set_occupant(square, unit.id)
    state.events.append(Event("disembarked", {"unit": unit.id, "vehicle": vid, "square": square}))


# --- assaults from the vehicle ---------------------------------------------------


def assault_from_vehicle_actions(state: "GameState", unit: "UnitState") -> list[Action]:
    """Assaults launched from the vehicle, a free square for the purpose: on an
    enemy next to one of the vehicle's squares, one step away from it (000 core
    rules, Action! > Assault; Special Abilities > Transport)."""
    if movement_allowance(state, unit) < 1 or unit.ability("assault") is None:
        return []
    vehicle = state.units[unit.carried_by]
    bf = state.static.bf
    steps = bf.steps(unit.type, unit.ability("amphibious") is not None)
    own = state.squares_of(vehicle)
    out = []
    for t in state.units:
        if t.side == unit.side or not t.active or min(bf.distance(s, t.sq) for s in own) > 1:
            continue
        if not may_assault(state, unit, t):
            continue
        for s in own:
            if t.sq in steps[s]:
                out.append(Action("assault", unit=unit.id, target=t.id, square=s, mode=FROM_VEHICLE))
                break
    return out


# --- the vehicle destroyed --------------------------------------------------------


def vehicle_lost(state: "GameState", vehicle: "UnitState") -> None:
    """The troops inside a destroyed vehicle take no damage: each is put on a free
    square next to the wreck outside enemy zones of control, its owner choosing
    (000 core rules, Special Abilities > Transport); none: it is eliminated."""
    if vehicle.id not in transports(state):
        return
    aboard = passengers(state, vehicle)
    if not aboard:
        return

    for u in aboard:
        u.carried_by = -1
        masks = enemy_zoc(state, u.side)
        amph = u.ability("amphibious") is not None
        bf = state.static.bf
        options = tuple(sq for sq in board_squares(_next_to(state, vehicle) & ~state.occupied)
                        if bf.enterable(sq, u.type, amph) and not masks.get(sq))
        state.events.append(Event("unloaded", {"unit": u.id, "vehicle": vehicle.id}))
        if any("tripod" in f.abilities for f in u.st.profile.faces):  # put out on its inactive side
            u.face = next((i for i, f in enumerate(u.st.profile.faces) if f.role == "packed"), u.face)
        if not options:
            eliminate(state, u, "no free square next to its destroyed vehicle")
            continue
        u.sq = vehicle.sq  # in the wreck until placed, like infantry a vehicle ends on
        state.pending.append(("displace", u.side, u.id, options, ()))


VEHICLE_LOST.provide(vehicle_lost)  # builder.systems.heroes.engine.damage calls it as a vehicle is lost
