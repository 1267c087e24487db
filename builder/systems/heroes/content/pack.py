"""A loaded content pack: every item by collection and id, and where each came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from builder.systems.heroes.content.models import COLLECTIONS, PackManifest


@dataclass(frozen=True)
class Origin:
    """Where an item was defined: the file (as shown to users) and its path inside it."""

    file: str
    loc: tuple[str | int, ...]
    pack: str
    path: Path | None = None


@dataclass(frozen=True)
class SourceFile:
    """A file of the pack: how it is shown, where it is, the schema of its kind, and
    the ``$schema`` its yaml-language-server modeline names (None without modeline)."""

    display: str
    path: Path
    schema: str
    modeline: str | None


@dataclass
class Pack:
    """A content pack with its dependencies merged in.

    ``items[collection][id]`` is the model; ``origins[(collection, id)]`` says where it
    was defined, so semantic checks can point at the right file, line and column.
    """

    manifest: PackManifest
    root: Path
    items: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {c: {} for c in COLLECTIONS}
    )
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    sources: list[SourceFile] = field(default_factory=list)
    packs: list[PackManifest] = field(default_factory=list)

    def __getattr__(self, name: str) -> dict[str, Any]:
        items = self.__dict__.get("items")
        if items is not None and name in items:
            return items[name]
        raise AttributeError(name)

    def get(self, collection: str, item_id: str) -> Any | None:
        return self.items[collection].get(item_id)

    def origin(self, collection: str, item_id: str) -> Origin | None:
        return self.origins.get((collection, item_id))

    def all_items(self) -> Iterator[tuple[str, Any]]:
        for collection, items in self.items.items():
            for item in items.values():
                yield collection, item

    def counts(self) -> dict[str, int]:
        return {c: len(v) for c, v in self.items.items()}

    def placeholders(self) -> int:
        return sum(1 for _, item in self.all_items() if getattr(item, "placeholder", False))

    def by_faction(self, collection: str, faction: str) -> list[Any]:
        return [i for i in self.items[collection].values() if getattr(i, "faction", None) == faction]
