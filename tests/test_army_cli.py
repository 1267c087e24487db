"""``heroes army``: exit codes, JSON, tables, the slot explorer, suggest and edits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

ARMY = FIXTURES / "army"
PACK = str(ARMY / "pack")
LISTS = ARMY / "lists"


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the pack cache of these tests out of the user's cache folder."""
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "army-pack-cache"))


def test_check_exit_codes(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("army", "check", str(LISTS / "points-legal.yaml"), "--pack", PACK).exit_code == 0
    result = cli("army", "check", str(LISTS / "slot-bands.yaml"), "--pack", PACK)
    assert result.exit_code == 1
    assert "A405" in result.stdout and "slot 2 of '8th Infantry Regiment'" in result.stdout
    assert cli("army", "check", str(LISTS / "points-legal.yaml"), "--format", "xml").exit_code == 2
    assert cli("army", "check").exit_code == 2


def test_check_json_carries_totals_and_diagnostics(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("army", "check", str(LISTS / "nazi-basterds-legal.yaml"), "--pack", PACK, "--format", "json")
    payload = json.loads(result.stdout)
    assert result.exit_code == 0 and payload["legal"] is True
    totals = payload["totals"]
    assert (totals["budget"], totals["spent"], totals["left"], totals["bonus"]) == (230, 230, 0, 30)
    assert totals["opponent_assault_bonus"] == 1
    bad = json.loads(cli("army", "check", str(LISTS / "hero-insignia.yaml"), "--pack", PACK, "-f", "json").stdout)
    assert bad["legal"] is False and bad["errors"] == 1
    diag = next(d for d in bad["diagnostics"] if d["severity"] == "error")
    assert (diag["code"], diag["line"], diag["col"]) == ("A409", 7, 11)
    assert diag["rule"].startswith("000 core rules, Army Creation > Heroes") and diag["hint"]


def test_broken_files_never_trace_back(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for path in sorted((ARMY / "broken").glob("*.yaml")):
        result = cli("army", "check", str(path), "--pack", PACK)
        assert result.exit_code == 1, path.name
        assert "Traceback" not in result.stdout + result.stderr
    missing = cli("army", "check", str(tmp_path / "nope.yaml"), "--pack", PACK)
    assert missing.exit_code == 1 and "A400" in missing.stdout
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00name")
    assert cli("army", "check", str(binary), "--pack", PACK).exit_code == 1


def test_show_prints_points_tokens_and_breaking_points(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("army", "show", str(LISTS / "slot-size-legal.yaml"), "--pack", PACK)
    assert result.exit_code == 0
    out = result.stdout
    assert "points used 140 of 300; left 160" in out
    assert "order tokens 2" in out
    assert "Sherman (8th Infantry Regiment)" in out and "heavy vehicle" in out


def test_options_explains_every_option(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("army", "options", str(LISTS / "slot-bands.yaml"), "--pack", PACK,
                 "--tile", "1", "--slot", "2", "--format", "json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    by_id = {o["option"]: o for o in payload["options"]}
    assert payload["current"] == "us-grenade" and payload["bands"] == ["red", "grey"]
    assert by_id["us-ammo"]["fits"] and by_id["us-bazooka-team"]["fits"]
    assert by_id["us-apc-shells"]["fits"] and "heavy vehicle" in by_id["us-apc-shells"]["note"]
    assert by_id["us-ammo"]["note"] == ""
    assert not by_id["us-grenade"]["fits"]
    assert "green band; the slot has red and grey" in by_id["us-grenade"]["reasons"]
    assert any("officer" in r for r in by_id["us-bluff"]["reasons"])
    assert "de-grenade" not in by_id
    assert cli("army", "options", str(LISTS / "slot-bands.yaml"), "--pack", PACK,
               "--tile", "us-8th-infantry-regiment", "--slot", "9").exit_code == 2
    assert cli("army", "options", str(LISTS / "slot-bands.yaml"), "--pack", PACK,
               "--tile", "7", "--slot", "1").exit_code == 2


def test_new_writes_a_skeleton_with_a_modeline(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "my.yaml"
    assert cli("army", "new", "--faction", "us", "--points", "200", "-o", str(out)).exit_code == 0
    text = out.read_text()
    assert text.startswith("# yaml-language-server: $schema=") and "army.schema.json" in text
    assert "points: 200" in text
    result = cli("army", "check", str(out), "--pack", PACK)
    assert result.exit_code == 1 and "A403" in result.stdout  # a skeleton has no tile yet
    assert cli("army", "new", "--faction", "us", "--points", "200", "-o", str(out)).exit_code == 2
    assert cli("army", "new", "--faction", "us").exit_code == 2


def test_suggest_writes_a_legal_army(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "suggested.yaml"
    result = cli("army", "suggest", "--faction", "de", "--points", "300", "--seed", "3", "--pack", PACK, "-o", str(out))
    assert result.exit_code == 0
    assert cli("army", "check", str(out), "--pack", PACK).exit_code == 0
    again = cli("army", "suggest", "--faction", "de", "--points", "300", "--seed", "3", "--pack", PACK)
    assert again.stdout.split("\n", 1)[1] == out.read_text().split("\n", 1)[1]
    assert cli("army", "suggest", "--faction", "xx", "--points", "300", "--pack", PACK).exit_code == 2
    assert cli("army", "suggest", "--faction", "us", "--points", "10", "--pack", PACK).exit_code == 2


def test_edit_keeps_comments_and_key_order(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "army.yaml"
    path.write_text("# my list\nname: Edits  # keep me\nfaction: us\npoints: 200\ntiles: []\n")
    assert cli("army", "edit", str(path), "--tile", "us-8th-infantry-regiment", "--pack", PACK).exit_code == 0
    assert cli("army", "edit", str(path), "--tile", "1", "--slot", "1", "--option", "us-ammo",
               "--pack", PACK).exit_code == 0
    assert cli("army", "edit", str(path), "--hero", "us-sarge", "--pack", PACK).exit_code == 0
    text = path.read_text()
    assert text.startswith("# my list\nname: Edits  # keep me\nfaction: us\npoints: 200\ntiles:")
    assert "{slot: 1, option: us-ammo}" in text
    assert cli("army", "check", str(path), "--pack", PACK).exit_code == 0
    assert cli("army", "edit", str(path), "--tile", "1", "--slot", "1", "--remove", "--pack", PACK).exit_code == 0
    assert "us-ammo" not in path.read_text()
    assert cli("army", "edit", str(path), "--pack", PACK).exit_code == 2
    assert cli("army", "edit", str(path), "--tile", "5", "--slot", "1", "--option", "x", "--pack", PACK).exit_code == 1


def test_suggest_for_a_scenario_gives_its_composition(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "meeting.yaml"
    result = cli("army", "suggest", "--scenario", "meeting", "--side", "us", "--pack", PACK, "-o", str(out))
    assert result.exit_code == 0
    text = out.read_text()
    assert "options: [us-overwatch]" in text and "{slot: 1, option: us-rifle-squad}" in text
    assert cli("army", "check", str(out), "--pack", PACK).exit_code == 0
    free = tmp_path / "support.yaml"
    assert cli("army", "suggest", "--scenario", "support-test", "--side", "de", "--pack", PACK,
               "-o", str(free)).exit_code == 0
    assert cli("army", "check", str(free), "--pack", PACK).exit_code == 0
    assert cli("army", "suggest", "--scenario", "meeting", "--pack", PACK).exit_code == 2  # which side?
    assert cli("army", "suggest", "--pack", PACK).exit_code == 2


def test_show_an_alliance_and_markup_in_names(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("army", "show", str(LISTS / "alliance-deck-legal.yaml"), "--pack", PACK)
    assert result.exit_code == 0
    assert "Alice: 90 of 150 points" in result.stdout and "shared" in result.stdout
    path = tmp_path / "markup.yaml"
    path.write_text((LISTS / "points-legal.yaml").read_text().replace("name: Exactly on budget", "name: '[red]x[/zz]'"))
    result = cli("army", "show", str(path), "--pack", PACK)
    assert result.exit_code == 0 and "[red]x[/zz]" in result.stdout


def test_odd_keys_never_trace_back(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Found by hypothesis: a line '::' is read differently by the two YAML parsers."""
    path = tmp_path / "odd.yaml"
    path.write_text("::\t\nname: x\nfaction: us\n")
    result = cli("army", "check", str(path), "--pack", PACK)
    assert result.exit_code == 1 and "S201" in result.stdout


def test_options_in_an_alliance_count_the_players_points(cli) -> None:  # type: ignore[no-untyped-def]
    def left(tile: str, slot: str) -> int:
        result = cli("army", "options", str(LISTS / "alliance-legal.yaml"), "--pack", PACK,
                     "--tile", tile, "--slot", slot, "--format", "json")
        return json.loads(result.stdout)["points_left"]

    assert left("2", "1") == 110  # Bob: 150 - 40
    assert left("3", "2") == 130  # high command: (60 + 110) - its 40 points


def test_edits_leave_the_skeletons_comments_above_their_keys(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    army = tmp_path / "my.yaml"
    assert cli("army", "new", "--faction", "us", "--points", "200", "-o", str(army)).exit_code == 0
    for change in (["--tile", "us-8th-infantry-regiment"], ["--tile", "1", "--slot", "1", "--option", "us-bazooka-team"],
                   ["--hero", "us-sgt-tom-keller"], ["--tile", "1", "--slot", "2", "--option", "us-bar-team"],
                   ["--card", "us-first-aid"], ["--card", "us-mine"]):
        assert cli("army", "edit", str(army), *change).exit_code == 0
    lines = army.read_text(encoding="utf-8").splitlines()
    heroes_comment = next(i for i, line in enumerate(lines) if line.startswith("# Heroes need no slot"))
    assert lines[heroes_comment + 1] == "heroes:"
    assert lines[heroes_comment - 1] == "      - {slot: 2, option: us-bar-team}"
    deck_comment = next(i for i, line in enumerate(lines) if line.startswith("# The action-card deck"))
    assert lines[deck_comment - 1] == "  - {card: us-mine, copies: 1}" and "" not in lines
