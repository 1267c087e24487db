"""The battlefield of a scenario as plain drawing data, turned into SVG by the
``partials/map.svg.j2`` template (autoescaped like every other template).

Boards are laid at their top-left square and rotated clockwise, overlays on top
(a space in an overlay's rows leaves the board visible); then deployment zones, entry
arrows, objectives, edges (no passage, walls, openings) and the coordinates
(000 core rules, Setup; Terrain and Terrain Overlays).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.systems.heroes.content.models.scenario import Placement, Scenario
from builder.systems.heroes.content.models.terrain import Board
from builder.systems.heroes.content.pack import Pack
from builder.errors import InvalidInputError
from builder.systems.heroes.render.coords import (
    column_name, parse_area, parse_square, rotate_cell, rotate_side,
)

CELL = 28
MARGIN = 22
OBJECTIVE_COLOURS = {"primary": "#c0392b", "secondary": "#e67e22", "neutral": "#7f8c8d"}
EDGE_STYLES = {"no_passage": "#b00020", "wall": "#3b2f2f", "opening": "#f5f5f5"}


@dataclass
class MapData:
    """Everything the SVG template draws, in pixels, plus the legend."""

    rows: int
    cols: int
    cell: int = CELL
    margin: int = MARGIN
    runs: list[dict[str, Any]] = field(default_factory=list)
    outlines: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)
    zones: list[dict[str, Any]] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)
    objectives: list[dict[str, Any]] = field(default_factory=list)
    columns: list[dict[str, Any]] = field(default_factory=list)
    row_labels: list[dict[str, Any]] = field(default_factory=list)
    legend_terrain: list[dict[str, str]] = field(default_factory=list)
    legend_sides: list[dict[str, str]] = field(default_factory=list)
    legend_objectives: list[dict[str, str]] = field(default_factory=list)
    scouts: list[dict[str, Any]] = field(default_factory=list)
    has_entries: bool = False
    has_edges: bool = False

    @property
    def width(self) -> int:
        return self.cols * self.cell + 2 * self.margin

    @property
    def height(self) -> int:
        return self.rows * self.cell + 2 * self.margin


def _grid_cells(grid: Any, at: str, rotation: int) -> dict[tuple[int, int], str]:
    """Battlefield cell -> terrain id for a placed board or overlay (spaces skipped)."""
    top, left = parse_square(at)
    cells: dict[tuple[int, int], str] = {}
    for r, row in enumerate(grid.rows):
        for c, char in enumerate(row):
            if char == " " and char not in grid.legend:
                continue
            rr, cc = rotate_cell(r, c, grid.height, grid.width, rotation)
            cells[(top + rr, left + cc)] = grid.legend.get(char, f"?{char}")
    return cells


def _place_square(square: str, grid: Any, at: str, rotation: int) -> tuple[int, int]:
    top, left = parse_square(at)
    r, c = parse_square(square)
    rr, cc = rotate_cell(r, c, grid.height, grid.width, rotation)
    return top + rr, left + cc


def _lookup(pack: Pack, collection: str, item_id: str, scenario: Scenario) -> Any:
    item = pack.get(collection, item_id)
    if item is None:
        raise InvalidInputError(
            f"scenario '{scenario.id}' places {collection[:-1]} '{item_id}', which the pack does not define; "
            "run `heroes validate` on the pack"
        )
    return item


def build_map(scenario: Scenario, pack: Pack, side_names: dict[str, str] | None = None) -> MapData:
    """Compose the battlefield of ``scenario`` from the pack's boards and overlays."""
    boards = [(_lookup(pack, "boards", p.id, scenario), p) for p in scenario.layout.boards]
    overlays = [(_lookup(pack, "overlays", p.id, scenario), p) for p in scenario.layout.overlays]
    data = compose(boards, overlays, pack)
    _zones(data, scenario, pack, side_names or {})
    _objectives(data, scenario)
    _scouts(data, scenario)
    place_labels(data)
    return data


