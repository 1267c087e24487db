"""Squad building, the army rules of Tide of Iron (004 Tide of Iron, Setup).

A squad list (``system: tide-of-iron``) names a scenario and a side and lists the
squads built from that side's pool of figures, bases and specialization tokens, and
where every unit deploys. :func:`check_army` applies the same rules as the scenario's
own starting forces (:func:`~builder.systems.tide_of_iron.validation.force_findings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml as _pyyaml  # PyYAML: builder.content.fast_yaml already reads with it

from builder.diagnostics import Diagnostic
from builder.errors import ContentError, UsageError, YamlError
from builder.systems.tide_of_iron import codes
from builder.systems.tide_of_iron.models import Army, Squad
from builder.content.yaml_io import read_text
from builder.systems.tide_of_iron.pack import ToiPack, display_of, parse_model
from builder.systems.tide_of_iron.validation import force_findings

MODELINE = "# yaml-language-server: $schema={schema}\n"


def check_army(path: Path, pack: ToiPack) -> tuple[Army | None, list[Diagnostic]]:
    """Every problem of a squad list, located in its file."""
    if not path.is_file():
        raise UsageError(f"no such squad list: {path}")
    display = display_of(path)
    return check_army_text(pack, read_text(path, display), display)


def check_army_text(pack: ToiPack, text: str, display: str) -> tuple[Army | None, list[Diagnostic]]:
    """:func:`check_army` on a squad list's text, located as the file ``display``: the
    web builder checks the list it holds exactly as ``heroes army check`` reads the file."""
    try:
        army, locator, display = parse_model(text, display, Army, codes.N_ARMY)
    except (ContentError, YamlError) as exc:
        return None, list(exc.diagnostics)
    scenario = pack.get("scenarios", army.scenario)
    if scenario is None:
        line, col = locator.where(("scenario",))
        return army, [Diagnostic(codes.N_REFERENCE, f"unknown scenario '{army.scenario}'", file=display, line=line,
                                 col=col, hint="use a scenario id of the pack: " + ", ".join(sorted(pack.items["scenarios"])))]
    side = next((s for s in scenario.sides if s.id == army.side), None)
    if side is None:
        line, col = locator.where(("side",))
        return army, [Diagnostic(codes.N_REFERENCE, f"scenario '{scenario.id}' has no side '{army.side}'", file=display,
                                 line=line, col=col, hint="use one of: " + ", ".join(s.id for s in scenario.sides))]
    diags = []
    for f in force_findings(pack, scenario, side, army.squads, army.vehicles, ("squads",), ("vehicles",)):
        line, col = locator.where(f.loc)
        diags.append(Diagnostic(f.code, f.message, file=display, line=line, col=col, hint=f.hint, rule=f.rule))
    return army, diags


def show_army(army: Army, pack: ToiPack) -> str:
    lines = [f"{army.name or army.side} ({army.scenario}, side {army.side})"]
    for q in army.squads:
        figs = ", ".join(f"{n} {pack.items['figures'][f].name if f in pack.items['figures'] else f}"
                         for f, n in q.figures.items())
        where = q.hex or f"in {q.in_vehicle}"
        lines.append(f"  squad {q.id} [{where}]: {figs}" + (f"; {q.specialization}" if q.specialization else ""))
    for v in army.vehicles:
        vt = pack.items["vehicles"].get(v.vehicle)
        lines.append(f"  vehicle {v.id} [{v.hex}]: {vt.name if vt else v.vehicle}")
    return "\n".join(lines)


def army_text(pack: ToiPack, scenario_id: str, side_id: str | None, schema: str, suggest: bool = False,
              name: str | None = None) -> str:
    """A squad list for a side: the scenario's own starting force, or (``suggest``) squads
    built afresh from its pool (full bases, officers and heavy weapons spread out)."""
    scenario = pack.scenario(scenario_id)
    sides = {s.id: s for s in scenario.sides}
    if side_id is None:
        side_id = scenario.sides[0].id
    side = sides.get(side_id)
    if side is None:
        raise UsageError(f"scenario '{scenario_id}' has no side '{side_id}' (sides: {', '.join(sides)})")
    squads = [q.model_dump(exclude_none=True) for q in (suggested_squads(pack, side) if suggest else side.squads)]
    data: dict[str, Any] = {"system": "tide-of-iron", "scenario": scenario.id, "side": side.id,
                            "name": name or f"{side.id} of {scenario.name}", "squads": squads,
                            "vehicles": [v.model_dump() for v in side.vehicles]}
    body: str = _pyyaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return MODELINE.format(schema=schema) + body


def suggested_squads(pack: ToiPack, side: Any) -> list[Squad]:
    """Fill bases from the pool: one officer and at most one heavy weapon per squad,
    regulars and elites to capacity, deployed on the zone's hexes in order."""
    pool = dict(side.pool.figures)
    figures = pack.items["figures"]
    bases = [b for b, n in sorted(side.pool.bases.items()) for _ in range(n)]
    hexes = [h for h in side.deployment if h not in {v.hex for v in side.vehicles}]
    order = sorted(pool, key=lambda f: (figures[f].role.value != "officer", figures[f].heavy_weapon is False, f))
    out: list[Squad] = []
    for i, base_id in enumerate(bases):
        capacity = pack.items["bases"][base_id].capacity
        squad: dict[str, int] = {}
        heavy = False
        for fid in order:
            while pool.get(fid, 0) > 0 and sum(squad.values()) < capacity:
                fig = figures[fid]
                if fig.heavy_weapon and heavy:
                    break
                if fig.role.value == "officer" and squad.get(fid):
                    break
                squad[fid] = squad.get(fid, 0) + 1
                pool[fid] -= 1
                heavy = heavy or fig.heavy_weapon
                if fig.heavy_weapon or fig.role.value == "officer":
                    break
        if not squad or i >= len(hexes):
            break
        out.append(Squad(id=f"squad-{i + 1}", base=base_id, figures=squad, hex=hexes[i]))
    return out


