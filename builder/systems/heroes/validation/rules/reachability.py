"""Victory levels an army cannot reach: a static check before any game (issue 34, item 4).

A victory level can ask a side for something only some units can do. This module reads
each level's condition for those needs and checks them against the units an army
fields, so that a verdict never rests, silently, on a level no game could reach:

- ``demolished``: the target's side needs a unit whose weapon (or the unit itself)
  has Destruction, and is not an aircraft (003 Battle for Normandy, Battlefield >
  Buildings > Destroying the Chimney: a direct shot through the red dot, never
  indirect fire; 000 core rules, Special Abilities > Destruction);
- ``exited``: the side needs at least that many units of each kind it must get out
  (003, Campaign > 4 Zurueck!, Victory Conditions: infantry, guns and crews count as
  infantry; light or heavy vehicles by their type);
- ``controls`` with ``at_least``: the side needs infantry, since only infantry
  controls objectives (000 core rules, Setup > Victory Conditions), unless it owns
  enough of them at the start.

``all`` needs what each part needs; ``any`` is reachable when one part is; ``not``,
victory points, losses and ``otherwise`` need no particular unit. The check is
necessary, not sufficient: an army that passes can still lose every game.

An army is the composition entries a scenario prints or an army list expands to
(``tile``, ``option`` with ``on``, ``hero``, ``unit``, ``count``), as mappings or
models. ``heroes validate`` checks the scenario's printed compositions and, for a side
given only points, whether any army its faction can buy from the scenario's own pack
could reach the level at all (C380); a playtest checks the armies it is about to play
(builder.systems.heroes.playtests.armies) and its report carries the same code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.content.models.scenario_conditions import condition_tag
from builder.systems.heroes.content.pack import Pack
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

VICTORY = "000 core rules, Setup > Victory Conditions; 003 Battle for Normandy, Campaign (victory conditions)"
C_UNREACHABLE = define_code("C380", "a side's army cannot reach a victory level", VICTORY)

EXIT_KINDS = ("infantry", "light_vehicle", "heavy_vehicle", "vehicle")
KIND_WORDS = {"infantry": "infantry units", "light_vehicle": "light vehicles", "heavy_vehicle": "heavy vehicles",
              "vehicle": "vehicles"}


@dataclass
class Needs:
    """What one side must field for a level: a Destruction weapon, infantry to hold
    objectives, and counts of units by exit kind."""

    destruction: set[str] = field(default_factory=set)  # target names it must destroy
    hold: bool = False
    exits: dict[str, int] = field(default_factory=dict)

    def merge(self, other: "Needs") -> None:
        self.destruction |= other.destruction
        self.hold = self.hold or other.hold
        for kind, n in other.exits.items():
            self.exits[kind] = max(self.exits.get(kind, 0), n)

    def empty(self) -> bool:
        return not self.destruction and not self.hold and not any(self.exits.values())


@dataclass(frozen=True)
class Means:
    """What an army fields: units by exit kind, whether one can fire Destruction at a
    target, and whether it has infantry that can hold an objective."""

    kinds: Mapping[str, int]
    destruction: bool
    infantry: bool


@dataclass(frozen=True)
class Gap:
    """A level a side's army cannot reach, and why (one reason per missing means)."""

    level: int
    winner: str | None
    name: str
    side: str
    reasons: tuple[str, ...]

    def message(self, army: str = "army") -> str:
        who = f"the {self.winner} {self.name} victory" if self.winner else f"the {self.name}"
        return f"{who} (victory level {self.level + 1}) cannot be reached: side {self.side}'s {army} " \
               + "; ".join(self.reasons)


def _needs(scenario: Any, cond: Any) -> list[dict[str, Needs]] | None:
    """The alternatives of what ``cond`` asks of each side: a list of {side: Needs}, any
    one of which would do; None for a condition that asks nothing."""
    tag = condition_tag(cond)
    if tag == "demolished":
        target = next((t for t in scenario.targets if t.id == cond.demolished), None)
        if target is None:
            return None
        return [{target.side: Needs(destruction={target.name or target.id})}]
    if tag == "exited":
        spec = cond.exited
        return [{spec.side: Needs(exits={k: n for k, n in spec.at_least.items() if n > 0})}]
    if tag == "controls":
        spec = cond.controls
        if not spec.at_least:
            return None
        named = [o for o in scenario.objectives if (not spec.objectives or o.id in spec.objectives)
                 and (spec.kind is None or o.kind == spec.kind)]
        owned = sum(1 for o in named if o.owner == spec.side)
        return None if owned >= spec.at_least else [{spec.side: Needs(hold=True)}]
    if tag == "all":
        combined: list[dict[str, Needs]] = [{}]
        for part in cond.all:
            alternatives = _needs(scenario, part)
            if alternatives is None:
                continue
            merged = []
            for base in combined:
                for alt in alternatives:
                    both = {s: Needs(set(n.destruction), n.hold, dict(n.exits)) for s, n in base.items()}
                    for s, n in alt.items():
                        both.setdefault(s, Needs()).merge(n)
                    merged.append(both)
            combined = merged[:16]  # a handful of alternatives is all a printed level has
        return None if combined == [{}] else combined
    if tag == "any":
        alternatives = []
        for part in cond.any:
            found = _needs(scenario, part)
            if found is None:
                return None
            alternatives += found
        return alternatives or None
    return None  # not, victory points, destroyed, no units, otherwise: no particular unit


