"""Structures and demolition points (000 core rules, Terrain and Terrain Overlays >
Structure; Special Abilities > Destruction; 003 Battle for Normandy, Firing Special
Abilities > Destroyer).

A structure is a terrain overlay printed with a structure value (``structure`` on
the overlay in the content): the demolition points that destroy it. Its squares are
the overlay's building squares (a farmhouse's yard is on the tile, not in the
structure), or the whole overlay when it has none. The points scored on each
standing structure live in the game state (``GameState.demolition``: (overlay
area, points), only those with points; games without any hash as before).

Reaching the value destroys the structure: the overlay turns over to its ruin side
(``ruin_side``; none: it is removed). The terrain is static in the engine (the
battlefield and its line-of-sight tables are shared by every copy of a game), so a
destruction swaps the game's :class:`~builder.systems.heroes.engine.state.GameStatic` for a copy
whose battlefield is built from the same layout with that overlay ruined: copy on
write, the clones of the game before the destruction keep the old one. Ruined
battlefields are cached on the pack like the others (keyed by layout and ruins),
so games that destroy the same structures share one battlefield and its lines;
games without a destruction pay nothing. Sight, movement, defence bonuses and
building membership then read the ruins.

Every unit inside takes a Suppressed marker and is redeployed on the ruins, the
initiative side first. The ruins cover the squares of the building, so the engine
redeploys each unit where it stands (a documented deterministic placement, not a
choice), or, when the ruins do not take it there, on the nearest free square of
the ruins it may enter (else the nearest free square it may enter).
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.systems.heroes.board.battlefield import build_battlefield
from builder.systems.heroes.engine.damage import suppress
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.state import GameState, UnitState

R_STRUCTURE = "000 core rules, Terrain and Terrain Overlays > Structure"
DEMOLITION: Final[RuleField[tuple[tuple[int, int], ...]]] = declare_field("demolition", __name__, key=key_rows)
"""Destruction points on structures not yet destroyed: sorted ``(area, points)``."""


def structure_squares(bf: "Battlefield", area: int) -> tuple[int, ...]:
    """The squares of the structure of overlay ``area`` (cached on the battlefield)."""
    key = ("structure", area)
    hit = bf.derived.get(key)
    if hit is None:
        squares = [sq for sq in range(bf.size) if bf.area[sq] == area]
        hit = tuple(sq for sq in squares if bf.terrain[sq].building) or tuple(squares)
        bf.derived[key] = hit
    return hit


def structure_at(bf: "Battlefield", sq: int) -> int:
    """The area of the standing structure on square ``sq``, -1 when none."""
    if not bf.structures or sq < 0:
        return -1
    area = bf.area[sq]
    if area in bf.structures and sq in structure_squares(bf, area):
        return area
    return -1


def points(state: "GameState", area: int) -> int:
    """Demolition points scored on the structure of ``area``."""
    for a, p in rule_field(state, DEMOLITION):
        if a == area:
            return p
    return 0


def units_inside(state: "GameState", area: int) -> list["UnitState"]:
    """Units on the squares of the structure, the initiative side's first."""
    squares = structure_squares(state.static.bf, area)
    inside = [u for u in state.units if u.alive and u.sq >= 0 and any(s in squares for s in state.squares_of(u))]
    inside.sort(key=lambda u: (u.side != state.initiative, u.id))
    return inside


def damage(state: "GameState", square: int, count: int, why: str) -> bool:
    """Inflict ``count`` demolition points on the structure on ``square`` (none
    there: nothing happens). Returns whether the structure was destroyed. The entry
    point for every source: Destruction dice, demolition charges, a Goliath."""
    area = structure_at(state.static.bf, square)
    if area < 0 or count <= 0:
        return False
    return damage_structure(state, area, count, why)


def damage_structure(state: "GameState", area: int, count: int, why: str) -> bool:
    """Inflict ``count`` demolition points on the standing structure of ``area``."""
    value = state.static.bf.structures[area][0]
    total = points(state, area) + count
    rest = tuple(d for d in rule_field(state, DEMOLITION) if d[0] != area)
    state.events.append(Event("demolition", {"area": area, "points": count, "total": total, "value": value,
                                             "why": why}))
    if total < value:
        set_rule_field(state, DEMOLITION, tuple(sorted(rest + ((area, total),))))
        return False
    set_rule_field(state, DEMOLITION, rest)
    destroy(state, area)
    return True


def destroy(state: "GameState", area: int) -> None:
    """The structure of ``area`` is destroyed: its overlay turns to its ruin side,
    the units inside are suppressed and redeployed on the ruins."""
    old = state.static.bf
    ruin = old.structures[area][1]
    inside = units_inside(state, area)
    bf = build_battlefield(state.static.pack, old.layout, old.ruined + ((area, ruin),))
    state.static = state.static.renewed(bf=bf)
    state.events.append(Event("structure-destroyed", {"area": area, "ruin": ruin or "",
                                                      "units": [u.id for u in inside]}))
    for u in inside:
        suppress(state, u, 1, "structure destroyed")
    for u in inside:
        if u.alive and u.sq >= 0:
            _redeploy(state, u, area)


def _redeploy(state: "GameState", u: "UnitState", area: int) -> None:
    """Put ``u`` back on the ruins: where it stands when it may, else the nearest
    free square of the ruins (then of the battlefield) it may enter."""
    bf = state.static.bf
    amphibious = u.ability("amphibious") is not None
    if all(bf.enterable(s, u.type, amphibious) for s in state.squares_of(u)):
        return
    ruins = [sq for sq in range(bf.size) if bf.area[sq] == area]
    for pool in (ruins, range(bf.size)):
        free = [s for s in pool if state.occ[s] < 0 and bf.enterable(s, u.type, amphibious)]
        if free:
            target = min(free, key=lambda s: (bf.distance(u.sq, s), s))
            for s in state.squares_of(u):
                state.set_occupant(s, -1)
            u.sq = target
            state.set_occupant(target, u.id)
            state.events.append(Event("redeployed", {"unit": u.id, "square": target, "why": "structure destroyed"}))
            return
