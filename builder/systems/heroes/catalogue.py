"""What a pack holds, as plain rows: the ids a newcomer needs to write an army list.

Why: an army list names tiles, options, heroes and cards by id, and a scenario names
boards and units; before this module the only ways to find an id were building the site
or reading YAML. :func:`list_items` gives one row per item of a kind (id, name, faction,
cost and what fits where, from the Army Creation rules: a tile's slots by size and colour
bands, an option's size and bands); :func:`show_item` gives one item whole.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.content.pack import Pack
from builder.errors import UsageError

KINDS: dict[str, str] = {
    "tiles": "tiles",
    "options": "options",
    "heroes": "heroes",
    "cards": "cards",
    "units": "units",
    "scenarios": "scenarios",
    "campaigns": "campaigns",
    "boards": "boards",
}
"""Kind as typed on the command line -> the pack collection holding it."""


def _bands(bands: Any) -> str:
    return "/".join(getattr(b, "value", str(b)) for b in bands)


def _fits(kind: str, item: Any) -> str:
    """What fits where, in the words of 000 core rules, Army Creation > Recruitment Options."""
    if kind == "tiles":
        slots = ", ".join(f"{s.size}:{_bands(s.bands)}" for s in item.slots)
        return f"{item.kind.value}; slots {slots}" if slots else item.kind.value
    if kind == "options":
        return f"{item.category.value}; size {item.size}, {_bands(item.bands)}"
    if kind == "heroes":
        return f"insignia {item.insignia}" if item.insignia else "any tile of its faction"
    if kind == "cards":
        command = getattr(item, "command", None)
        return f"{item.copies} copies" + (f", {getattr(command, 'value', command)} command" if command else "")
    if kind == "units":
        return getattr(item.type, "value", str(item.type))
    if kind == "scenarios":
        return "sides " + ", ".join(
            f"{s.id} ({s.faction}{', ' + str(s.army.points) + ' pts' if s.army and s.army.points else ''})"
            for s in item.sides)
    if kind == "campaigns":
        return f"{len(item.steps)} steps"
    if kind == "boards":
        return f"{len(item.rows)} rows"
    return ""


def _faction(kind: str, item: Any) -> str | None:
    if kind == "scenarios":
        return ",".join(s.faction for s in item.sides)
    return getattr(item, "faction", None)


def list_items(pack: Pack, kind: str, faction: str | None = None) -> list[dict[str, Any]]:
    """One row per item of ``kind`` (sorted by id), only those of ``faction`` when given.

    A scenario belongs to every faction it has a side for.
    """
    if kind not in KINDS:
        raise UsageError(f"unknown kind {kind!r}; choose one of: {', '.join(KINDS)}")
    factions = pack.items.get("factions", {})
    if faction and faction not in factions:  # an empty table for --faction zz looked like an answer
        raise UsageError(f"--faction {faction!r}: the pack has no such faction (factions: {', '.join(sorted(factions))})")
    rows = []
    for item_id, item in sorted(pack.items[KINDS[kind]].items()):
        item_faction = _faction(kind, item)
        if faction and (item_faction is None or faction not in item_faction.split(",")):
            continue
        origin = pack.origin(KINDS[kind], item_id)
        rows.append({
            "id": item_id,
            "name": item.name,
            "faction": item_faction,
            "cost": getattr(item, "cost", None),
            "fits": _fits(kind, item),
            "pack": origin.pack if origin else pack.manifest.id,
        })
    return rows


def show_items(pack: Pack, item_id: str) -> list[dict[str, Any]]:
    """Every item with id ``item_id`` whole, as plain data, with its collection, the pack
    and the file defining it. Ids are unique within a collection, not across them: a hero
    and the unit counter it plays share an id (``us-sgt-tom-keller``), and both are shown."""
    found = []
    for collection, items in pack.items.items():
        if item_id in items:
            origin = pack.origin(collection, item_id)
            data = items[item_id].model_dump(mode="json", exclude_none=True, exclude_defaults=True)
            found.append({"id": item_id, "collection": collection,
                          "pack": origin.pack if origin else pack.manifest.id,
                          "file": origin.file if origin else None, **data})
    if not found:
        raise UsageError(f"no item {item_id!r} in pack {pack.manifest.id!r} or its dependencies; "
                         "`heroes list KIND` lists the ids")
    return found


def show_item(pack: Pack, item_id: str) -> dict[str, Any]:
    """The first item with id ``item_id`` (:func:`show_items` gives them all)."""
    return show_items(pack, item_id)[0]