def level_needs(scenario: Any) -> list[list[dict[str, Needs]] | None]:
    """Per victory level, the alternatives of what it asks of each side (None: nothing)."""
    return [_needs(scenario, level.when) for level in scenario.victory]


def side_needs(scenario: Any, side: str) -> Needs:
    """Everything the levels of ``scenario`` ask of ``side`` in their first alternative:
    what a default army built for the scenario should field (builder.systems.heroes.playtests.armies)."""
    out = Needs()
    for alternatives in level_needs(scenario):
        if alternatives:
            out.merge(alternatives[0].get(side, Needs()))
    return out


def _get(entry: Any, key: str) -> Any:
    return entry.get(key) if isinstance(entry, Mapping) else getattr(entry, key, None)


def _has_destruction(unit: Any, granted: set[str]) -> bool:
    if unit.type.value == "aircraft":
        return False  # bombs are indirect: they cannot damage a target (003, Destroying the Chimney)
    if "destruction" in granted:
        return True
    for face in unit.sides:
        if any(a.id == "destruction" and (a.value or 0) > 0 for a in face.abilities):
            return True
        if any(a.id == "destruction" and (a.value or 0) > 0 for w in face.weapons for a in w.abilities):
            return True
    return False


def means_of(pack: Pack, entries: Iterable[Any]) -> Means:
    """What the units of these composition entries can do (unknown ids field nothing)."""
    kinds: dict[str, int] = dict.fromkeys(EXIT_KINDS, 0)
    destruction = infantry = False
    tile_grants: dict[str, set[str]] = {}
    last = ""

    def add(unit_id: str, count: int, granted: set[str]) -> None:
        nonlocal destruction, infantry
        unit = pack.items["units"].get(unit_id)
        if unit is None or unit.type.value == "aircraft":
            return
        kind = "infantry" if unit.type.value in ("infantry", "gun") else unit.type.value
        kinds[kind] = kinds.get(kind, 0) + count
        if kind != "infantry":
            kinds["vehicle"] += count
        destruction = destruction or _has_destruction(unit, granted)
        infantry = infantry or unit.type.value == "infantry"

    for entry in entries:
        count = int(_get(entry, "count") or 1)
        if _get(entry, "tile"):
            tile = pack.items["tiles"].get(_get(entry, "tile"))
            if tile is None:
                continue
            last = tile.id
            tile_grants[tile.id] = {a.id for a in tile.abilities}
            for g in tile.units:
                add(g.unit, g.count * count, tile_grants[tile.id])
        elif _get(entry, "option"):
            option = pack.items["options"].get(_get(entry, "option"))
            if option is None:
                continue
            on = _get(entry, "on") or last
            granted = tile_grants.setdefault(on, set())
            granted |= {a.id for a in option.abilities}
            for g in option.units:
                add(g.unit, g.count * count, set())
            if "destruction" in granted:  # given to the tile's units already counted
                tile = pack.items["tiles"].get(on)
                destruction = destruction or any(
                    _has_destruction(u, granted) for g in (tile.units if tile else [])
                    if (u := pack.items["units"].get(g.unit)) is not None)
        elif _get(entry, "hero"):
            hero = pack.items["heroes"].get(_get(entry, "hero"))
            if hero is not None:
                add(hero.unit, count, set())
        elif _get(entry, "unit"):
            add(_get(entry, "unit"), count, set())
    return Means(kinds, destruction, infantry)


def missing(needs: Needs, means: Means) -> list[str]:
    """Why ``means`` falls short of ``needs``, in words (empty: it does not)."""
    out = []
    if not means.destruction:
        out += [f"has no unit with a Destruction weapon to destroy {name}" for name in sorted(needs.destruction)]
    for kind in EXIT_KINDS:
        n = needs.exits.get(kind, 0)
        if n and means.kinds.get(kind, 0) < n:
            have = means.kinds.get(kind, 0)
            out.append(f"fields {have} {KIND_WORDS[kind]} of the {n} that must get out")
    if needs.hold and not means.infantry:
        out.append("has no infantry to control objectives (only infantry controls them)")
    return out