def edit_squads(text: str, display: str, *, squad: str, base: str | None = None, figure: str | None = None,
                delta: int = 0, hex_label: str | None = None, remove: bool = False) -> str:
    """One change of a squad list's text, as the web builder makes it: add a squad on a
    base (``base``, deployed on ``hex_label``, with one ``figure`` when given), add or take one figure (``figure``,
    ``delta`` +1/-1), or remove the squad. A round-trip edit (ruamel): comments, key
    order and every other key stay as the author wrote them. Deciding whether the
    result is legal is :func:`check_army_text`'s job, never this one's (004 Tide of
    Iron, Setup: squads are built from the side's pool of figures and bases)."""
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from builder.content.yaml_io import parse_yaml_positions

    tree = parse_yaml_positions(text, display)
    if not isinstance(tree, CommentedMap):
        raise UsageError(f"{display}: a squad list is a mapping with 'scenario', 'side' and 'squads'")
    squads = tree.get("squads")
    if not isinstance(squads, list):
        squads = tree["squads"] = CommentedSeq()
    found = next((q for q in squads if isinstance(q, dict) and q.get("id") == squad), None)
    if base is not None:
        if found is not None:
            raise UsageError(f"the list already has a squad '{squad}'; choose another id")
        entry = CommentedMap([("id", squad), ("base", base), ("figures", CommentedMap([(figure, 1)] if figure else []))])
        entry["hex"] = hex_label or ""
        entry.fa.set_flow_style()
        squads.append(entry)
    elif found is None:
        raise UsageError(f"the list has no squad '{squad}'")
    elif remove:
        squads.remove(found)
    elif figure is not None:
        figures = found.get("figures")
        if not isinstance(figures, dict):
            figures = found["figures"] = CommentedMap()
        count = int(figures.get(figure, 0) or 0) + delta
        if count > 0:
            figures[figure] = count
        elif figure in figures:
            del figures[figure]
    yaml = YAML(typ="rt")
    yaml.width = 120
    out = io.StringIO()
    yaml.dump(tree, out)
    return out.getvalue()


