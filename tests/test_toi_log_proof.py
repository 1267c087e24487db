"""Tide of Iron logs are proved as Heroes logs are (issue 37, Build 5; Why 5): a state
hash per decision, the footer's decision count, result, victory points and events
reproduced by the replay, and the header's fields typed. Each edit below used to replay
as "reproduces the final state" or end in a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOI = ROOT / "content" / "toi"
Edit = Callable[[list[dict[str, Any]]], None]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    from builder.cli import app
    from builder.cli.common import run_app

    log = tmp_path_factory.mktemp("toi") / "g.jsonl"
    assert run_app(app, ["play", "crossroads-farm", "--pack", str(TOI), "--seed", "3", "--log", str(log)]) == 0
    return [json.loads(x) for x in log.read_text().splitlines()]


def _footer(key: str, value: Callable[[Any], Any]) -> Edit:
    def edit(r: list[dict[str, Any]]) -> None:
        r[-1][key] = value(r[-1][key])
    return edit


def _result(key: str, value: Callable[[Any], Any]) -> Edit:
    def edit(r: list[dict[str, Any]]) -> None:
        r[-1]["result"][key] = value(r[-1]["result"][key])
    return edit


def _header(key: str, value: Any) -> Edit:
    def edit(r: list[dict[str, Any]]) -> None:
        r[0][key] = value
    return edit


def _decision_hash(r: list[dict[str, Any]]) -> None:
    r[3]["hash"] = "0" * 64


def _drop_decision(r: list[dict[str, Any]]) -> None:
    del r[-2]


OTHER = {"americans": "germans", "germans": "americans"}
EDITS: dict[str, tuple[Edit, int, str]] = {
    "winner": (_result("winner", lambda w: OTHER.get(w, "germans")), 1, "'result'"),
    "victory points": (_result("victory_points", lambda vp: {k: v + 3 for k, v in vp.items()}), 1, "'result'"),
    "events": (_footer("events", lambda e: e[:-1] + ["r5 nothing happened"]), 1, "'events'"),
    "decision count": (_footer("decisions", lambda n: n + 1), 1, "'decisions'"),
    "decision hash": (_decision_hash, 1, "state hash"),
    "a decision dropped": (_drop_decision, 1, "H860"),
    "seed 1.5": (_header("seed", 1.5), 1, "'seed'"),
    "seed text": (_header("seed", "1"), 1, "'seed'"),
    "seed x": (_header("seed", "x"), 1, "'seed'"),
    "seed null": (_header("seed", None), 1, "'seed'"),
    "seed negative": (_header("seed", -1), 1, "'seed'"),
    "players": (_header("players", "greedy"), 1, "'players'"),
    "version 99": (_header("version", 99), 1, "version 99"),
    "warnings": (_header("warnings", ["none"]), 1, "'warnings'"),
    "an extra key": (lambda r: r[5].update(new=[]), 1, "no key 'new'"),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_an_edited_log_fails_replay(cli, tmp_path: Path, records: list[dict[str, Any]], name: str) -> None:
    edit, code, words = EDITS[name]
    changed = json.loads(json.dumps(records))
    edit(changed)
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in changed))
    r = cli("replay", str(log))
    assert "Traceback" not in r.stdout + r.stderr
    assert r.exit_code == code, (r.stdout, r.stderr)
    assert "reproduces" not in r.stdout
    assert words in r.stdout + r.stderr, r.stderr
    assert f"{log}:" in r.stdout + r.stderr


def test_the_intact_log_replays(cli, tmp_path: Path, records: list[dict[str, Any]]) -> None:
    assert records[0]["version"] == 2 and all("hash" in r for r in records[1:-1])
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    r = cli("replay", str(log))
    assert r.exit_code == 0 and "reproduces the final state" in r.stdout


def test_a_version_1_log_still_replays_with_its_footer_checked(cli, tmp_path: Path,
                                                                 records: list[dict[str, Any]]) -> None:
    old = [{k: v for k, v in r.items() if k not in ("version", "hash")} for r in records]
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in old))
    assert cli("replay", str(log)).exit_code == 0
    old[-1]["result"]["winner"] = OTHER.get(old[-1]["result"]["winner"], "germans")
    log.write_text("".join(json.dumps(r) + "\n" for r in old))
    assert cli("replay", str(log)).exit_code == 1
