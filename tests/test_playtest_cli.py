"""``heroes playtest``: reports on disk, JSON on stdout, --compare, and errors without
tracebacks."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(PACK, target)
    return target


def test_playtest_writes_html_json_and_rows(cli, pack, tmp_path):
    html, rows = tmp_path / "r.html", tmp_path / "rows.jsonl"
    r = cli("playtest", "meeting", "--pack", str(pack), "--games", "12", "--seed", "4",
            "--players", "greedy,solo:aggressive", "-o", str(html), "--jsonl", str(rows), "--save")
    assert r.exit_code == 0, r.stderr
    assert "verdict:" in r.stdout
    saved = json.loads((pack / "reports" / "meeting.json").read_text())
    assert {"scenario", "games", "verdict", "win_rates"} <= set(saved)
    assert saved["scenario"] == "meeting" and set(saved["win_rates"]) == {"us", "de"}
    page = html.read_text()
    assert "<svg" in page and "Wilson" in page
    assert not re.search(r"""(src|href)=["']?https?:""", page), "the report needs no network"
    assert len(rows.read_text().splitlines()) == 12


def test_playtest_writes_nothing_into_the_pack_by_default(cli, pack):
    r = cli("playtest", "meeting", "--pack", str(pack), "--games", "2", "--players", "random,random")
    assert r.exit_code == 0, r.stderr
    assert not (pack / "reports").exists()


def test_json_format_is_the_report(cli, pack):
    r = cli("playtest", "meeting", "--pack", str(pack), "--games", "6", "--players", "random,greedy",
            "--no-save", "--format", "json")
    report = json.loads(r.stdout)
    assert report["games"] == 6 and report["engine_errors"]["games"] == 0
    assert not (pack / "reports").exists()


def test_html_escapes_scenario_names(cli, pack, tmp_path):
    f = pack / "scenarios" / "meeting.yaml"
    f.write_text(f.read_text().replace("name: Meeting engagement", "name: \"<script>x</script>\""))
    html = tmp_path / "r.html"
    r = cli("playtest", "meeting", "--pack", str(pack), "--games", "2", "--players", "random,random",
            "--no-save", "-o", str(html))
    assert r.exit_code == 0, r.stderr
    assert "<script>x" not in html.read_text() and "&lt;script&gt;" in html.read_text()


def _report(tmp_path: Path, name: str, us: int, de: int, n: int) -> Path:
    from builder.playtest_core.stats import wilson

    path = tmp_path / name
    path.write_text(json.dumps({
        "scenario": "meeting", "games": n, "verdict": "x", "sides": ["us", "de"],
        "win_rates": {"us": us / n, "de": de / n},
        "win_intervals": {"us": wilson(us, n).to_dict(), "de": wilson(de, n).to_dict(),
                          "draw": wilson(n - us - de, n).to_dict()},
    }))
    return path


def test_compare_reports_significance(cli, tmp_path):
    old, new = _report(tmp_path, "old.json", 500, 500, 1000), _report(tmp_path, "new.json", 620, 380, 1000)
    r = cli("playtest", "--compare", str(old), str(new))
    assert r.exit_code == 0 and "significant change" in r.stdout
    same = _report(tmp_path, "same.json", 510, 490, 1000)
    r = cli("playtest", "--compare", str(old), str(same), "--format", "json")
    assert json.loads(r.stdout)["summary"].startswith("no significant change")


@pytest.mark.parametrize("args, code, words", [
    (["meeting", "--players", "greedy"], 2, "one player per side"),
    (["meeting", "--players", "greedy,chess"], 2, "unknown player"),
    (["nowhere"], 2, "unknown scenario"),
    (["overwhelming", "--players", "solo-mode,greedy"], 2, "cannot play side 'us'"),
    (["meeting", "--games", "0"], 2, "--games"),
    ([], 2, "SCENARIO"),
])
def test_usage_errors(cli, args, code, words):
    r = cli("playtest", *args, "--pack", str(PACK), "--no-save")
    assert r.exit_code == code and words in r.stderr and "Traceback" not in r.stderr


def test_broken_report_is_an_input_error(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = cli("playtest", "--compare", str(bad), str(bad))
    assert r.exit_code == 1 and "not a JSON playtest report" in r.stderr


def test_solo_mode_rules_are_listed_in_the_engine_coverage(cli):
    r = cli("rules", "coverage", "--format", "json")
    rows = {(x["kind"], x["id"]): x for x in json.loads(r.stdout)["rules"]}
    assert rows[("solo", "reaction-cards")]["status"] == "simulated"
    assert rows[("solo", "clarifications")]["status"] == "partial"
    assert rows[("solo", "danger")]["missing"].startswith("the tiles' bonuses and their size at each difficulty "
                                                          "are placeholders")
