"""Errors of the rules engine."""

from __future__ import annotations

from builder.errors import UsageError


class IllegalAction(UsageError):
    """An action that is not legal in the current state."""