def gaps(scenario: Any, means: Mapping[str, Means | None]) -> list[Gap]:
    """The victory levels of ``scenario`` that the armies cannot reach: a level is
    reachable when one of its alternatives asks nothing the armies lack. A side whose
    army is unknown (None, or absent) is taken to have every means."""
    out = []
    for i, (level, alternatives) in enumerate(zip(scenario.victory, level_needs(scenario))):
        if not alternatives:
            continue
        found: list[tuple[str, list[str]]] = []
        for alt in alternatives:
            why = [(side, missing(needs, m)) for side, needs in alt.items() if (m := means.get(side)) is not None]
            why = [(side, reasons) for side, reasons in why if reasons]
            if not why:
                found = []
                break
            found = found or why
        for side, reasons in found:
            out.append(Gap(i, level.winner, level.level, side, tuple(reasons)))
    return out


def pack_closure(pack: Pack, pack_id: str) -> set[str]:
    """``pack_id`` and the packs it depends on, among those loaded into ``pack``."""
    depends = {m.id: list(m.depends_on) for m in pack.packs}
    seen: set[str] = set()
    todo = [pack_id]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        todo += depends.get(pid, [])
    return seen


def scenario_packs(pack: Pack, scenario_id: str) -> set[str]:
    """The packs a scenario's armies are bought from: the pack that defines it and its
    dependencies (a core scenario played with ``--pack content/bfn`` buys core tiles)."""
    origin = pack.origin("scenarios", scenario_id)
    return pack_closure(pack, origin.pack) if origin is not None else {m.id for m in pack.packs}


def from_packs(pack: Pack, collection: str, packs: set[str]) -> list[Any]:
    """The items of ``collection`` defined in one of ``packs``."""
    out = []
    for item_id, item in pack.items[collection].items():
        origin = pack.origin(collection, item_id)
        if origin is None or origin.pack in packs:
            out.append(item)
    return out


def best_means(pack: Pack, faction: str, points: int | None, packs: set[str]) -> Means:
    """The most any army of ``faction`` could field from ``packs``: every platoon,
    officer and support tile, option and hero it may buy within ``points`` (an upper
    bound: a level out of its reach is out of every army's)."""
    budget = points if points is not None else 10**6
    entries: list[dict[str, Any]] = []
    for collection, key in (("tiles", "tile"), ("options", "option"), ("heroes", "hero")):
        for item in from_packs(pack, collection, packs):
            if getattr(item, "faction", None) == faction and item.cost <= budget:
                entries.append({key: item.id})
    kinds: dict[str, int] = dict.fromkeys(EXIT_KINDS, 0)
    destruction = infantry = False
    for entry in entries:  # each item alone: an option's abilities reach any tile's units
        m = means_of(pack, [entry])
        for k, n in m.kinds.items():
            kinds[k] += n
        destruction, infantry = destruction or m.destruction, infantry or m.infantry
    granted = {a.id for e in entries if "option" in e for a in pack.items["options"][e["option"]].abilities}
    if "destruction" in granted:
        destruction = True
    return Means(kinds, destruction, infantry)


def printed_means(pack: Pack, scenario: Any) -> dict[str, Means | None]:
    """Per side, what its printed composition fields, or the best any army of its
    faction could field from the scenario's packs when it is given points only."""
    packs = scenario_packs(pack, scenario.id)
    out: dict[str, Means | None] = {}
    for side in scenario.sides:
        if side.players:
            if all(p.composition for p in side.players):
                out[side.id] = means_of(pack, [e for p in side.players for e in p.composition])
            else:
                out[side.id] = None  # an alliance's default armies: checked by the playtest
        elif side.army.composition:
            out[side.id] = means_of(pack, side.army.composition)
        else:
            out[side.id] = best_means(pack, side.faction, side.army.points, packs)
    return out


def messages(scenario: Any, found: Sequence[Gap], armies: Mapping[str, str] | None = None) -> list[str]:
    """The gaps in words, naming each side's army as ``armies`` says (default: 'army')."""
    return [g.message((armies or {}).get(g.side, "army")) for g in found]


@rule
def levels_reachable(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each victory level can be reached by the armies the scenario gives its sides."""
    for sc in ctx.pack.scenarios.values():
        means = printed_means(ctx.pack, sc)
        for gap in gaps(sc, means):
            side = next(s for s in sc.sides if s.id == gap.side)
            printed = bool(side.army.composition) or bool(side.players)
            army = "printed army" if printed else f"faction '{side.faction}' (any army it can buy from its pack)"
            yield ctx.at("scenarios", sc.id, ("victory", gap.level, "when"), C_UNREACHABLE, gap.message(army),
                         hint="give the side a unit that can do it (a tile or option in its composition, or in "
                              "its faction's recruitment), or change the victory level",
                         rule=VICTORY, severity=Severity.WARNING)
