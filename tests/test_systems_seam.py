"""The game-system seam (builder.systems.seam): systems found through the
``heroes_builder.systems`` entry-point group, chosen by ``system:`` in pack.yaml, and
asked by the commands for everything system-specific."""

from __future__ import annotations

import importlib.metadata
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.errors import InvalidInputError, UsageError
from builder.systems import seam

ROOT = Path(__file__).resolve().parents[1]

# a game system in a package of its own, as a third party would write it
PLUGIN = '''
from pathlib import Path

import typer

from builder.systems.seam import GameSystem


def validate_command(pack, fmt, quiet):
    typer.echo(f"checkers pack {Path(pack).name}: valid ({fmt})")
    raise typer.Exit(0)


def nothing(*args, **kwargs):
    return None


CHECKERS = GameSystem(
    id="checkers", title="Checkers", kinds={}, validate=nothing, load=nothing, check_army=nothing,
    rules=nothing, players=dict, coverage=lambda pack: [], site_builder=nothing, render={},
    templates=Path("."), commands={"validate": validate_command},
)
'''


def _entry_points(*values: tuple[str, str]) -> list[importlib.metadata.EntryPoint]:
    return [importlib.metadata.EntryPoint(name, value, seam.ENTRY_POINT_GROUP) for name, value in values]


