"""Army lists given to a game by side (``--army SIDE=FILE`` of ``heroes play`` and
``heroes playtest``; issue 21 item 3).

Each file is checked first, as ``heroes army check`` does (000 core rules, Army
Creation): a list that is not legal, leads another faction than the side's, or spends
more than the side's points is an input error located in the file, before any game is
played. A side without a file plays the scenario's composition, or a default army for
its points built for the scenario (:func:`default_list`, issue 34 item 4): bought from
the scenario's own pack (the pack that defines it and its dependencies, so a core
scenario played with ``--pack content/bfn`` plays core armies) by `heroes army suggest`,
and chosen so that it can reach the side's victory levels (a Destruction weapon where
a target must fall, the units that must get out, infantry to hold objectives:
builder.systems.heroes.validation.rules.reachability). :func:`describe` says which army
each side played, its tiles and counters and the packs it came from, for the report;
:func:`reach_warnings` says (C380) when an army played cannot reach a level.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.errors import InvalidInputError
from builder.playtest_core.army_options import ARMY_HELP, parse_army_options

__all__ = ["ARMY_HELP", "default_list", "describe", "load_armies", "parse_army_options", "played_lists",
           "reach_warnings"]

SEARCH_SEEDS = 8
"""Seeds of the suggester tried, in order, for a default army that can reach the side's
victory levels before one is built around the tiles it lacks."""


def load_armies(pack: Any, scenario: Any, files: dict[str, Path]) -> tuple[Any, ...]:
    """One checked army list (or None) per side of ``scenario``, in its order."""
    from builder.systems.heroes.army.check import check_file

    armies: list[Any] = []
    for side in scenario.sides:
        path = files.get(side.id)
        if path is None:
            armies.append(None)
            continue
        from builder.inputs import check_input

        check_input(path, option=f"--army {side.id}=...")  # a regular file: a FIFO or /dev/zero is named
        report = check_file(path, pack, str(path))
        if not report.ok or report.file.army is None:
            raise InvalidInputError(f"{path} is not a legal army list for side '{side.id}'",
                                    report.errors or report.diagnostics)
        army = report.file.army
        if army.faction is not None and army.faction != side.faction:
            raise InvalidInputError(f"{path}: the army leads faction '{army.faction}', but side '{side.id}' of "
                                    f"'{scenario.id}' is '{side.faction}'; give a '{side.faction}' list")
        budget = side.army.points
        spent = report.summary.totals.spent if report.summary is not None else 0
        if budget is not None and spent > budget:
            raise InvalidInputError(f"{path}: the army spends {spent} points, more than the {budget} of side "
                                    f"'{side.id}' in '{scenario.id}'; trim the list")
        armies.append(army)
    return tuple(armies)


def describe(pack: Any, scenario: Any, files: dict[str, Path], lists: Sequence[Any] = ()) -> dict[str, dict[str, Any]]:
    """Which army each side played, for the report: ``source`` (``file``, ``scenario``
    or ``default``), the points it spends (``spent``) of the side's ``budget``, its
    ``tiles`` (each with the options in its slots) and heroes, its ``counters`` (unit id ->
    count), the ``pack`` it was bought from (a default army) and ``text`` in words.
    ``lists`` are the armies played (:func:`played_lists`); a default army is
    :func:`default_list`'s."""
    from builder.systems.heroes.army.check import check_army
    from builder.systems.heroes.engine.armies import army_composition

    out: dict[str, dict[str, Any]] = {}
    for i, side in enumerate(scenario.sides):
        budget = side.army.points
        army = lists[i] if i < len(lists) else None
        if side.id in files:
            said = f"army list {files[side.id]}"
            source = "file"
        elif side.players:  # an alliance: each player's army to its share (builder/systems/heroes/engine/alliances.py)
            out[side.id] = _alliance(pack, scenario, i)
            continue
        elif side.army.composition:
            entries = [e.model_dump() for e in side.army.composition]
            out[side.id] = {"source": "scenario", "budget": budget, "spent": None, "text": "the scenario's army",
                            **contents(pack, entries)}
            continue
        else:
            army = army if army is not None else default_list(pack, scenario, i)
            said = f"default army built for the scenario from pack {'+'.join(_packs(pack, scenario))}"
            source = "default"
        if army is None:
            out[side.id] = {"source": source, "budget": budget, "spent": None, "text": said}
            continue
        spent = check_army(army, pack)[1].totals.spent
        points = f"{spent} of {budget} points" if budget is not None else f"{spent} points"
        found = contents(pack, army_composition(army))
        entry = {"source": source, "budget": budget, "spent": spent, **found,
                 "text": f"{said}, {points}: {found['summary']}"}
        if source == "default":
            entry["pack"] = "+".join(_packs(pack, scenario))
        elif getattr(army, "pack", None):
            entry["pack"] = army.pack  # the pack the list names (`pack:` of the army file)
        out[side.id] = entry
    return out


