"""The typed error hierarchy.

Every failure a user can cause is a :class:`HeroesError`; the CLI turns it into a
message and an exit code, never a traceback. Errors that carry located problems hold
:class:`~builder.diagnostics.Diagnostic` objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic


class HeroesError(Exception):
    """Base class of every error Heroes Builder raises on purpose."""

    exit_code = 1


class UsageError(HeroesError):
    """The command was called wrongly (unknown option value, missing file argument)."""

    exit_code = 2


class InvalidInputError(HeroesError):
    """Input files are broken; ``diagnostics`` says where and why."""

    exit_code = 1

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None) -> None:
        super().__init__(message)
        self.diagnostics: list[Diagnostic] = list(diagnostics or [])


class YamlError(InvalidInputError):
    """A YAML file could not be read safely (syntax, forbidden tag, too large, alias bomb)."""


class ContentError(InvalidInputError):
    """A content pack does not load: its manifest or a content file is invalid."""


class UnsafePathError(InvalidInputError):
    """A path in a pack points outside the pack folder."""
