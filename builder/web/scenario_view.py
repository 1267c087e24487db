"""The scenario viewer's square-by-square information (terrain, its effects with the
rule they come from, deployment zones, objectives, entry squares), as the pack's game
system gives it (``WebTools.squares``; the Heroes System's builder.systems.heroes.web.scenario)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.systems.seam import HEROES_SYSTEM, GameSystem, get_system
from builder.web.workbench import tool


def square_info(scenario: Any, pack: Any, side_names: Mapping[str, str],
                system: GameSystem | None = None) -> dict[str, dict[str, Any]]:
    """For each square of the battlefield: terrain, effects, rule, zones, objectives, entries."""
    return tool(system or get_system(HEROES_SYSTEM), "squares")(scenario, pack, side_names)
