"""The heroes commands on the Tide of Iron pack (pack.yaml says system: tide-of-iron)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.cli.schema import all_schemas
from builder.content.schema_export import stale_schemas

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "content" / "toi"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_app(app, [str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    dest = tmp_path / "toi"
    shutil.copytree(PACK, dest)
    return dest


def test_validate_bundled_pack(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", PACK)
    assert code == 0 and "valid, 0 warning(s)" in out


def test_validate_locates_errors(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sc = pack / "scenarios" / "crossroads-farm.yaml"
    text = sc.read_text().replace("hex: C8}", "hex: C3}").replace("us-regular: 4}", "us-regular: 5}")
    sc.write_text(text)
    baker = next(n for n, line in enumerate(text.splitlines(), 1) if "id: baker" in line)
    code, out, _ = run(capsys, "validate", pack, "--format", "json")
    data = json.loads(out)
    codes = {(d["code"], d["line"]) for d in data["diagnostics"]}
    assert code == 1
    assert ("N708", baker) in codes and ("N709", baker) in codes


def test_validate_schema_error_and_yaml(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (pack / "terrain" / "terrain.yaml").write_text(
        (pack / "terrain" / "terrain.yaml").read_text().replace("cover: 3,", "cover: lots,"))
    code, out, _ = run(capsys, "validate", pack)
    assert code == 1 and "N702" in out and "terrain.yaml:9:" in out


def test_schemas_are_fresh() -> None:
    assert not [s for s in stale_schemas(all_schemas()) if s.startswith("toi-")]


def test_play_replay_and_tampered_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, out, _ = run(capsys, "play", "crossroads-farm", "--pack", PACK, "--seed", "1", "--players",
                       "random,random", "--log", log)
    assert code == 0 and "wins" in out
    code, out, _ = run(capsys, "replay", log)
    assert code == 0 and "reproduces" in out
    lines = log.read_text().splitlines()
    lines[-1] = lines[-1].replace('"state_hash":"', '"state_hash":"0')
    log.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "replay", log)
    assert code == 1 and "'state_hash'" in err and "H860" in err


def test_playtest_report_is_deterministic(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("playtest", "bridge-at-dawn", "--pack", pack, "--games", "20", "--players", "greedy,random",
            "--format", "json", "--no-save")
    code, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args, "--jobs", "2")
    report = json.loads(first)
    assert code == 0 and first == second and report["games"] == 20 and report["system"] == "tide-of-iron"
    assert report["objective_control"] and "J4" in report["objective_control"]


def test_army_suggest_check_show(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    army = tmp_path / "a.yaml"
    code, _, _ = run(capsys, "army", "suggest", "--pack", pack, "--scenario", "crossroads-farm", "--side", "germans",
                     "-o", army)
    assert code == 0
    code, out, _ = run(capsys, "army", "check", army, "--pack", pack)
    assert code == 0 and "legal" in out
    army.write_text(army.read_text().replace("hex: A1", "hex: A8").replace("de-regular: 4", "de-regular: 6", 1))
    code, out, _ = run(capsys, "army", "check", army, "--pack", pack)
    assert code == 1 and "N708" in out and "N709" in out and "N710" in out and f"{army}:" in out


def test_render_scenario_and_site(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = tmp_path / "s.html"
    code, _, _ = run(capsys, "render", "scenario", "bridge-at-dawn", "--pack", pack, "-o", html)
    text = html.read_text()
    assert code == 0 and "<svg" in text and ">J4<" in text and ">R<" in text and "Panzer IV" in text
    code, out, _ = run(capsys, "site", "build", "--pack", pack, "-o", tmp_path / "site")
    assert code == 0 and (tmp_path / "site" / "scenario-crossroads-farm.html").is_file()


def test_command_without_meaning_exits_2(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render", "cards", "--pack", pack, "-o", tmp_path / "c.html")
    assert code == 2 and "no meaning for Tide of Iron" in err and not (tmp_path / "c.html").exists()


def test_rules_coverage_in_the_heroes_vocabulary(capsys: pytest.CaptureFixture[str]) -> None:
    """One coverage vocabulary with the Heroes System (issue 36): the same JSON shape, and a
    partial row says what is missing."""
    code, out, _ = run(capsys, "rules", "coverage", "--pack", PACK, "--format", "json")
    data = json.loads(out)
    rows = data["rules"]
    assert code == 0 and all(set(r) == {"kind", "id", "name", "status", "missing", "rule"} for r in rows)
    assert {r["status"] for r in rows} <= {"simulated", "partial", "not simulated"}
    assert all(r["missing"] for r in rows if r["status"] != "simulated")
    assert {"rule", "card", "operations", "trait"} <= {r["kind"] for r in rows}
    assert sum(data["summary"].values()) == len(rows)


def test_render_roster_and_decks(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    army = ROOT / "examples" / "toi" / "crossroads-germans.yaml"
    code, _, _ = run(capsys, "render", "roster", army, "-o", tmp_path / "r.html")
    roster = (tmp_path / "r.html").read_text()
    assert code == 0 and "<b>legal</b>" in roster and "squad-1" in roster
    code, _, _ = run(capsys, "render", "deck", army, "-o", tmp_path / "d.html")
    assert code == 0 and "German support" in (tmp_path / "d.html").read_text()
    code, _, err = run(capsys, "render", "deck", "--faction", "xx", "--pack", pack, "-o", tmp_path / "e.html")
    assert code == 2 and "no nation 'xx'" in err


def test_link_out_of_the_pack_is_refused(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("terrain: []\n")
    (pack / "terrain" / "extra.yaml").symlink_to(outside)
    code, out, _ = run(capsys, "validate", pack)
    assert code == 1 and "N719" in out and "extra.yaml points outside the pack" in out


def test_play_warns_of_what_it_does_not_simulate(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sc = pack / "scenarios" / "crossroads-farm.yaml"
    sc.write_text(sc.read_text().replace("figures: {us-elite: 3}, specialization: recon", "figures: {us-elite: 3}, "
                                         "specialization: engineer").replace("recon: 1}", "recon: 1, engineer: 1}"))
    code, _, err = run(capsys, "play", "crossroads-farm", "--pack", pack, "--seed", "2")
    assert code == 0 and "N716" not in err  # engineers dig entrenchments (issue 36)
    code, _, err = run(capsys, "play", "bridge-at-dawn", "--pack", pack, "--seed", "2")
    assert code == 0 and "morning-fog" not in err  # an Operations card the engine plays (issue 36)
    ops = pack / "operations" / "operations.yaml"
    ops.write_text(ops.read_text().replace("    effect: {kind: no-long-range, timing: in-force, rounds: [1], affects: both}\n", ""))
    code, _, err = run(capsys, "play", "bridge-at-dawn", "--pack", pack, "--seed", "2")
    assert code == 0 and "N716" in err and "operations card 'morning-fog'" in err


def test_playtest_html_report_and_site_page(pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "playtest", "crossroads-farm", "-p", "greedy,greedy", "--pack", pack, "--games", "10", "-o", tmp_path / "r.html", "--save")
    assert code == 0 and "verdict:" in out
    assert "Tide of Iron rules as the engine simulates them" in (tmp_path / "r.html").read_text()
    assert (pack / "reports" / "crossroads-farm.json").is_file()
    code, _, _ = run(capsys, "site", "build", "--pack", pack, "-o", tmp_path / "site")
    page = (tmp_path / "site" / "scenario-crossroads-farm.html").read_text()
    assert code == 0 and "<h2>Playtest</h2>" in page and "10 games" in page