@pytest.fixture()
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed third-party package declaring the ``checkers`` system."""
    (tmp_path / "site" / "seam_test_plugin").mkdir(parents=True)
    (tmp_path / "site" / "seam_test_plugin" / "__init__.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(sys.modules, "seam_test_plugin", raising=False)
    found = _entry_points(("checkers", "seam_test_plugin:CHECKERS"))
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None, **_: found if group == seam.ENTRY_POINT_GROUP else [])
    seam.reset_registry()
    yield tmp_path
    seam.reset_registry()


def _pack(folder: Path, manifest: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(textwrap.dedent(manifest))
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = run_app(app, [str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_bundled_systems_are_registered() -> None:
    found = seam.systems()
    assert {"heroes-of-normandie", "tide-of-iron"} <= set(found)
    assert all(found[s].commands for s in ("heroes-of-normandie", "tide-of-iron"))  # every body behind the seam
    assert "units" in found["heroes-of-normandie"].kinds and "figures" in found["tide-of-iron"].kinds
    from builder.render.env import TEMPLATES
    from builder.systems.tide_of_iron import render

    assert found["tide-of-iron"].templates == render.TEMPLATES and found["heroes-of-normandie"].templates == TEMPLATES
    assert set(found["tide-of-iron"].players()) == {"random", "greedy", "search"}
    assert "random" in found["heroes-of-normandie"].players()


@pytest.mark.parametrize(("system_id", "pack", "scenario"), [("heroes-of-normandie", "core", "family-meeting-1"),
                                                          ("tide-of-iron", "toi", "crossroads-farm")])
def test_every_system_sets_up_a_game_through_the_seam(system_id: str, pack: str, scenario: str) -> None:
    system = seam.get_system(system_id)
    loaded = system.load(ROOT / "content" / pack)
    first, again = system.rules(loaded, scenario, 3), system.rules(loaded, scenario, 3)
    assert first.state_hash() == again.state_hash()
    rows = system.coverage(loaded)
    assert rows and all(r["status"] for r in rows)
    assert system.validate(ROOT / "content" / pack).ok


def test_pyproject_declares_both_bundled_systems() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["project"]["entry-points"][seam.ENTRY_POINT_GROUP] == seam.BUILTIN


def test_pack_system_defaults_to_heroes(tmp_path: Path) -> None:
    assert seam.system_of_pack(_pack(tmp_path / "p", "id: p\n")).id == "heroes-of-normandie"
    assert seam.system_of_pack(tmp_path / "no-pack-here").id == "heroes-of-normandie"
    assert seam.system_of_pack(ROOT / "content" / "core").id == "heroes-of-normandie"
    assert seam.system_of_pack(ROOT / "content" / "toi").id == "tide-of-iron"
    from builder.systems import pack_system

    assert pack_system(ROOT / "content" / "toi") == "tide-of-iron" and pack_system(None) == "heroes-of-normandie"


def test_unknown_system_is_a_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = _pack(tmp_path / "p", "id: p\nname: P\nsystem: tide-of-irn\n")
    with pytest.raises(InvalidInputError) as caught:
        seam.system_of_pack(pack)
    diag = caught.value.diagnostics[0]
    assert (diag.code, diag.line, diag.col) == ("S220", 3, 9) and diag.file.endswith("pack.yaml")
    assert "heroes-of-normandie" in diag.hint and "tide-of-iron" in diag.hint
    code, _, err = run(capsys, "validate", pack)
    assert code == 1 and "pack.yaml:3:9: error S220" in err and "Traceback" not in err


def test_foreign_system_from_an_entry_point_runs_validate(plugin: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "checkers" in seam.systems() and "heroes-of-normandie" in seam.systems()
    pack = _pack(plugin / "board", "id: board\nsystem: checkers\n")
    code, out, _ = run(capsys, "validate", pack, "--format", "json")
    assert code == 0 and out.strip() == "checkers pack board: valid (json)"


def test_command_without_meaning_is_said_once(plugin: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = _pack(plugin / "board", "id: board\nsystem: checkers\n")
    code, _, err = run(capsys, "play", "opening", "--pack", pack)
    assert code == 2 and "S221" in err and "'heroes play' has no meaning for Checkers packs" in err
    assert "heroes validate" in err  # names what does work
    with pytest.raises(UsageError, match="no meaning for Checkers"):
        seam.pack_command(pack, "rules coverage")


@pytest.mark.parametrize("args", [("render", "cards", "-o", "c.html"),
                                  ("army", "options", str(ROOT / "examples" / "toi" / "crossroads-germans.yaml"),
                                   "--tile", "1", "--slot", "1")])
def test_heroes_only_commands_say_so_for_tide_of_iron(args: tuple[str, ...], tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *(tmp_path / a if a.endswith(".html") else a for a in args),
                       "--pack", ROOT / "content" / "toi")
    assert code == 2 and "no meaning for Tide of Iron packs" in err, err


def test_broken_entry_point_does_not_break_the_tool(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _entry_points(("gone", "no_such_module_xyz:SYSTEM"), ("odd", "builder.systems.seam:HEROES_SYSTEM"))
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None, **_: found)
    seam.reset_registry()
    try:
        assert seam.system_of_pack(ROOT / "content" / "toi").id == "tide-of-iron"
        with pytest.raises(InvalidInputError) as caught:
            seam.get_system("gone")
        codes = [d.code for d in caught.value.diagnostics]
        assert codes == ["S220", "S222", "S222"]
        assert "no_such_module_xyz" in caught.value.diagnostics[1].message
    finally:
        seam.reset_registry()


def test_an_installed_system_wins_over_the_bundled_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """One system per id: an entry point registered first is kept, the built-in not added twice."""
    found = _entry_points(("tide-of-iron", "builder.systems.tide_of_iron.game_system:GAME_SYSTEM"))
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None, **_: found)
    seam.reset_registry()
    try:
        assert list(seam.systems()).count("tide-of-iron") == 1
    finally:
        seam.reset_registry()


def test_log_and_list_files_name_their_system(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    log.write_text('{"system": "tide-of-iron"}\n')
    assert seam.system_of_log(log).id == "tide-of-iron"
    log.write_text('{"rules": "core"}\n')
    assert seam.system_of_log(log).id == "heroes-of-normandie"
    squads = ROOT / "examples" / "toi" / "crossroads-germans.yaml"
    system, pack = seam.system_of_file(squads, None)
    assert system.id == "tide-of-iron" and pack == ROOT / "content" / "toi"
    assert seam.system_of_scenario("crossroads-farm", None)[0].id == "tide-of-iron"
    assert seam.system_of_scenario("family-meeting-1", None)[0].id == "heroes-of-normandie"


def test_heroes_pack_may_name_its_system(tmp_path: Path) -> None:
    """``system: heroes-of-normandie`` is a field of the Heroes manifest, not an unknown key."""
    from builder.systems.heroes.content.models.manifest import PackManifest

    manifest = PackManifest.model_validate({"id": "p", "name": "P", "version": "1.0", "system": "heroes-of-normandie"})
    assert manifest.system == "heroes-of-normandie"


def test_the_commands_import_no_system_package() -> None:
    """The CLI asks the seam; no command module names a system's package."""
    for module in (ROOT / "builder" / "cli").glob("*.py"):
        text = module.read_text()
        assert "tide_of_iron" not in text and "is_toi" not in text, module