LABEL_SIZE = 7  # font size of an overlay's name on the map


def label_box(x: float, y: float, text: str, size: float = LABEL_SIZE) -> tuple[float, float, float, float]:
    """The box a left-anchored SVG label covers (a generous 0.62 em per character)."""
    return (x, y - size, x + 0.62 * size * len(text), y + 0.25 * size)


def boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(data: MapData) -> None:
    """Move each overlay's name to the first spot that covers no objective marker and no
    name placed before it: inside the top or bottom edge of the overlay, or just above or
    below it. A marker must stay readable, since players place and score them (000 core
    rules, Victory Conditions), and two overlays side by side (the barn at O5 and the
    sandbags at N5 of Clash) must not print their names over each other."""
    taken = [(o["cx"] - o["r"] - 1, o["cy"] - o["r"] - 1, o["cx"] + o["r"] + 1, o["cy"] + o["r"] + 1)
             for o in data.objectives]
    for outline in data.outlines:
        x0, y0, x1, y1 = outline["box"]
        width = 0.62 * LABEL_SIZE * len(outline["name"])
        spots = [(x0 + 3, y0 + 10), (x0 + 3, y1 - 3), (x1 - 3 - width, y0 + 10), (x1 - 3 - width, y1 - 3),
                 (x0 + 3, y0 - 3), (x0 + 3, y1 + 9), (x1 - 3 - width, y0 - 3), (x1 - 3 - width, y1 + 9),
                 (x0 + 3, (y0 + y1) / 2 + 3)]
        chosen = next((spot for spot in spots
                       if not any(boxes_overlap(label_box(*spot, outline["name"]), box) for box in taken)),
                      (outline["label_x"], outline["label_y"]))
        outline["label_x"], outline["label_y"] = chosen
        taken.append(label_box(*chosen, outline["name"]))


def _scouts(data: MapData, scenario: Scenario) -> None:
    """Solo Mode: squares where the AI's scouts deploy (002 Solo Mode, Set Up)."""
    solo = scenario.solo
    for area in getattr(solo, "scout_deployment", []) if solo is not None else []:
        top, left, bottom, right = parse_area(area)
        data.scouts.append({"x": MARGIN + left * CELL + 3, "y": MARGIN + top * CELL + 3,
                            "w": (right - left + 1) * CELL - 6, "h": (bottom - top + 1) * CELL - 6,
                            "area": area})


def build_grid_map(grid: Any, pack: Pack) -> MapData:
    """One board or overlay on its own (the site's board pages)."""
    placement = Placement(id=grid.id)
    if isinstance(grid, Board):
        return compose([(grid, placement)], [], pack)
    return compose([], [(grid, placement)], pack)


def compose(boards: list[tuple[Any, Placement]], overlays: list[tuple[Any, Placement]], pack: Pack) -> MapData:
    """Lay boards, then overlays on top, and draw terrain, outlines and edges."""
    terrain: dict[tuple[int, int], str] = {}
    placed_overlays: list[tuple[Any, Any, dict[tuple[int, int], str]]] = []
    for board, placement in boards:
        terrain.update(_grid_cells(board, placement.at, int(placement.rotation.value)))
    for overlay, placement in overlays:
        cells = _grid_cells(overlay, placement.at, int(placement.rotation.value))
        terrain.update(cells)
        placed_overlays.append((overlay, placement, cells))
    rows = max((r for r, _ in terrain), default=0) + 1
    cols = max((c for _, c in terrain), default=0) + 1
    data = MapData(rows=rows, cols=cols)
    _terrain_runs(data, terrain, pack)
    for overlay, placement, cells in placed_overlays:
        if cells:
            _outline(data, overlay, placement, cells)
    for grid, placement in [*boards, *overlays]:
        _edges(data, grid, placement, pack)
    data.columns = [{"x": MARGIN + c * CELL + CELL / 2, "label": column_name(c)} for c in range(cols)]
    data.row_labels = [{"y": MARGIN + r * CELL + CELL / 2 + 4, "label": str(r + 1)} for r in range(rows)]
    return data


