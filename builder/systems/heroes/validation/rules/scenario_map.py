"""Scenario battlefield: boards side by side, and everything placed on them.

The battlefield is the boards the scenario lays out (each turned by its rotation);
overlays lie on boards; objectives, deployment zones, entry squares and effect squares
lie on the battlefield; the two sides' deployment zones do not share squares; infantry
must be able to stand where they deploy, enter or take an objective (000 core rules,
Setup > Scenarios and Deployment; Terrain and Terrain Overlays > Water, Impassable).
"""

from __future__ import annotations

from typing import Iterable

from builder.systems.heroes.content.geometry import Battlefield, Placed, Rect, format_square, overlapping_pairs, parse_area, place
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule
from builder.systems.heroes.validation.walk import strings

SETUP = "000 core rules, Setup > Scenarios"
DEPLOYMENT = "000 core rules, Setup > Deployment"
TERRAIN = "000 core rules, Terrain and Terrain Overlays"

C_OFF_MAP = define_code("C311", "square off the battlefield", SETUP)
C_LAYOUT = define_code("C312", "boards overlap, or an overlay lies off the boards", SETUP)
C_ZONES_OVERLAP = define_code("C313", "deployment zones of two sides overlap", DEPLOYMENT)
C_IMPASSABLE = define_code("C314", "objective, entry or deployment zone on terrain impassable to infantry", TERRAIN)

PLACED_FIELDS = frozenset({"at", "deployment", "entry", "exits", "scout_deployment"})


def battlefield(ctx: CheckContext, scenario: object) -> tuple[Battlefield, list[Placed | None]]:
    """The boards laid out, and the overlays (None where the id is unknown)."""
    layout = scenario.layout  # type: ignore[attr-defined]
    boards = []
    for p in layout.boards:
        board = ctx.pack.boards.get(p.id)
        if board is not None:
            boards.append(place(p.id, board.rows, p.at, int(p.rotation.value)))
    overlays: list[Placed | None] = []
    for p in layout.overlays:
        overlay = ctx.pack.overlays.get(p.id)
        overlays.append(None if overlay is None else place(p.id, overlay.rows, p.at, int(p.rotation.value)))
    return Battlefield(tuple(boards)), overlays


def terrain_at(ctx: CheckContext, field: Battlefield, overlays: list[Placed | None], xy: tuple[int, int]) -> object | None:
    """The terrain type on a battlefield square: the top-most overlay covering it, else the board."""
    for placed in reversed(overlays):
        if placed is None:
            continue
        char = placed.char_at(xy)
        if char is not None and char != " ":
            return ctx.pack.terrain.get(ctx.pack.overlays[placed.id].legend.get(char, ""))
    board = field.board_at(xy)
    if board is None:
        return None
    char = board.char_at(xy)
    return ctx.pack.terrain.get(ctx.pack.boards[board.id].legend.get(char or "", ""))


def impassable_to_infantry(terrain: object | None) -> bool:
    """Infantry may not enter water (without Amphibious) nor terrain closed to it."""
    if terrain is None:
        return False
    effects = terrain.effects  # type: ignore[attr-defined]
    return effects.water or any(t.value == "infantry" for t in effects.impassable_to)


def _all_known(ctx: CheckContext, scenario: object) -> bool:
    return all(p.id in ctx.pack.boards for p in scenario.layout.boards)  # type: ignore[attr-defined]


