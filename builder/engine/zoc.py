"""Zones of control (000 core rules, Action! > Movement > Zone of Control).

Each infantry unit controls the 8 squares around it, except across a no-passage
symbol, outside its building when it stands in one, and not at all while
suppressed (Special Abilities > Suppressive Fire > Suppressed Marker Penalties).
Vehicles exert none and ignore them (Vehicles and Zones of Control). A mover may
not step from one square of an enemy's zone into another square of the *same*
enemy's zone: with a bit per enemy unit, the step a -> b is forbidden exactly when
``zoc[a] & zoc[b]`` is non-zero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState


def exerts_zoc(unit: "UnitState") -> bool:
    return unit.active and unit.is_infantry and unit.suppressed == 0


def zone_of(state: "GameState", unit: "UnitState") -> tuple[int, ...]:
    """The squares ``unit`` controls."""
    bf = state.static.bf
    if not exerts_zoc(unit):
        return ()
    sq = unit.sq
    if bf.terrain[sq].building:
        return tuple(n for n in bf.adjacent(sq) if bf.area[n] == bf.area[sq])
    return bf.adjacent(sq)


def _controllers(state: "GameState", side: int):  # type: ignore[no-untyped-def]
    """(bit, squares controlled) for each enemy unit of ``side`` exerting a zone."""
    bf = state.static.bf
    terrain, area = bf.terrain, bf.area
    adjacent = bf._adjacent or [bf.adjacent(0)] and bf._adjacent
    for u in state.units:
        if (u.side == side or u.suppressed or u.sq < 0 or not u.alive or u.wreck
                or u.st.profile.type not in ("infantry", "gun")):
            continue
        sq = u.sq
        squares = adjacent[sq]
        if terrain[sq].building:
            squares = tuple(n for n in squares if area[n] == area[sq])
        yield 1 << u.id, squares


def enemy_zoc(state: "GameState", side: int) -> dict[int, int]:
    """Square -> bit mask of the enemy units (of ``side``'s opponents) controlling it."""
    masks: dict[int, int] = {}
    get = masks.get
    for bit, squares in _controllers(state, side):
        for n in squares:
            masks[n] = get(n, 0) | bit
    return masks


def enemy_zoc_table(state: "GameState", side: int) -> list[int]:
    """As :func:`enemy_zoc`, as a list by square (0 where no enemy controls it):
    the movement search reads it in its inner loop, where a list index is much
    cheaper than a dict lookup. The table depends only on which enemy units
    control a zone and where they stand, so the last few tables of a game are
    kept (on its static part) and reused while those do not change: callers must
    not modify it."""
    key = tuple((u.id, u.sq) for u in state.units
                if not (u.side == side or u.suppressed or u.sq < 0 or not u.alive or u.wreck
                        or u.st.profile.type not in ("infantry", "gun")))
    tables = state.static.__dict__.setdefault("_zoc_tables", {})
    masks = tables.get(key)
    if masks is None:
        masks = [0] * state.static.bf.size
        for bit, squares in _controllers(state, side):
            for n in squares:
                masks[n] |= bit
        if len(tables) >= 64:
            tables.clear()
        tables[key] = masks
    return masks  # type: ignore[no-any-return]


def zoc_step_forbidden(masks: dict[int, int], a: int, b: int) -> bool:
    ma = masks.get(a)
    return bool(ma and ma & masks.get(b, 0))