PATTERNS: dict[str, str] = {
    "hedgerow": "hatch",
    "forest-edge": "dots",
    "forest-heart": "cross",
    "thicket": "cross",
    "marsh": "waves",
    "water": "waves",
    "river": "waves",
}
"""Terrain told apart by a pattern over its colour, so a greyscale print (or a reader who
does not see the greens apart) still separates hedgerow (diagonal hatching), forest edge
(dots) and forest heart (cross-hatching): 003 plays them differently (blocking lines of
sight, cover, movement), and their colours are near-identical greens."""


def pattern_of(terrain_id: str) -> str:
    """The pattern drawn over a terrain (``""``: its colour alone)."""
    if terrain_id in PATTERNS:
        return PATTERNS[terrain_id]
    for key in ("hedge", "forest", "wood", "marsh", "river"):
        if key in terrain_id:
            return PATTERNS.get({"hedge": "hedgerow", "wood": "forest-edge", "forest": "forest-edge"}.get(key, key),
                                "")
    return ""


def _terrain_runs(data: MapData, terrain: dict[tuple[int, int], str], pack: Pack) -> None:
    """Horizontal runs of equal terrain: far fewer SVG elements than one per square."""
    used: dict[str, dict[str, str]] = {}
    for r in range(data.rows):
        c = 0
        while c < data.cols:
            tid = terrain.get((r, c))
            start = c
            while c < data.cols and terrain.get((r, c)) == tid:
                c += 1
            if tid is None:
                continue
            kind = pack.get("terrain", tid)
            colour = kind.colour if kind is not None else "#cccccc"
            used.setdefault(tid, {"id": tid, "name": kind.name if kind else tid, "colour": colour,
                                  "pattern": pattern_of(tid)})
            data.runs.append({
                "x": MARGIN + start * CELL, "y": MARGIN + r * CELL,
                "w": (c - start) * CELL, "h": CELL, "fill": colour, "terrain": used[tid]["name"],
                "pattern": used[tid]["pattern"],
            })
    data.legend_terrain = sorted(used.values(), key=lambda t: t["name"])


def _outline(data: MapData, overlay: Any, placement: Any, cells: dict[tuple[int, int], str]) -> None:
    segments = []
    for (r, c) in cells:
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        if (r - 1, c) not in cells:
            segments.append((x, y, x + CELL, y))
        if (r + 1, c) not in cells:
            segments.append((x, y + CELL, x + CELL, y + CELL))
        if (r, c - 1) not in cells:
            segments.append((x, y, x, y + CELL))
        if (r, c + 1) not in cells:
            segments.append((x + CELL, y, x + CELL, y + CELL))
    path = " ".join(f"M{x1} {y1}L{x2} {y2}" for x1, y1, x2, y2 in sorted(segments))
    top = min(r for r, _ in cells)
    left = min(c for r, c in cells if r == top)
    rotation = int(placement.rotation.value)
    openings = []
    for opening in getattr(overlay, "openings", []):
        r, c = _place_square(opening.square, overlay, placement.at, rotation)
        openings.append(_side_mark(r, c, rotate_side(opening.side, rotation), opening.grenade))
    bottom = max(r for r, _ in cells)
    right = max(c for _, c in cells)
    data.outlines.append({
        "path": path, "name": overlay.name, "kind": overlay.kind.value.replace("_", " "),
        "label_x": MARGIN + left * CELL + 3, "label_y": MARGIN + top * CELL + 10, "openings": openings,
        "box": (MARGIN + min(c for _, c in cells) * CELL, MARGIN + top * CELL,
                MARGIN + (right + 1) * CELL, MARGIN + (bottom + 1) * CELL),
    })


