"""The builder page as plain data: tiles with their slots, heroes, deck, totals, and
every diagnostic placed beside the element it is about, as the bench's game system
gives it (``WebTools.builder_view``: the Heroes System's builder.systems.heroes.web.bench).
"""

from __future__ import annotations

from typing import Any

from builder.web.workbench import Bench


def army_view(bench: Bench) -> dict[str, Any]:
    """Everything the builder page shows, from the checker's view of the bench."""
    return bench.view()
