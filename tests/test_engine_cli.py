"""The engine's commands: play, replay, rules coverage, explain; position diagnostics."""

from __future__ import annotations

import json
from pathlib import Path

from engine_helpers import PACK, POSITIONS
from builder.systems.heroes.engine.markers import MARKERS
from builder.systems.heroes.engine.state import rule_field


def test_play_writes_a_log_that_replays(cli, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    r = cli("play", "skirmish", "--seed", "4", "--pack", str(PACK), "--log", str(log))
    assert r.exit_code == 0, r.stderr
    assert "(skirmish), seed 4: " in r.stdout and "{'" not in r.stdout and "victory points" in r.stdout
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "result"
    assert any(x.get("kind") == "die" for x in lines)
    r2 = cli("replay", str(log), "--pack", str(PACK))
    assert r2.exit_code == 0 and "reproduces" in r2.stdout


def test_same_seed_gives_byte_identical_logs(cli, tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        assert cli("play", "skirmish", "--seed", "9", "--pack", str(PACK), "--log", str(path)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_tampered_log_fails_replay_with_a_located_diagnostic(cli, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    cli("play", "skirmish", "--seed", "4", "--pack", str(PACK), "--log", str(log))
    lines = log.read_text().splitlines()
    last = json.loads(lines[-1])
    last["state_hash"] = "0" * 64
    lines[-1] = json.dumps(last)
    log.write_text("\n".join(lines) + "\n")
    r = cli("replay", str(log), "--pack", str(PACK))
    assert r.exit_code == 1 and "E603" in r.stderr and "Traceback" not in r.stderr
    log.write_text("not json\n")
    r = cli("replay", str(log), "--pack", str(PACK))
    assert r.exit_code == 1 and "E602" in r.stderr and ":1:" in r.stderr


def test_unknown_scenario_and_player_are_errors_not_tracebacks(cli) -> None:
    r = cli("play", "nowhere", "--pack", str(PACK))
    assert r.exit_code == 2 and "unknown scenario" in r.stderr  # a usage error, as for render scenario
    r = cli("play", "skirmish", "--pack", str(PACK), "--players", "random,wizard")
    assert r.exit_code == 2 and "unknown player" in r.stderr


def test_rules_coverage_json_is_generated_from_the_registry(cli) -> None:
    r = cli("rules", "coverage", "--format", "json", "--pack", str(PACK))
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    by_id = {(x["kind"], x["id"]): x for x in data["rules"]}
    assert by_id[("ability", "assault")]["status"] == "simulated"
    assert by_id[("ability", "transport")]["status"] == "partial" and by_id[("ability", "transport")]["missing"]
    assert by_id[("ability", "ambush")]["status"] == "partial" and by_id[("ability", "ambush")]["missing"]
    assert by_id[("option", "ammo")]["status"] == "simulated"
    assert sum(data["summary"].values()) == len(data["rules"])


def test_explain_fire_prints_the_computation(cli) -> None:
    r = cli("explain", "fire", str(POSITIONS / "forest-shot.yaml"), "r1", "g1")
    assert r.exit_code == 0, r.stderr
    assert "needs >= 5" in r.stdout and "forest at D4" in r.stdout
    r = cli("explain", "fire", str(POSITIONS / "forest-shot.yaml"), "r1", "g1", "--format", "json")
    data = json.loads(r.stdout)
    assert data["need"] == 5 and abs(data["p_hit"] - 2 / 6) < 1e-9


def test_a_position_file_carries_scenario_markers(cli, tmp_path: Path) -> None:
    """Markers of scenario events (builder/systems/heroes/engine/markers.py) are part of a position:
    the defence-bonus marker shows in the explained shot, the life points are kept."""
    from builder.systems.heroes.tools.position import load_position

    r = cli("explain", "fire", str(POSITIONS / "markers.yaml"), "r1", "g1")
    assert r.exit_code == 0, r.stderr
    assert "+1 defence bonus marker" in r.stdout and "needs >= 6" in r.stdout
    assert "then 2 life point markers" in r.stdout
    assert json.loads(cli("explain", "fire", str(POSITIONS / "markers.yaml"), "r1", "g1",
                          "--format", "json").stdout)["life_points"] == 2
    state, names = load_position(POSITIONS / "markers.yaml")
    assert rule_field(state, MARKERS) == tuple(sorted([(names["g1"], "defence_bonus", 1), (names["g1"], "life_point", 2)]))
    bad = tmp_path / "bad-marker.yaml"
    bad.write_text((POSITIONS / "markers.yaml").read_text().replace("pack: ../pack", f"pack: {PACK}")
                   .replace("life_point: 2", "lucky_charm: 2"))
    r = cli("explain", "fire", str(bad), "r1", "g1")
    assert r.exit_code == 1 and "Traceback" not in r.stderr
    assert "bad-marker.yaml:7:" in r.stderr and "lucky_charm" in r.stderr


def test_explain_los_move_assault(cli) -> None:
    pos = str(POSITIONS / "forest-shot.yaml")
    assert "verdict: obscured" in cli("explain", "los", pos, "r1", "g1").stdout
    assert "MV 4 = 4" in cli("explain", "move", pos, "r1").stdout
    assert "attacker wins" in cli("explain", "assault", pos, "r1", "g1").stdout
    r = cli("explain", "fire", pos, "r1", "nobody")
    assert r.exit_code == 2 and "no unit named" in r.stderr


def test_position_mistakes_get_located_diagnostics(cli) -> None:
    r = cli("explain", "move", str(POSITIONS / "bad.yaml"), "r1")
    assert r.exit_code == 1 and "Traceback" not in r.stderr
    err = r.stderr
    assert "bad.yaml:5:" in err and "E611" in err and "us-nothing" in err
    assert "bad.yaml:6:" in err and "E613" in err
    assert "bad.yaml:7:" in err and "E612" in err and "off the battlefield" in err
    assert "bad.yaml:8:" in err and "water at B6" in err
    r = cli("explain", "move", str(POSITIONS / "malformed.yaml"), "r1")
    assert r.exit_code == 1 and "malformed.yaml:4:" in r.stderr


def test_setup_errors_point_at_the_scenario_line(cli, tmp_path: Path) -> None:
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    text = (pack / "scenarios" / "skirmish.yaml").read_text()
    (pack / "scenarios" / "skirmish.yaml").write_text(text.replace("{tile: de-platoon}", "{tile: de-nowhere}"))
    r = cli("play", "skirmish", "--pack", str(pack))
    assert r.exit_code == 1 and "E601" in r.stderr and "de-nowhere" in r.stderr
    assert "skirmish.yaml:16:28:" in r.stderr  # the tile of the de composition line


def test_explain_a_panzerfaust_shot(cli) -> None:
    pos = str(POSITIONS / "panzerfaust.yaml")
    r = cli("explain", "fire", pos, "r1", "tank", "--mode", "panzerfaust")
    assert r.exit_code == 0, r.stderr
    assert "+4 Panzerfaust token vs heavy vehicle" in r.stdout and "needs >= 3" in r.stdout
    r = cli("explain", "fire", pos, "far", "tank", "--mode", "panzerfaust")
    assert "beyond the 4 of a panzerfaust" in r.stdout
