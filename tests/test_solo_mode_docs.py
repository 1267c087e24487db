"""docs/solo-mode.md: its coverage table is the output of
``heroes rules coverage --kind solo --format markdown`` (issue 27, item 5: generated from the
registry, not typed), and every Solo row not fully simulated says what is missing."""

from __future__ import annotations

from pathlib import Path

from builder.ai.solo_mode.coverage import SOLO_RULES

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "solo-mode.md"
COMMAND = "heroes rules coverage --kind solo --format markdown"
HEAD = "| kind | id | rule | status | what is missing or lost |"


def _doc_table(text: str) -> str:
    assert COMMAND in text, f"docs/solo-mode.md no longer shows `{COMMAND}`"
    lines = text[text.index(COMMAND):].splitlines()
    start = lines.index(HEAD)
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    return "\n".join(lines[start:end]) + "\n"


def test_the_docs_coverage_table_is_the_commands_output(cli) -> None:
    r = cli("rules", "coverage", "--kind", "solo", "--format", "markdown")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[0] == HEAD
    assert _doc_table(DOC.read_text(encoding="utf-8")) == r.stdout, (
        f"docs/solo-mode.md's coverage table differs from `{COMMAND}`: run it and paste its output")
    assert len(r.stdout.splitlines()) == 2 + len(SOLO_RULES)


def test_a_changed_row_is_caught(cli) -> None:
    text = DOC.read_text(encoding="utf-8").replace("| solo | `danger` |", "| solo | `dangers` |")
    r = cli("rules", "coverage", "--kind", "solo", "--format", "markdown")
    assert _doc_table(text) != r.stdout


def test_every_partial_solo_row_names_what_is_missing_or_lost() -> None:
    for rid, _name, status, rule, missing in SOLO_RULES:
        assert rule, rid
        if status != "simulated":
            assert missing.strip(), f"solo row {rid} is {status} and does not say what is missing or lost"


def test_kind_filters_and_an_unknown_kind_is_a_usage_error(cli) -> None:
    r = cli("rules", "coverage", "--kind", "terrain", "--format", "markdown")
    assert r.exit_code == 0 and all(line.startswith("| terrain |") for line in r.stdout.splitlines()[2:])
    r = cli("rules", "coverage", "--kind", "nope")
    assert r.exit_code == 2 and "kinds are" in r.stderr and "solo" in r.stderr


SWEEP = "heroes playtest --solo-sweep --games 100 --seed 1 -j 1"


def test_the_solo_sweep_plays_every_attitude_and_difficulty_and_is_deterministic(cli) -> None:
    from builder.ai.players import ATTITUDES, DIFFICULTIES

    args = ("playtest", "family-meeting-2", "--solo-sweep", "--games", "1", "--seed", "4")
    r = cli(*args)
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("| scenario | AI attitude | difficulty | AI wins |")
    rows = [line.split(" | ") for line in lines[2:] if line.startswith("| ")]
    assert [(row[1], row[2]) for row in rows] == [(a, d) for a in ATTITUDES for d in DIFFICULTIES]
    assert all("(`family-meeting-2`)" in row[0] and row[3].startswith("de ") and row[4].startswith("us ")
               for row in rows)
    assert lines[-1].startswith("1 games a cell, seed 4, the player's side played by greedy")
    assert cli(*args).stdout == r.stdout


def test_the_solo_sweep_refuses_a_scenario_without_solo_notes_and_a_solo_opponent(cli) -> None:
    r = cli("playtest", "--solo-sweep", "--players", "solo-mode:aggressive:easy", "--games", "1")
    assert r.exit_code == 2 and "other side's player first" in r.stderr
    r = cli("playtest", "no-such-scenario", "--solo-sweep", "--games", "1")
    assert r.exit_code == 2 and "scenarios to sweep: clash, family-meeting-1, family-meeting-2" in r.stderr

