"""Every id an item names must exist, and of the right kind (with 'did you mean')."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.validation.context import CheckContext, did_you_mean
from builder.systems.heroes.validation.registry import rule

C_DANGLING = define_code("C302", "reference to an unknown id")


def _ref(ctx: CheckContext, owner: str, owner_id: str, path: Sequence[str | int],
         target: str, target_id: str | None, what: str) -> Iterable[Diagnostic]:
    if target_id is None or target_id in ctx.pack.items[target]:
        return []
    hint = did_you_mean(target_id, ctx.pack.items[target]) or f"define {what} '{target_id}' or use an existing id"
    return [ctx.at(owner, owner_id, path, C_DANGLING, f"unknown {what} '{target_id}'", hint=hint)]


@rule
def faction_and_insignia_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Items name factions and insignia that exist."""
    for collection in ("insignia", "units", "tiles", "options", "heroes", "cards"):
        for item in ctx.pack.items[collection].values():
            yield from _ref(ctx, collection, item.id, ("faction",), "factions", item.faction, "faction")
            insignia = getattr(item, "insignia", None)
            if collection != "insignia":
                yield from _ref(ctx, collection, item.id, ("insignia",), "insignia", insignia, "insignia")


@rule
def unit_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Tiles, options and heroes bring units that exist."""
    for collection in ("tiles", "options"):
        for item in ctx.pack.items[collection].values():
            for index, grant in enumerate(item.units):
                yield from _ref(ctx, collection, item.id, ("units", index, "unit"), "units", grant.unit, "unit")
    for hero in ctx.pack.heroes.values():
        yield from _ref(ctx, "heroes", hero.id, ("unit",), "units", hero.unit, "unit")


@rule
def ability_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Abilities named on units, weapons, slots and options exist in the catalogue."""
    for unit in ctx.pack.units.values():
        for s, side in enumerate(unit.sides):
            for a, ref in enumerate(side.abilities):
                yield from _ref(ctx, "units", unit.id, ("sides", s, "abilities", a, "id"), "abilities", ref.id, "ability")
            for w, weapon in enumerate(side.weapons):
                for a, ref in enumerate(weapon.abilities):
                    yield from _ref(ctx, "units", unit.id, ("sides", s, "weapons", w, "abilities", a, "id"),
                                    "abilities", ref.id, "ability")
    for tile in ctx.pack.tiles.values():
        for s, slot in enumerate(tile.slots):
            if slot.grants and slot.grants.ability:
                yield from _ref(ctx, "tiles", tile.id, ("slots", s, "grants", "ability", "id"),
                                "abilities", slot.grants.ability.id, "ability")
        for a, ref in enumerate(tile.abilities):
            yield from _ref(ctx, "tiles", tile.id, ("abilities", a, "id"), "abilities", ref.id, "ability")
    for option in ctx.pack.options.values():
        for a, ref in enumerate(option.abilities):
            yield from _ref(ctx, "options", option.id, ("abilities", a, "id"), "abilities", ref.id, "ability")


@rule
def terrain_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Board and overlay legends name terrain types that exist."""
    for collection in ("boards", "overlays"):
        for grid in ctx.pack.items[collection].values():
            for char, terrain_id in grid.legend.items():
                yield from _ref(ctx, collection, grid.id, ("legend", char), "terrain", terrain_id, "terrain type")


@rule
def scenario_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Scenarios place boards and overlays, and field armies, that exist."""
    for sc in ctx.pack.scenarios.values():
        for i, placed in enumerate(sc.layout.boards):
            yield from _ref(ctx, "scenarios", sc.id, ("layout", "boards", i, "id"), "boards", placed.id, "board")
        for i, placed in enumerate(sc.layout.overlays):
            yield from _ref(ctx, "scenarios", sc.id, ("layout", "overlays", i, "id"), "overlays", placed.id, "overlay")
        for s, side in enumerate(sc.sides):
            yield from _ref(ctx, "scenarios", sc.id, ("sides", s, "faction"), "factions", side.faction, "faction")
            lines: list[tuple[tuple[str | int, ...], Any]] = [
                (("sides", s, "army", "composition", e), entry) for e, entry in enumerate(side.army.composition)]
            lines += [(("sides", s, "players", j, "composition", e), entry)  # an alliance player's own army
                      for j, p in enumerate(side.players) for e, entry in enumerate(p.composition)]
            for where, entry in lines:
                for key, collection in (("tile", "tiles"), ("option", "options"), ("hero", "heroes"),
                                        ("unit", "units"), ("on", "tiles")):
                    yield from _ref(ctx, "scenarios", sc.id, (*where, key),
                                    collection, getattr(entry, key), key if key != "on" else "tile")
    for campaign in ctx.pack.campaigns.values():
        for i, step in enumerate(campaign.steps):
            yield from _ref(ctx, "campaigns", campaign.id, ("steps", i, "scenario"), "scenarios",
                            step.scenario, "scenario")


GRID_REFERENCES = {"terrain": ("terrain", "terrain type"), "ruin_side": ("overlays", "overlay")}


@rule
def grid_feature_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Features drawn on boards and overlays (terrain lines, ruin sides) name items
    that exist. Found by key, so fields added to the grid models are checked too."""
    for collection in ("boards", "overlays"):
        for grid in ctx.pack.items[collection].values():
            for path, key, value in ctx.fields(grid):
                target = GRID_REFERENCES.get(key)
                if target is not None and isinstance(value, str):
                    yield from _ref(ctx, collection, grid.id, path, target[0], value, target[1])


@rule
def scenario_effect_references(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Abilities named by scenario effects (a fire action using Sniper) exist."""
    for sc in ctx.pack.scenarios.values():
        for path, key, value in ctx.fields(sc):
            if key == "ability" and isinstance(value, str):
                yield from _ref(ctx, "scenarios", sc.id, path, "abilities", value, "ability")
