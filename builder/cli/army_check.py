"""The entry of the fast start-up path (:mod:`builder.cli.fast`) into ``heroes army
check``, free of Typer: the body is the Heroes System's ``army check`` handler
(builder.systems.heroes.commands.army_check), reached through the seam as the Typer
command (:mod:`builder.cli.army`) reaches it, so both print the same bytes and exit
with the same code (0 legal, 1 illegal).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional


def check_army_file(file: Path, pack: Optional[Path], fmt: str) -> int:
    """Check a Heroes System list ``file`` and print its diagnostics in ``fmt``; the exit
    code: 0 legal, 1 illegal (the handler exits with it)."""
    from builder.systems.seam import HEROES_SYSTEM, command_handler, get_system

    try:
        command_handler(get_system(HEROES_SYSTEM), "army check")(file, pack, fmt)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def plain_check(file: Path, pack: Optional[Path], fmt: str) -> int | None:
    """:func:`check_army_file` on plain data, without pydantic: the exit code, or None
    when this path cannot answer and :func:`check_army_file` must run (the Heroes
    System's :func:`~builder.systems.heroes.plain_army_check`)."""
    from builder.cli.exits import exit_code
    from builder.systems.heroes import plain_army_check

    printing = plain_army_check(file, pack, fmt)
    return None if printing is None else exit_code(printing)
