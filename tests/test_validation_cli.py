"""``heroes validate`` end to end: summary, formats, exit codes, wrong paths, garbage."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.cli import app
from builder.cli.common import run_app
from builder.systems.heroes.content.models import KINDS
from builder.systems.heroes.validation import validate_pack
from tests.conftest import ROOT
from tests.test_validation_codes import BASE, broken_pack


def test_bundled_pack_validates_with_a_summary(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = cli("validate")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "pack 'core'" in result.stdout
    assert "units" in result.stdout and "items with placeholder values" in result.stdout
    assert re.search(r"^content/core: valid, \d+ warning\(s\)$", result.stdout, flags=re.MULTILINE), result.stdout


def test_json_format_is_data(cli, tmp_path: Path) -> None:
    pack = broken_pack(tmp_path, "c303-option-fits-no-slot")
    result = cli("validate", str(pack), "--format", "json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["summary"]["valid"] is False and payload["errors"] >= 1
    diag = next(d for d in payload["diagnostics"] if d["code"] == "C303")
    assert diag["file"].endswith("recruitment/recruitment.yaml")
    assert (diag["line"], diag["col"], diag["severity"]) == (38, 12, "error")
    assert diag["rule"].startswith("000 core rules") and diag["hint"]
    ok = json.loads(cli("validate", str(BASE), "--format", "json").stdout)
    assert ok["summary"]["valid"] is True and ok["summary"]["items"]["units"] == 3


def test_github_format_annotates(cli, tmp_path: Path) -> None:
    pack = broken_pack(tmp_path, "c310-event-turn")
    result = cli("validate", str(pack), "--format", "github")
    assert result.exit_code == 1
    line = next(x for x in result.stdout.splitlines() if "C310" in x)
    assert re.match(r"^::error file=.*scenarios/skirmish\.yaml,line=29,col=16,title=C310::event on turn 7", line), line


def test_text_lines_are_parsable(cli, tmp_path: Path) -> None:
    pack = broken_pack(tmp_path, "s201-unknown-key")
    result = cli("validate", str(pack), "-q")
    assert re.search(r"units/units\.yaml:10:9: error S201: unknown key 'movment'", result.stdout)
    assert "hint: did you mean 'movement'?" in result.stdout


def test_wrong_paths_are_clear(cli, tmp_path: Path) -> None:
    missing = cli("validate", str(tmp_path / "nope"))
    assert missing.exit_code == 1 and "does not exist" in missing.stdout and "Traceback" not in missing.stderr
    file = cli("validate", str(BASE / "units" / "units.yaml"))
    assert file.exit_code == 1 and "is a file" in file.stdout
    assert cli("validate", str(BASE), "--format", "yaml").exit_code == 2
    assert cli("validate", str(BASE), "--no-such-option").exit_code == 2


def _command_names(typer_app: typer.Typer, prefix: str = "heroes") -> list[str]:
    names = []
    for command in typer_app.registered_commands:
        names.append(f"{prefix} {command.name or command.callback.__name__}")  # type: ignore[union-attr]
    for group in typer_app.registered_groups:
        names.extend(_command_names(group.typer_instance, f"{prefix} {group.name}"))  # type: ignore[arg-type]
    return names


def test_every_command_is_in_the_readme_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if line.startswith("| `heroes ")]
    for name in _command_names(app):
        assert any(row.startswith(f"| `{name}") for row in rows), f"README.md command table lacks {name}"


# -- garbage in, diagnostics out ---------------------------------------------------------

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.sampled_from(
    ["id", "us", "C4", "A1:B2", "X", "infantry", "", "-", ":", "[", "{", "&a", "*a", "!!str", "'", '"']))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["id", "name", "units", "sides", "faction", "layout", "boards", "victory", "when", "rows", "x"]),
        inner, max_size=3)), max_leaves=12)


def _as_yaml(value: object, indent: int = 0) -> str:
    pad = " " * indent
    if isinstance(value, dict):
        return "".join(f"{pad}{k}:\n{_as_yaml(v, indent + 2)}" for k, v in value.items()) or f"{pad}{{}}\n"
    if isinstance(value, list):
        return "".join(f"{pad}-\n{_as_yaml(v, indent + 2)}" for v in value) or f"{pad}[]\n"
    return f"{pad}{value}\n"


_garbage = st.one_of(
    st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!?|>'\"#\n\t 1.%@`,~")), max_size=120),
    _values.map(_as_yaml),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_garbage, kind=st.sampled_from(sorted(KINDS)))
def test_garbage_content_never_crashes(tmp_path: Path, text: str, kind: str) -> None:
    pack = tmp_path / "garbage"
    shutil.rmtree(pack, ignore_errors=True)
    (pack / kind).mkdir(parents=True)
    shutil.copy(BASE / "pack.yaml", pack / "pack.yaml")
    (pack / kind / "g.yaml").write_text(text, encoding="utf-8")
    report = validate_pack(pack)
    for diag in report.errors:
        assert diag.file.endswith("g.yaml") and diag.line >= 1, diag.format()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_app(app, ["validate", str(pack), "-q"])
    assert code == (0 if report.ok else 1), out.getvalue() + err.getvalue()
    assert "Traceback" not in out.getvalue() + err.getvalue()


_FILES = sorted(str(p.relative_to(BASE)) for p in BASE.rglob("*.yaml"))
_edits = st.lists(st.tuples(st.sampled_from(["delete", "repeat", "indent", "swap", "insert"]),
                            st.integers(0, 10**6), st.sampled_from(list(":-[]{}&*!#'\" \nabX9~,|>"))),
                  min_size=1, max_size=4)


def _mutate(text: str, edits: list[tuple[str, int, str]]) -> str:
    for op, n, char in edits:
        lines = text.split("\n")
        i = n % len(lines)
        if op == "delete" and len(lines) > 1:
            lines.pop(i)
        elif op == "repeat":
            lines.insert(i, lines[i])
        elif op == "indent":
            lines[i] = " " + lines[i]
        elif op == "swap" and len(lines) > 1:
            j = (i + 1) % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        text = "\n".join(lines)
        if op == "insert":
            k = n % (len(text) + 1)
            text = text[:k] + char + text[k:]
    return text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rel=st.sampled_from(_FILES), edits=_edits)
def test_mutated_content_is_reported_with_positions(tmp_path: Path, rel: str, edits: list[tuple[str, int, str]]) -> None:
    """Typos in real content files (lines lost, repeated, shifted, stray characters)
    give located diagnostics, never an exception."""
    pack = tmp_path / "mutated"
    shutil.rmtree(pack, ignore_errors=True)
    shutil.copytree(BASE, pack)
    (pack / rel).write_text(_mutate((BASE / rel).read_text(encoding="utf-8"), edits), encoding="utf-8")
    report = validate_pack(pack)
    for diag in report.errors:
        assert diag.file and diag.line >= 1, diag.format()
