"""docs/tide-of-iron.md: its commands run as written, its example runs, and its rules
coverage table is the engine's."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.systems.tide_of_iron.coverage import markdown_table
from builder.systems.tide_of_iron.pack import load

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "tide-of-iron.md").read_text(encoding="utf-8")


def test_coverage_table_matches_the_engine() -> None:
    assert markdown_table(load(ROOT / "content" / "toi")) in DOC


def test_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    block = re.search(r"```console\n(.*?)```", DOC, re.S)
    assert block is not None
    monkeypatch.chdir(tmp_path)
    for line in block.group(1).splitlines():
        args = shlex.split(line)
        assert args[0] == "heroes"
        args = [str(ROOT / a) if a.startswith(("content/", "examples/")) else a for a in args[1:]]
        code = run_app(app, args)
        out, err = capsys.readouterr()
        assert code == 0, f"{line}: exit {code}\n{out}\n{err}"
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")


def test_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    block = re.search(r"```python\n(.*?)```", DOC, re.S)
    assert block is not None
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(block.group(1), "docs/tide-of-iron.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert capsys.readouterr().out.split()[0] in ("americans", "germans")


def test_authoring_section_forms_a_valid_pack(tmp_path: Path) -> None:
    """The Tide of Iron blocks of docs/authoring.md (fenced as yml, each naming its file)."""
    from builder.systems.tide_of_iron.pack import validate

    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yml\n(.*?)```", guide, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        name = re.search(r"^# file: (\S+)$", block, re.M)
        assert name is not None
        path = tmp_path / "pack" / name.group(1)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block, encoding="utf-8")
    report = validate(tmp_path / "pack")
    assert report.ok and report.pack is not None and report.pack.counts()["terrain"] == 1
