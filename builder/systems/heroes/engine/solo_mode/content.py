"""The Solo Mode data a game needs: reaction cards, danger tiles and the danger gauge,
from the pack or, when the pack has none, from the bundled core pack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.systems.heroes.content.models.solo import SoloFile
from builder.content.paths import BUNDLED_CONTENT
from builder.content.yaml_io import read_yaml
from builder.errors import InvalidInputError

BUNDLED = BUNDLED_CONTENT / "core" / "solo"  # the checkout's bundled core pack


@dataclass(frozen=True)
class SoloContent:
    cards: dict[str, Any]
    tiles: list[Any]
    gauge: Any


_CACHE: dict[str, SoloContent] = {}


def _bundled() -> SoloContent:
    got = _CACHE.get("bundled")
    if got is None:
        files = [SoloFile.model_validate(read_yaml(BUNDLED / name))
                 for name in ("reaction-cards.yaml", "danger-tiles.yaml")]
        cards = {c.id: c for f in files for c in f.reaction_cards}
        tiles = [t for f in files for t in f.danger_tiles]
        gauges = [g for f in files for g in f.danger_gauges]
        got = _CACHE["bundled"] = SoloContent(cards, tiles, gauges[0])
    return got


def solo_content(pack: Any) -> SoloContent:
    items = pack.items
    if items.get("reaction_cards") and items.get("danger_tiles") and items.get("danger_gauges"):
        content = SoloContent(dict(items["reaction_cards"]), list(items["danger_tiles"].values()),
                              next(iter(items["danger_gauges"].values())))
    else:
        content = _bundled()
    if not content.cards:
        raise InvalidInputError("the Solo game mode needs reaction cards (solo/reaction-cards.yaml)")
    return content
