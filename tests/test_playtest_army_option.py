"""``--army SIDE=FILE`` on ``heroes play`` and ``heroes playtest`` (issue 21 item 3): the
list is checked before any game, an illegal one is a located input error (exit 1), a
wrong side a usage error (exit 2), and the report says which army each side played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "content" / "core"
DE = ROOT / "examples" / "armies" / "de-300.yaml"


def test_playtest_plays_the_given_list_and_reports_each_sides_army(cli) -> None:
    r = cli("playtest", "clash", "-p", "greedy,greedy", "--pack", str(CORE), "-n", "2", "--no-save", "-f", "json", "--army", f"de={DE}")
    assert r.exit_code == 0, r.stderr
    armies = json.loads(r.stdout)["armies"]
    de, us = armies["de"], armies["us"]
    assert (de["source"], de["budget"], de["spent"]) == ("file", 300, 300)
    assert de["text"].startswith(f"army list {DE}, 300 of 300 points: tiles de-pzgr-lehr-regiment-901")
    assert (us["source"], us["budget"], us["spent"], us["pack"]) == ("default", 300, 300, "core")
    assert us["tiles"] and sum(us["counters"].values()) >= len(us["tiles"])
    assert "army of us: default army built for the scenario from pack core, 300 of 300 points: tiles " in cli(
        "playtest", "clash", "-p", "greedy,greedy", "--pack", str(CORE), "-n", "1", "--no-save").stdout


def test_the_given_list_changes_the_game(cli) -> None:
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.playtests.armies import load_armies
    from builder.systems.heroes.engine import Rules

    pack = load_pack(CORE)
    scenario = pack.items["scenarios"]["clash"]
    armies = load_armies(pack, scenario, {"de": DE})
    given = Rules.new_game(pack, "clash", seed=1, armies=armies)
    default = Rules.new_game(pack, "clash", seed=1)
    assert sorted(u.st.profile.id for u in given.units if u.side == 1) != \
        sorted(u.st.profile.id for u in default.units if u.side == 1)


@pytest.mark.parametrize("command", ["play", "playtest"])
def test_an_illegal_list_is_a_located_error(cli, tmp_path, command) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("faction: de\ntiles:\n  - tile: de-pzgr-lehr-regiment-901\n")
    extra = ["-n", "2", "--no-save"] if command == "playtest" else []
    r = cli(command, "clash", "--pack", str(CORE), *extra, "--army", f"de={bad}")
    assert r.exit_code == 1
    assert f"{bad}:1:1: error S203" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(("value", "message"), [
    ("xx=army.yaml", "the scenario's sides are: us, de"),
    ("de", "--army takes SIDE=FILE"),
])
def test_a_bad_army_option_is_a_usage_error(cli, value, message) -> None:
    r = cli("playtest", "clash", "-p", "greedy,greedy", "--pack", str(CORE), "-n", "2", "--no-save", "--army", value)
    assert r.exit_code == 2 and message in r.stderr


def test_a_list_of_the_wrong_faction_is_refused(cli) -> None:
    r = cli("play", "clash", "--pack", str(CORE), "--army", f"us={DE}")
    assert r.exit_code == 1 and "give a 'us' list" in r.stderr


def test_a_played_log_with_an_army_replays(cli, tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    r = cli("play", "clash", "--pack", str(CORE), "--army", f"de={DE}", "--log", str(log))
    assert r.exit_code == 0, r.stderr
    assert json.loads(log.read_text().splitlines()[0])["armies"][1]
    r = cli("replay", str(log))
    assert r.exit_code == 0 and "replay reproduces" in r.stdout
