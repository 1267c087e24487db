"""Shell examples of README.md and docs/*.md, extracted so that a test can run them.

Why: a newcomer follows the README and the guides word for word; an example that no
longer runs is the first thing they meet. Every fenced ``sh``/``bash``/``console``/
``shell`` block is read here and each command in it becomes a :class:`Command`:

* ``heroes ...`` and ``python -m builder ...`` run through the library's CLI entry;
* ``make TARGET`` is checked against the Makefile's targets (it cannot run in a test:
  it builds a virtual environment);
* anything else is an error: an example the test cannot run must not be skipped quietly.

Lines ending with a backslash continue; ``# comments`` are dropped; ``> FILE`` redirects
standard output. A ``# file: PATH`` line in a YAML block of a guide marks a file the
guide asks the reader to write: the test writes it into the guide's pack before running
the commands (``docs/authoring.md`` builds ``content/my-pack``).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHELL_LANGS = ("sh", "bash", "console", "shell")
FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```", re.S | re.M)
FILE_LINE = re.compile(r"^# file: (\S+)$", re.M)


@dataclass(frozen=True)
class Command:
    """One command of a document, where it is written and how to run it."""

    doc: str
    line: int
    text: str
    tool: str  # "heroes" or "make"
    argv: tuple[str, ...]
    stdout: str | None = None  # file a `>` redirection writes

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"


def documents() -> list[Path]:
    """README.md and every docs/*.md, in a stable order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def parse(doc: str, line: int, text: str) -> Command:
    """One shell command as a :class:`Command`; ValueError when the test cannot run it."""
    words = shlex.split(text, comments=True)
    if words and words[0] == "$":
        words = words[1:]
    stdout = None
    if ">" in words:
        at = words.index(">")
        if at != len(words) - 2:
            raise ValueError(f"{doc}:{line}: only `> FILE` at the end is understood: {text}")
        stdout, words = words[-1], words[:at]
    if words[:1] == ["heroes"]:
        return Command(doc, line, text, "heroes", tuple(words[1:]), stdout)
    if words[:3] in (["python", "-m", "builder"], ["python3", "-m", "builder"], [".venv/bin/python", "-m", "builder"]):
        return Command(doc, line, text, "heroes", tuple(words[3:]), stdout)
    if words[:1] == [".venv/bin/heroes"]:
        return Command(doc, line, text, "heroes", tuple(words[1:]), stdout)
    if words[:1] == ["make"] and len(words) >= 2:
        return Command(doc, line, text, "make", tuple(words[1:]), stdout)
    raise ValueError(f"{doc}:{line}: the docs test cannot run this command; write it as `heroes ...`, "
                     f"`python -m builder ...` or `make TARGET`: {text}")


def commands(path: Path) -> list[Command]:
    """Every shell command of one document, in reading order."""
    text = path.read_text(encoding="utf-8")
    doc = path.relative_to(ROOT).as_posix()
    found: list[Command] = []
    for match in FENCE.finditer(text):
        if match.group(1) not in SHELL_LANGS:
            continue
        first = text.count("\n", 0, match.start(2)) + 1
        pending, start = "", first
        for offset, raw in enumerate(match.group(2).splitlines()):
            if not pending:
                start = first + offset
            if raw.rstrip().endswith("\\"):
                pending += raw.rstrip()[:-1] + " "
                continue
            full = (pending + raw).strip()
            pending = ""
            if full and not full.startswith("#"):
                found.append(parse(doc, start, full))
    return found


def guide_files(path: Path) -> dict[str, str]:
    """The files a guide asks its reader to write (YAML blocks with a ``# file:`` line)."""
    files: dict[str, str] = {}
    for match in FENCE.finditer(path.read_text(encoding="utf-8")):
        if match.group(1) != "yaml":
            continue
        name = FILE_LINE.search(match.group(2))
        if name:
            files[name.group(1)] = match.group(2)
    return files


def make_targets() -> set[str]:
    """The targets the Makefile defines."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^([A-Za-z][\w-]*):", text, re.M)}
