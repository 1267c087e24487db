"""What a scenario imposes (000 core rules, Setup > Scenarios; 003 Battle for
Normandy, Support Tile).

A scenario side supplies the budget and, when it prints a composition, the exact
tiles, options and heroes; its support tile brings the options it names outside
the recruitment rules. The list's faction must be the side's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import rules
from builder.systems.heroes.army.roster import Roster
from builder.diagnostics import define_code

A_SIDE = define_code("A432", "army does not fit the scenario side")
A_COMPOSITION = define_code("A422", "army differs from the scenario's fixed composition")
A_SUPPORT = define_code("A423", "support-tile option the scenario does not bring")


def check(roster: Roster) -> Iterator[Finding]:
    army = roster.army
    for placed in roster.support:
        allowed = roster.scenario.support_tiles if roster.scenario is not None else []
        if placed.option_id not in allowed:
            what = f"scenario '{army.scenario}' brings {', '.join(allowed) or 'no support tile'}" \
                if army.scenario else "only a scenario's support tile brings options outside the slots"
            yield Finding(A_SUPPORT, f"'{placed.name}' cannot sit on the support tile: {what}", placed.loc,
                          rule=rules.SUPPORT_TILE, hint="put it in a slot of a tile, or remove it")
    if roster.scenario is None:
        return
    side = roster.side
    if side is None:
        if army.side is None:
            sides = ", ".join(f"{s.id} ({s.faction})" for s in roster.scenario.sides)
            yield Finding(A_SIDE, f"which side of '{roster.scenario.name}' does this army play?", ("scenario",),
                          rule=rules.SCENARIO, hint=f"add 'side:' with one of: {sides}")
        return
    factions = {f.faction for f in roster.forces}
    if side.faction not in factions:
        yield Finding(A_SIDE, f"side '{side.id}' of '{roster.scenario.name}' is played by {side.faction}, "
                      f"not {', '.join(sorted(factions))}", ("side",) if army.side else ("faction",),
                      rule=rules.SCENARIO, hint=f"set 'faction: {side.faction}' or choose the other side")
        return
    if army.points is not None and side.army.points is not None and army.points != side.army.points:
        yield Finding(A_SIDE, f"the scenario gives side '{side.id}' {side.army.points} points, not {army.points}",
                      ("points",), rule=rules.SCENARIO, hint="remove 'points:' (the scenario sets it) or fix it")
    if side.army.composition:
        yield from _composition(roster, side, roster.scenario.name)


def _composition(roster: Roster, side: Any, name: str) -> Iterator[Finding]:
    """The differences from the composition ``side`` of scenario ``name`` prints."""
    expected: Counter[tuple[str, str]] = Counter()
    for entry in side.army.composition:
        for kind in ("tile", "option", "hero"):
            value = getattr(entry, kind)
            if value:
                expected[(kind, value)] += entry.count
    actual: Counter[tuple[str, str]] = Counter()
    for tile in roster.tiles:
        actual[("tile", tile.tile_id)] += 1
    for hero in roster.heroes:
        actual[("hero", hero.hero_id)] += 1
    for placed in roster.options():
        actual[("option", placed.option_id)] += 1
    missing = expected - actual
    extra = actual - expected
    for (kind, item), n in sorted(missing.items()):
        yield Finding(A_COMPOSITION, f"'{name}' gives side '{side.id}' {n} more {kind} '{item}' than the list has",
                      ("tiles",) if kind != "hero" else ("heroes",), rule=rules.SCENARIO,
                      hint=f"add the {kind} '{item}' as the scenario's composition prints it")
    for kind, item in sorted(extra):
        yield Finding(A_COMPOSITION, f"'{name}' fixes side '{side.id}''s army; {kind} '{item}' is not part of it",
                      _loc_of(roster, kind, item), rule=rules.SCENARIO,
                      hint=f"remove the {kind} '{item}' (or drop 'scenario:' to build freely)")
    for entry in side.army.composition:
        if entry.option and entry.on:
            on_tile = [o for t in roster.tiles if t.tile_id == entry.on for o in t.options
                       if o.option_id == entry.option]
            elsewhere = [o for o in roster.options() if o.option_id == entry.option and o not in on_tile]
            if len(on_tile) < entry.count and elsewhere:
                yield Finding(A_COMPOSITION, f"'{name}' puts '{entry.option}' on '{entry.on}'", elsewhere[0].loc,
                              rule=rules.SCENARIO, hint=f"move it to a slot of '{entry.on}'")
        wearer = getattr(entry, "for_hero", None)
        if entry.option and wearer:
            worn = [o for h in roster.heroes if h.hero_id == wearer for o in h.options if o.option_id == entry.option]
            elsewhere = [o for o in roster.options() if o.option_id == entry.option and o not in worn]
            if len(worn) < entry.count and elsewhere:
                yield Finding(A_COMPOSITION, f"'{name}' gives '{entry.option}' to hero '{wearer}'", elsewhere[0].loc,
                              rule=rules.SCENARIO, hint=f"list it under the hero: options: [{entry.option}]")
    units_needed = [(e.unit, e.count) for e in side.army.composition if e.unit]
    if units_needed:
        brought: Counter[str] = Counter()
        for tile in roster.tiles:
            for grant in tile.unit_grants():
                brought[grant.unit] += grant.count
        for hero in roster.heroes:
            if hero.hero is not None:
                brought[hero.hero.unit] += 1
        for unit, count in units_needed:
            if brought[unit] < count:
                yield Finding(A_COMPOSITION, f"'{name}' gives side '{side.id}' {count} '{unit}' counter(s); the "
                              f"list brings {brought[unit]}", ("tiles",), rule=rules.SCENARIO,
                              hint="recruit the tile or option that brings this unit")


def _loc_of(roster: Roster, kind: str, item: str) -> tuple:
    if kind == "tile":
        return next((t.loc + ("tile",) for t in roster.tiles if t.tile_id == item), ("tiles",))
    if kind == "hero":
        return next((h.loc + ("hero",) for h in roster.heroes if h.hero_id == item), ("heroes",))
    return next((o.loc for o in roster.options() if o.option_id == item), ("tiles",))
