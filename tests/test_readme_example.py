"""The library example in README.md runs as written."""

from __future__ import annotations

import os
import re

from tests.conftest import ROOT


def test_readme_python_example_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "README.md has no python example"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert "GameResult(winner=" in capsys.readouterr().out