@rule
def layout_fits_together(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Boards do not overlap; every square an overlay covers lies on a board."""
    for sc in ctx.pack.scenarios.values():
        if not _all_known(ctx, sc):
            continue
        field, overlays = battlefield(ctx, sc)
        for i, j in overlapping_pairs(field.boards):
            a, b = field.boards[i], field.boards[j]
            yield ctx.at("scenarios", sc.id, ("layout", "boards", j, "at"), C_LAYOUT,
                         f"board '{b.id}' ({b.rect.label()}) overlaps board '{a.id}' ({a.rect.label()})",
                         hint=f"move it so it starts beside the other board, e.g. at "
                         f"{format_square(a.rect.x1 + 1, a.rect.y0)} or {format_square(a.rect.x0, a.rect.y1 + 1)}",
                         rule=SETUP)
        for index, placed in enumerate(overlays):
            if placed is None:
                continue
            off = [xy for xy in placed.rect.squares() if placed.char_at(xy) != " " and not field.contains(xy)]
            if off:
                yield ctx.at("scenarios", sc.id, ("layout", "overlays", index, "at"), C_LAYOUT,
                             f"overlay '{placed.id}' ({placed.rect.label()}) hangs off the battlefield at "
                             f"{format_square(*off[0])}", hint=f"place it so it lies on the boards "
                             f"({_extent(field)})", rule=SETUP)


def _extent(field: Battlefield) -> str:
    extent = field.extent()
    return f"battlefield {extent.label()}" if extent else "no boards"


@rule
def placed_squares_on_the_battlefield(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Objectives, zones, entry squares and effect squares lie on the boards."""
    for sc in ctx.pack.scenarios.values():
        if not _all_known(ctx, sc):
            continue
        field, _ = battlefield(ctx, sc)
        for path, key, value in ctx.fields(sc):
            if key not in PLACED_FIELDS or path[0] == "layout":
                continue
            for where, area in strings(path, value):
                try:
                    rect = parse_area(area)
                except ValueError:
                    continue  # a schema error already
                off = field.outside(rect)
                if off:
                    yield ctx.at("scenarios", sc.id, where, C_OFF_MAP,
                                 f"{area} lies off the battlefield (square {format_square(*off[0])} is on no board)",
                                 hint=f"use squares of the {_extent(field)}", rule=SETUP)


@rule
def deployment_zones_apart(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Two sides never deploy on the same square."""
    for sc in ctx.pack.scenarios.values():
        zones: list[tuple[int, int, Rect, str]] = []
        for s, side in enumerate(sc.sides):
            for a, area in enumerate(side.deployment):
                zones.append((s, a, parse_area(area), side.id))
        for s, a, rect, side in zones:
            for s2, _, rect2, side2 in zones:
                if s2 < s and rect.overlaps(rect2):
                    shared = rect.intersection(rect2)
                    yield ctx.at("scenarios", sc.id, ("sides", s, "deployment", a), C_ZONES_OVERLAP,
                                 f"deployment zone {rect.label()} of side '{side}' overlaps zone "
                                 f"{rect2.label()} of side '{side2}' on {shared.label() if shared else '?'}",
                                 hint="give each side its own squares: shrink or move one of the zones",
                                 rule=DEPLOYMENT)
                    break


@rule
def infantry_can_stand_there(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Objectives and entry squares are enterable by infantry; a deployment zone has at
    least one square infantry can stand on."""
    for sc in ctx.pack.scenarios.values():
        if not _all_known(ctx, sc):
            continue
        field, overlays = battlefield(ctx, sc)

        def blocked(xy: tuple[int, int], field: Battlefield = field, overlays: list[Placed | None] = overlays) -> bool:
            return field.contains(xy) and impassable_to_infantry(terrain_at(ctx, field, overlays, xy))

        checks: list[tuple[tuple[str | int, ...], str, str]] = [
            (("objectives", o, "at"), objective.at, f"objective '{objective.id}'")
            for o, objective in enumerate(sc.objectives)
        ]
        for s, side in enumerate(sc.sides):
            checks += [(("sides", s, "entry", e), sq, f"entry square of side '{side.id}'")
                       for e, sq in enumerate(side.entry)]
        for path, square, what in checks:
            xy = parse_area(square).squares().__next__()
            if blocked(xy):
                yield ctx.at("scenarios", sc.id, path, C_IMPASSABLE,
                             f"{what} at {square} is on terrain infantry cannot enter",
                             hint="move it to a square infantry can enter (not water, not impassable)", rule=TERRAIN)
        for s, side in enumerate(sc.sides):
            for a, area in enumerate(side.deployment):
                squares = [xy for xy in parse_area(area).squares() if field.contains(xy)]
                if squares and all(blocked(xy) for xy in squares):
                    yield ctx.at("scenarios", sc.id, ("sides", s, "deployment", a), C_IMPASSABLE,
                                 f"deployment zone {area} of side '{side.id}' has no square infantry can enter",
                                 hint="move the zone onto passable ground", rule=TERRAIN)
