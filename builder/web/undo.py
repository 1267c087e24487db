"""The undo history both web builders share: a list is its YAML text, and every change
replaces the text whole, so undo is the previous text (a Heroes army, builder.web.workbench;
a squad list of another game system, builder.web.squads)."""

from __future__ import annotations

from typing import Any

UNDO_DEPTH = 100
"""Texts kept for undo; older ones are dropped."""


class UndoableText:
    """Mixin for a dataclass with ``text``, ``filename``, ``history`` (older texts) and
    ``_checked`` (the cached verdict, dropped when the text changes)."""

    text: str
    filename: str
    history: list[str]
    _checked: Any

    def _replace(self, text: str) -> None:
        if text == self.text:
            return
        self.history.append(self.text)
        del self.history[:-UNDO_DEPTH]
        self.text = text
        self._checked = None

    def load(self, text: str, filename: str) -> None:
        """Replace the list with a file's text (undoable)."""
        self.filename = filename
        self._replace(text)

    def undo(self) -> bool:
        """Go back to the previous text; False when there is none."""
        if not self.history:
            return False
        self.text = self.history.pop()
        self._checked = None
        return True
