"""Zones of control (000 core rules, Action! > Movement > Zone of Control).

Each infantry unit controls the 8 squares around it, except across a no-passage
symbol, outside its room when it stands in a building (but across an opening next
to it, and into the half-squares beside it: 003 Battle for Normandy, Buildings, Rooms &
Zone of Control; builder/systems/heroes/board/rooms.py), and not at all while
suppressed (Special Abilities > Suppressive Fire > Suppressed Marker Penalties).
Vehicles exert none and ignore them (Vehicles and Zones of Control). A mover may
not step from one square of an enemy's zone into another square of the *same*
enemy's zone: with a bit per enemy unit, the step a -> b is forbidden exactly when
``zoc[a] & zoc[b]`` is non-zero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.board.bitboard import board_of, squares
from builder.systems.heroes.board.rooms import zone_around
from builder.systems.heroes.engine.derived import Derived, derived, table
from builder.systems.heroes.engine.state import LISTING, infantry_of

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.state import GameState, UnitState


def exerts_zoc(unit: "UnitState") -> bool:
    return unit.active and unit.is_infantry and unit.suppressed == 0


def zone_squares(bf: "Battlefield") -> tuple[tuple[int, ...], ...]:
    """By square, the squares an infantry unit standing there controls: those around
    it (edges respected), in a building those of its room, across an opening and in the
    half-squares beside it (builder.systems.heroes.board.rooms.zone_around). Built once per
    battlefield."""
    key = ("zones",)
    hit = bf.derived.get(key)
    if hit is None:
        hit = tuple(zone_around(bf, sq) for sq in range(bf.size))
        bf.derived[key] = hit
    return hit


def zone_boards(bf: "Battlefield") -> tuple[int, ...]:
    """:func:`zone_squares` as bitboards (builder.systems.heroes.board.bitboard), built once per
    battlefield."""
    key = ("zone-boards",)
    hit = bf.derived.get(key)
    if hit is None:
        hit = bf.derived[key] = tuple(board_of(zone) for zone in zone_squares(bf))
    return hit


def zone_of(state: "GameState", unit: "UnitState") -> tuple[int, ...]:
    """The squares ``unit`` controls."""
    return zone_squares(state.static.bf)[unit.sq] if exerts_zoc(unit) else ()


def _controllers(state: "GameState", side: int):
    """(bit, squares controlled) for each enemy unit of ``side`` exerting a zone."""
    zones = zone_squares(state.static.bf)
    for u in state.units:
        if u.side != side and exerts_zoc(u):
            yield 1 << u.id, zones[u.sq]


def enemy_zoc(state: "GameState", side: int) -> dict[int, int]:
    """Square -> bit mask of the enemy units (of ``side``'s opponents) controlling it."""
    masks: dict[int, int] = {}
    get = masks.get
    for bit, zone in _controllers(state, side):
        for n in zone:
            masks[n] = get(n, 0) | bit
    return masks


class Zones:
    """The enemy zones of control a side's movers face, as bitboards
    (builder.systems.heroes.board.bitboard): ``controlled`` holds every controlled square, and
    :meth:`forbidden` the squares a step from a square may not enter. ``masks``
    gives them by square as the bits of the controlling enemy units (0 where none),
    for the square by square search."""

    __slots__ = ("controlled", "_zones", "_forbidden", "_masks", "_size")

    def __init__(self, zones: list[tuple[int, int]], size: int) -> None:
        self._zones = zones  # (bit of the enemy unit, bitboard of its zone)
        self._size = size
        controlled = 0
        for _, board in zones:
            controlled |= board
        self.controlled = controlled
        self._forbidden: dict[int, int] = {}
        self._masks: list[int] | None = None

    def forbidden(self, sq: int) -> int:
        """The squares a step from ``sq`` may not enter: those in the zone of an
        enemy whose zone holds ``sq`` too (computed on first need)."""
        board = self._forbidden.get(sq)
        if board is None:
            board = 0
            for _, zone in self._zones:
                if zone >> sq & 1:
                    board |= zone
            self._forbidden[sq] = board
        return board

    def same_within(self, other: "Zones", region: int) -> bool:
        """Do these zones and ``other`` read the same within ``region``: the same zones
        reaching into it? A flood that stays inside ``region`` (and tries no square
        beyond) then goes exactly as it went (builder.systems.heroes.engine.movement.infantry_moves),
        whichever enemies moved elsewhere."""
        mine = [zone for _, zone in self._zones if zone & region]
        theirs = [zone for _, zone in other._zones if zone & region]
        return mine == theirs

    @property
    def masks(self) -> list[int]:
        if self._masks is None:
            masks = [0] * self._size
            for bit, zone in self._zones:
                for n in squares(zone):
                    masks[n] |= bit
            self._masks = masks
        return self._masks


def enemy_zones(state: "GameState", side: int) -> Zones:
    """The :class:`Zones` of ``side``'s enemies. They depend only on which enemy
    units control a zone and where they stand, so the last few are kept (on the
    game's static part) and reused while those do not change: callers must not
    modify them. While legal actions are listed, a side's are looked up once."""
    listing = state.memo.get(LISTING)
    if listing is not None:
        zones = listing.get(side)
        if zones is None:
            zones = listing[side] = _enemy_zones(state, side)
        return zones
    return _enemy_zones(state, side)


_ZONES: Final[Derived[dict[tuple[int, ...], Zones]]] = table(
    "zoc: the zones of control of a set of enemies, by (enemy id << 16 | square)s")
"""Bounded: cleared when full."""


def _enemy_zones(state: "GameState", side: int) -> Zones:
    units = state.units
    # each controlling enemy as one number, unit id above its square: a flat tuple of
    # ints hashes and compares faster than one of pairs (built hundreds of times a game)
    key = tuple([uid << 16 | u.sq for other in range(len(state.sides)) if other != side
                 for uid in infantry_of(state, other)
                 if (u := units[uid]).sq >= 0 and not u.suppressed and u.alive])
    tables = derived(state, _ZONES)
    zones = tables.get(key)
    if zones is None:
        bf = state.static.bf
        boards = zone_boards(bf)
        if len(tables) >= 64:
            tables.clear()
        zones = tables[key] = Zones([(1 << (k >> 16), boards[k & 0xFFFF]) for k in key], bf.size)
    return zones


def zoc_step_forbidden(masks: dict[int, int], a: int, b: int) -> bool:
    ma = masks.get(a)
    return bool(ma and ma & masks.get(b, 0))
