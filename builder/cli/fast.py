"""The fast start-up path of ``heroes army check FILE [--pack P] [--format F]``.

Why: checking a list is the command users run most, often from an editor on every
save, and Typer's start-up (its import, and a pydantic adapter built for each option
it parses) cost several times the check itself. When the arguments take exactly this
plain form and the list is a Heroes System list, the check runs here without Typer,
through the same body as the Typer command (:mod:`builder.cli.army_check`) and the
same error mapping (:mod:`builder.cli.exits`). Anything else (``--help``, ``=`` forms,
an unknown option, another game system) returns None and Typer handles the command,
so help, usage errors and the command reference stay Typer's.

``heroes render roster ARMY -o OUT [--pack P] [--paper a4|letter]`` has a fast path of
its own (:func:`run_roster`): the roster PDF is the print command users wait on (issue 38:
under 1.5 s as a whole command, ``python -m benchmarks render``), and building the whole
Typer app imports every command group. It calls the Typer command's own body
(:func:`builder.cli.render_roster.render_roster`, free of Typer, whose import alone costs
about 0.15 s) with the values Typer would have parsed, after the same output check; an
output Typer would refuse, or any other form, goes to Typer. For a PDF, WeasyPrint is imported in a worker
process from the start (:func:`builder.render.pdf_worker.weasyprint_in_a_worker`), while this
process imports the command, loads the pack and writes the HTML; the worker then lays the
PDF out.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

FORMATS = ("text", "json", "github")


class ArmyCheck(NamedTuple):
    """The arguments of a plain ``heroes army check``."""

    file: Path
    pack: Path | None
    fmt: str


def parse(argv: list[str]) -> ArmyCheck | None:
    """``argv`` as a plain army check, or None for anything Typer should parse."""
    if argv[:2] != ["army", "check"]:
        return None
    file: str | None = None
    options: dict[str, str] = {}
    rest = iter(argv[2:])
    for word in rest:
        if word in ("--pack", "--format", "-f"):
            name = "pack" if word == "--pack" else "format"
            value = next(rest, None)
            if name in options or not value or value.startswith("-"):
                return None
            options[name] = value
        elif file is None and word and not word.startswith("-"):
            file = word
        else:
            return None
    fmt = options.get("format", "text")
    if file is None or fmt not in FORMATS:
        return None
    pack = options.get("pack")
    return ArmyCheck(Path(file), Path(pack) if pack is not None else None, fmt)


class Roster(NamedTuple):
    """The arguments of a plain ``heroes render roster``."""

    army: Path
    out: Path
    pack: Path | None
    paper: str


PAPERS = ("a4", "letter")
ROSTER_OPTIONS = {"-o": "out", "--out": "out", "-p": "pack", "--pack": "pack", "--paper": "paper"}


def parse_roster(argv: list[str]) -> Roster | None:
    """``argv`` as a plain roster render, or None for anything Typer should parse."""
    if argv[:2] != ["render", "roster"]:
        return None
    army: str | None = None
    options: dict[str, str] = {}
    rest = iter(argv[2:])
    for word in rest:
        if word in ROSTER_OPTIONS:
            name = ROSTER_OPTIONS[word]
            value = next(rest, None)
            if name in options or not value or value.startswith("-"):
                return None
            options[name] = value
        elif army is None and word and not word.startswith("-"):
            army = word
        else:
            return None
    paper = options.get("paper", "a4")
    if army is None or "out" not in options or paper not in PAPERS:
        return None
    pack = options.get("pack")
    return Roster(Path(army), Path(options["out"]), Path(pack) if pack is not None else None, paper)


def run_roster(argv: list[str]) -> int | None:
    """The exit code of a plain roster render, or None when Typer must run."""
    args = parse_roster(argv)
    if args is None:
        return None
    if args.out.suffix.lower() != ".pdf":
        return _roster(args)
    from builder.render.pdf_worker import weasyprint_in_a_worker

    with weasyprint_in_a_worker():  # started first, so that it overlaps all the rest
        return _roster(args)


def _roster(args: Roster) -> int | None:
    from builder.outputs import OutputError, check_output
    from builder.render.paper import PRINTABLE, Paper

    try:
        check_output(args.out, suffixes=PRINTABLE, what="output file")
    except OutputError:
        return None  # Typer's callback reports it, naming the option
    from builder.cli.exits import exit_code
    from builder.cli.render_roster import render_roster

    def render() -> None:
        render_roster(args.army, args.out, args.pack, Paper(args.paper))

    return exit_code(render)


def run(argv: list[str], plain: bool = True) -> int | None:
    """The exit code of a plain Heroes System army check, or None when Typer must run.

    First the plain-data check (:func:`builder.cli.army_check.plain_check`, no pydantic)
    when ``plain``; when it cannot answer, the check through the content models."""
    if argv[:1] == ["render"]:
        return run_roster(argv)
    args = parse(argv)
    if args is None:
        return None
    from builder.cli.army_check import check_army_file, plain_check

    if plain:
        code = plain_check(*args)
        if code is not None:
            return code
    from builder.cli.exits import exit_code
    from builder.errors import HeroesError
    from builder.systems.seam import HEROES_SYSTEM, system_of_file

    try:
        system, _ = system_of_file(args.file, args.pack)
    except HeroesError:
        return None  # e.g. an unknown system: Typer's run reports it
    if system.id != HEROES_SYSTEM:
        return None  # another system's list: its own handler, through Typer
    return exit_code(lambda: check_army_file(*args))
