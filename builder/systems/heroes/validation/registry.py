"""The list of semantic rules. A rule is a function ``(ctx) -> Iterable[Diagnostic]``
registered with :func:`rule`; modules in :mod:`builder.systems.heroes.validation.rules` register theirs
on import."""

from __future__ import annotations

from typing import Callable, Iterable

from builder.diagnostics import Diagnostic
from builder.systems.heroes.validation.context import CheckContext

Rule = Callable[[CheckContext], Iterable[Diagnostic]]
RULES: list[Rule] = []


def rule(func: Rule) -> Rule:
    """Register a semantic rule."""
    RULES.append(func)
    return func
