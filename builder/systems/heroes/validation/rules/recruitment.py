"""Recruitment: every option fits some slot, every hero can join some tile.

An option that fits no slot of any tile of its faction can never be bought, and a
hero whose specific insignia no tile bears can never be recruited: both are content
errors even though each file on its own is well formed.
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

BUY_OPTIONS = "000 core rules, Army Creation > Buy Recruitment Options"
HEROES = "000 core rules, Army Creation > Heroes"

C_OPTION_FITS_NO_SLOT = define_code("C303", "recruitment option fits no slot of any tile of its faction", BUY_OPTIONS)
C_HERO_INSIGNIA = define_code("C304", "hero's insignia is neither generic nor borne by a tile of its faction", HEROES)


@rule
def options_fit_some_slot(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each option has the size and a band of at least one slot of a tile of its faction:
    an option fits an opening of its size sharing at least one colour band."""
    openings = {(tile.faction, slot.size, band) for tile in ctx.pack.tiles.values()
                for slot in tile.slots for band in slot.bands}
    for option in ctx.pack.options.values():
        if any((option.faction, option.size, band) in openings for band in option.bands):
            continue
        tiles = ctx.by_faction("tiles", option.faction)
        bands = ", ".join(b.value for b in option.bands)
        slots = sorted({f"size {s.size} [{', '.join(b.value for b in s.bands)}]" for t in tiles for s in t.slots})
        hint = (
            f"no {option.faction} tile has a slot of size {option.size} with a {bands} band; "
            + (f"slots available: {'; '.join(slots)}. " if slots else f"faction '{option.faction}' has no tile slots. ")
            + "Change the option's size or bands, or add such a slot to a tile"
        )
        yield ctx.at("options", option.id, ("bands",), C_OPTION_FITS_NO_SLOT,
                     f"option '{option.id}' (size {option.size}, bands {bands}) fits no slot of any "
                     f"'{option.faction}' recruitment tile", hint=hint, rule=BUY_OPTIONS)


@rule
def heroes_can_join_a_tile(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A hero with a specific insignia needs a tile of its faction bearing that insignia."""
    for hero in ctx.pack.heroes.values():
        insignia = ctx.pack.insignia.get(hero.insignia)
        if insignia is None:
            continue  # reported as a dangling reference (C302)
        if insignia.generic:
            continue
        if any(t.insignia == hero.insignia for t in ctx.by_faction("tiles", hero.faction)):
            continue
        generic = [i.id for i in ctx.by_faction("insignia", hero.faction) if i.generic]
        hint = (f"give a '{hero.faction}' tile the insignia '{hero.insignia}'"
                + (f", or give the hero the generic insignia '{generic[0]}'" if generic else ""))
        yield ctx.at("heroes", hero.id, ("insignia",), C_HERO_INSIGNIA,
                     f"hero '{hero.id}' wears insignia '{hero.insignia}', which no '{hero.faction}' "
                     f"recruitment tile bears: the hero can never be recruited", hint=hint, rule=HEROES)


BREAKING = "000 core rules, Setup > Breaking Point"
C_BREAKING_POINT = define_code("C318", "breaking point needs more losses than the units it counts", BREAKING)


@rule
def breaking_points_can_be_reached(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A tile or option breaks when as many of its units are eliminated as it has red
    squares; with fewer units than that it can never break, so the opponent can never
    score its victory points (a warning: losses of units shared with an option are
    assigned to the option)."""
    for collection in ("tiles", "options"):
        for item in ctx.pack.items[collection].values():
            point = item.breaking_point
            units = sum(grant.count for grant in item.units)
            if point is None or point.units <= units:
                continue
            yield ctx.at(collection, item.id, ("breaking_point", "units"), C_BREAKING_POINT,
                         f"'{item.id}' breaks after {point.units} losses but brings only {units} unit(s): "
                         "it can never break", hint=f"check the red squares (at most {units}) or the units it brings",
                         rule=BREAKING, severity=Severity.WARNING)
