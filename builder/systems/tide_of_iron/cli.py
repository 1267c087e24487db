"""The ``heroes`` commands on a Tide of Iron pack: the command handlers of this system
behind the game-system seam (``GAME_SYSTEM.commands`` in game_system.py). The command modules
of builder/cli hand over here when the pack, list, position or log belongs to Tide of
Iron; these functions print and raise ``typer.Exit`` like the commands themselves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from builder.content.yaml_io import atomic_write_text
from builder.diagnostics import FORMATS, format_json
from builder.errors import UsageError
from builder.systems.seam import PairingPlan

SYSTEM = "tide-of-iron"
BUNDLED = Path(__file__).resolve().parents[3] / "content" / "toi"


def side_of_nation(pack: Path, scenario: str, nation: str | None) -> str:
    """The side of a Tide of Iron scenario played by ``nation``, so that
    ``heroes army new --faction de --scenario crossroads-farm`` writes a squad list."""
    from builder.systems.tide_of_iron.pack import load

    found = load(pack).items["scenarios"].get(scenario)
    if found is None:
        raise UsageError(f"no Tide of Iron scenario '{scenario}' in {pack}")
    for side in found.sides:
        if side.nation == nation or side.id == nation:
            return str(side.id)
    raise UsageError(f"Tide of Iron scenario '{scenario}' has no side of nation '{nation}' "
                     f"(sides: {', '.join(f'{s.id} ({s.nation})' for s in found.sides)})")


def scenario_ids(pack: Path) -> list[str]:
    """The scenario ids of a Tide of Iron pack folder (the seam's ``scenarios`` hook)."""
    from builder.systems.tide_of_iron.pack import load

    return list(load(pack).items["scenarios"])


def army_new_command(pack: Path, scenario: str | None, nation: str | None, name: str | None, out: Path | None,
                     force: bool, *, side: str | None = None) -> None:
    """``heroes army new --faction NATION --scenario ID``: the squad list of the side of
    ``scenario`` that ``nation`` plays (or ``--side SIDE``, when no nation is given)."""
    if scenario is None:
        raise UsageError("give --scenario for a Tide of Iron squad list (its pool and zones decide the squads)")
    army_new(pack, scenario, side_of_nation(pack, scenario, nation or side), name, out, force, suggest=False)


def army_suggest_command(pack: Path, scenario: str | None, side: str | None, name: str | None,
                         out: Path | None, force: bool) -> None:
    """``heroes army suggest``: a squad list with the scenario's squads filled in."""
    army_new(pack, scenario, side, name, out, force, suggest=True)


def validate(pack: Path, fmt: str, quiet: bool) -> None:
    from builder.systems.tide_of_iron.pack import validate as run

    report = run(pack)
    about = []
    if report.pack is not None:
        counts = ", ".join(f"{k} {v}" for k, v in report.pack.counts().items() if v)
        about = [f"pack '{report.pack.manifest.id}' {report.pack.manifest.version} (tide-of-iron): {counts}",
                 f"{len(report.pack.files)} files, {report.pack.placeholders()} items with placeholder values"]
    if printed := report.printed(fmt, quiet=quiet, where=str(pack), about=about):
        typer.echo(printed)
    raise typer.Exit(0 if report.ok else 1)


def play(pack: Path, scenario: str, seed: int, names: list[str], log: Path | None, fmt: str,
         army: list[str] | None = None) -> None:
    """``heroes play``; ``army`` holds ``--army SIDE=FILE`` squad lists (checked first)."""
    from builder.playtest_core.army_options import parse_army_options
    from builder.systems.tide_of_iron.army import describe_forces, load_forces
    from builder.systems.tide_of_iron.games import coded_warnings, jsonl, log_lines
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.players import play_game

    content = load(pack)
    sc = content.scenario(scenario)
    files = parse_army_options(army or [], [s.id for s in sc.sides])
    forces = load_forces(content, sc, files)
    hashes: list[str] | None = [] if log is not None else None
    state, actions = play_game(content, scenario, seed, names, verbose=True, forces=forces, hashes=hashes)
    if log is not None:
        atomic_write_text(log, jsonl(log_lines(state, actions, str(pack), scenario, seed, names, forces, hashes)))
    res = state.result or {}
    if fmt == "json":
        typer.echo(json.dumps({"system": SYSTEM, "scenario": scenario, "seed": seed, "players": names,
                               "decisions": len(actions), "result": res, "state_hash": state.state_hash(),
                               "warnings": coded_warnings(state.warnings), "armies": describe_forces(sc, files)},
                              indent=2))
        return
    from builder.systems.tide_of_iron.codes import N_UNSIMULATED

    for w in state.warnings:
        typer.echo(f"warning {N_UNSIMULATED}: {w}", err=True)
    for side, what in describe_forces(sc, files).items() if files else ():
        typer.echo(f"army of {side}: {what}")
    typer.echo(f"{scenario} seed {seed}: {res.get('winner')} wins ({res.get('level')}), {res.get('end_reason')} "
               f"after {res.get('rounds')} round(s), {len(actions)} decisions")
    typer.echo(f"victory points: {res.get('victory_points')}; losses: {res.get('losses')}")
    if log is not None:
        typer.echo(f"log written to {log}")




def replay(log: Path, pack: Path | None, why: bool = False, turn: int | None = None, table: str | None = None) -> None:
    """``heroes replay``; ``--why`` (with ``--turn``, ``--table``) shows the Solo AI's
    decision tables, which Tide of Iron has not: a usage error."""
    from builder.systems.tide_of_iron.games import parse_log, replay as run

    if why:
        raise UsageError("--why shows the Solo AI's table choices: Tide of Iron has no Solo AI tables; "
                         "use --narrate to tell the game")
    from builder.systems.tide_of_iron.pack import load

    from builder.inputs import MAX_LOG_BYTES, InputError, read_input_text

    try:
        text = read_input_text(log, max_bytes=MAX_LOG_BYTES)
    except InputError as exc:
        raise UsageError(str(exc)) from None
    lines = parse_log(text, str(log))
    state = run(load(pack or Path(str(lines[0].get("pack") or BUNDLED))), lines, str(log))
    typer.echo(f"{log}: replay reproduces the final state ({state.state_hash()[:16]}...)")


def playtest(pack: Path, scenario: str, games: int, seed: int, pairings: PairingPlan, jobs: int, fmt: str,
             output: Path | None, jsonl_path: Path | None, save: bool, until_decided: bool = False,
             margin: float = 0.05, alpha: float = 0.05, beta: float = 0.05, scheduler: str | None = None,
             army: list[str] | None = None,
             chosen: Any = None, text: Any = None) -> None:
    """``heroes playtest``, with the Heroes playtests' ``--until-decided`` (sequential
    stopping), ``--scheduler`` (a Dask cluster), ``--army SIDE=FILE`` (squad lists),
    ``chosen(report, rows)``, which saves the games worth watching (``--games-dir``), and
    ``text(report)``, the shared report's terminal text (builder.playtest.text: written once);
    played under ``pairings`` as a Heroes playtest is (builder.playtest.pairings: the
    first pairing's report, every pairing's verdict and the robustness line)."""
    from builder.outputs import check_output
    from builder.playtest_core.report import report_json, write_reports
    from builder.systems.tide_of_iron.games import run_playtest

    saved = check_output(Path(pack) / "reports" / f"{scenario}.json", what="saved report") if save else None
    rows_of: list[list[dict[str, Any]]] = []

    def run(players: tuple[str, ...]) -> dict[str, Any]:
        report, rows = run_playtest(pack, scenario, games, seed, list(players), jobs, until_decided=until_decided,
                                    margin=margin, alpha=alpha, beta=beta, scheduler=scheduler, armies=army or [])
        rows_of.append(rows)
        return report

    report = pairings.play(run)
    rows = rows_of[0]
    for w in report["warnings"]:
        typer.echo(f"warning {w['code']}: {w['message']}", err=True)
    if chosen is not None:
        chosen(report, rows)
    failures = write_reports(report, output, saved, jsonl_path, rows)  # the verdict is printed whatever fails
    if fmt == "json":
        typer.echo(report_json(report), nl=False)
    else:
        typer.echo(text(report))
    if failures:
        raise failures[0]


def army_check(file: Path, pack: Path, fmt: str) -> None:
    from builder.systems.tide_of_iron.army import check_army
    from builder.systems.tide_of_iron.pack import load

    _, diags = check_army(file, load(pack))
    if fmt == "json":
        typer.echo(format_json(diags, file=str(file)))
    elif diags:
        typer.echo(FORMATS[fmt](diags))
    errors = sum(d.is_error for d in diags)
    if fmt == "text":
        typer.echo(f"{file}: {'legal' if not errors else f'illegal: {errors} error(s)'}")
    raise typer.Exit(1 if errors else 0)


def army_show(file: Path, pack: Path) -> None:
    """``heroes army show``: the squads as text (no ``--format``: refused by the seam)."""
    from builder.systems.tide_of_iron.army import check_army, show_army
    from builder.systems.tide_of_iron.pack import load

    loaded = load(pack)
    army, diags = check_army(file, loaded)
    if army is not None:
        typer.echo(show_army(army, loaded))
    if diags:
        typer.echo(FORMATS["text"](diags))
    raise typer.Exit(1 if any(d.is_error for d in diags) else 0)


def army_new(pack: Path, scenario: str | None, side: str | None, name: str | None, out: Path | None,
             force: bool, suggest: bool) -> None:
    from builder.systems.tide_of_iron.army import army_text
    from builder.systems.tide_of_iron.pack import load

    if scenario is None:
        raise UsageError("give --scenario for a Tide of Iron squad list (its pool and zones decide the squads)")
    from builder.content.schema_store import schema_for

    # relative inside the checkout, else the installed or shipped copy: resolvable offline
    schema = schema_for("toi-army", out.parent if out is not None else None)
    text = army_text(load(pack), scenario, side, schema, suggest=suggest, name=name)
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        raise UsageError(f"{out} exists; use --force to overwrite it")
    atomic_write_text(out, text)
    typer.echo(f"wrote {out}")


def render_scenario(pack: Path, scenario: str, out: Path, paper: Any, report: Path | None) -> None:
    from builder.render.pdf import write_document
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.render import scenario_html

    loaded = load(pack)
    data = None
    path = report or Path(pack) / "reports" / f"{scenario}.json"
    from builder.errors import HeroesError
    from builder.inputs import read_json

    if report is not None:
        data = read_json(path, option="--report")
    elif path.is_file():
        try:
            data = read_json(path)
        except HeroesError:
            data = None  # a broken saved report is left out, as on the Heroes sheets
    write_document(scenario_html(loaded, scenario, data), out, paper)
    typer.echo(f"wrote {out}")


def site_build(pack: Path, out: Path, reports: Path | None, *, with_dependencies: bool = False) -> None:
    """``heroes site build``; ``--with-dependencies`` changes nothing: a Tide of Iron pack
    depends on no other pack (its manifest has no ``depends_on``)."""
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.render import build_site

    pages = build_site(load(pack), out, reports)
    typer.echo(f"wrote {len(pages)} pages into {out}; open {out / 'index.html'}")


def coverage(pack: Path, fmt: str) -> None:
    from builder.systems.tide_of_iron.coverage import coverage_rows, markdown_table, summary
    from builder.systems.tide_of_iron.pack import load

    loaded = load(pack)
    rows = coverage_rows(loaded)
    if fmt == "json":  # the Heroes System's shape: {"summary", "rules"}
        typer.echo(json.dumps({"summary": summary(rows), "rules": rows}, indent=2))
        return
    if fmt == "markdown":
        typer.echo(markdown_table(loaded), nl=False)
        return
    for r in rows:
        typer.echo(f"{r['status']:<14} {r['kind']:<10} {r['name']}" + (f"  (missing: {r['missing']})" if r["missing"] else ""))
    typer.echo(", ".join(f"{k}: {v}" for k, v in summary(rows).items()))




def explain(position: Path, pack: Path, question: str, args: list[str], mode: str, fmt: str) -> None:
    from builder.systems.tide_of_iron.explain import explain_question, load_position
    from builder.systems.tide_of_iron.pack import load

    report = explain_question(load_position(position, load(pack)), question, args, mode)
    typer.echo(json.dumps(report, indent=2) if fmt == "json" else report["text"])


def render_roster(file: Path, pack: Path, out: Path, paper: Any) -> None:
    """A squad roster of a Tide of Iron squad list (an illegal list prints with its diagnostics)."""
    from builder.render.pdf import write_document
    from builder.systems.tide_of_iron.army import check_army
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.render import roster_html

    loaded = load(pack)
    army, diags = check_army(file, loaded)
    if army is None:
        from builder.errors import InvalidInputError

        raise InvalidInputError(f"{file}: the squad list cannot be read", diags)
    write_document(roster_html(loaded, army, diags, str(file)), out, paper)
    typer.echo(f"wrote {out}")


def render_decks(file: Path | None, nation: str | None, pack: Path, out: Path, paper: Any) -> None:
    """The Strategy decks a squad list's side is granted, or every deck of a nation."""
    from builder.render.pdf import write_document
    from builder.systems.tide_of_iron.army import check_army
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.render import deck_html

    loaded = load(pack)
    if (file is None) == (nation is None):
        raise UsageError("give either a squad list or --faction NATION (us, de, uk)")
    if file is not None:
        army, diags = check_army(file, loaded)
        if army is None:
            from builder.errors import InvalidInputError

            raise InvalidInputError(f"{file}: the squad list cannot be read", diags)
        scenario = loaded.scenario(army.scenario)
        side = next((s for s in scenario.sides if s.id == army.side), None)
        if side is None:
            raise UsageError(f"scenario '{army.scenario}' has no side '{army.side}'")
        html = deck_html(loaded, side.nation, list(side.decks))
    else:
        if nation not in loaded.items["nations"]:
            raise UsageError(f"no nation '{nation}' in the pack (nations: {', '.join(loaded.items['nations'])})")
        html = deck_html(loaded, nation)
    write_document(html, out, paper)
    typer.echo(f"wrote {out}")


def list_items(pack: Path | None, kind: str, nation: str | None, fmt: str) -> None:
    """``heroes list KIND``: the pack's items of one kind (figures, vehicles, squads of a
    scenario's pool are its ``specializations``, scenarios, operations, cards...)."""
    from builder.systems.tide_of_iron.pack import load

    loaded = load(pack or BUNDLED)
    if kind not in loaded.items:
        raise UsageError(f"no kind '{kind}' in a Tide of Iron pack (kinds: {', '.join(loaded.items)})")
    rows = [{"id": item_id, "name": getattr(item, "name", item_id), "faction": getattr(item, "nation", None),
             "cost": None, "fits": ""}
            for item_id, item in sorted(loaded.items[kind].items())
            if nation is None or getattr(item, "nation", None) == nation]
    if fmt == "json":
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    typer.echo(f"{kind} ({len(rows)})")
    for row in rows:
        typer.echo(f"{row['id']:<28} {row['name']:<32} {row['faction'] or ''}")


def show_item(pack: Path | None, item_id: str, fmt: str) -> None:
    """``heroes show ID``: every item of the pack with that id, whole, with its kind and file."""
    from builder.systems.tide_of_iron.pack import load

    loaded = load(pack or BUNDLED)
    found = []
    for kind, items in loaded.items.items():
        if item_id in items:
            origin = loaded.origins.get((kind, item_id))
            found.append({"collection": kind, "pack": loaded.manifest.id, "file": origin.file if origin else None,
                          **items[item_id].model_dump(mode="json", exclude_defaults=True)})
    if not found:
        raise UsageError(f"no item '{item_id}' in Tide of Iron pack {pack or BUNDLED}; list them with heroes list KIND")
    if fmt == "json":
        typer.echo(json.dumps(found[0] if len(found) == 1 else found, indent=2, ensure_ascii=False))
        return
    typer.echo("\n\n".join("\n".join(f"{k}: {json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v}"
                                      for k, v in item.items()) for item in found))
