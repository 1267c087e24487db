"""Movement (000 core rules, Action! > Movement; Terrain and Terrain Overlays).

Infantry moves up to its MV square by square, diagonals allowed, through friendly
infantry (never ending on it), never through vehicles, wrecks or enemy infantry,
obeying zones of control; entering difficult passage ends the move, and a unit
starting in one moves one square. Vehicles move as (front square, facing)
states: one square forward or backward, or 45 degrees of rotation, for 1 MP
each; they ignore zones of control and pass through infantry, which is displaced
at the end. Every Suppressed marker costs 2 MV (Suppressed Marker Penalties).
Move actions are destinations from a breadth-first search over bitboards, not
paths.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.board.grid import DIRS
from builder.systems.heroes.board.bitboard import squares, step_boards
from builder.systems.heroes.engine.derived import Derived, derived, table
from builder.systems.heroes.engine.state import RuleField, infantry_of
from builder.systems.heroes.engine.zoc import enemy_zones

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

VEHICLE_FLOODS: list[tuple[RuleField[Any], Callable[..., Any]]] = []
"""(rule field, search) pairs registered by rule modules that open ways for vehicles
(the Culling Hedgerow Cutter): once the field is set, the module's search
``flood(state, unit, mv, parents)`` replaces :func:`vehicle_states`' own. The rule
registers with this module, which never imports it."""


def movement_allowance(state: "GameState", unit: "UnitState", extra: int = 0) -> int:
    """MV of the current face, -2 per Suppressed marker, 0 with a damaged track,
    plus movement modifiers of rule modules (Double Time!, a Fuel token spent this
    round) and ``extra`` (a token about to be spent)."""
    if unit.damage & 2:
        return 0
    mv = unit.st.profile.faces[unit.face].movement - 2 * unit.suppressed + extra
    mv += state.rules.movement_bonus(state, unit)
    if state.boosts:
        mv += state.boosts.get(("movement", unit.id), 0)
    return mv if mv > 0 else 0


class Reach:
    """Where an infantry move can go, as bitboards: ``layers[d]`` holds the squares
    first entered after ``d`` steps (the start alone at 0), ``go_on`` the squares
    from which the move may continue, ``free`` the squares it may end on (entered,
    no unit there); ``free_squares`` lists those in ascending order. A reach is
    shared while it stays valid: never modify it or what it returns."""

    __slots__ = ("layers", "go_on", "free", "entered", "_free_squares", "_dist", "_go_on_squares")

    def __init__(self, layers: tuple[int, ...], go_on: int, free: int, entered: int) -> None:
        self.layers = layers
        self.go_on = go_on
        self.free = free
        self.entered = entered  # every square entered, the start included
        self._free_squares: tuple[int, ...] | None = None
        self._dist: dict[int, int] | None = None
        self._go_on_squares: set[int] | None = None

    @property
    def free_squares(self) -> tuple[int, ...]:
        """The squares of ``free``, ascending (built on first need: move lists are
        picked from ``free`` directly, builder.systems.heroes.board.bitboard.select)."""
        if self._free_squares is None:
            self._free_squares = tuple(squares(self.free))
        return self._free_squares

    def with_occupied(self, occupied: int) -> "Reach":
        """The same flood with other squares occupied (friendly infantry came or
        went, which a move passes through): only where it may end changes."""
        reach = Reach(self.layers, self.go_on, self.entered & ~occupied, self.entered)
        reach._dist, reach._go_on_squares = self._dist, self._go_on_squares
        return reach

    def within(self, steps: int) -> int:
        """Bitboard of the squares entered in at most ``steps`` steps."""
        board = 0
        for layer in self.layers[:steps + 1]:
            board |= layer
        return board

    def dist(self) -> dict[int, int]:
        """Square -> steps spent, by distance then square (built on first need)."""
        if self._dist is None:
            self._dist = {sq: d for d, layer in enumerate(self.layers) for sq in squares(layer)}
        return self._dist

    def go_on_squares(self) -> set[int]:
        """The squares of ``go_on`` (built on first need)."""
        if self._go_on_squares is None:
            self._go_on_squares = set(squares(self.go_on))
        return self._go_on_squares


def infantry_reach(state: "GameState", unit: "UnitState", mv: int | None = None
                   ) -> tuple[dict[int, int], set[int]]:
    """(square -> MP spent, squares from which the move may go on). Includes the
    start square (a move of 0). Shared while valid: callers must not modify them."""
    if mv is None:
        mv = movement_allowance(state, unit)
    reach = infantry_moves(state, unit, mv)
    return reach.dist(), reach.go_on_squares()


_REACHES: Final[Derived[dict[int, tuple[Any, ...]]]] = table(
    "movement: each infantry unit's last reach, with what it was worked out from")


def infantry_moves(state: "GameState", unit: "UnitState", mv: int, start: int = -1) -> Reach:
    """The :class:`Reach` of infantry ``unit`` with ``mv`` movement points, from its
    square (or from ``start``: a unit getting out of a vehicle).

    The whole frontier floods at once (builder.systems.heroes.board.bitboard): the squares one
    step on, less those already entered and those a unit blocks. Frontier squares
    open on every side and outside enemy zones step as a set, a shift along the
    row then one along the column (bitboard.king_spread); the others square by
    square, to their own steps, less (inside an enemy zone of control) those in
    the zone of an enemy controlling the square too. Squares of difficult passage
    end the move there. The result is kept per unit and reused while nothing it read has
    changed: the unit's square and allowance, the enemy zones reaching around what it
    reached (enemies moving elsewhere change nothing), and which squares there hold
    blocking units. When only friendly infantry came
    or went (a supply phase, where one side's units move one after the other),
    the flood is kept and only the squares the move may end on are worked out
    again."""
    occupied, blocking = state.occupied, _blocking(state, unit.side)
    zones = enemy_zones(state, unit.side)
    amphibious = unit.ability("amphibious") is not None
    cache = derived(state, _REACHES)
    if start < 0:
        start = unit.sq
    kept = cache.get(unit.id)
    if kept is not None:
        sq0, mv0, amph0, zones0, region, occupied0, blocking0, reach = kept
        if (sq0 == start and mv0 == mv and amph0 == amphibious and blocking & region == blocking0
                and (zones0 is zones or zones.same_within(zones0, region))):
            entered = reach.entered
            if occupied & entered == occupied0:
                if zones0 is not zones:  # the same where it matters: checked by identity next time
                    cache[unit.id] = (start, mv, amphibious, zones, region, occupied0, blocking0, reach)
                return reach
            # Only friendly infantry, which a move passes through, came or went:
            # the flood stands, the squares the move may end on change.
            reach = reach.with_occupied(occupied)
            cache[unit.id] = (start, mv, amphibious, zones, region, occupied & entered, blocking0, reach)
            return reach
    boards = step_boards(state.static.bf, unit.type, amphibious)
    neighbours = boards.neighbours
    controlled, forbidden = zones.controlled, zones.forbidden
    open_ = ~blocking
    keep_going = ~boards.difficult
    frontier = entered = go_on = 1 << start
    layers = [frontier]
    # Squares stepped from as a set (bitboard.king_spread): open on every side and
    # outside enemy zones. The others, one by one: their own steps, less those a
    # zone of control forbids.
    fast = boards.regular & ~controlled
    slow_squares = ~fast
    not_east, not_west, w, board = boards.not_east, boards.not_west, boards.width, boards.board
    for _ in range(min(mv, 1) if boards.difficult & frontier else mv):
        if not frontier:
            break
        # bitboard.king_spread, inlined: this loop is the hottest of random play
        row = frontier & fast
        row |= (row & not_east) << 1 | (row & not_west) >> 1
        new = (row | row << w | row >> w) & board
        slow = frontier & slow_squares
        if slow:  # read as a list at once: peeling squares off one by one costs big-integer operations each
            for sq in squares(slow):
                new |= neighbours[sq] & ~forbidden(sq) if controlled >> sq & 1 else neighbours[sq]
        new &= open_ & ~entered
        entered |= new
        layers.append(new)
        frontier = new & keep_going
        go_on |= frontier
    reach = Reach(tuple(layers), go_on, entered & ~occupied, entered)
    # every square next to one entered: a superset of those the flood tried to enter,
    # so that a blocking unit coming or going there is noticed
    region = (entered | (entered & not_east) << 1 | (entered & not_west) >> 1)
    region = (region | region << w | region >> w) & board
    cache[unit.id] = (start, mv, amphibious, zones, region, occupied & entered,
                      blocking & region, reach)
    return reach


def _blocking(state: "GameState", side: int) -> int:
    """Bitboard of the squares no move of ``side`` enters: any unit's but friendly
    infantry's, which a move passes through. It is remembered for the current
    decision while the units stand where they stood (a decision's consequences may
    move units, and moves are asked for again after that: Solo Mode reactions)."""
    occupied = state.occupied
    key = _BLOCKING_KEYS[side] if side < len(_BLOCKING_KEYS) else ("blocking", side)
    kept = state.memo.get(key)
    if kept is not None and kept[0] == occupied:
        return kept[1]
    occ, units = state.occ, state.units
    friendly = 0
    for uid in infantry_of(state, side):
        u = units[uid]
        sq = u.sq
        if sq >= 0 and occ[sq] == uid and u.alive:
            friendly |= 1 << sq
    blocking = occupied & ~friendly
    state.memo[key] = (occupied, blocking)
    return blocking


_BLOCKING_KEYS: Final = (("blocking", 0), ("blocking", 1))
"""The memo keys of :func:`_blocking`, made once (asked at every move listed)."""


def vehicle_graph(bf, vtype: str, amph: bool, fp: int, opened: frozenset[int] = frozenset()):
    """Static moves of a vehicle as a graph over states ``square * 8 + facing``:
    one square forward (counted from the front), one back (from the back), or 45
    degrees either way; each state's covered squares and whether it stands in
    difficult passage. Built once per battlefield and kind of vehicle. Squares
    of ``opened`` (hedgerows a Passage token may open)
    are entered as open ground."""
    key = ("vehicle", vtype, amph, fp, bool(opened))
    hit = bf.derived.get(key)
    if hit is not None:
        return hit
    n = bf.size * 8
    cover: list[tuple[int, ...] | None] = [None] * n
    for sq in range(bf.size):
        for f in range(8):
            squares: tuple[int, ...] | None = (sq,)
            if fp == 2:
                back = bf.offset(sq, (f + 4) % 8)
                squares = None if back < 0 else (sq, back)
            if squares is not None and all(c in opened or bf.enterable(c, vtype, amph) for c in squares):
                cover[sq * 8 + f] = squares
    trans: list[tuple[int, ...]] = [()] * n
    diff = [False] * n
    for state in range(n):
        squares = cover[state]
        if squares is None:
            continue
        sq, f = divmod(state, 8)
        diff[state] = any(bf.terrain[c].difficult and c not in opened for c in squares)
        out = [sq * 8 + (f + 1) % 8, sq * 8 + (f + 7) % 8]
        fwd = bf.offset(sq, f)
        if fwd >= 0 and bf.step_open(sq, fwd):
            out.append(fwd * 8 + f)
        tail = squares[-1]
        behind = bf.offset(tail, (f + 4) % 8)
        if behind >= 0 and bf.step_open(tail, behind):
            out.append((tail if fp == 2 else behind) * 8 + f)
        trans[state] = tuple(t for t in out if cover[t] is not None)
    graph = (trans, cover, diff)
    bf.derived[key] = graph
    return graph


def vehicle_reach(state: "GameState", unit: "UnitState", mv: int | None = None) -> dict[tuple[int, int], int]:
    """(front square, facing) -> MP spent, for the vehicle ``unit``. Vehicles pass
    through infantry but not through other vehicles or wrecks."""
    return {(t >> 3, t & 7): v for t, v in vehicle_states(state, unit, mv).items()}


def vehicle_states(state: "GameState", unit: "UnitState", mv: int | None = None,
                   parents: dict[int, int] | None = None) -> dict[int, int]:
    """As :func:`vehicle_reach`, keyed by ``square * 8 + facing``. Once a rule field
    of :data:`VEHICLE_FLOODS` is set (a Passage token on the battlefield), the
    flood is that rule module's."""
    if mv is None:
        mv = movement_allowance(state, unit)
    if state.rule_fields:
        for field, flood in VEHICLE_FLOODS:
            if field in state.rule_fields:
                return flood(state, unit, mv, parents)
    trans, cover, diff = vehicle_graph(state.static.bf, unit.type, unit.ability("amphibious") is not None,
                                       unit.st.profile.footprint)
    blocked = vehicle_blocks(state, unit)
    start = unit.sq * 8 + unit.facing
    dist = {start: 0}
    frontier = [start]
    stuck = diff[start] if cover[start] is not None else False
    d = 0
    while frontier and d < mv:
        d += 1
        nxt = []
        for s0 in frontier:
            for t in trans[s0]:
                if t in dist:
                    continue
                squares = cover[t]
                if blocked and (squares[0] in blocked or squares[-1] in blocked):
                    continue
                dist[t] = d
                if parents is not None:
                    parents[t] = s0
                if not diff[t] and not stuck:
                    nxt.append(t)
        frontier = nxt
    return dist


def vehicle_blocks(state: "GameState", unit: "UnitState") -> set[int]:
    """Squares a vehicle's move never covers: other vehicles' and wrecks'."""
    blocked: set[int] = set()
    for u in state.units:
        if u.id != unit.id and u.sq >= 0 and u.alive and (u.wreck or u.st.profile.type in ("light_vehicle", "heavy_vehicle")):
            blocked.update(state.squares_of(u))
    return blocked


def vehicle_destinations(state: "GameState", unit: "UnitState") -> list[tuple[int, int]]:
    start = unit.sq * 8 + unit.facing
    return [(t >> 3, t & 7) for t in vehicle_states(state, unit) if t != start]


def reachable(state: "GameState", unit: "UnitState") -> list[int]:
    """Squares ``unit`` could end a move on now (evaluation helper for AI players)."""
    if unit.is_vehicle:
        return sorted({sq for sq, _ in vehicle_reach(state, unit)})
    return squares(infantry_moves(state, unit, movement_allowance(state, unit)).entered)


def facing_towards(dx: int, dy: int) -> int:
    """The facing (0-7) nearest to the direction (dx, dy)."""
    best, best_dot = 0, -2.0
    for i, (fx, fy) in enumerate(DIRS):
        dot = (fx * dx + fy * dy) * (1.0 if fx == 0 or fy == 0 else 0.7071)
        if dot > best_dot:
            best, best_dot = i, dot
    return best


def path_to(state: "GameState", unit: "UnitState", square: int, facing: int = -1) -> list[int]:
    """Squares a shortest legal move of ``unit`` to ``square`` enters, in order
    (the start excluded); empty when it cannot get there."""
    if unit.is_vehicle:
        parents: dict[int, int] = {}
        dist = vehicle_states(state, unit, parents=parents)
        goal = square * 8 + (facing if facing >= 0 else unit.facing)
        if goal not in dist:
            return []
        chain = [goal]
        while chain[-1] in parents:
            chain.append(parents[chain[-1]])
        out: list[int] = []
        prev = unit.sq
        for t in reversed(chain[:-1]):
            if t >> 3 != prev:
                prev = t >> 3
                out.append(prev)
        return out
    return infantry_path(state, unit, square)


def infantry_path(state: "GameState", unit: "UnitState", square: int, start: int = -1) -> list[int]:
    """A shortest path of the infantry move to ``square``, walked back from it
    through the layers of its :class:`Reach`: each step back goes to the lowest
    numbered square the move could have come from (entered one step earlier, not
    difficult passage, and the step out of an enemy zone of control allowed)."""
    reach = infantry_moves(state, unit, movement_allowance(state, unit), start)
    layers = reach.layers
    steps = next((d for d, layer in enumerate(layers) if layer >> square & 1), 0)
    if not steps:
        return []
    zones = enemy_zones(state, unit.side)
    adjacent = state.static.bf.adjacent
    path = [square]
    for k in range(steps - 1, 0, -1):
        came_from = layers[k] & reach.go_on
        here = path[-1]
        path.append(next(p for p in sorted(adjacent(here)) if came_from >> p & 1
                         and not (zones.controlled >> p & 1 and zones.forbidden(p) >> here & 1)))
    path.reverse()
    return path
