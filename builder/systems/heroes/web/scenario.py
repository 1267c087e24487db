"""The scenario page of ``heroes serve`` in the Heroes System: the print sheet's context
and, square by square, what a player hovering a square of the map needs (terrain, its
effects with the rule they come from, deployment zones, objectives, entry squares), as
plain data (:class:`builder.systems.seam.WebTools`).

The map itself is the print sheet's (builder.systems.heroes.render.svg_map through the shared
``partials/map.svg.j2``); this module only lists, for each square, what is there. The
terrain of a square is the last board or overlay laid on it, as on the sheet
(000 core rules, Setup; Terrain and Terrain Overlays).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.systems.heroes.content.models.scenario import Scenario
from builder.systems.heroes.content.models.terrain import expand_area
from builder.systems.heroes.content.pack import Pack
from builder.systems.heroes.render.coords import parse_square, square_name
from builder.systems.heroes.render.svg_map import CELL, MARGIN, _grid_cells

TERRAIN_RULE = "000 core rules, Terrain and Terrain Overlays"


def terrain_effects(kind: Any) -> list[str]:
    """The printed symbols of a terrain type, in words (000 core rules, Terrain and
    Terrain Overlays; 003 Battle for Normandy, Elevated Positions)."""
    if kind is None:
        return []
    e = kind.effects
    out = []
    if e.defence_bonus:
        out.append(f"+{e.defence_bonus} defence for infantry")
    if e.obscures:
        out.append(f"obscures line of sight ({e.obscures})")
    if e.blocks_los:
        out.append("blocks line of sight")
    if e.difficult:
        out.append("difficult passage: stop on entering")
    if e.impassable_to:
        out.append("impassable to " + ", ".join(str(t.value).replace("_", " ") for t in e.impassable_to))
    if e.water:
        out.append("water: amphibious units only")
    if e.opportunity_fire:
        out.append("opportunity fire on units moving in it")
    if e.structure is not None:
        out.append(f"structure {e.structure}")
    if e.elevated:
        out.append(f"elevated (level {e.elevated})")
    if e.building:
        out.append("inside of a building: enter through openings")
    return out or ["open ground: no effect"]


def square_info(scenario: Scenario, pack: Pack, side_names: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """For each square of the battlefield: terrain, effects, rule, zones, objectives, entries."""
    terrain: dict[tuple[int, int], str] = {}
    for placement in [*scenario.layout.boards, *scenario.layout.overlays]:
        grid = pack.get("boards", placement.id) or pack.get("overlays", placement.id)
        if grid is not None:
            terrain.update(_grid_cells(grid, placement.at, int(placement.rotation.value)))
    info: dict[str, dict[str, Any]] = {}
    for (r, c), tid in terrain.items():
        kind = pack.get("terrain", tid)
        info[square_name(r, c)] = {"terrain": kind.name if kind is not None else tid,
                                   "effects": terrain_effects(kind), "rule": TERRAIN_RULE, "notes": []}
    for side in scenario.sides:
        label = side_names.get(side.id) or side.name or side.id
        for area in side.deployment:
            for square in expand_area(area):
                if square in info:
                    info[square]["notes"].append(f"deployment zone of {label}")
        for square in side.entry:
            if square in info:
                info[square]["notes"].append(f"entry square of {label}")
    for objective in scenario.objectives:
        if objective.at in info:
            vp = f", {objective.victory_points} VP" if objective.victory_points else ""
            info[objective.at]["notes"].append(f"{objective.kind.value} objective '{objective.id}'{vp}")
    return info


def hover_cells(info: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Transparent squares laid over the map, one per square, to hover."""
    out = []
    for square in info:
        r, c = parse_square(square)
        out.append({"square": square, "x": MARGIN + c * CELL, "y": MARGIN + r * CELL, "size": CELL})
    return out


def scenario_view(pack: Pack, scenario_id: str) -> dict[str, Any]:
    """The scenario page's data: the print sheet's context (builder.systems.heroes.render.
    scenario_sheet) and ``squares``, each square's information and the hover cells."""
    from builder.systems.heroes.render.scenario_sheet import find_scenario, scenario_context

    scenario = find_scenario(pack, scenario_id)
    context = scenario_context(scenario, pack)
    info = square_info(scenario, pack, context["names"].sides)
    return {**context, "squares": {"info": info, "cells": hover_cells(info)}}


def seats(pack: Pack, scenario_id: str) -> int:
    """How many players a game of the scenario seats: clash-three and clash-four seat three
    and four (builder.systems.heroes.engine.alliances), the others two."""
    from builder.systems.heroes.engine.alliances import scenario_seats

    return len(scenario_seats(pack.items["scenarios"][scenario_id])) or 2
