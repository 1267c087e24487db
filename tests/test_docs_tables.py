"""Documented tables stay the output of their commands (issue 34 item 7).

A table pasted into the docs from a command's output carries the command in an HTML
comment before it and a closing comment after it::

    <!-- table: heroes playtest --all --pack content/bfn --games 100 --seed 1 --jobs 1; keys=1 -->
    | scenario | ... |
    <!-- /table -->

This test runs every such command again at a small game count (one game a scenario, a
cell or a balance setting; one job) and compares the shape of its tables with the
documented ones: as many tables, the same header, as many rows, the same number of cells
in each, and the same first ``keys`` cells (the row's identity: the scenario, its knob,
the attitude and difficulty). The figures themselves change with the game count; a row
that appeared, vanished or moved, a column renamed, a table gone means the documented
table no longer is the command's output: run the command in the comment and paste its
output between the comments.

A report printed as text is marked the same way around a fenced block of the lines the
doc quotes, named by their prefixes (``?``: a line the small run may not print, such as
``exits:`` when no unit got out in one game)::

    <!-- output: heroes playtest zuruck --pack content/bfn --games 200 --seed 1; lines=verdict:,army of,exits:? -->
    ```text
    verdict: ...
    ```
    <!-- /output -->

A command with no game count to make small (a coverage table) is compared cell for cell.
At the small game count the quoted prefixes must still be printed and the ``army of``
lines (which do not depend on the games) must be the same. ``HEROES_DOC_TABLES=full``
runs every marked command as written (minutes, not seconds) and compares every cell and
every quoted line: the check to run before pasting new figures, or after a change of the
engine, the players or the playtest defaults.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app

ROOT = Path(__file__).resolve().parent.parent
MARKED = re.compile(r"^<!-- table: (?P<command>.+?)(?:; keys=(?P<keys>\d+))? -->\n(?P<body>.*?)^<!-- /table -->",
                    re.S | re.M)
MARKED_OUTPUT = re.compile(r"^<!-- output: (?P<command>.+?); lines=(?P<lines>.+?) -->\n```\w*\n(?P<body>.*?)^```\n"
                           r"<!-- /output -->", re.S | re.M)
SMALL = {"--games": "1", "-n": "1", "--jobs": "1", "-j": "1"}
FULL = os.environ.get("HEROES_DOC_TABLES") == "full"
"""Run the marked commands as written and compare every figure (see the module's docstring)."""


def marked_tables() -> list[tuple[str, str, int, str]]:
    """(document, command, key cells, documented block) of every marked table of the docs."""
    found = []
    for path in sorted((ROOT / "docs").glob("*.md")):
        for match in MARKED.finditer(path.read_text(encoding="utf-8")):
            found.append((path.relative_to(ROOT).as_posix(), match["command"], int(match["keys"] or 1),
                          match["body"]))
    return found


def marked_outputs() -> list[tuple[str, str, list[str], str]]:
    """(document, command, quoted prefixes, quoted lines) of every marked text output of the docs."""
    found = []
    for path in sorted((ROOT / "docs").glob("*.md")):
        for match in MARKED_OUTPUT.finditer(path.read_text(encoding="utf-8")):
            found.append((path.relative_to(ROOT).as_posix(), match["command"],
                          [p.strip() for p in match["lines"].split(",")], match["body"]))
    return found


def quoted(text: str, prefixes: list[str]) -> list[str]:
    """The lines of ``text`` that start with one of ``prefixes`` (``?`` marks dropped), in order."""
    starts = tuple(p.rstrip("?") for p in prefixes)
    return [line.rstrip() for line in text.splitlines() if line.startswith(starts)]


def run(command: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``command`` run from the project root, small unless :data:`FULL`."""
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        capsys.readouterr()
        status = run_app(app, shlex.split(command)[1:] if FULL else small(command))
        out, err = capsys.readouterr()
    finally:
        os.chdir(cwd)
    return status, out, err


def tables(text: str) -> list[list[list[str]]]:
    """The Markdown tables of ``text``: each a list of rows, each row its cells."""
    out: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            current.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif current:
            out.append(current)
            current = []
    return out


def small(command: str) -> list[str]:
    """The command's arguments (without ``heroes``) with its game count and jobs made small."""
    words = shlex.split(command)
    assert words[0] == "heroes", f"a table's command starts with heroes: {command}"
    args = words[1:]
    for i, word in enumerate(args[:-1]):
        if word in SMALL:
            args[i + 1] = SMALL[word]
    return args


def test_the_docs_mark_the_tables_they_paste() -> None:
    docs = {doc for doc, _, _, _ in marked_tables()}
    assert {"docs/playtest.md", "docs/solo-mode.md"} <= docs


@pytest.mark.parametrize(("doc", "command", "keys", "body"), marked_tables(),
                         ids=[f"{d}:{c.split()[1]}" for d, c, _, _ in marked_tables()])
def test_a_documented_table_is_its_commands_output(doc: str, command: str, keys: int, body: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(command, capsys)
    assert status == 0, f"{doc}: `{command}` exited {status}\n{err}"
    documented, made = tables(body), tables(out)
    if FULL or small(command) == shlex.split(command)[1:]:  # as written, or nothing to make small: every cell
        assert made == documented, f"{doc}: `{command}` prints other figures now:\n{out}"
    assert documented, f"{doc}: no table between the comments of `{command}`"
    assert len(made) == len(documented), f"{doc}: `{command}` prints {len(made)} tables, the doc shows {len(documented)}"
    for shown, fresh in zip(documented, made):
        assert shown[:2] == fresh[:2], f"{doc}: `{command}`: the header changed\n{fresh[0]}"
        assert len(shown) == len(fresh), f"{doc}: `{command}`: {len(fresh) - 2} rows now, {len(shown) - 2} documented"
        for row, new in zip(shown[2:], fresh[2:]):
            assert len(row) == len(new) and row[:keys] == new[:keys], \
                f"{doc}: `{command}`: row {row[:keys]} is now {new[:keys]}"


def test_a_changed_table_fails() -> None:
    """The comparison itself: a renamed column, a missing row and a moved row are seen."""
    doc = "| a | b |\n| --- | --- |\n| x | 1 |\n| y | 2 |\n"
    assert tables(doc) == [[["a", "b"], ["---", "---"], ["x", "1"], ["y", "2"]]]
    assert tables("| a | c |\n| --- | --- |\n| x | 1 |\n")[0][0] != tables(doc)[0][0]
    assert [r[0] for r in tables("| a | b |\n| --- | --- |\n| y | 1 |\n| x | 2 |\n")[0][2:]] != ["x", "y"]
    assert small("heroes playtest --all --games 1000 --jobs 2") == ["playtest", "--all", "--games", "1", "--jobs", "1"]


@pytest.mark.parametrize(("doc", "command", "prefixes", "body"), marked_outputs(),
                         ids=[f"{d}:{c.split()[2]}" for d, c, _, _ in marked_outputs()])
def test_a_documented_output_is_its_commands_output(doc: str, command: str, prefixes: list[str], body: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(command, capsys)
    assert status == 0, f"{doc}: `{command}` exited {status}\n{err}"
    shown, fresh = body.rstrip("\n").splitlines(), quoted(out, prefixes)
    assert shown == quoted(body, prefixes), f"{doc}: `{command}`: the block quotes lines lines= does not name"
    if FULL:
        assert fresh == shown, f"{doc}: `{command}` prints other lines now:\n" + "\n".join(fresh)
        return
    for prefix in prefixes:
        if not prefix.endswith("?"):
            assert quoted(out, [prefix]), f"{doc}: `{command}` no longer prints a line starting {prefix!r}"
    armies = [p for p in prefixes if p.startswith("army of")]
    assert quoted(out, armies) == quoted(body, armies), f"{doc}: `{command}`: the armies changed"


def test_the_docs_mark_the_outputs_they_quote() -> None:
    assert "docs/playtest.md" in {doc for doc, _, _, _ in marked_outputs()}
    assert quoted("verdict: x\nrounds: 2\nexits: de\n", ["verdict:", "exits:?"]) == ["verdict: x", "exits: de"]