def contents(pack: Any, entries: Sequence[Any]) -> dict[str, Any]:
    """An army's tiles (each with the options in its slots), heroes and unit counters,
    from its composition entries, and a one-line ``summary`` of them for the report."""
    tiles: list[tuple[str, list[str]]] = []
    heroes: list[str] = []
    counters: dict[str, int] = {}

    def add(grants: Any, n: int) -> None:
        for g in grants or []:
            counters[g.unit] = counters.get(g.unit, 0) + g.count * n

    for e in entries:
        e = e if isinstance(e, dict) else e.model_dump()
        count = int(e.get("count") or 1)
        if e.get("tile"):
            tiles += [(e["tile"], []) for _ in range(count)]
            add(getattr(pack.items["tiles"].get(e["tile"]), "units", None), count)
        elif e.get("option"):
            on = next((t for t in reversed(tiles) if t[0] == e.get("on")), tiles[-1] if tiles else None)
            if on is None:
                tiles.append(("(support)", []))
                on = tiles[-1]
            on[1].extend([e["option"]] * count)
            add(getattr(pack.items["options"].get(e["option"]), "units", None), count)
        elif e.get("hero"):
            heroes.append(e["hero"])
            hero = pack.items["heroes"].get(e["hero"])
            if hero is not None:
                counters[hero.unit] = counters.get(hero.unit, 0) + count
        elif e.get("unit"):
            counters[e["unit"]] = counters.get(e["unit"], 0) + count
    shown = [tile + (f" [{', '.join(options)}]" if options else "") for tile, options in tiles]
    named = ", ".join(f"{n} {u}" for u, n in counters.items())
    summary = "tiles " + (", ".join(shown) or "none") + (f"; heroes {', '.join(heroes)}" if heroes else "") \
        + f"; counters {named or 'none'}"
    return {"tiles": shown, "heroes": heroes, "counters": counters, "summary": summary}


def _packs(pack: Any, scenario: Any) -> list[str]:
    """The scenario's packs in load order (its own and its dependencies)."""
    from builder.systems.heroes.validation.rules.reachability import scenario_packs

    own = scenario_packs(pack, scenario.id)
    return [m.id for m in pack.packs if m.id in own]


def scenario_pack(pack: Any, scenario_id: str) -> Any:
    """A view of ``pack`` whose tiles, options, heroes and cards are those of the
    scenario's own packs (builder.systems.heroes.validation.rules.reachability.scenario_packs):
    what its default armies are bought from. Built once per pack and scenario packs."""
    from builder.systems.heroes.validation.rules.reachability import from_packs, scenario_packs

    own = frozenset(scenario_packs(pack, scenario_id))
    views: dict[frozenset[str], Any] = pack.__dict__.setdefault("_scenario_pack_views", {})
    view = views.get(own)
    if view is None:
        if own >= {m.id for m in pack.packs}:
            view = pack
        else:
            items = dict(pack.items)
            for collection in ("tiles", "options", "heroes", "cards"):
                items[collection] = {i.id: i for i in from_packs(pack, collection, set(own))}
            view = dataclasses.replace(pack, items=items)
        views[own] = view
    return view


def default_list(pack: Any, scenario: Any, i: int, points: int | None = None) -> Any:
    """The army a points-only side ``i`` of ``scenario`` plays when no list is given
    (000 core rules, Army Creation: each player buys an army to the agreed points),
    bought from the scenario's own pack (:func:`scenario_pack`) for ``points`` (default:
    the side's). The suggester's army at seed 0, 1, ... up to :data:`SEARCH_SEEDS`, the
    first that fields what the side's victory levels need; failing that, the
    suggester's completion of the tiles that bring what is missing; failing that too,
    seed 0's army (the playtest then warns, C380). Same pack, scenario and points: the
    same army."""
    from builder.systems.heroes.engine.armies import army_composition, default_army
    from builder.systems.heroes.validation.rules.reachability import means_of, missing, side_needs

    side = scenario.sides[i]
    budget = side.army.points if points is None else points
    key = (scenario.id, side.id, side.faction, budget)
    known: dict[tuple[Any, ...], Any] = pack.__dict__.setdefault("_playtest_default_lists", {})
    if key in known:
        return known[key]
    view = scenario_pack(pack, scenario.id)
    needs = side_needs(scenario, side.id)
    first = default_army(view, side.faction, budget or 0)
    chosen = None
    if needs.empty():
        chosen = first
    for seed in range(SEARCH_SEEDS if chosen is None else 0):
        army = default_army(view, side.faction, budget or 0, seed)
        if not missing(needs, means_of(pack, army_composition(army))):
            chosen = army
            break
    if chosen is None:
        built = _built_around(view, side.faction, budget or 0, needs)
        if built is not None and not missing(needs, means_of(pack, army_composition(built))):
            chosen = built
    known[key] = chosen if chosen is not None else first
    return known[key]


