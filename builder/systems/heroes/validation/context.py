"""What a semantic rule sees: the pack, and a way to point at a place in an item."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from builder.content.locator import Locator
from builder.systems.heroes.content.pack import Pack
from builder.diagnostics import Diagnostic, Severity, did_you_mean  # noqa: F401  (re-exported for the rules)
from builder.systems.heroes.validation.walk import walk_fields


@dataclass
class CheckContext:
    """Shared by all semantic rules of one validation run."""

    pack: Pack
    locator: Locator = field(default_factory=Locator)
    _factions: dict[str, dict[str | None, list[Any]]] = field(default_factory=dict, repr=False)
    _fields: dict[int, list[tuple[tuple[str | int, ...], str, Any]]] = field(default_factory=dict, repr=False)

    def by_faction(self, collection: str, faction: str) -> list[Any]:
        """Items of ``collection`` belonging to ``faction`` (indexed once per run, so
        rules stay linear in the size of the pack)."""
        index = self._factions.get(collection)
        if index is None:
            index = {}
            for item in self.pack.items[collection].values():
                index.setdefault(getattr(item, "faction", None), []).append(item)
            self._factions[collection] = index
        return index.get(faction, [])

    def fields(self, item: Any) -> list[tuple[tuple[str | int, ...], str, Any]]:
        """Every field of ``item`` with its path (see :func:`walk_fields`), walked once
        per run however many rules look."""
        cached = self._fields.get(id(item))
        if cached is None:
            cached = self._fields[id(item)] = list(walk_fields(item))
        return cached

    def at(
        self,
        collection: str,
        item_id: str,
        path: Sequence[str | int],
        code: str,
        message: str,
        *,
        hint: str = "",
        rule: str = "",
        severity: Severity = Severity.ERROR,
        at_key: bool = False,
    ) -> Diagnostic:
        """A diagnostic located at ``path`` inside item ``item_id`` of ``collection``."""
        origin = self.pack.origin(collection, item_id)
        if origin is None:
            return Diagnostic(code, message, hint=hint, rule=rule, severity=severity)
        line, col = self.locator.position(origin.path, tuple(origin.loc) + tuple(path), at_key=at_key)
        return Diagnostic(code, message, file=origin.file, line=line, col=col,
                          severity=severity, hint=hint, rule=rule)