def _side_mark(r: int, c: int, side: str, grenade: bool) -> dict[str, Any]:
    x, y = MARGIN + c * CELL, MARGIN + r * CELL
    third = CELL / 3
    line = {
        "n": (x + third, y, x + 2 * third, y), "s": (x + third, y + CELL, x + 2 * third, y + CELL),
        "w": (x, y + third, x, y + 2 * third), "e": (x + CELL, y + third, x + CELL, y + 2 * third),
    }[side]
    return {"x1": line[0], "y1": line[1], "x2": line[2], "y2": line[3],
            "colour": "#c0392b" if grenade else "#1f6fb2"}


def _edges(data: MapData, grid: Any, placement: Any, pack: Pack) -> None:
    rotation = int(placement.rotation.value)
    for edge in getattr(grid, "edges", []):
        (r1, c1), (r2, c2) = (_place_square(s, grid, placement.at, rotation) for s in edge.between)
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            continue
        if r1 == r2:
            x = MARGIN + max(c1, c2) * CELL
            line = (x, MARGIN + r1 * CELL, x, MARGIN + (r1 + 1) * CELL)
        else:
            y = MARGIN + max(r1, r2) * CELL
            line = (MARGIN + c1 * CELL, y, MARGIN + (c1 + 1) * CELL, y)
        kind = edge.kind.value
        colour = EDGE_STYLES.get(kind)
        if colour is None:
            line_terrain = pack.get("terrain", getattr(edge, "terrain", None) or "")
            colour = line_terrain.colour if line_terrain is not None else "#d4a017"
        data.edges.append({"x1": line[0], "y1": line[1], "x2": line[2], "y2": line[3],
                           "kind": kind, "colour": colour})
        data.has_edges = True


def _side_colour(pack: Pack, faction_id: str) -> str:
    faction = pack.get("factions", faction_id)
    return faction.colour if faction is not None else "#666666"


def _zones(data: MapData, scenario: Scenario, pack: Pack, side_names: dict[str, str]) -> None:
    for side in scenario.sides:
        colour = _side_colour(pack, side.faction)
        label = side_names.get(side.id) or side.name or side.id.upper()
        data.legend_sides.append({"id": side.id, "name": label, "colour": colour})
        for area in side.deployment:
            top, left, bottom, right = parse_area(area)
            data.zones.append({
                "x": MARGIN + left * CELL, "y": MARGIN + top * CELL,
                "w": (right - left + 1) * CELL, "h": (bottom - top + 1) * CELL,
                "colour": colour, "label": label, "area": area,
            })
        for square in side.entry:
            data.entries.append(_arrow(data, square, colour, label))
            data.has_entries = True


def _arrow(data: MapData, square: str, colour: str, label: str) -> dict[str, Any]:
    """An entry arrow drawn on the square, pointing away from the nearest table edge."""
    r, c = parse_square(square)
    distances = {"n": r, "s": data.rows - 1 - r, "w": c, "e": data.cols - 1 - c}
    edge = min(distances, key=lambda k: (distances[k], "nswe".index(k)))
    angle = {"n": 90, "s": 270, "w": 0, "e": 180}[edge]
    return {"cx": MARGIN + c * CELL + CELL / 2, "cy": MARGIN + r * CELL + CELL / 2,
            "angle": angle, "colour": colour, "label": label, "square": square}


def _objectives(data: MapData, scenario: Scenario) -> None:
    kinds = []
    for objective in scenario.objectives:
        r, c = parse_square(objective.at)
        kind = objective.kind.value
        kinds.append(kind)
        data.objectives.append({
            "cx": MARGIN + c * CELL + CELL / 2, "cy": MARGIN + r * CELL + CELL / 2,
            "r": CELL * 0.36, "colour": OBJECTIVE_COLOURS[kind], "kind": kind,
            "id": objective.id, "name": objective.display_name, "at": objective.at,
            "vp": objective.victory_points,
        })
    data.legend_objectives = [{"kind": k, "colour": OBJECTIVE_COLOURS[k]}
                              for k in OBJECTIVE_COLOURS if k in kinds]
