"""No code outside a game system reaches into its internals (issue 33, Done when).

A system's public names are its package, ``builder.systems.<name>`` (its ``GameSystem``
and what its ``__init__`` exports); any import of a module below it from outside the
system's own folder is a reach into its internals. The shared services ask a system
through the seam (builder.systems.seam) or its package's few public names; the count is
zero for every system under builder/systems.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILDER = ROOT / "builder"

SYSTEMS = sorted(p.name for p in (BUILDER / "systems").iterdir() if (p / "__init__.py").is_file())


def reaches_into(system: str, builder: Path = BUILDER) -> Counter[str]:
    """Import statements per file outside ``builder/systems/<system>/`` that name a
    module inside that system below its package."""
    inner = f"builder.systems.{system}."
    own = builder / "systems" / system
    found: Counter[str] = Counter()
    for path in sorted(builder.rglob("*.py")):
        if own in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith(inner):
                found[str(path.relative_to(builder.parent))] += 1
            elif isinstance(node, ast.Import) and any(a.name.startswith(inner) for a in node.names):
                found[str(path.relative_to(builder.parent))] += 1
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_nothing_reaches_into_a_systems_internals(system: str) -> None:
    found = reaches_into(system)
    worst = ", ".join(f"{file} {n}" for file, n in found.most_common(5))
    assert not found, (f"{sum(found.values())} imports reach into builder.systems.{system} internals ({worst}): "
                       "use the system's GameSystem (builder.systems.seam) or its package's public names")


def test_the_count_sees_a_reach_in(tmp_path: Path) -> None:
    """The counter is not blind: inner imports outside the system count, the package
    itself and imports inside the system do not."""
    builder = tmp_path / "builder"
    (builder / "cli").mkdir(parents=True)
    (builder / "systems" / "heroes" / "engine").mkdir(parents=True)
    (builder / "cli" / "x.py").write_text(
        "from builder.systems.heroes.engine import new_game\nimport builder.systems.heroes.ai.greedy\n"
        "from builder.systems.heroes import HEROES\nfrom builder.systems import seam\n", encoding="utf-8")
    (builder / "systems" / "heroes" / "engine" / "y.py").write_text(
        "from builder.systems.heroes.board import grid\n", encoding="utf-8")
    assert reaches_into("heroes", builder) == Counter({"builder/cli/x.py": 2})
