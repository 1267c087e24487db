"""``heroes playtest --all``: the playtest table of docs/playtest.md comes from a command
(builder.playtest.table), one row per two-player scenario of the pack."""

from __future__ import annotations

import json
from pathlib import Path

from builder.playtest.table import two_player_scenarios

CORE = Path(__file__).resolve().parents[1] / "content" / "core"


def test_every_two_player_scenario_gets_a_row_with_its_armies_and_end_reasons(cli) -> None:
    r = cli("playtest", "--all", "--pack", str(CORE), "--games", "2", "--seed", "3")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("| scenario | armies (points spent/budget) | verdict |")
    rows = [line for line in lines[2:] if line.startswith("| ")]
    scenarios = two_player_scenarios(CORE)
    assert "clash" in scenarios and len(rows) == len(scenarios)
    [clash] = [line for line in rows if "(`clash`)" in line]
    assert "us default 300/300; de default 300/300" in clash and "(8.0)" in clash
    assert lines[-1] == "2 games a scenario, seed 3, players greedy, greedy."
    assert cli("playtest", "--all", "--pack", str(CORE), "--games", "2", "--seed", "3").stdout == r.stdout


def test_all_takes_no_scenario_and_json_gives_the_reports(cli) -> None:
    r = cli("playtest", "clash", "--all", "--pack", str(CORE), "--games", "1")
    assert r.exit_code == 2 and "give no SCENARIO" in r.stderr
    r = cli("playtest", "--all", "--pack", str(CORE), "--games", "1", "--format", "json")
    assert [rep["scenario"] for rep in json.loads(r.stdout)] == two_player_scenarios(CORE)
