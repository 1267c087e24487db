"""Imports inside the engine go down (issue 19, item 1: no deferred import remains to
dodge a cycle). An import in a function body is allowed only for start-up time, with a
comment saying so on its line or the line above; every step a lower module calls back
(builder/systems/heroes/engine/steps.py) is registered once the engine is imported."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import builder.systems.heroes.engine  # noqa: F401  (registers every step and rule module)
from builder.systems.heroes.engine import steps

ROOT = Path(__file__).resolve().parents[1]
ENGINE = [ROOT / "builder" / "kernel", *(ROOT / "builder" / "systems" / "heroes" / part
                                        for part in ("board", "engine", "tools"))]


def _deferred(path: Path) -> list[int]:
    """Lines of the imports made in function bodies, outside ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)}
    return sorted({n.lineno for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in typing_only})


def test_no_import_hides_in_a_function_body_but_for_start_up_time() -> None:
    found = []
    for path in sorted(p for folder in ENGINE for p in folder.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for line in _deferred(path):
            said = " ".join(lines[max(0, line - 2):line])
            if "start-up" not in said:
                found.append(f"{path.relative_to(ROOT)}:{line}")
    assert not found, f"imports in function bodies (invert the dependency, see builder/systems/heroes/engine/steps.py): {found}"


def test_the_check_sees_a_deferred_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import os\n"
                      "def f():\n    import json\n    return json\n", encoding="utf-8")
    assert _deferred(module) == [5]


def test_every_step_is_registered_by_its_owner() -> None:
    assert len({s.name for s in steps.STEPS}) == len(steps.STEPS)
    for step in steps.STEPS:
        assert step.provided, step.name


def test_a_step_not_provided_says_which_and_by_whom() -> None:
    step: steps.Step[Any] = steps.Step("example", "nowhere", "an example")
    with pytest.raises(LookupError, match="example.*nowhere"):
        step.fn(None)
