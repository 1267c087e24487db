"""The fast start-up path of ``heroes army check`` (builder.cli.fast): same output, same
exit code as the Typer command, and nothing heavy imported on the way."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder.cli import app, fast
from builder.cli.common import run_app
from tests.conftest import FIXTURES, ROOT

ARMY = FIXTURES / "army"
PACK = str(ARMY / "pack")
EXAMPLES = sorted((ROOT / "examples" / "armies").glob("*.yaml"))


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the pack cache of these tests out of the user's cache folder."""
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "army-pack-cache"))


@pytest.mark.parametrize("argv, expected", [
    (["army", "check", "a.yaml"], fast.ArmyCheck(Path("a.yaml"), None, "text")),
    (["army", "check", "--pack", "p", "a.yaml", "-f", "json"], fast.ArmyCheck(Path("a.yaml"), Path("p"), "json")),
    (["army", "check", "a.yaml", "--format", "github"], fast.ArmyCheck(Path("a.yaml"), None, "github")),
])
def test_plain_checks_take_the_fast_path(argv: list[str], expected: fast.ArmyCheck) -> None:
    assert fast.parse(argv) == expected


@pytest.mark.parametrize("argv", [
    ["army", "check"], ["army", "check", "--help"], ["army", "check", "a.yaml", "--format=json"],
    ["army", "check", "a.yaml", "-f", "xml"], ["army", "check", "a.yaml", "b.yaml"],
    ["army", "check", "a.yaml", "--pack"], ["army", "check", "a.yaml", "--pack", "p", "--pack", "q"],
    ["army", "check", "a.yaml", "--verbose"], ["army", "check", "-"], ["army", "check", ""],
    ["army", "show", "a.yaml"], ["--help"], [],
])
def test_anything_else_is_left_to_typer(argv: list[str]) -> None:
    assert fast.parse(argv) is None


def _both(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = fast.run(argv)
    fast_out = capsys.readouterr()
    typer_code = run_app(app, argv)
    typer_out = capsys.readouterr()
    assert code is not None, "a plain Heroes check must not fall back to Typer"
    assert (code, fast_out.out, fast_out.err) == (typer_code, typer_out.out, typer_out.err)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_bundled_examples_print_the_same_as_through_typer(example: Path, fmt: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    _both(["army", "check", str(example), "-f", fmt], capsys)


@pytest.mark.parametrize("name", ["slot-bands", "hero-insignia", "alliance-legal", "deck-small", "no-tile"])
def test_illegal_and_broken_lists_print_the_same_as_through_typer(name: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _both(["army", "check", str(ARMY / "lists" / f"{name}.yaml"), "--pack", PACK], capsys)
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [\n", encoding="utf-8")
    _both(["army", "check", str(broken)], capsys)
    _both(["army", "check", str(tmp_path / "missing.yaml"), "-f", "json"], capsys)
    _both(["army", "check", str(broken), "--pack", str(tmp_path / "no-such-pack")], capsys)


def test_other_systems_and_unknown_systems_go_through_typer(tmp_path: Path) -> None:
    assert fast.run(["army", "check", str(ROOT / "examples" / "toi" / "crossroads-germans.yaml")]) is None
    unknown = tmp_path / "odd.yaml"
    unknown.write_text("system: chess\nname: x\n", encoding="utf-8")
    assert fast.run(["army", "check", str(unknown)]) is None


def test_a_plain_check_imports_neither_typer_nor_ruamel_nor_jinja(tmp_path: Path) -> None:
    """The point of the fast path: these imports cost more than the check itself."""
    script = ("import sys\nfrom builder.cli import fast\n"
              f"code = fast.run(['army', 'check', {str(EXAMPLES[0])!r}])\n"
              "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'ruamel', 'jinja2', 'rich'}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEROES_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # a cold cache, then a warm one
        out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.splitlines()[-1]
        assert out == "0 []"


@pytest.mark.parametrize("argv, expected", [
    (["render", "roster", "a.yaml", "-o", "r.pdf"], fast.Roster(Path("a.yaml"), Path("r.pdf"), None, "a4")),
    (["render", "roster", "-p", "p", "a.yaml", "--out", "r.html", "--paper", "letter"],
     fast.Roster(Path("a.yaml"), Path("r.html"), Path("p"), "letter")),
])
def test_plain_rosters_take_the_fast_path(argv: list[str], expected: fast.Roster) -> None:
    assert fast.parse_roster(argv) == expected


@pytest.mark.parametrize("argv", [
    ["render", "roster", "a.yaml"], ["render", "roster", "-o", "r.pdf"], ["render", "roster", "--help"],
    ["render", "roster", "a.yaml", "-o=r.pdf"], ["render", "roster", "a.yaml", "-o", "r.pdf", "--paper", "a5"],
    ["render", "roster", "a.yaml", "b.yaml", "-o", "r.pdf"], ["render", "roster", "a.yaml", "-o", "r.pdf", "-o", "s.pdf"],
    ["render", "scenario", "clash", "-o", "r.pdf"], ["render", "roster", "a.yaml", "-o"],
])
def test_any_other_render_is_left_to_typer(argv: list[str]) -> None:
    assert fast.parse_roster(argv) is None


def test_a_roster_prints_and_writes_the_same_as_through_typer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Same bytes, same output and exit codes; an output Typer refuses is left to Typer."""
    army = str(ROOT / "tests" / "fixtures" / "render" / "armies" / "legal.yaml")
    pack = str(ROOT / "tests" / "fixtures" / "render" / "pack")
    made = []
    for run in (fast.run, lambda argv: run_app(app, argv)):
        out = tmp_path / f"{len(made)}" / "roster.html"
        code = run(["render", "roster", army, "--pack", pack, "-o", str(out)])
        printed = capsys.readouterr()
        made.append((code, printed.out.replace(str(out), "OUT"), printed.err, out.read_text(encoding="utf-8")))
    assert made[0] == made[1] and made[0][0] == 0
    missing = str(tmp_path / "missing.yaml")
    assert fast.run(["render", "roster", missing, "-o", str(tmp_path / "m.pdf")]) == 1
    fast_err = capsys.readouterr().err
    assert run_app(app, ["render", "roster", missing, "-o", str(tmp_path / "m.pdf")]) == 1
    assert capsys.readouterr().err == fast_err
    assert fast.run(["render", "roster", army, "-o", str(tmp_path / "r.txt")]) is None


def test_a_plain_roster_imports_neither_typer_nor_click(tmp_path: Path) -> None:
    """The roster's fast path reaches the command's body (builder.cli.render_roster) without
    Typer, whose import alone cost it ~0.15 s (issue 38: the roster PDF under 1.5 s)."""
    army = ROOT / "tests" / "fixtures" / "render" / "armies" / "legal.yaml"
    pack = ROOT / "tests" / "fixtures" / "render" / "pack"
    script = ("import sys\nfrom builder.cli import fast\n"
              f"code = fast.run(['render', 'roster', {str(army)!r}, '-p', {str(pack)!r}, '-o', "
              f"{str(tmp_path / 'r.html')!r}])\n"
              "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'rich'}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEROES_CACHE_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.splitlines()[-1]
    assert out == "0 []"
