"""The compiled copies of the engine's hot modules (builder/native.py).

They must be used only while they match the sources, and they must play exactly
the games the Python sources play: the golden games (recorded from the sources)
pass in this process, compiled when ``make test`` built them, and a subprocess
with ``HEROES_NATIVE=0`` plays a sample of them again from the sources alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder import native

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A ``.native`` directory in tmp_path whose manifest matches the sources."""
    monkeypatch.setattr(native, "NATIVE_DIR", tmp_path / ".native")
    monkeypatch.delenv("HEROES_NATIVE", raising=False)
    (tmp_path / ".native" / "builder" / "systems" / "heroes" / "engine").mkdir(parents=True)
    manifest = {"tag": native.build_tag(), "mypyc": "test", "sources": native.fingerprints()}
    (tmp_path / ".native" / native.MANIFEST).write_text(json.dumps(manifest))
    native.status.cache_clear()
    yield tmp_path / ".native"
    native.status.cache_clear()


def _write_manifest(where: Path, **changes: object) -> None:
    manifest = json.loads((where / native.MANIFEST).read_text())
    manifest.update(changes)
    (where / native.MANIFEST).write_text(json.dumps(manifest))
    native.status.cache_clear()


def test_a_manifest_matching_the_sources_turns_the_copies_on(fake_build: Path) -> None:
    assert native.status().active
    path = native.extend_path(["src"], "builder.systems.heroes.engine")
    assert path == [str(fake_build / "builder" / "systems" / "heroes" / "engine"), "src"]


def test_an_edited_source_turns_every_copy_off_and_names_the_file(fake_build: Path) -> None:
    sources = json.loads((fake_build / native.MANIFEST).read_text())["sources"]
    sources["builder.systems.heroes.engine.zoc"] = "0" * 64
    _write_manifest(fake_build, sources=sources)
    status = native.status()
    assert not status.active
    assert "builder/systems/heroes/engine/zoc.py changed since the build" in status.reason and "make native" in status.reason
    assert native.extend_path(["src"], "builder.systems.heroes.engine") == ["src"]


def test_a_build_for_another_python_or_module_list_is_not_used(fake_build: Path) -> None:
    _write_manifest(fake_build, tag="cpython-99")
    assert not native.status().active and "cpython-99" in native.status().reason
    sources = json.loads((fake_build / native.MANIFEST).read_text())["sources"]
    sources.pop(next(iter(sources)))
    _write_manifest(fake_build, tag=native.build_tag(), sources=sources)
    assert "another list of modules" in native.status().reason


def test_no_build_and_the_environment_switch(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEROES_NATIVE", "0")
    native.status.cache_clear()
    assert native.status().reason == "turned off by HEROES_NATIVE=0"
    monkeypatch.delenv("HEROES_NATIVE")
    (fake_build / native.MANIFEST).unlink()
    native.status.cache_clear()
    assert not native.status().active and "not built" in native.status().reason


def test_the_status_says_when_the_build_was_profile_guided(fake_build: Path) -> None:
    assert "profile-guided" not in native.status().reason
    _write_manifest(fake_build, profile_guided=True)
    assert native.status().active and native.status().reason.endswith(", profile-guided")


def test_heroes_native_dir_points_the_package_at_another_copy(tmp_path: Path) -> None:
    """The build's profiling run plays on an instrumented copy kept out of ``.native/``."""
    code = "from builder import native; print(native.NATIVE_DIR)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "HEROES_NATIVE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(tmp_path)


def test_the_training_games_of_the_profile_guided_build_can_be_played() -> None:
    """A renamed scenario or player would make every build's profiling pass fail."""
    import importlib.util

    from builder.systems.heroes.ai.players import check_players
    from builder.content.paths import BUNDLED_CONTENT
    from builder.systems.heroes.playtests.runner import scenario_facts

    spec = importlib.util.spec_from_file_location("build_native", ROOT / "scripts" / "build_native.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert build.TRAINING_GAMES[0][:2] == ("family-meeting-1", ("greedy", "solo-mode:aggressive:medium"))
    for scenario, players, games in build.TRAINING_GAMES:
        check_players(scenario_facts(str(BUNDLED_CONTENT / "core"), scenario), list(players))
        assert games > 0


def test_every_listed_module_has_a_source_and_no_package_init_is_listed() -> None:
    for module in native.MODULES:
        assert native.source_path(module).is_file(), module
        assert not module.endswith("__init__")


def test_every_package_holding_a_compiled_module_puts_its_compiled_copies_first() -> None:
    """A package missing ``native.extend_path`` would silently run its listed modules as
    Python while the rest runs compiled (all or none: they call one another directly)."""
    packages = {m.rpartition(".")[0] for m in native.MODULES}
    for package in sorted(packages):
        init = native.ROOT.joinpath(*package.split("."), "__init__.py")
        assert "native.extend_path(__path__, __name__)" in init.read_text(encoding="utf-8"), package
    # the engine's tools are never compiled (docs/architecture.md, "The engine's layers")
    assert not [m for m in native.MODULES if m.startswith("builder.systems.heroes.tools.")]


def test_compiled_modules_keep_their_docstrings_for_the_reference_card() -> None:
    import builder.systems.heroes.engine.phases.supply as supply

    assert "Supply" in native.module_docstring(supply)


def test_the_build_is_in_use_when_make_test_built_it() -> None:
    """``make test`` builds with --strict, so the suite runs the compiled copies."""
    import builder.systems.heroes.engine.movement  # noqa: F401

    if not native.status().active:
        pytest.skip(f"compiled copies not in use here: {native.status().reason}")
    assert "builder.systems.heroes.engine.movement" in native.in_use()


SAMPLE = """
import json, sys
from builder import native
import tests.test_engine_golden_games as g
names = json.loads(sys.argv[1])
cases = dict(g.CASES)
print(json.dumps({"native": native.in_use(), "games": {n: g.play(cases[n]) for n in names}}))
"""


def test_pure_python_plays_the_golden_games_the_compiled_copies_play() -> None:
    import tests.test_engine_golden_games as golden

    names = [name for name, _ in golden.CASES if name.endswith("/0") or name.endswith("/1")]
    proc = subprocess.run([sys.executable, "-c", SAMPLE, json.dumps(names)], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "HEROES_NATIVE": "0", "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["native"] == []
    recorded = json.loads(golden.GOLDEN.read_text())
    assert {n: recorded[n] for n in names} == out["games"]
    assert {n: golden.play(dict(golden.CASES)[n]) for n in names} == out["games"]
