"""Rule modules: special abilities, recruitment options and cards, registered by id.

Each module is a small object with a coverage status and hook functions called
at named points of the rules (the typed constants of
:mod:`builder.systems.heroes.engine.effects.hooks`). The coverage report
(:mod:`builder.systems.heroes.tools.coverage`) is generated from this registry; modules not
simulated are registered too, so the report is honest about them.
"""

from __future__ import annotations

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)

from builder.systems.heroes.engine.effects.hooks import (
    EVERY_HOOK, GAME_HOOKS, SCENARIO_HOOKS, SIDE_HOOKS, GameHook, Hook, SideHook, UnitHook,
)
from builder.systems.heroes.engine.effects.registry import (
    REGISTRY, STATUSES, RuleModule, collect, condition, decision, game_hooks, get, hook_functions, in_game,
    invalidate, register, scenario_apply, scenario_effect, scenario_hooks, side_hooks, unit_modules, unregister,
)

__all__ = [
    "EVERY_HOOK", "GAME_HOOKS", "GameHook", "Hook", "REGISTRY", "SCENARIO_HOOKS", "SIDE_HOOKS", "STATUSES", "RuleModule", "collect",
    "condition", "decision", "game_hooks", "get", "hook_functions", "in_game", "invalidate", "register",
    "SideHook", "UnitHook", "scenario_apply", "scenario_effect", "scenario_hooks", "side_hooks", "unit_modules",
    "unregister",
]
