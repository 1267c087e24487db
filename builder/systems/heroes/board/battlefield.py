"""Build a :class:`~builder.systems.heroes.board.grid.Battlefield` from a scenario's layout.

Boards are laid first, then overlays on top (000 core rules, Set-up; Terrain and
Terrain Overlays). Built battlefields are cached by layout, since line-of-sight
tables hang off them (the hot path of firing).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from builder.systems.heroes.board.grid import (
    _SIDE_DIR,
    DIRS,
    Battlefield,
    GridError,
    TerrainInfo,
    parse_square,
    rotate_xy,
    rotated_size,
)
from builder.systems.heroes.board.lines import closes_edge
from builder.systems.heroes.board.rooms import number_rooms

VOID = TerrainInfo(
    "void", blocks_los=True,
    impassable_to=frozenset({"infantry", "gun", "light_vehicle", "heavy_vehicle", "aircraft"}),
)
_ROT_SIDE = {0: 0, 90: 2, 180: 4, 270: 6}
_CACHE: dict[str, Battlefield] = {}


def terrain_info(terrain: Any) -> TerrainInfo:
    e = terrain.effects
    return TerrainInfo(
        id=terrain.id,
        defence_bonus=e.defence_bonus,
        obscures=e.obscures,
        blocks_los=e.blocks_los,
        difficult=e.difficult,
        impassable_to=frozenset(t.value if hasattr(t, "value") else str(t) for t in e.impassable_to),
        water=e.water,
        opportunity_fire=e.opportunity_fire,
        building=e.building,
        elevated=e.elevated,
        half_square=e.half_square,
        infantry_obstacle=e.infantry_obstacle,
    )


def layout_key(pack: Any, layout: Any) -> str:
    """A digest of the layout's content (equal layouts share a battlefield),
    remembered per layout object while it lives: every new game asks."""
    known = pack.__dict__.setdefault("_layout_keys", {}) if hasattr(pack, "__dict__") else {}
    hit = known.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    raw = json.dumps(layout.model_dump(mode="json"), sort_keys=True)
    key = hashlib.sha256(raw.encode()).hexdigest()
    known[id(layout)] = (layout, key)
    return key


def build_battlefield(pack: Any, layout: Any, ruined: tuple[tuple[int, str | None], ...] = ()) -> Battlefield:
    """The battlefield of ``layout``, cached on the pack object (so a battlefield
    and its line-of-sight tables live as long as the content they come from).

    ``ruined`` lists the overlays (by their index in the layout) destroyed as
    structures, each with the overlay laid in its place (its ruin side) or None
    (removed): games that destroy the same structures share one battlefield and its
    line-of-sight tables (builder/systems/heroes/engine/structures.py)."""
    key = layout_key(pack, layout)
    if ruined:
        key += "|ruined:" + ",".join(f"{i}={r or ''}" for i, r in sorted(ruined))
    cache = _CACHE
    if hasattr(pack, "__dict__"):
        cache = pack.__dict__.setdefault("_engine_battlefields", {})
    cached = cache.get(key)
    if cached is not None:
        return cached
    infos = {tid: terrain_info(t) for tid, t in pack.items["terrain"].items()}
    placed: list[tuple[Any, Any, int | None]] = []
    for placement in layout.boards:
        board = pack.items["boards"].get(placement.id)
        if board is None:
            raise GridError(f"layout names board '{placement.id}', which the pack does not define")
        placed.append((placement, board, None))
    replaced = dict(ruined)
    for index, placement in enumerate(layout.overlays):
        overlay_id = replaced[index] if index in replaced else placement.id
        if overlay_id is None:  # removed from the game: its area stays reserved, empty
            placed.append((placement, None, index))
            continue
        overlay = pack.items["overlays"].get(overlay_id)
        if overlay is None:
            raise GridError(f"layout names overlay '{placement.id}', which the pack does not define")
        placed.append((placement, overlay, index))
    width = height = 0
    for placement, grid, overlay_index in placed:
        if overlay_index is not None:
            continue
        ox, oy = parse_square(placement.at)
        w, h = rotated_size(grid.width, grid.height, int(placement.rotation))
        width, height = max(width, ox + w), max(height, oy + h)
    bf = Battlefield(
        width=width, height=height, terrain=[VOID] * (width * height),
        area=[-1] * (width * height), area_kind=[], key=key, ruined=tuple(sorted(ruined, key=lambda r: r[0])),
        layout=layout,
    )
    rooms: list[tuple[int, list[int]]] = []
    for placement, grid, overlay_index in placed:
        if grid is None:
            bf.area_kind.append("removed")
            continue
        _lay(bf, infos, placement, grid, overlay_index, rooms)
        value = getattr(grid, "structure", None)
        if overlay_index is not None and value and overlay_index not in replaced:
            bf.structures[overlay_index] = (int(value), grid.ruin_side)
    number_rooms(bf, [[sq for sq in room if bf.area[sq] == area] for area, room in rooms])
    bf.levels = [t.elevated for t in bf.terrain]
    bf.high = any(bf.levels)
    cache[key] = bf
    return bf


def _lay(bf: Battlefield, infos: dict[str, TerrainInfo], placement: Any, grid: Any, overlay_index: int | None,
         rooms: list[tuple[int, list[int]]]) -> None:
    """Lay one board or overlay; an overlay's rooms are added to ``rooms`` as (its area,
    its squares), kept where no later overlay covers them (builder/systems/heroes/board/rooms.py)."""
    rotation = int(placement.rotation)
    ox, oy = parse_square(placement.at)
    area_id = -1
    if overlay_index is not None:
        area_id = len(bf.area_kind)
        bf.area_kind.append(getattr(grid.kind, "value", str(grid.kind)))

    def to_sq(lx: int, ly: int) -> int:
        rx, ry = rotate_xy(lx, ly, grid.width, grid.height, rotation)
        x, y = ox + rx, oy + ry
        if not (0 <= x < bf.width and 0 <= y < bf.height):
            return -1
        return y * bf.width + x

    for ly, row in enumerate(grid.rows):
        for lx, ch in enumerate(row):
            if ch == " " and overlay_index is not None:
                continue
            tid = grid.legend.get(ch)
            if tid is None:
                raise GridError(f"'{grid.id}' row {ly + 1} uses '{ch}', which its legend does not define")
            info = infos.get(tid)
            if info is None:
                raise GridError(f"'{grid.id}' legend maps '{ch}' to terrain '{tid}', which the pack does not define")
            sq = to_sq(lx, ly)
            if sq >= 0:
                bf.terrain[sq] = info
                if area_id >= 0:
                    bf.area[sq] = area_id
    for edge in grid.edges:
        a = to_sq(*parse_square(edge.between[0]))
        b = to_sq(*parse_square(edge.between[1]))
        if a < 0 or b < 0:
            continue
        pair = (min(a, b), max(a, b))
        kind = getattr(edge.kind, "value", str(edge.kind))
        if kind == "opening":
            bf.openings.add(pair)
        elif kind == "line" and edge.terrain:  # a line carrying a terrain type's effects
            bf.line_edges[pair] = edge.terrain
            line = infos.get(edge.terrain)
            if closes_edge(line):  # a movement effect: the edge is closed (builder/systems/heroes/board/lines.py)
                bf.blocked_edges.add(pair)
            elif line is not None:
                bf.line_terrain[pair] = line
            if line is not None and line.elevated:  # an elevated line (builder/systems/heroes/board/elevation.py)
                bf.elevated_lines.add(pair)
        else:
            bf.blocked_edges.add(pair)
    if area_id >= 0:
        for room in getattr(grid, "rooms", []) or []:
            rooms.append((area_id, [sq for sq in (to_sq(*parse_square(name)) for name in room) if sq >= 0]))
    bunker = getattr(getattr(grid, "kind", None), "value", "") == "bunker"
    for opening in getattr(grid, "openings", []) or []:
        window = opening.white_arrow and not bunker  # Urban Fighter never uses a bunker's windows
        if not opening.entry and not window:
            continue
        lx, ly = parse_square(opening.square)
        sq = to_sq(lx, ly)
        direction = (_SIDE_DIR[opening.side] + _ROT_SIDE[rotation]) % 8
        dx, dy = DIRS[direction]
        y, x = divmod(sq, bf.width)
        if sq < 0 or not (0 <= x + dx < bf.width and 0 <= y + dy < bf.height):
            continue
        other = (y + dy) * bf.width + x + dx
        pair = (min(sq, other), max(sq, other))
        if opening.entry:
            bf.openings.add(pair)
        if window:
            bf.windows.add(pair)
