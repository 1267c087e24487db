"""Issue 38, item 3: files where ids are expected, deck filling from the command line,
whole ids when piped, and no verdict word on a tiny sample."""

from __future__ import annotations

import json
import re
from pathlib import Path

from builder.playtest_core.aggregate import MIN_VERDICT_GAMES, summarise, verdict


def test_campaign_next_writes_a_scenario_render_and_play_open(cli, tmp_path: Path) -> None:
    record, nxt = tmp_path / "bfn.yaml", tmp_path / "next.yaml"
    assert cli("campaign", "start", "battle-for-normandy", "-o", str(record)).exit_code == 0
    assert cli("campaign", "next", str(record), "-o", str(nxt)).exit_code == 0
    assert "# pack: bfn" in nxt.read_text(encoding="utf-8")
    sheet = tmp_path / "sheet.html"
    result = cli("render", "scenario", str(nxt), "-o", str(sheet))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "<svg" in sheet.read_text(encoding="utf-8")
    played = cli("play", str(nxt), "--seed", "1", "--format", "json")
    assert played.exit_code == 0, played.stdout + played.stderr
    assert json.loads(played.stdout)["scenario"] == "trading-blows"


def test_a_broken_scenario_file_is_located_not_a_traceback(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\nname: [unclosed\n", encoding="utf-8")
    result = cli("render", "scenario", str(bad), "-o", str(tmp_path / "s.html"))
    assert result.exit_code == 1 and re.search(r"bad\.yaml:\d+:\d+", result.stdout + result.stderr)
    assert cli("play", str(tmp_path / "missing.yaml")).exit_code == 1


def test_army_edit_fills_the_deck_and_the_a427_hint_says_so(cli, tmp_path: Path) -> None:
    army = tmp_path / "a.yaml"
    assert cli("army", "new", "--faction", "us", "--points", "300", "-o", str(army)).exit_code == 0
    assert cli("army", "edit", str(army), "--tile", "us-16th-infantry-regiment").exit_code == 0
    checked = cli("army", "check", str(army))
    assert "A427" in checked.stdout and "--fill-deck" in checked.stdout
    text_before = army.read_text(encoding="utf-8")
    assert cli("army", "edit", str(army), "--fill-deck").exit_code == 0
    after = cli("army", "check", str(army))
    assert after.exit_code == 0 and "A427" not in after.stdout and "0 warning(s)" in after.stdout
    assert "# Army list for Heroes Builder" in army.read_text(encoding="utf-8") != text_before
    assert cli("army", "edit", str(army), "--fill-deck", "--card", "us-mine").exit_code == 2


def test_ids_are_whole_when_piped(cli) -> None:
    """The test's stdout is not a terminal, as with ``| cat``."""
    result = cli("list", "tiles", "--faction", "us")
    assert result.exit_code == 0
    assert re.search(r"│ us-16th-infantry-regiment +│", result.stdout)
    ids = re.findall(r"^│ (\S+) ", result.stdout, re.M)
    data = json.loads(cli("list", "tiles", "--faction", "us", "--format", "json").stdout)
    assert ids == [row["id"] for row in data]


def test_army_options_shows_whole_ids_when_piped(cli, tmp_path: Path) -> None:
    army = tmp_path / "a.yaml"
    cli("army", "new", "--faction", "us", "--points", "300", "-o", str(army))
    cli("army", "edit", str(army), "--tile", "us-22nd-infantry-regiment")
    result = cli("army", "options", str(army), "--tile", "1", "--slot", "2")
    assert result.exit_code == 0 and "…" not in result.stdout
    listed = set(re.findall(r"^│ (us-[a-z0-9-]+) +│", result.stdout, re.M))
    data = json.loads(cli("army", "options", str(army), "--tile", "1", "--slot", "2", "--format", "json").stdout)
    assert listed == {o["option"] for o in data["options"]}


def _rows(n: int, winner_of) -> list[dict]:  # type: ignore[no-untyped-def, type-arg]
    return [{"index": i, "seed": i, "players": {"us": "greedy", "de": "greedy"}, "winner": winner_of(i),
             "level": "regular", "vp": {"us": 0, "de": 0}, "rounds": 6, "end_reason": "turns",
             "objective_control": [{"a": None}], "losses": {}, "fielded": {}, "kills": {}, "rules": {},
             "digest": str(i)} for i in range(n)]


def test_no_verdict_word_on_a_small_sample() -> None:
    for n in (1, 4, MIN_VERDICT_GAMES - 1):
        said = verdict(summarise(_rows(n, lambda i: "us" if i % 4 else "de"), ["us", "de"]), ["us", "de"])
        assert said.startswith(f"too few games for a verdict ({n}; at least {MIN_VERDICT_GAMES})"), said
        assert "balanced" not in said and "favours" not in said


def test_playtest_of_four_games_says_the_sample_is_too_small(cli) -> None:
    result = cli("playtest", "clash", "-p", "greedy,greedy", "--games", "4")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "too few games for a verdict" in result.stdout and "balanced" not in result.stdout
