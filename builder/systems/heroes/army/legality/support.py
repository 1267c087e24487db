"""Support tiles come only from a scenario (003 Battle for Normandy, Recruitment Options >
Support Tile).

003: "The Support Tile is only used in scenarios", and "the details of the Support Tile
are explained in each scenario". So a tile of kind ``support`` in a list is legal only
when the list's scenario names it among its ``support_tiles``; a free points list (no
scenario) never has one, and the web builder's tile menu does not offer it.
"""

from __future__ import annotations

from typing import Any, Iterator

from builder.diagnostics import define_code
from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import PackView, Roster
from builder.systems.heroes.content.vocabulary import TileKind

A_SUPPORT_TILE = define_code("A436", "support tile the scenario does not grant")


def granted(roster: Roster) -> set[str]:
    """The support tiles the list's scenario grants (none without a scenario)."""
    return set(getattr(roster.scenario, "support_tiles", None) or [])


def ungranted_support_tiles(pack: PackView, roster: Roster) -> set[str]:
    """Ids of the pack's support tiles the list may not take (for menus that offer tiles)."""
    allowed = granted(roster)
    return {tile_id for tile_id, tile in pack.items["tiles"].items()
            if _kind(tile) is TileKind.SUPPORT and tile_id not in allowed}


def _kind(tile: Any) -> TileKind | None:
    kind = getattr(tile, "kind", None)
    return kind if isinstance(kind, TileKind) or kind is None else TileKind(kind)


def check(roster: Roster) -> Iterator[Finding]:
    allowed = granted(roster)
    for tile in roster.tiles:
        if tile.tile is None or _kind(tile.tile) is not TileKind.SUPPORT or tile.tile_id in allowed:
            continue
        if roster.scenario is None:
            why = "a support tile is used only in scenarios, and the list names none"
            hint = "remove the tile, or name the scenario that grants it ('scenario:' and 'side:')"
        else:
            why = (f"scenario '{roster.army.scenario}' grants "
                   f"{', '.join(sorted(allowed)) or 'no support tile'}")
            hint = "remove the tile (only the scenario's own support tiles can be taken)"
        yield Finding(A_SUPPORT_TILE, f"'{tile.name}' cannot be recruited: {why}", tile.loc + ("tile",),
                      rule=rules.SUPPORT_TILE, hint=hint)
