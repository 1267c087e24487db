"""What the site holds: one page per item, one list per kind, and the search index.

Every page lives at ``<kind>/<id>.html`` (ids are ``[a-z0-9-]``, safe file names) or
at the top level; links are relative, so the site works from disk and from any server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

#: Site sections: pack collection -> (folder, title). Abilities share one page.
SECTIONS: dict[str, tuple[str, str]] = {
    "factions": ("factions", "Factions"),
    "units": ("units", "Units"),
    "tiles": ("tiles", "Recruitment tiles"),
    "options": ("options", "Recruitment options"),
    "heroes": ("heroes", "Heroes"),
    "cards": ("cards", "Action cards"),
    "boards": ("boards", "Boards"),
    "overlays": ("overlays", "Overlays"),
    "scenarios": ("scenarios", "Scenarios"),
    "campaigns": ("campaigns", "Campaigns"),
}


@dataclass(frozen=True)
class Page:
    """A page to write: its path under the site root and how deep it sits."""

    path: str

    @property
    def root(self) -> str:
        """Relative prefix from this page back to the site root."""
        return "../" * self.path.count("/")


def item_path(collection: str, item_id: str) -> str | None:
    if collection == "abilities":
        return f"abilities.html#{item_id}"
    if collection in SECTIONS:
        return f"{SECTIONS[collection][0]}/{item_id}.html"
    return None


def linker(page: Page, known: Callable[[str, str], bool]) -> Callable[[str, str], str | None]:
    """``link(collection, id)`` for templates: a relative URL, or None for unknown items."""

    def link(collection: str, item_id: str) -> str | None:
        if not known(collection, item_id):
            return None
        target = item_path(collection, item_id)
        return page.root + target if target else None

    return link


def search_entry(collection: str, item: Any) -> dict[str, str]:
    """One row of the search index: what a visitor types to find the item."""
    facets = [getattr(item, "faction", "") or ""]
    for attribute in ("type", "kind", "category"):
        value = getattr(item, attribute, None)
        if value is not None:
            facets.append(str(getattr(value, "value", value)).replace("_", " "))
    return {
        "kind": SECTIONS[collection][1] if collection in SECTIONS else collection,
        "id": item.id,
        "name": item.name,
        "url": item_path(collection, item.id) or "",
        "text": " ".join([item.name, item.id, *facets]).lower(),
    }
