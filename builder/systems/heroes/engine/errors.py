"""Set-up errors of the Heroes System: a scenario or an army that cannot be turned into
a game (000 core rules, Setup), located at the scenario's line."""

from __future__ import annotations

from typing import Any

from builder.content.locator import Locator
from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError

E601 = define_code("E601", "scenario cannot be set up for play")


class SetupError(InvalidInputError):
    """The scenario or an army cannot be turned into a game."""


def setup_error(message: str, hint: str = "", at: tuple[Any, str, tuple[Any, ...]] | None = None) -> SetupError:
    """A setup error; ``at`` = (pack, scenario id, path inside the scenario) locates it."""
    file, line, col = "", 0, 0
    if at is not None:
        pack, scenario_id, loc = at
        origin = pack.origin("scenarios", scenario_id) if hasattr(pack, "origin") else None
        if origin is not None:
            file = origin.file
            line, col = Locator().position(origin.path, tuple(origin.loc) + tuple(loc))
    return SetupError(message, [Diagnostic(E601, message, file=file, line=line, col=col, hint=hint,
                                           rule="000 core rules, Setup")])
