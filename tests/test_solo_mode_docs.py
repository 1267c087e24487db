"""docs/solo-mode.md: its coverage table is the output of
``heroes rules coverage --kind solo --format markdown`` (issue 27, item 5: generated from the
registry, not typed), and every Solo row not fully simulated says what is missing."""

from __future__ import annotations

from pathlib import Path

from builder.systems.heroes.engine.solo_mode.coverage import SOLO_RULES

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
    from builder.systems.heroes.ai.players import ATTITUDES, DIFFICULTIES

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



def test_the_how_the_ai_chose_example_is_the_real_output(tmp_path: Path, cli, monkeypatch) -> None:
    """Every choice line pasted in the doc is printed by the doc's own two commands."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### How the AI chose"):text.index("## The Solo game mode")]
    pasted = [line for line in section.splitlines() if line.startswith("  turn 3 ")]
    assert len(pasted) == 11
    monkeypatch.chdir(tmp_path)
    assert cli("play", "family-meeting-1", "--players", "greedy,solo-mode:aggressive:medium", "--seed", "3",
               "--log", "fm1.jsonl", "--pack", str(ROOT / "content" / "core")).exit_code == 0
    r = cli("replay", "fm1.jsonl", "--why", "--turn", "3")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[2:13] == pasted


def test_the_docs_show_the_sweep_command_and_its_output(cli) -> None:
    """The doc's sweep command runs (one game a cell here) and its pasted output is
    that command's table: the same rows, games and seed."""
    from builder.systems.heroes.ai.players import ATTITUDES, DIFFICULTIES
    from builder.content.paths import BUNDLED_CONTENT
    from builder.systems.heroes.playtests.tools import solo_scenarios

    text = DOC.read_text(encoding="utf-8")
    assert SWEEP in text
    after = text[text.index(SWEEP):].splitlines()
    start = after.index("| scenario | AI attitude | difficulty | AI wins | player wins | draws | mean rounds |")
    rows = [line for line in after[start + 2:] if line.startswith("| ")][:27]
    cells = [(a, d) for a in ATTITUDES for d in DIFFICULTIES]
    assert [(f"`{sid}`", a, d) for sid in solo_scenarios(BUNDLED_CONTENT / "core") for a, d in cells] == [
        (row.split(" | ")[0].split("(")[-1].rstrip(")"), *row.split(" | ")[1:3]) for row in rows]
    assert "100 games a cell, seed 1, the player's side played by greedy" in "\n".join(after)
    argv = SWEEP.split()[1:]
    argv[argv.index("--games") + 1] = "1"
    r = cli(*argv)
    assert r.exit_code == 0, r.stderr
    assert len([line for line in r.stdout.splitlines() if line.startswith("| ")]) == 2 + len(rows)


def test_kind_is_refused_for_a_pack_of_another_game_system(cli) -> None:
    r = cli("rules", "coverage", "--pack", str(ROOT / "content" / "toi"), "--kind", "solo")
    assert r.exit_code == 2 and "Heroes packs only" in r.stderr
    r = cli("rules", "coverage", "--pack", str(ROOT / "content" / "toi"), "--format", "markdown")
    assert r.exit_code == 0 and r.stdout.startswith("| kind | id | rule | status |")  # one vocabulary (issue 36)
