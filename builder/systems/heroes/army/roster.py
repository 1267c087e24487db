"""An army list resolved against a content pack: every id looked up once.

Legality, the summary, the slot explorer and the search all read this view instead of
looking ids up again. Unknown ids resolve to ``None`` (the references check reports
them) so every other check can simply skip what it cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Protocol

from builder.systems.heroes.army.findings import Loc
from builder.systems.heroes.army.shape import Force
from builder.systems.heroes.content.vocabulary import OptionCategory, TileKind

if TYPE_CHECKING:
    from builder.systems.heroes.army.model import ArmyList, SlotChoice, TileEntry
    from builder.systems.heroes.content.models.recruitment import Hero, RecruitmentOption, RecruitmentTile, UnitGrant

HIGH_COMMAND = -1  # force index of the alliance's high command tile


class PackView(Protocol):
    """What the army rules read of a pack: items by collection and id. A loaded
    :class:`~builder.systems.heroes.content.pack.Pack` is one; so is the plain-data index of the fast
    check (:class:`builder.systems.heroes.army.index.ArmyIndex`)."""

    items: dict[str, dict[str, Any]]

    def get(self, collection: str, item_id: str) -> Any | None: ...


@dataclass
class PlacedOption:
    """A recruitment option where the list puts it: a tile slot, a hero, or the support tile."""

    option_id: str
    option: RecruitmentOption | None
    loc: Loc
    slot: int | None = None
    holder: "PlacedTile | PlacedHero | None" = None

    @property
    def cost(self) -> int:
        if self.option is None or self.holder is None:
            return 0  # support-tile options come with the scenario
        return self.option.cost

    @property
    def name(self) -> str:
        return self.option.name if self.option else self.option_id

    def is_(self, category: OptionCategory) -> bool:
        return self.option is not None and self.option.category is category


@dataclass
class PlacedTile:
    """A recruitment tile of the list, with its options."""

    tile_id: str
    tile: RecruitmentTile | None
    force: int
    loc: Loc
    options: list[PlacedOption] = field(default_factory=list)
    choices: list[SlotChoice] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.tile.name if self.tile else self.tile_id

    @property
    def cost(self) -> int:
        return self.tile.cost if self.tile else 0

    @property
    def is_officer(self) -> bool:
        return self.tile is not None and self.tile.kind is TileKind.OFFICER

    @property
    def is_high_command(self) -> bool:
        return self.tile is not None and self.tile.kind is TileKind.HIGH_COMMAND

    def unit_grants(self) -> list[UnitGrant]:
        """Units the tile brings and the units its support options bring."""
        grants = list(self.tile.units) if self.tile else []
        for placed in self.options:
            if placed.option is not None:
                grants.extend(placed.option.units)
        return grants


@dataclass
class PlacedHero:
    """A hero of the list and its customisation options."""

    hero_id: str
    hero: Hero | None
    force: int
    loc: Loc
    options: list[PlacedOption] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.hero.name if self.hero else self.hero_id

    @property
    def cost(self) -> int:
        return self.hero.cost if self.hero else 0


@dataclass
class Roster:
    """The army list with its content looked up."""

    army: ArmyList
    pack: PackView
    forces: list[Force]
    tiles: list[PlacedTile]
    heroes: list[PlacedHero]
    support: list[PlacedOption]
    scenario: Any | None = None
    side: Any | None = None

    @property
    def is_alliance(self) -> bool:
        return self.army.alliance is not None

    def tiles_of(self, force: int) -> list[PlacedTile]:
        return [t for t in self.tiles if t.force == force]

    def heroes_of(self, force: int) -> list[PlacedHero]:
        return [h for h in self.heroes if h.force == force]

    def options(self) -> Iterator[PlacedOption]:
        """Every option the army holds: in slots, on heroes and on the support tile."""
        for tile in self.tiles:
            yield from tile.options
        for hero in self.heroes:
            yield from hero.options
        yield from self.support

    def has_officer(self, force: int | None = None) -> bool:
        return any(t.is_officer and (force is None or t.force == force) for t in self.tiles)

    def unit(self, unit_id: str) -> Any | None:
        return self.pack.get("units", unit_id)


def _place_tile(pack: PackView, entry: TileEntry | Any, force: int, loc: Loc) -> PlacedTile:
    placed = PlacedTile(entry.tile, pack.get("tiles", entry.tile), force, loc, choices=list(entry.options))
    for i, choice in enumerate(entry.options):
        placed.options.append(PlacedOption(choice.option, pack.get("options", choice.option),
                                           loc + ("options", i, "option"), choice.slot, placed))
    return placed


def resolve(army: ArmyList, pack: PackView) -> Roster:
    """Look every id of ``army`` up in ``pack``."""
    forces = army.forces()
    tiles: list[PlacedTile] = []
    heroes: list[PlacedHero] = []
    for f, force in enumerate(forces):
        for t, entry in enumerate(force.tiles):
            tiles.append(_place_tile(pack, entry, f, force.loc + ("tiles", t)))
        for h, hentry in enumerate(force.heroes):
            loc = force.loc + ("heroes", h)
            hero = PlacedHero(hentry.hero, pack.get("heroes", hentry.hero), f, loc)
            for o, option_id in enumerate(hentry.options):
                hero.options.append(PlacedOption(option_id, pack.get("options", option_id),
                                                 loc + ("options", o), None, hero))
            heroes.append(hero)
    if army.alliance is not None:
        for i, hc in enumerate(army.alliance.high_command):
            tiles.append(_place_tile(pack, hc, HIGH_COMMAND, ("alliance", "high_command", i)))
    support = [PlacedOption(o, pack.get("options", o), ("support", i)) for i, o in enumerate(army.support)]
    scenario = pack.get("scenarios", army.scenario) if army.scenario else None
    side = None
    if scenario is not None:
        if army.side is not None:
            side = next((s for s in scenario.sides if s.id == army.side), None)
        else:
            factions = {f.faction for f in forces}
            matching = [s for s in scenario.sides if s.faction in factions]
            side = matching[0] if len(matching) == 1 else None
    return Roster(army, pack, forces, tiles, heroes, support, scenario, side)
