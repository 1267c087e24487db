"""``heroes replay LOG --why``: how the Solo AI chose, from a real game log (issue 27,
item 5; builder.systems.heroes.ai.solo_mode.why). The reasons are those of the logged game: it is
played again and checked decision by decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.heroes.ai.solo_mode import brain
from builder.systems.heroes.ai.solo_mode.why import table_choices
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.tools.log import parse_log, play
from builder.errors import InvalidInputError

CORE = Path(__file__).resolve().parents[1] / "content" / "core"
PLAYERS = ["greedy", "solo-mode:aggressive:medium"]


def _log(tmp_path: Path, cli, seed: int = 3) -> Path:
    log = tmp_path / "fm1.jsonl"
    r = cli("play", "family-meeting-1", "--players", ",".join(PLAYERS), "--seed", str(seed), "--log", str(log),
            "--pack", str(CORE))
    assert r.exit_code == 0, r.stderr
    return log


def test_recording_the_reasons_does_not_change_the_game() -> None:
    pack = load_pack(CORE)
    _, plain = play(pack, "family-meeting-1", 5, PLAYERS)
    brain.TRACE = []
    try:
        _, traced = play(pack, "family-meeting-1", 5, PLAYERS)
        assert brain.TRACE, "the Solo AI made no table choice"
    finally:
        brain.TRACE = None
    assert traced.jsonl() == plain.jsonl()


def test_every_choice_names_its_table_reasons_and_choice(tmp_path: Path, cli) -> None:
    log = _log(tmp_path, cli)
    choices = table_choices(load_pack(CORE), parse_log(log.read_text(encoding="utf-8")), str(log))
    tables = {c["table"] for c in choices}
    assert {"place-an-order", "choose-an-action", "movement destination", "supply", "fire-target"} <= tables
    assert all(c["side"] == 1 for c in choices)  # the AI plays de, the second side
    decided = [c for c in choices if c["table"] not in ("choose-an-action", "movement destination")]
    for c in decided:
        assert c["choice"] in c["candidates"], c
        assert c["decided_by"].startswith(c["table"] + "/"), c
        assert c["decided_by"].endswith(("/only", "/random")) or c["decided_by"] in c["fired"], c
    decisions = [c["decisions"] for c in choices]
    assert decisions == sorted(decisions)


def test_replay_why_prints_the_choices_of_one_turn_and_table(tmp_path: Path, cli) -> None:
    log = _log(tmp_path, cli)
    r = cli("replay", str(log), "--why", "--turn", "3", "--table", "fire-target")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "replay reproduces the final state" in lines[0]
    shown = [line for line in lines[2:]]
    assert shown and all(line.startswith("  turn 3 activation") and ": fire-target: " in line for line in shown)
    assert all("kept by" in line and "decided by fire-target/" in line for line in shown)


def test_a_log_the_game_departs_from_is_a_located_error(tmp_path: Path, cli) -> None:
    log = _log(tmp_path, cli)
    lines = parse_log(log.read_text(encoding="utf-8"), str(log))
    lines[0] = {**lines[0], "seed": 4}  # the same actions, another seed: the game played again departs
    with pytest.raises(InvalidInputError) as caught:
        table_choices(load_pack(CORE), lines, str(log))
    [diag] = caught.value.diagnostics
    assert diag.code == "E680" and diag.file == str(log) and diag.line > 1
    assert "departs from the log at decision" in str(caught.value)


def test_why_on_a_game_without_the_solo_ai_is_a_usage_error(tmp_path: Path, cli) -> None:
    log = tmp_path / "g.jsonl"
    assert cli("play", "clash", "--players", "greedy,greedy", "--seed", "1", "--log", str(log)).exit_code == 0
    r = cli("replay", str(log), "--why")
    assert r.exit_code == 2 and "no side of this game is played by the Solo AI" in r.stderr
