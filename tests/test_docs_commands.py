"""Every command shown in README.md and docs/*.md runs as written (tests/docs_commands.py).

Each document's commands run in order in a fresh folder holding ``content/`` and ``examples/`` (links to the
bundled packs, plus the pack a guide asks its reader to write), through the library's CLI
entry. Two changes keep the suite quick and the bundled packs untouched, and are the only
ones: a playtest plays at most 20 games (a balance search 1 a setting) and does not save its report into the pack.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from tests.docs_commands import ROOT, Command, commands, documents, guide_files, make_targets, parse

GAMES_CAP = 20
BALANCE_GAMES_CAP = 1

# (document, a piece of the command) -> (exit status, text the output must hold)
EXPECTED: dict[tuple[str, str], tuple[int, str]] = {
    ("README.md", "validate content/bfn"): (0, "bfn"),
    ("README.md", "list tiles"): (0, "us-8th-infantry-regiment"),
    ("README.md", "army suggest"): (0, "de.yaml"),
    ("README.md", "army check de.yaml"): (0, "legal"),
    ("README.md", "army options"): (0, "slot 1"),
    ("README.md", "replay"): (0, "reproduces"),
    ("README.md", "rules coverage"): (0, "simulated"),
    ("docs/army.md", "army new"): (0, "my.yaml"),
    ("docs/army.md", "list tiles"): (0, "us-8th-infantry-regiment"),
    ("docs/army.md", "army check cw.yaml"): (0, "cw.yaml: legal"),
    ("docs/army.md", "army check my.yaml --format json"): (0, '"legal": true'),
    ("docs/army.md", "army check my.yaml"): (0, "legal"),
    ("docs/getting-started.md", "army check my-army.yaml"): (0, "my-army.yaml: legal"),
    ("docs/getting-started.md", "army share"): (0, "/army/shared?list=1."),
    ("docs/getting-started.md", "playtest clash"): (0, "too few games for a verdict"),
    ("docs/authoring.md", "validate content/my-pack"): (0, "valid, 1 warning"),  # C305: section 11's small deck
}
NOT_IN_OUTPUT = {"docs/authoring.md": r": warning (?!C305)"}  # regular expressions


def _docs_with_commands() -> list[Path]:
    return [path for path in documents() if commands(path)]


def _expected(cmd: Command) -> tuple[int, str]:
    best: tuple[int, str] = (0, "")
    longest = -1
    for (doc, piece), value in EXPECTED.items():
        if doc == cmd.doc and piece in cmd.text and len(piece) > longest:
            best, longest = value, len(piece)
    return best


def _as_run(argv: tuple[str, ...]) -> list[str]:
    """The command with a playtest's games capped and its report kept out of the pack; a server's
    command line checked with ``--help`` instead of left running."""
    args = list(argv)
    if "serve" in args[:2]:
        # A server runs until stopped: the test checks that the command line parses
        # (tests/test_web_app.py starts the README's `heroes serve` for real).
        return [*args, "--help"]
    if args[:1] == ["playtest"] and "--compare" not in args:
        for flag in ("--games", "-n"):
            if flag in args:
                at = args.index(flag) + 1
                args[at] = str(min(int(args[at]), GAMES_CAP))
        args.append("--no-save")
    if args[:1] == ["balance"]:  # a balance search plays --games at each setting it tries
        for flag in ("--games", "-n"):
            if flag in args:
                at = args.index(flag) + 1
                args[at] = str(min(int(args[at]), BALANCE_GAMES_CAP))
        if "--games" not in args and "-n" not in args:
            args += ["--games", str(BALANCE_GAMES_CAP)]
        args = [a for a in args if a != "--save"]
    return args


def _folder(tmp: Path, doc: Path) -> None:
    content = tmp / "content"
    content.mkdir()
    for pack in sorted((ROOT / "content").iterdir()):
        if (pack / "pack.yaml").is_file():
            (content / pack.name).symlink_to(pack, target_is_directory=True)
    (tmp / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    files = guide_files(doc)
    if files:
        pack_id = "my-pack"
        for name, text in files.items():
            target = content / pack_id / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


def test_the_docs_show_commands() -> None:
    assert commands(ROOT / "README.md"), "README.md shows no command"
    assert any(c.doc == "docs/army.md" for path in documents() for c in commands(path))


@pytest.mark.parametrize("doc", _docs_with_commands(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_command_of_a_document_runs(doc: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _folder(tmp_path, doc)
    targets = make_targets()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for cmd in commands(doc):
            if cmd.tool == "make":
                assert cmd.argv[0] in targets, f"{cmd.where}: the Makefile has no target {cmd.argv[0]!r}"
                continue
            capsys.readouterr()
            status = run_app(app, _as_run(cmd.argv))
            out, err = capsys.readouterr()
            if cmd.stdout:
                Path(cmd.stdout).write_text(out, encoding="utf-8")
            code, text = _expected(cmd)
            assert status == code, f"{cmd.where}: `{cmd.text}` exited {status}, not {code}\n{out}\n{err}"
            assert text in out + err, f"{cmd.where}: `{cmd.text}` printed no {text!r}\n{out}\n{err}"
            banned = NOT_IN_OUTPUT.get(cmd.doc)
            assert not banned or not re.search(banned, out + err), f"{cmd.where}: `{cmd.text}` printed a {banned}\n{out}{err}"
    finally:
        os.chdir(cwd)


def test_a_command_the_test_cannot_run_fails_loudly() -> None:
    with pytest.raises(ValueError, match="cannot run"):
        parse("docs/x.md", 1, "curl https://example.org | sh")


def test_an_unknown_subcommand_is_a_failure_not_a_skip(capsys: pytest.CaptureFixture[str]) -> None:
    cmd = parse("docs/x.md", 1, "heroes no-such-command --flag")
    assert run_app(app, list(cmd.argv)) == 2


def test_continuations_comments_and_redirections() -> None:
    cmd = parse("d.md", 3, "heroes playtest clash --format json > clash.json  # a report")
    assert cmd.argv == ("playtest", "clash", "--format", "json") and cmd.stdout == "clash.json"
    assert _as_run(("playtest", "x", "--games", "4000")) == ["playtest", "x", "--games", "20", "--no-save"]
