"""``heroes replay`` proves a log (issue 23 item 2): every kind of tampering is a
located error naming the line and what differs; an intact log, old or new, replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest

from builder.cli import app
from builder.cli.common import run_app

Lines = list[str]


@pytest.fixture(scope="module")
def log_lines(tmp_path_factory: pytest.TempPathFactory) -> Lines:
    log = tmp_path_factory.mktemp("log") / "g.jsonl"
    assert run_app(app, ["play", "family-meeting-1", "--seed", "3", "--log", str(log)]) == 0
    return log.read_text().splitlines()


def _first(lines: Lines, kind: str, key: str | None = None) -> int:
    return next(i for i, raw in enumerate(lines) if json.loads(raw)["type"] == kind
                and (key is None or key in json.loads(raw)))


def _edit(lines: Lines, index: int, change: Callable[[dict], None]) -> Lines:
    record = json.loads(lines[index])
    change(record)
    return [*lines[:index], json.dumps(record), *lines[index + 1:]]


def _die(lines: Lines) -> tuple[Lines, int]:
    i = next(i for i, raw in enumerate(lines) if json.loads(raw).get("kind") == "die")
    return _edit(lines, i, lambda r: r.update(value=r["value"] % 6 + 1)), i + 1


def _decision(lines: Lines) -> tuple[Lines, int]:
    i = _first(lines, "decision")
    return _edit(lines, i, lambda r: r.update(n=5)), i + 1


def _hash(lines: Lines) -> tuple[Lines, int]:
    i = _first(lines, "decision", "hash")
    return _edit(lines, i, lambda r: r.update(hash="0" * 64)), i + 1


def _winner(lines: Lines) -> tuple[Lines, int]:
    i = len(lines) - 1
    return _edit(lines, i, lambda r: r["result"].update(winner="nobody")), i + 1


def _final_hash(lines: Lines) -> tuple[Lines, int]:
    i = len(lines) - 1
    return _edit(lines, i, lambda r: r.update(state_hash="f" * 64)), i + 1


def _no_result(lines: Lines) -> tuple[Lines, int]:
    return lines[:-1], len(lines) - 1


def _header_only(lines: Lines) -> tuple[Lines, int]:
    return lines[:1], 1


def _truncated(lines: Lines) -> tuple[Lines, int]:
    return [*lines[:-1], lines[-1][: len(lines[-1]) // 2]], len(lines)


def _seed(lines: Lines) -> tuple[Lines, int]:
    return _edit(lines, 0, lambda r: r.update(seed="x")), 1


def _version(lines: Lines) -> tuple[Lines, int]:
    return _edit(lines, 0, lambda r: r.update(version=99)), 1


def _dropped_event(lines: Lines) -> tuple[Lines, int]:
    i = _first(lines, "event")
    return [*lines[:i], *lines[i + 1:]], 0


TAMPERING = {"die": (_die, "value"), "decision": (_decision, "decision number"),
             "hash": (_hash, "state hash"), "winner": (_winner, "winner"),
             "final hash": (_final_hash, "state hash"), "no result line": (_no_result, "without its result"),
             "header only": (_header_only, "without its result"), "truncated": (_truncated, "not JSON"),
             "seed": (_seed, "'seed' must be an integer"), "version": (_version, "version 99"),
             "dropped event": (_dropped_event, "")}


@pytest.mark.parametrize("kind", sorted(TAMPERING))
def test_tampered_log_is_refused_at_its_line(cli, tmp_path: Path, log_lines: Lines, kind: str) -> None:
    tamper, words = TAMPERING[kind]
    lines, line = tamper(log_lines)
    log = tmp_path / "bad.jsonl"
    log.write_text("\n".join(lines) + "\n")
    r = cli("replay", str(log))
    assert r.exit_code == 1, (kind, r.stdout, r.stderr)
    assert "reproduces" not in r.stdout and "Traceback" not in r.stderr
    assert words in r.stderr
    if line:
        assert f"{log}:{line}:" in r.stderr


def test_intact_log_replays(cli, tmp_path: Path, log_lines: Lines) -> None:
    log = tmp_path / "g.jsonl"
    log.write_text("\n".join(log_lines) + "\n")
    r = cli("replay", str(log))
    assert r.exit_code == 0 and "reproduces" in r.stdout


def test_version_1_log_without_decision_hashes_still_replays(cli, tmp_path: Path, log_lines: Lines) -> None:
    old = []
    for raw in log_lines:
        record = json.loads(raw)
        record.pop("hash", None)
        if record["type"] == "header":
            record["version"] = 1
        old.append(json.dumps(record))
    log = tmp_path / "v1.jsonl"
    log.write_text("\n".join(old) + "\n")
    assert cli("replay", str(log)).exit_code == 0
    die, _ = _die(old)
    log.write_text("\n".join(die) + "\n")
    assert cli("replay", str(log)).exit_code == 1
