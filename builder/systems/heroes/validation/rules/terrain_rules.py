"""Battle for Normandy terrain drawn so that the engine can play it (003 Battlefield 1.1-1.4).

Half-squares exist only where two buildings or ruins touch (1.4): a half-square drawn on a
board or an overlay must have, on two opposite sides, squares closed to vehicles that are
not half-squares themselves (buildings and ruins are impassable to vehicles, 1.3). A terrain
type cannot be both the strip between two buildings and a building, water or an elevated
position: the engine would read one effect and drop the other. An obstacle to infantry only
(``infantry_obstacle``, a low barricade's 'Obstacle (Infantry)') is played on lines drawn
between squares; drawn as squares, the engine reads its other effects for every shot.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

HALF = "003 Battle for Normandy, Battlefield 1.4, Half-Squares"
LINES = "003 Battle for Normandy, Battlefield 1.1, Lines and Terrain Effects; 1.2, Low Barricades"
C_HALF_ALONE = define_code("C350", "half-square not between two buildings or ruins", HALF)
C_HALF_MIXED = define_code("C351", "half-square terrain that is also a building, water or elevated", HALF)
C_LINE_ONLY = define_code("C352", "obstacle to infantry only drawn as squares, not as a line", LINES)

_VEHICLES = {"light_vehicle", "heavy_vehicle"}


def _types(terrain: Any) -> set[str]:
    return {getattr(t, "value", str(t)) for t in terrain.effects.impassable_to}


@rule
def half_square_terrain_is_only_a_half_square(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A terrain type with ``half_square`` has no building, water or elevation effect."""
    for terrain in ctx.pack.items["terrain"].values():
        e = terrain.effects
        mixed = [name for name, on in (("building", e.building), ("water", e.water), ("elevated", e.elevated))
                 if on]
        if e.half_square and mixed:
            yield ctx.at("terrain", terrain.id, ("effects", "half_square"), C_HALF_MIXED,
                         f"terrain '{terrain.id}' is a half-square and also {', '.join(mixed)}", rule=HALF,
                         hint="make the buildings on each side their own terrain; the strip between them "
                              "carries only half_square (and impassable_to)")


@rule
def half_squares_lie_between_buildings(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each half-square of a board or overlay has buildings or ruins on two opposite sides."""
    kinds = ctx.pack.items["terrain"]
    for collection in ("boards", "overlays"):
        for grid in ctx.pack.items[collection].values():
            for y, row in enumerate(grid.rows):
                for x, ch in enumerate(row):
                    kind = kinds.get(grid.legend.get(ch, ""))
                    if kind is None or not kind.effects.half_square:
                        continue
                    if not _between(grid, kinds, x, y):
                        diag = ctx.at(collection, grid.id, ("rows", y), C_HALF_ALONE,
                                      f"'{grid.id}' row {y + 1}, column {x + 1}: a half-square ('{ch}') without a "
                                      "building or ruin on two opposite sides", rule=HALF,
                                      hint="half-squares are drawn only in the strip where two buildings or ruins "
                                           "touch; draw open ground (or the building) here")
                        # at the character itself: past the row's opening quote
                        yield dataclasses.replace(diag, col=diag.col + 1 + x) if diag.line else diag


def _between(grid: Any, kinds: dict[str, Any], x: int, y: int) -> bool:
    def wall(px: int, py: int) -> bool:
        if not (0 <= py < len(grid.rows) and 0 <= px < len(grid.rows[0])):
            return True  # the grid's edge: the building may go on beyond it
        kind = kinds.get(grid.legend.get(grid.rows[py][px], ""))
        return kind is not None and not kind.effects.half_square and (
            kind.effects.building or _VEHICLES <= _types(kind))

    return (wall(x - 1, y) and wall(x + 1, y)) or (wall(x, y - 1) and wall(x, y + 1))


@rule
def infantry_obstacles_are_lines(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A terrain with ``infantry_obstacle`` is drawn only as ``line`` edges, not as squares."""
    kinds = ctx.pack.items["terrain"]
    for collection in ("boards", "overlays"):
        for grid in ctx.pack.items[collection].values():
            drawn = {ch for row in grid.rows for ch in row}
            for ch, tid in grid.legend.items():
                kind = kinds.get(tid)
                if ch in drawn and kind is not None and kind.effects.infantry_obstacle:
                    yield ctx.at(collection, grid.id, ("legend", ch), C_LINE_ONLY,
                                 f"'{grid.id}' draws '{tid}', an obstacle to infantry only, as squares ('{ch}')",
                                 rule=LINES, severity=Severity.WARNING,
                                 hint="draw it as an edge: {between: [A1, A2], kind: line, terrain: " + tid + "}")
