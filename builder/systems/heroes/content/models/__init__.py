"""Content models: one module per kind, pydantic v2, unknown keys forbidden.

:data:`KINDS` maps each folder of a content pack to the model of its files and to
the pack collections those files fill. It drives the loader and the schema export.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from builder.systems.heroes.content.models.ability import AbilitiesFile, Ability, AbilityRef
from builder.systems.heroes.content.models.base import Band, DefenceType, Item, Phase, Source, UnitType
from builder.systems.heroes.content.models.campaign import Campaign, CampaignFile
from builder.systems.heroes.content.models.card import ActionCard, CardsFile, CommandIcon
from builder.systems.heroes.content.models.faction import Faction, FactionsFile, Insignia
from builder.systems.heroes.content.models.manifest import PackManifest
from builder.systems.heroes.content.models.recruitment import (
    Hero,
    OptionCategory,
    RecruitmentFile,
    RecruitmentOption,
    RecruitmentTile,
    Slot,
    TileKind,
)
from builder.systems.heroes.content.models.scenario import Scenario, ScenarioFile
from builder.systems.heroes.content.models.solo import SoloFile, TacticalBonus
from builder.systems.heroes.content.models.terrain import Board, Overlay, TerrainFile, TerrainType
from builder.systems.heroes.content.models.unit import Unit, UnitsFile, UnitSide


@dataclass(frozen=True)
class Kind:
    """A folder of a content pack.

    ``collections`` maps an attribute of the file model to the pack collection it
    fills; ``single`` kinds hold one item per file (the file model is the item).
    """

    folder: str
    file_model: type[BaseModel]
    collections: dict[str, str]
    single: str | None = None
    schema_name: str = ""


KINDS: dict[str, Kind] = {
    "factions": Kind("factions", FactionsFile, {"factions": "factions", "insignia": "insignia"}),
    "abilities": Kind("abilities", AbilitiesFile, {"abilities": "abilities"}),
    "units": Kind("units", UnitsFile, {"units": "units"}),
    "recruitment": Kind(
        "recruitment", RecruitmentFile, {"tiles": "tiles", "options": "options", "heroes": "heroes"}
    ),
    "cards": Kind("cards", CardsFile, {"cards": "cards"}),
    "terrain": Kind("terrain", TerrainFile, {"terrain": "terrain", "overlays": "overlays"}),
    "boards": Kind("boards", Board, {}, single="boards"),
    "scenarios": Kind("scenarios", ScenarioFile, {}, single="scenarios"),
    "campaigns": Kind("campaigns", CampaignFile, {}, single="campaigns"),
    "solo": Kind("solo", SoloFile, {"tactical_bonuses": "tactical_bonuses", "decision_tables": "decision_tables",
                                    "reaction_cards": "reaction_cards", "danger_tiles": "danger_tiles",
                                    "danger_gauges": "danger_gauges"}),
}

COLLECTIONS: tuple[str, ...] = tuple(
    dict.fromkeys(
        c for kind in KINDS.values() for c in ([kind.single] if kind.single else kind.collections.values())
    )
)

__all__ = [
    "KINDS", "COLLECTIONS", "Kind", "Ability", "AbilityRef", "ActionCard", "Band", "Board",
    "Campaign", "CommandIcon", "DefenceType", "Faction", "Hero", "Insignia", "Item",
    "OptionCategory", "Overlay", "PackManifest", "Phase", "RecruitmentOption",
    "RecruitmentTile", "Scenario", "Slot", "Source", "TacticalBonus", "TerrainType",
    "TileKind", "Unit", "UnitSide", "UnitType",
]
