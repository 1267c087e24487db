"""Compiled copies of the rules engine's and the AI players' hot modules, used only while they match the sources.

Why: random play and playtests spend their time in a few dozen small rule
functions (listing moves, zones of control, lines of sight, the phases). Compiled
with mypyc (the mypy project's compiler from annotated Python to C extensions)
the same code runs markedly faster and plays the same games.

How it stays safe to edit:

* the Python sources stay the reference; ``make native`` (run by
  ``make test`` and ``make bench``, not by ``make demo``; script ``scripts/build_native.py``) compiles
  :data:`MODULES` into ``.native/`` at the root of the checkout, with a manifest
  holding each source's sha256;
* a package holding compiled modules puts its ``.native/`` directory first on its
  ``__path__`` (:func:`extend_path`) only while *every* compiled module's source
  matches the manifest: all or none, since compiled modules call one another
  directly;
* an edited source therefore turns the compiled copies off until the next build,
  and ``HEROES_NATIVE=0`` turns them off by hand; :func:`status` says which and why;
* ``tests/test_native.py`` plays the same seeded games both ways and compares
  their state hashes.

This module does no work at import beyond reading the manifest and hashing the
listed sources (a few milliseconds), once per process.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
import sysconfig
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
NATIVE_DIR = Path(os.environ.get("HEROES_NATIVE_DIR") or ROOT / ".native")
"""Where the compiled copies live; ``HEROES_NATIVE_DIR`` points elsewhere (the build's
profiling run uses an instrumented copy, scripts/build_native.py)."""
OFF = ("0", "false", "no", "off")
"""Values of an environment switch (``HEROES_NATIVE``, ``HEROES_PGO``) that turn it off."""
MANIFEST = "manifest.json"
# the shared library of the compiled group lives in this package
GROUP = "builder.kernel._native"

# Modules compiled, by package (the engine's layers: kernel, board, the Heroes System and its
# effects, features and phases; then the AI's). Left out on purpose: package __init__ files
# (their __path__ must stay the source directory; each package holding a compiled module
# calls extend_path), error classes, the game-free loop, players and perft, the engine's
# tools (builder/systems/heroes/tools: logs, position files, explain, coverage: I/O or run once per
# command), the Solo Mode content loader, the Solo brain seam (a registry, heroes.solo_mode.brains)
# and the decision tables' query protocol (read by inspection). Classes
# meant to be subclassed in plain Python (rules.Rules, the Solo Mode Brain) are
# compiled with mypyc_attr(allow_interpreted_subclasses=True).
MODULES: tuple[str, ...] = tuple(
    f"builder.kernel.{name}" for name in (
        "dice", "events",
    )
) + tuple(
    f"builder.systems.heroes.board.{name}" for name in (
        "battlefield", "bitboard", "grid", "intersections", "los", "elevation", "lines", "rooms", "tracing",
    )
) + tuple(
    f"builder.systems.heroes.engine.{name}" for name in (
        "actions", "ambush", "api", "armies", "assault", "damage", "decoys", "derived", "firing", "markers", "movement",
        "objectives", "opportunity", "profiles", "reactions", "rules", "scenario_events", "scenario_fire",
        "scenario_units", "setup", "smoke", "state", "steps", "structures", "terms", "tokens", "transport",
        "unit_actions", "victory", "zoc", "effects.abilities", "effects.cards", "effects.options",
        "effects.hooks", "effects.registry", "features.advanced_positions", "features.anti_tank", "features.artillery_shot",
        "features.autonomy", "features.aviation", "features.barrage", "features.blast", "features.concealment",
        "features.demolition_charges", "features.destruction", "features.directives", "features.fuel",
        "features.gear", "features.goliath", "features.hedgerow_cutter", "features.horn_of_plenty",
        "features.mg_nest", "features.ruses", "features.smoke_bombs", "features.substitute",
        "features.urban_fighter", "features.vehicle_bombs", "phases.activation", "phases.orders",
        "phases.supply", "solo_mode.bonuses", "solo_mode.clarifications", "solo_mode.danger",
        "solo_mode.decoys", "solo_mode.events", "solo_mode.forces", "solo_mode.modifiers",
        "solo_mode.reaction", "solo_mode.reinforcements", "solo_mode.resupply", "solo_mode.rules",
        "solo_mode.sightlines", "solo_mode.trap",
    )
) + tuple(
    f"builder.systems.heroes.ai.{name}" for name in (
        "demolition", "evaluate", "extras_values", "greedy", "players", "support_values",
        "token_values",
        "tables.compiled", "tables.interpreter",
        "solo_mode.brain", "solo_mode.measures", "solo_mode.policy", "solo_mode.tokens", "solo_mode.view",
    )
)


@dataclass(frozen=True)
class Status:
    """Whether the compiled copies are in use, and why not when they are not."""

    active: bool
    reason: str
    modules: tuple[str, ...] = MODULES


def source_path(module: str) -> Path:
    """The Python source of a module of this package."""
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def fingerprints(modules: tuple[str, ...] = MODULES) -> dict[str, str]:
    """sha256 of each module's source, as the build records them."""
    return {m: hashlib.sha256(source_path(m).read_bytes()).hexdigest() for m in modules}


def build_tag() -> str:
    """What a compiled copy is tied to besides its sources: the Python ABI."""
    return f"{sys.implementation.cache_tag}{sysconfig.get_config_var('EXT_SUFFIX') or ''}"


@cache
def status() -> Status:
    """Read ``.native/manifest.json`` and compare it with the sources (once per process)."""
    if os.environ.get("HEROES_NATIVE", "1").lower() in OFF:
        return Status(False, "turned off by HEROES_NATIVE=0")
    manifest = NATIVE_DIR / MANIFEST
    try:
        recorded = json.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Status(False, "not built (run `make native`)")
    except (OSError, ValueError):
        return Status(False, f"unreadable manifest {manifest} (run `make native`)")
    if recorded.get("tag") != build_tag():
        return Status(False, f"built for {recorded.get('tag')}, this is {build_tag()} (run `make native`)")
    if tuple(recorded.get("sources", {})) != MODULES:
        return Status(False, "built for another list of modules (run `make native`)")
    try:
        current = fingerprints()
    except OSError as exc:
        return Status(False, f"a source cannot be read: {exc}")
    changed = [m for m in MODULES if recorded["sources"][m] != current[m]]
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        return Status(False, f"stale: {source_path(changed[0]).relative_to(ROOT)}{more} changed since the build "
                             "(run `make native`)")
    guided = ", profile-guided" if recorded.get("profile_guided") else ""
    return Status(True, f"{len(MODULES)} modules compiled with mypyc {recorded.get('mypyc', '?')}{guided}")


def extend_path(path: list[str], package: str) -> list[str]:
    """``path`` (a package's ``__path__``) with the package's compiled directory
    first, when the compiled copies are in use."""
    if status().active:
        native = NATIVE_DIR.joinpath(*package.split("."))
        if native.is_dir() and str(native) not in path:
            path.insert(0, str(native))
    return path


def in_use() -> list[str]:
    """The listed modules imported from their compiled copies in this process."""
    return [m for m in MODULES
            if m in sys.modules and str(getattr(sys.modules[m], "__file__", "")).startswith(str(NATIVE_DIR))]


def module_docstring(module: ModuleType) -> str:
    """A module's docstring; read from its source for a compiled module, which has none."""
    if module.__doc__:
        return module.__doc__
    name = module.__name__
    if name.startswith("builder."):
        try:
            return ast.get_docstring(ast.parse(source_path(name).read_text(encoding="utf-8"))) or ""
        except (OSError, SyntaxError):
            return ""
    return ""
