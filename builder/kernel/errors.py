"""Errors of the kernel: the ones every game system shares."""

from __future__ import annotations

from builder.errors import UsageError


class IllegalAction(UsageError):
    """An action that is not legal in the current state."""
