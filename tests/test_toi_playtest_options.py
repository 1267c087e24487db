"""Tide of Iron in ``heroes play`` / ``heroes playtest`` with ``--army``, ``--until-decided``
and ``--scheduler`` (issue 20): the Heroes playtests' options through the seam."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.systems.tide_of_iron.games import run_playtest

PACK = Path(__file__).resolve().parents[1] / "content" / "toi"


@pytest.fixture
def squads(cli, tmp_path: Path) -> Path:
    out = tmp_path / "de.yaml"
    r = cli("army", "suggest", "--pack", str(PACK), "--scenario", "crossroads-farm", "--side", "germans", "-o", str(out))
    assert r.exit_code == 0, (r.stdout + r.stderr)
    return out


def test_play_with_a_squad_list_names_it_and_replays(cli, squads, tmp_path):
    log = tmp_path / "g.jsonl"
    r = cli("play", "crossroads-farm", "--pack", str(PACK), "--army", f"germans={squads}", "--log", str(log))
    assert r.exit_code == 0, (r.stdout + r.stderr)
    assert f"army of germans: squad list {squads}" in (r.stdout + r.stderr)
    head = json.loads(log.read_text().splitlines()[0])
    assert [q["id"] for q in head["armies"]["germans"]["squads"]][:1] == ["squad-1"]  # the list's, not the scenario's
    r = cli("replay", str(log))
    assert r.exit_code == 0 and "reproduces" in (r.stdout + r.stderr), (r.stdout + r.stderr)


def test_an_illegal_squad_list_is_a_located_error_before_any_game(cli, squads, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(squads.read_text().replace("hex: A1", "hex: J9"))
    r = cli("play", "crossroads-farm", "--pack", str(PACK), "--army", f"germans={bad}")
    assert r.exit_code == 1
    assert f"{bad}:" in (r.stdout + r.stderr) and f"{bad}:13:3: error N706" in (r.stdout + r.stderr) and "Traceback" not in (r.stdout + r.stderr)


def test_a_list_for_the_other_side_is_n720_at_its_side_key(cli, squads, tmp_path):
    r = cli("playtest", "crossroads-farm", "-p", "greedy,greedy", "--pack", str(PACK), "-n", "2", "--army", f"americans={squads}")
    assert r.exit_code == 1
    assert "N720" in (r.stdout + r.stderr) and f"{squads}:" in (r.stdout + r.stderr) and "side 'germans'" in (r.stdout + r.stderr)


def test_playtest_with_a_squad_list_plays_it(squads):
    report, rows = run_playtest(PACK, "crossroads-farm", 4, 3, ["random", "random"], armies=[f"germans={squads}"])
    plain, plain_rows = run_playtest(PACK, "crossroads-farm", 4, 3, ["random", "random"])
    assert {side: a["source"] for side, a in report["armies"].items()} == {"americans": "scenario", "germans": "file"}
    assert report["armies"]["germans"]["text"].startswith(f"squad list {squads}: ")
    assert report["armies"]["germans"]["squads"] == ["squad-1", "squad-2", "squad-3", "squad-4", "squad-5"]
    assert [r["digest"] for r in rows] != [r["digest"] for r in plain_rows]
    assert "warnings" in report  # N716: what the engine does not simulate is still said


def test_until_decided_stops_with_the_shared_sequential_rule():
    report, rows = run_playtest(PACK, "crossroads-farm", 1000, 1, ["greedy", "random"], until_decided=True)
    seq = report["sequential"]
    assert seq["method"] == "sprt" and seq["decision"] == "favours americans"
    assert len(rows) == seq["games"] < 1000 and seq["games"] % seq["batch"] == 0


def test_until_decided_settings_are_usage_errors(cli):
    r = cli("playtest", "crossroads-farm", "-p", "greedy,greedy", "--pack", str(PACK), "-n", "10", "--until-decided", "--margin", "0.7")
    assert r.exit_code == 2 and "--until-decided" in (r.stdout + r.stderr)


def test_rows_are_the_same_on_two_processes_as_in_one():
    one = run_playtest(PACK, "crossroads-farm", 6, 5, ["random", "greedy"], jobs=1)[1]
    two = run_playtest(PACK, "crossroads-farm", 6, 5, ["random", "greedy"], jobs=2)[1]
    assert one == two


def test_scheduler_local_gives_the_same_rows():
    pytest.importorskip("distributed")
    local = run_playtest(PACK, "crossroads-farm", 4, 2, ["random", "random"])[1]
    cluster = run_playtest(PACK, "crossroads-farm", 4, 2, ["random", "random"], scheduler="local")[1]
    assert local == cluster