def load_forces(pack: ToiPack, scenario: Any, files: dict[str, Path]) -> dict[int, Army]:
    """The squad lists of ``--army SIDE=FILE`` by side index, each checked first as
    ``heroes army check`` does: an illegal list, or one built for another scenario or
    side (N720), is an input error located in its file, before any game is played."""
    from builder.errors import InvalidInputError

    forces: dict[int, Army] = {}
    for si, side in enumerate(scenario.sides):
        path = files.get(side.id)
        if path is None:
            continue
        if not path.is_file():
            raise InvalidInputError(f"{path}: no such squad list (given with --army {side.id}=...)")
        display = display_of(path)
        army, diags = check_army_text(pack, read_text(path, display), display)
        errors = [d for d in diags if d.is_error]
        for key, wanted in (("scenario", scenario.id), ("side", side.id)):
            if army is not None and getattr(army, key) != wanted:
                _, locator, _ = parse_model(read_text(path, display), display, Army, codes.N_ARMY)
                line, col = locator.where((key,))
                raise InvalidInputError(f"{path}: a squad list for {key} '{getattr(army, key)}', given for "
                                        f"side '{side.id}' of '{scenario.id}'", [Diagnostic(
                                            codes.N_ARMY_SIDE, f"the list is for {key} '{getattr(army, key)}', "
                                            f"not '{wanted}'", file=display, line=line, col=col,
                                            hint=f"give --army {side.id}= a list built for side '{side.id}' of "
                                            f"'{scenario.id}' (heroes army new --scenario {scenario.id} --side {side.id})")])
        if army is None or errors:
            raise InvalidInputError(f"{path} is not a legal squad list for side '{side.id}'", errors or diags)
        forces[si] = army
    return forces


def describe_forces(scenario: Any, files: dict[str, Path]) -> dict[str, str]:
    """Which force each side played, in words for the playtest report."""
    return {side.id: f"squad list {files[side.id]}" if side.id in files else "the scenario's squads"
            for side in scenario.sides}


def describe_armies(scenario: Any, files: dict[str, Path], forces: dict[int, Army]) -> dict[str, dict[str, Any]]:
    """Which force each side played, as the shared playtest report describes an army
    (builder.systems.heroes.playtests.armies.describe): ``source`` (``file`` or ``scenario``), ``text``,
    its ``squads`` and ``vehicles`` by id and its ``counters`` (figure type or vehicle type
    -> number, the scenario's reinforcements included) with a one-line ``summary``. A Tide of Iron force has no points
    budget (004 Tide of Iron, Setup: the scenario grants the squads), so ``budget`` and
    ``spent`` are None."""
    words = describe_forces(scenario, files)
    out: dict[str, dict[str, Any]] = {}
    for si, side in enumerate(scenario.sides):
        force = forces.get(si, side)
        counters: dict[str, int] = {}
        squads = list(force.squads) + [q for r in side.reinforcements for q in r.squads]
        vehicles = list(force.vehicles) + [v for r in side.reinforcements for v in r.vehicles]
        for squad in squads:
            for figure, n in squad.figures.items():
                counters[figure] = counters.get(figure, 0) + n
        for vehicle in vehicles:
            counters[vehicle.vehicle] = counters.get(vehicle.vehicle, 0) + 1
        summary = ", ".join(f"{n} {unit}" for unit, n in sorted(counters.items()))
        out[side.id] = {"source": "file" if side.id in files else "scenario", "budget": None, "spent": None,
                        "squads": [q.id for q in squads], "vehicles": [v.id for v in vehicles],
                        "counters": dict(sorted(counters.items())), "summary": summary,
                        "text": f"{words[side.id]}: {summary}"}
    return out
