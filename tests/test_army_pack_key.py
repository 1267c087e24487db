"""Army lists remember their pack: `pack:` resolved through --pack, HEROES_PACK_PATH and content/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.content.paths import BUNDLED_CONTENT
from builder.content.search import ENV, army_pack, find_pack, pack_id
from builder.errors import UsageError


def test_bundled_packs_are_found_by_id() -> None:
    assert find_pack("bfn") == BUNDLED_CONTENT / "bfn"
    assert pack_id(BUNDLED_CONTENT / "core") == "core"


def test_search_order_given_then_environment_then_bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shelf = tmp_path / "shelf"
    (shelf / "mine").mkdir(parents=True)
    (shelf / "mine" / "pack.yaml").write_text("id: my-pack  # a comment\nname: Mine\n", encoding="utf-8")
    with pytest.raises(UsageError, match=ENV):
        find_pack("my-pack")
    assert find_pack("my-pack", shelf) == shelf / "mine"
    monkeypatch.setenv(ENV, str(shelf))
    assert find_pack("my-pack") == shelf / "mine"


def test_a_list_without_pack_uses_core_and_an_explicit_pack_wins(tmp_path: Path) -> None:
    army = tmp_path / "a.yaml"
    army.write_text("name: A\nfaction: us\n", encoding="utf-8")
    assert army_pack(army, None) == BUNDLED_CONTENT / "core"
    army.write_text("name: A\npack: bfn\nfaction: cw\n", encoding="utf-8")
    assert army_pack(army, None) == BUNDLED_CONTENT / "bfn"
    assert army_pack(army, BUNDLED_CONTENT / "core") == BUNDLED_CONTENT / "core"


def test_a_list_built_with_pack_checks_without_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    shelf = tmp_path / "shelf"
    shutil.copytree(BUNDLED_CONTENT / "bfn", shelf / "bfn")
    army = tmp_path / "cw.yaml"
    monkeypatch.chdir(tmp_path)
    assert run_app(app, ["army", "suggest", "--faction", "cw", "--points", "300", "--pack", str(shelf / "bfn"),
                         "-o", str(army)]) == 0
    text = army.read_text(encoding="utf-8")
    assert "\npack: bfn\n" in text and f"--pack {shelf / 'bfn'}" in text
    capsys.readouterr()
    assert run_app(app, ["army", "check", str(army)]) == 0
    assert "legal" in capsys.readouterr().out
    army.write_text(text.replace("pack: bfn", "pack: nowhere"), encoding="utf-8")
    assert run_app(app, ["army", "check", str(army)]) == 2
    assert "HEROES_PACK_PATH" in capsys.readouterr().err


def test_army_options_lists_the_scenarios_a_list_can_name(capsys: pytest.CaptureFixture[str]) -> None:
    army = BUNDLED_CONTENT.parent / "examples" / "armies" / "us-300.yaml"
    assert run_app(app, ["army", "options", str(army), "--tile", "1", "--slot", "1"]) == 0
    assert "family-meeting-1 side us (170 points)" in capsys.readouterr().out
    assert run_app(app, ["army", "options", str(army), "--tile", "1", "--slot", "1", "--format", "json"]) == 0
    import json
    scenarios = json.loads(capsys.readouterr().out)["scenarios"]
    assert {"id": "clash", "name": "Clash in the bocage", "side": "us", "points": 300} in scenarios
