"""The game loop, the phases, the state, the victory conditions and the scenario events
name no feature module: they ask the hook registry (builder.systems.heroes.engine.effects), and
builder/systems/heroes/engine/all_features.py is the one file that lists the features (issue 19,
feature modules own their rule). The import-linter contract `core-names-no-feature`
checks the same imports in `make lint`; this test reads the sources, so that it also
catches a feature named through a string import path."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEROES = ROOT / "builder" / "systems" / "heroes" / "engine"
CORE = [*sorted((HEROES / "phases").glob("*.py")),
        *(HEROES / f"{name}.py" for name in ("steps", "state", "victory", "scenario_events", "api", "rules"))]
FEATURES = "builder.systems.heroes.engine.features"


def _imported(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_core_imports_no_feature_module() -> None:
    named = {path.relative_to(ROOT).as_posix(): [n for n in _imported(path) if n.startswith(FEATURES)]
             for path in CORE}
    assert len(named) == len(CORE) >= 10
    assert {path: found for path, found in named.items() if found} == {}


def test_all_features_lists_every_feature_module() -> None:
    listed = {n.rsplit(".", 1)[1] for n in _imported(HEROES / "all_features.py") if n.startswith(FEATURES + ".")}
    modules = {p.stem for p in (HEROES / "features").glob("*.py") if p.stem != "__init__"}
    assert modules and modules == listed
