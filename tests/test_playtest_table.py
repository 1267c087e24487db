"""``heroes playtest --all``: the playtest table of docs/playtest.md comes from a command
(builder.playtest.table), one row per scenario of two sides (alliances of three or four players included)."""

from __future__ import annotations

import json
from pathlib import Path

from builder.playtest.table import playable_scenarios

CORE = Path(__file__).resolve().parents[1] / "content" / "core"


def test_every_scenario_gets_a_row_with_its_armies_and_end_reasons(cli) -> None:
    r = cli("playtest", "--all", "-p", "greedy,greedy", "--pack", str(CORE), "--games", "2", "--seed", "3")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("| scenario | armies (points spent/budget) | verdict |")
    foot = lines.index("2 games a scenario, seed 3, players greedy, greedy.")
    rows = [line for line in lines[2:foot] if line.startswith("| ")]
    scenarios = playable_scenarios(CORE)
    assert {"clash", "clash-three", "clash-four"} <= set(scenarios) and len(rows) == len(scenarios)
    [clash] = [line for line in rows if "(`clash`)" in line]
    assert "us default 300/300; de default 300/300" in clash and "(8.0)" in clash
    # the three-player scenario's players, each by its side's player, with their own rates
    head = next(i for i, line in enumerate(lines) if line.startswith("| player of `clash-three` |"))
    assert head > foot and lines[head].endswith("| alliance | AI | won | survived | units lost |")
    assert [line.split(" | ")[:3] for line in lines[head + 2:head + 5]] == [
        ["| us-north", "us", "greedy"], ["| us-south", "us", "greedy"], ["| de", "de", "greedy"]]
    assert cli("playtest", "--all", "-p", "greedy,greedy", "--pack", str(CORE), "--games", "2", "--seed", "3").stdout == r.stdout


def test_all_takes_no_scenario_and_json_gives_the_reports(cli) -> None:
    r = cli("playtest", "clash", "--all", "--pack", str(CORE), "--games", "1")
    assert r.exit_code == 2 and "give no SCENARIO" in r.stderr
    r = cli("playtest", "--all", "-p", "greedy,greedy", "--pack", str(CORE), "--games", "1", "--format", "json")
    assert [rep["scenario"] for rep in json.loads(r.stdout)] == playable_scenarios(CORE)
