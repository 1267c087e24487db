"""Urban Fighter (003 Battle for Normandy, Special Abilities > Movement Special
Abilities > Urban Fighter; 000 core rules, Terrain and Terrain Overlays > Buildings).

Once in a move action, a unit with the ability may go into or out of a building
through an opening marked with a white arrow (a window: content marks it
``white_arrow`` on the overlay's opening; the battlefield keeps these as
``Battlefield.windows``, never a bunker's). It may also leave a building that
way when it retreats after losing an assault (the forced move).

The engine adds to the unit's ordinary move destinations those it reaches only
by crossing one window: from a square its ordinary move reaches with movement
left and from which the move may go on (not difficult passage, the step out
allowed by enemy zones of control), one step through the window, then an
ordinary move with what is left, without a second window. These are plain
``move`` actions (no token is spent). Games without a white-arrow opening, and
units without the ability, pay one test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.board.bitboard import spread, squares, step_boards
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.zoc import enemy_zones
from builder.systems.heroes.engine.movement import _blocking

if TYPE_CHECKING:
    from builder.systems.heroes.board.grid import Battlefield
    from builder.systems.heroes.engine.movement import Reach
    from builder.systems.heroes.engine.state import GameState, UnitState

URBAN = "urban-fighter"
RULE = "003 Battle for Normandy, Special Abilities > Movement Special Abilities > Urban Fighter"


def may_use(state: "GameState", u: "UnitState") -> bool:
    """A battlefield with a window and a unit with the ability."""
    return bool(state.static.bf.windows) and u.ability(URBAN) is not None


def through(bf: "Battlefield", a: int, b: int) -> bool:
    """Is there a window between the orthogonal squares ``a`` and ``b``?"""
    return ((a, b) if a < b else (b, a)) in bf.windows


def window_squares(state: "GameState", u: "UnitState", mv: int, reach: "Reach") -> list[int]:
    """Squares ``u`` may end its move on only by crossing one window (ascending),
    given its ordinary :class:`~builder.systems.heroes.engine.movement.Reach` with ``mv`` points."""
    bf = state.static.bf
    blocking = _blocking(state, u.side)
    boards = step_boards(bf, u.type, u.ability("amphibious") is not None)
    zones = enemy_zones(state, u.side)
    dist = reach.dist()
    go_on = reach.go_on
    seeds: dict[int, int] = {}  # depth -> squares entered through a window at that depth
    for a, b in sorted(bf.windows):
        for p, q in ((a, b), (b, a)):
            d = dist.get(p)
            if d is None or d >= mv or not go_on >> p & 1 or blocking >> q & 1:
                continue
            if not bf.enterable(q, u.type, u.ability("amphibious") is not None):
                continue
            if zones.controlled >> p & 1 and zones.forbidden(p) >> q & 1:
                continue
            seeds[d + 1] = seeds.get(d + 1, 0) | 1 << q
    if not seeds:
        return []
    shifts, neighbours = boards.shifts, boards.neighbours
    controlled, forbidden = zones.controlled, zones.forbidden
    open_, keep_going = ~blocking, ~boards.difficult
    frontier = entered = 0
    for depth in range(min(seeds), mv + 1):
        new = spread(frontier & ~controlled, shifts) if frontier else 0
        in_zone = frontier & controlled
        while in_zone:
            low = in_zone & -in_zone
            new |= neighbours[low.bit_length() - 1] & ~forbidden(low.bit_length() - 1)
            in_zone ^= low
        new = (new & open_ | seeds.get(depth, 0)) & ~entered
        entered |= new
        frontier = new & keep_going
    return squares(entered & ~state.occupied & ~reach.free & ~(1 << u.sq))


def window_exit(state: "GameState", u: "UnitState", to: int) -> bool:
    """May ``u``, forced to move out of its square (a retreat after a lost assault),
    leave through a window onto ``to``?"""
    return may_use(state, u) and through(state.static.bf, u.sq, to)


register("ability", URBAN, "Urban Fighter", "partial", RULE,
         "white-arrow openings are content placeholders (the printed overlays are pictures); the path of a "
         "move through a window is not traced for opportunity fire or Firing on the Move; the Solo Mode's "
         "reaction card granting it is not applied")
