"""Positions on demand: find the line and column of a place inside a content file.

Loading takes the fast path without positions; when a check finds a problem in an
item it knows only the item's :class:`~builder.systems.heroes.content.pack.Origin` and a path inside
it. A :class:`Locator` re-reads that file once with positions (round-trip loader) and
answers every later question about it from memory. Create one per check run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from builder.content.locate import locate
from builder.content.yaml_io import read_yaml_positions
from builder.errors import YamlError


class Locator:
    """Caches round-trip parses of files, keyed by path."""

    def __init__(self) -> None:
        self._trees: dict[Path, Any] = {}

    def tree(self, path: Path) -> Any:
        if path not in self._trees:
            try:
                self._trees[path] = read_yaml_positions(path)
            except (YamlError, OSError):
                self._trees[path] = None
        return self._trees[path]

    def position(self, path: Path | None, loc: Sequence[str | int], *, at_key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of ``loc`` in ``path``; (1, 1) when it cannot be found."""
        if path is None:
            return 1, 1
        tree = self.tree(path)
        if tree is None:
            return 1, 1
        return locate(tree, loc, at_key=at_key)