def _built_around(view: Any, faction: str, points: int, needs: Any) -> Any:
    """The suggester's army completed from the platoon tiles that bring what ``needs``
    asks (a Destruction weapon, units that must get out, infantry), taken greedily: the
    tile that removes most of the shortfall, the cheapest on a tie, within the budget."""
    from builder.errors import UsageError
    from builder.systems.heroes.army.model import ArmyList, TileEntry
    from builder.systems.heroes.army.suggest import suggest
    from builder.systems.heroes.validation.rules.reachability import means_of, missing

    tiles = sorted((t for t in view.items["tiles"].values() if t.faction == faction and t.kind.value == "platoon"),
                   key=lambda t: (t.cost, t.id))
    chosen: list[Any] = []
    left = points

    def short(picked: list[Any]) -> int:
        """The shortfall of these tiles: each reason counts 100, each unit still to get out 1."""
        means = means_of(view, [{"tile": t.id} for t in picked])
        lacking = sum(max(0, n - means.kinds.get(k, 0)) for k, n in needs.exits.items())
        return len(missing(needs, means)) * 100 + lacking

    while short(chosen) > 0:
        options = [(short(chosen + [t]), t.cost, t.id, t) for t in tiles if t.cost <= left and t not in chosen]
        if not options:
            break
        best = min(options, key=lambda o: (o[0], o[1], o[2]))
        if best[0] >= short(chosen):
            break
        chosen.append(best[3])
        left -= best[3].cost
    if not chosen:
        return None
    start = ArmyList(name=f"{faction} tiles for the scenario", faction=faction, points=points, tiles=[TileEntry(tile=t.id) for t in chosen])
    try:
        return suggest(view, faction, points, 0, start=start)
    except UsageError:
        return None


def played_lists(pack: Any, scenario: Any, lists: Sequence[Any] = ()) -> tuple[Any, ...]:
    """The army list each side plays: the list given (``lists``, :func:`load_armies`),
    else for a side given only points its :func:`default_list`; None where the engine
    builds the army itself (a printed composition, an alliance)."""
    out: list[Any] = []
    for i, side in enumerate(scenario.sides):
        given = lists[i] if i < len(lists) else None
        if given is None and not side.players and not side.army.composition:
            given = default_list(pack, scenario, i)
        out.append(given)
    return tuple(out)


def reach_warnings(pack: Any, scenario: Any, lists: Sequence[Any] = ()) -> list[dict[str, str]]:
    """C380, per victory level that the armies about to play cannot reach (issue 34
    item 4): said before the games and carried by the report. ``lists`` are the armies
    given (a side without one plays its :func:`default_list`); a printed composition is
    read from the scenario, an alliance's armies as the engine builds them."""
    from builder.systems.heroes.engine.armies import army_composition
    from builder.systems.heroes.engine.setup import alliance_composition
    from builder.systems.heroes.validation.rules.reachability import C_UNREACHABLE, gaps, means_of

    means = {}
    names = {}
    lists = played_lists(pack, scenario, lists)
    for i, side in enumerate(scenario.sides):
        given = lists[i] if i < len(lists) else None
        if side.players:
            entries: list[Any] = alliance_composition(pack, scenario, i, given)
            names[side.id] = "armies"
        elif given is not None:
            entries = army_composition(given)
            names[side.id] = "army"
        else:
            entries = list(side.army.composition)
            names[side.id] = "printed army"
        means[side.id] = means_of(pack, entries)
    return [{"code": C_UNREACHABLE, "message": g.message(names[g.side])} for g in gaps(scenario, means)]


def _alliance(pack: Any, scenario: Any, i: int) -> dict[str, Any]:
    """An alliance's armies as the engine builds them: each player's composition or
    default army (``heroes army suggest`` seeded by the player's place), and their cost."""
    from builder.systems.heroes.engine.setup import alliance_composition, composition_cost

    side = scenario.sides[i]
    entries = alliance_composition(pack, scenario, i, None)
    costs = [composition_cost(pack, [e for e in entries if e.get("seat") == j]) for j in range(len(side.players))]
    spent = sum(costs)
    printed = all(p.composition for p in side.players)
    said = ", ".join(f"{p.id} {c}" for p, c in zip(side.players, costs))
    budget = side.army.points
    kind = "the scenario's armies" if printed else \
        f"default armies ({side.budget} budget, heroes army suggest --seed = the player's place)"
    return {"source": "scenario" if printed else "default", "budget": budget, "spent": spent,
            "text": f"alliance of {len(side.players)} players, {kind}: {said}"
                    + (f", {spent} of {budget} points" if budget is not None else "")}


def placeholder_units(pack: Any) -> set[str]:
    """Ids of the pack's units whose printed values were lost and invented
    (``placeholder: true``), for the report's placeholder share."""
    return {uid for uid, unit in pack.items["units"].items() if getattr(unit, "placeholder", False)}
