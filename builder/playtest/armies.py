"""Army lists given to a game by side (``--army SIDE=FILE`` of ``heroes play`` and
``heroes playtest``; issue 21 item 3).

Each file is checked first, as ``heroes army check`` does (000 core rules, Army
Creation): a list that is not legal, leads another faction than the side's, or spends
more than the side's points is an input error located in the file, before any game is
played. A side without a file plays the scenario's composition, or the engine's default
army for its points (builder.systems.heroes.engine.armies.default_army: `heroes army suggest`'s); :func:`describe` says
which, for the report.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.errors import InvalidInputError
from builder.playtest.army_options import ARMY_HELP, parse_army_options

__all__ = ["ARMY_HELP", "describe", "load_armies", "parse_army_options"]


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
    or ``default``), the points it spends (``spent``) of the side's ``budget``, and
    ``text`` in words. A default army is ``heroes army suggest``'s at seed
    :data:`~builder.systems.heroes.engine.armies.DEFAULT_ARMY_SEED` (builder.systems.heroes.engine.armies.default_army)."""
    from builder.systems.heroes.army.check import check_army
    from builder.systems.heroes.engine.armies import DEFAULT_ARMY_SEED, default_army

    out: dict[str, dict[str, Any]] = {}
    for i, side in enumerate(scenario.sides):
        budget = side.army.points
        if side.id in files:
            army = lists[i] if i < len(lists) and lists[i] is not None else None
            spent = check_army(army, pack)[1].totals.spent if army is not None else None
            said = f"army list {files[side.id]}"
            source = "file"
        elif side.players:  # an alliance: each player's army to its share (builder/systems/heroes/engine/alliances.py)
            out[side.id] = _alliance(pack, scenario, i)
            continue
        elif side.army.composition:
            out[side.id] = {"source": "scenario", "budget": budget, "spent": None, "text": "the scenario's army"}
            continue
        else:
            army = default_army(pack, side.faction, budget or 0)
            spent = check_army(army, pack)[1].totals.spent
            said = f"default army (heroes army suggest --seed {DEFAULT_ARMY_SEED})"
            source = "default"
        points = f"{spent} of {budget} points" if budget is not None else f"{spent} points"
        out[side.id] = {"source": source, "budget": budget, "spent": spent, "text": f"{said}, {points}"}
    return out


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
