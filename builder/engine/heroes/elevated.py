"""Line of sight from an Elevated Position (003 Battle for Normandy, Battlefield >
Elevated Positions; note on Battlepack #3: contour and elevated lines).

From an elevated square (a terrain type with ``elevated`` above 0: elevated ground, the
high ground of a hill crest) the line is traced square by square as on the ground, but:

* an obstacle (a terrain element that blocks or hinders sight, a vehicle or a wreck,
  a wall or line crossed) affects the line only when the target's square comes directly
  after it; when the line crosses several squares of that obstacle, all their modifiers
  apply; obstacles further back do not count (003's examples A, B, C);
* infantry never blocks it (example D);
* contour lines are ignored, elevated lines are not;
* looking down, the line may not cross another square of the elevated position the
  firer stands on (the same elevation level) to reach a target on lower ground;
* between two elevated positions, only obstacles that are themselves elevated (an
  elevated line, a unit or terrain element on an elevated square) can hinder the line.

The verdict is symmetric (a unit that can be targeted from up there can fire back).

Where the engine uses it: the red dot a support tile's units fire from
(builder/engine/heroes/features/support_tiles.py: the Flak 88 on Hill 113 and the Rauray heights). Units
standing on elevated squares still trace ground lines of sight (builder/engine/board/los.py):
see the coverage row ``elevated-positions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.board.los import BLOCKED, CLEAR, OBSCURED, Sight, trace

if TYPE_CHECKING:
    from builder.engine.board.grid import Battlefield
    from builder.engine.heroes.state import GameState, UnitState

RULE = "003 Battle for Normandy, Battlefield > Elevated Positions"


def elevation(state: "GameState") -> list[int]:
    """Per square, its elevation level (the terrain type's ``elevated``; cached on the battlefield)."""
    bf = state.static.bf
    hit = bf.derived.get(("elevation",))
    if hit is None:
        kinds = state.static.pack.items["terrain"]
        hit = bf.derived[("elevation",)] = [_level(kinds.get(t.id)) for t in bf.terrain]
    return hit  # type: ignore[no-any-return]


def _level(kind: object) -> int:
    effects = getattr(kind, "effects", None)
    return int(getattr(effects, "elevated", 0) or 0)


def _line_level(state: "GameState", terrain_id: str) -> int:
    return _level(state.static.pack.items["terrain"].get(terrain_id))


def _edge_between(bf: "Battlefield", p: int, q: int) -> tuple[int, int] | None:
    """The blocked edge crossed stepping from ``p`` to ``q`` (orthogonal neighbours), or
    for a diagonal step the edge of the first route round the corner when both are closed."""
    w = bf.width
    if abs(p - q) in (1, w):
        key = (min(p, q), max(p, q))
        return key if key in bf.blocked_edges else None
    py, px = divmod(p, w)
    qy, qx = divmod(q, w)
    c1, c2 = py * w + qx, qy * w + px
    routes = []
    for c in (c1, c2):
        first, second = (min(p, c), max(p, c)), (min(c, q), max(c, q))
        closed = [e for e in (first, second) if e in bf.blocked_edges]
        routes.append(closed[0] if closed else None)
    return routes[0] if routes[0] is not None and routes[1] is not None else None


def elevated_sight(state: "GameState", a: int, b: int, target: "UnitState | None" = None) -> Sight:
    """Line of sight from the elevated square ``a`` to square ``b`` (see the module)."""
    bf = state.static.bf
    level = elevation(state)
    crossed, _ = trace(bf, a, b)
    path = [a, *crossed, b]
    both_up = level[b] > 0
    if not both_up and any(level[s] >= level[a] for s in crossed):
        return Sight(BLOCKED, 0, (), f"steep down-angle across the elevated position at {bf.name(a)}",
                     tuple(crossed))
    # obstacle per step: (square after it, blocks, penalty, what)
    found: list[tuple[int, bool, int, str]] = []
    for k in range(1, len(path)):
        p, q = path[k - 1], path[k]
        edge = _edge_between(bf, p, q)
        if edge is not None:
            terrain = bf.line_edges.get(edge)
            line_level = _line_level(state, terrain) if terrain else 0
            contour = terrain is not None and line_level == 0
            if not contour and (not both_up or line_level > 0):
                found.append((q, True, 0, f"{terrain or 'wall or no-passage edge'} before {bf.name(q)}"))
        if q == b:
            break
        t = bf.terrain[q]
        up = level[q] > 0
        if (t.blocks_los or t.obscures) and (not both_up or up):
            found.append((path[k + 1], t.blocks_los, t.obscures, f"{t.id} at {bf.name(q)}"))
        o = state.occ[q]
        if o >= 0:
            u = state.units[o]
            if (u.is_vehicle or u.wreck) and not u.concealed and (target is None or u.id != target.id) \
                    and (not both_up or up):
                found.append((path[k + 1], True, 0, f"vehicle {u.st.profile.name} at {bf.name(q)}"))
    hits = found if both_up else _directly_before(found, path, b)
    blocker = next((what for _, blocks, _, what in hits if blocks), "")
    if blocker:
        return Sight(BLOCKED, 0, (), blocker, tuple(crossed))
    penalty = sum(v for _, _, v, _ in hits)
    return Sight(OBSCURED if penalty else CLEAR, penalty, (), "", tuple(crossed))


def _directly_before(found: list[tuple[int, bool, int, str]], path: list[int],
                     b: int) -> list[tuple[int, bool, int, str]]:
    """The obstacles of the run that ends right before the target: the last step's
    obstacle, and those of the squares just before it as long as each is followed by
    another obstacle of the run (all modifiers of an obstacle crossed over several squares)."""
    after = {sq for sq, _, _, _ in found}
    if b not in after:
        return []
    run = {b}
    k = path.index(b)
    while k > 1 and path[k - 1] in after:
        run.add(path[k - 1])
        k -= 1
    return [f for f in found if f[0] in run]
