"""docs/architecture.md stays true: its layer diagram is the import-linter contract, and
its "How to add a game system" example, installed as a plugin, answers `heroes validate`."""

from __future__ import annotations

import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.systems import seam

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = DOC.index(f"## {title}\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:] if end < 0 else DOC[start:end]


def _blocks(text: str, lang: str) -> list[str]:
    return [re.sub(r"^ {3}", "", b, flags=re.M) for b in re.findall(rf"```{lang}\n(.*?)\n *```", text, re.S)]


def test_layer_diagram_is_the_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layers = next(c for c in config if c["type"] == "layers")["layers"]
    diagram = [line.split("  ")[0].strip() for line in _blocks(_section("Layers and the import contracts"), "text")[0]
               .splitlines()]
    assert diagram == layers


@pytest.fixture()
def checkers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The walkthrough's package, installed with the walkthrough's entry point."""
    walkthrough = _section("How to add a game system")
    package = tmp_path / "site" / "checkers_system"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(_blocks(walkthrough, "python")[0])
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(sys.modules, "checkers_system", raising=False)
    declared = tomllib.loads(_blocks(walkthrough, "toml")[0])["project"]["entry-points"]
    found = [importlib.metadata.EntryPoint(name, value, group)
             for group, entries in declared.items() for name, value in entries.items()]
    assert {ep.group for ep in found} == {seam.ENTRY_POINT_GROUP}
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None, **_: [ep for ep in found if ep.group == group])
    seam.reset_registry()
    pack = tmp_path / "first-board"
    pack.mkdir()
    (pack / "pack.yaml").write_text(_blocks(walkthrough, "yaml")[0] + "\n")
    yield pack
    seam.reset_registry()


def test_add_a_system_walkthrough_runs(checkers: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(app, ["validate", str(checkers)]) == 1
    assert "invalid: no board.txt" in capsys.readouterr().out
    (checkers / "board.txt").write_text("........\n")
    assert run_app(app, ["validate", str(checkers)]) == 0
    assert f"{checkers}: valid" in capsys.readouterr().out
    assert run_app(app, ["play", "opening", "--pack", str(checkers)]) == 2
    err = capsys.readouterr().err
    assert "no meaning for Checkers packs" in err and "heroes validate" in err


def test_make_test_runs_the_lint_before_the_suite() -> None:
    """The contracts, mypy and ruff gate every `make test` (and so CI, .ci/run)."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert recipe.index("lint") < recipe.index("pytest")
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert all(tool in lint for tool in ("mypy", "ruff check", "lint-imports"))
    assert "make test" in (ROOT / ".ci" / "run").read_text()
