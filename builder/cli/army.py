"""``heroes army``: build, check, explain and suggest army lists.

A thin layer over :mod:`builder.systems.heroes.army`; heavy imports happen inside the commands so
``heroes army check`` starts fast.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from builder.cli.army_check import PACK_HELP, army_pack, check_army_file, display
from builder.cli.common import OutputFormat
from builder.cli.outputs import output_file
from builder.systems.seam import command_for, system_of_file, system_of_scenario

if TYPE_CHECKING:
    from builder.systems.heroes.content.pack import Pack

app = typer.Typer(help="Army lists: build to a points budget, check legality, explore slots.",
                  no_args_is_help=True)

_pack = army_pack
_display = display


def schema_ref(out: Optional[Path]) -> str:
    """The modeline's schema: relative to the written file inside the checkout, else the
    installed store's copy (``heroes schema install``), else absolute (schema_store)."""
    from builder.content.schema_store import schema_for

    return schema_for("army", Path(out).parent if out is not None else None)


def _write(text: str, out: Optional[Path], force: bool) -> None:
    from builder.content.yaml_io import atomic_write_text
    from builder.errors import UsageError

    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        raise UsageError(f"{out} exists; use --force to overwrite it")
    atomic_write_text(out, text)
    typer.echo(f"wrote {out}", err=True)


@app.command("new")
def new(
    faction: Optional[str] = typer.Option(None, "--faction", help="Faction id, e.g. us or de (with --scenario "
                                          "and --side: the side's)."),
    points: Optional[int] = typer.Option(None, "--points", min=0, max=5000, help="Points budget."),
    name: Optional[str] = typer.Option(None, "--name", help="Army name."),
    scenario: Optional[str] = typer.Option(None, "--scenario", help="Scenario id that sets the budget."),
    side: Optional[str] = typer.Option(None, "--side", help="Side of --scenario the army plays (gives the faction)."),
    pack: Optional[Path] = typer.Option(None, "--pack", help="Content pack folder the list is for (its id is "
                                        "written as pack:; default: the bundled pack holding --scenario, else core)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="File to write (default: stdout).",
                                       callback=output_file(what="army list")),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a commented army-list skeleton (it names its pack, so it checks without --pack)."""
    from builder.systems.heroes.army.writer import skeleton
    from builder.errors import UsageError

    system, system_pack = system_of_scenario(scenario, pack)
    if (handler := command_for(system, "army new")) is not None:
        return handler(system_pack, scenario, faction or side, name, out, force)
    from builder.content.paths import BUNDLED_CONTENT
    from builder.content.search import bundled_pack_of_scenario, pack_id

    folder = pack if pack is not None else (
        (scenario and bundled_pack_of_scenario(scenario)) or BUNDLED_CONTENT / "core")
    declared = pack_id(folder)
    if declared is None:
        raise UsageError(f"{folder} holds no pack.yaml with an id; give a pack folder with --pack")
    if scenario is not None:
        found = _pack(folder).get("scenarios", scenario)
        if found is None:
            raise UsageError(f"unknown scenario '{scenario}' in pack '{declared}'; 'heroes list scenarios' "
                             "lists them (give the pack holding it with --pack)")
        sides = [s for s in found.sides if side is None or s.id == side]
        if side is not None and not sides:
            raise UsageError(f"'{scenario}' has no side '{side}'; its sides: "
                             f"{', '.join(s.id for s in found.sides)}")
        if side is None and faction is not None:
            sides = [s for s in found.sides if s.faction == faction]
            if not sides:
                raise UsageError(f"--faction {faction!r}: scenario '{scenario}' has no side of that faction; its "
                                 "sides: " + ", ".join(f"{s.id} ({s.faction})" for s in found.sides))
        if len(sides) != 1:
            raise UsageError(f"choose a side of '{scenario}' with --side: "
                             + ", ".join(f"{s.id} ({s.faction})" for s in found.sides))
        if faction is not None and faction != sides[0].faction:
            raise UsageError(f"side '{sides[0].id}' of '{scenario}' is played by {sides[0].faction}, not {faction}")
        faction, side = sides[0].faction, sides[0].id
    elif side is not None:
        raise UsageError("--side needs --scenario")
    if faction is None:
        raise UsageError("give --faction ID (or --scenario ID --side SIDE)")
    if points is None and scenario is None:
        raise UsageError("give --points N (or --scenario ID, which sets the budget)")
    _check_new(folder, faction, scenario)
    _write(skeleton(name or f"My {faction} army", faction, points, scenario, schema_ref(out), declared, side),
           out, force)


def _check_new(pack: Optional[Path], faction: str, scenario: Optional[str]) -> None:
    """The faction and scenario of ``army new`` exist in the pack, and the scenario has a
    side of that faction (a skeleton for ``--faction zz`` used to be written quietly)."""
    from builder.content.paths import BUNDLED_CONTENT
    from builder.diagnostics import did_you_mean
    from builder.errors import UsageError
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    folder = pack or BUNDLED_CONTENT / "core"
    if pack is None and scenario is not None:  # the bundled Heroes pack that has the scenario
        from builder.systems.seam import system_of_pack

        for candidate in sorted(p for p in BUNDLED_CONTENT.iterdir() if (p / "pack.yaml").is_file()):
            if system_of_pack(candidate).builtin_cli and \
                    scenario in load_pack_cached(candidate).items.get("scenarios", {}):
                folder = candidate
                break
    loaded = load_pack_cached(folder)
    factions = loaded.items.get("factions", {})
    if faction not in factions:
        raise UsageError(f"--faction {faction!r}: the pack has no such faction (factions: {', '.join(sorted(factions))})"
                         + (f"; {did_you_mean(faction, factions)}" if did_you_mean(faction, factions) else ""))
    if scenario is None:
        return
    model = loaded.items.get("scenarios", {}).get(scenario)
    if model is None:
        known = ", ".join(sorted(loaded.items.get("scenarios", {})))
        raise UsageError(f"--scenario {scenario!r}: the pack has no such scenario (scenarios: {known})")
    sides = [getattr(side, "faction", None) for side in model.sides]
    if faction not in sides:
        raise UsageError(f"--faction {faction!r}: scenario {scenario!r} has no side of that faction "
                         f"(its sides: {', '.join(str(s) for s in sides)})")


@app.command("check")
def check(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text, json or github."),
) -> None:
    """Check an army list; exit 0 legal, 1 illegal, 2 usage error."""
    system, system_pack = system_of_file(file, pack)
    if (handler := command_for(system, "army check")) is not None:
        return handler(file, system_pack, format.value)
    raise typer.Exit(check_army_file(file, pack, format.value))


class ShowFormat(str, Enum):
    text = "text"
    json = "json"
    forum = "forum"


@app.command("show")
def show(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: ShowFormat = typer.Option(ShowFormat.text, "--format", "-f",
                                      help="text (tables), json, or forum (plain text that 'heroes army import' "
                                      "reads back)."),
) -> None:
    """Show an army as readable tables: points, tokens, units, breaking points, equipment."""
    system, system_pack = system_of_file(file, pack)
    if (handler := command_for(system, "army show")) is not None:
        return handler(file, system_pack)
    from builder.systems.heroes.army.check import check_file
    from builder.diagnostics import FORMATS

    report = check_file(file, _pack(pack, file), _display(file))
    if report.roster is None or report.summary is None:
        typer.echo(FORMATS["text"](report.diagnostics))
        raise typer.Exit(1)
    if format is ShowFormat.forum:
        from builder.systems.heroes.army.forum import forum_text

        typer.echo(forum_text(report.roster, report.summary, report.diagnostics), nl=False)
    elif format is ShowFormat.json:
        import json

        from builder.systems.heroes.army.share import encode

        typer.echo(json.dumps({"file": report.file.display, "legal": report.ok,
                               "army": report.roster.army.model_dump(mode="json", exclude_defaults=True),
                               "totals": report.summary.to_dict(),
                               "diagnostics": [d.to_dict() for d in report.diagnostics],
                               "share": encode(report.roster.army)}, indent=2, ensure_ascii=False))
    else:
        from builder.systems.heroes.army.show import render

        render(report)
    raise typer.Exit(0 if report.ok else 1)


@app.command("share")
def share(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    base: str = typer.Option("http://127.0.0.1:8765", "--base-url",
                             help="Address of the 'heroes serve' that opens the link."),
) -> None:
    """Print a share link that carries the list itself (compressed in the URL; no server
    state): 'heroes serve' opens its builder on it."""
    from builder.systems.heroes.army.loading import read_army
    from builder.systems.heroes.army.share import share_url
    from builder.errors import InvalidInputError

    loaded = read_army(file, _display(file))
    if loaded.army is None:
        raise InvalidInputError(f"{loaded.display} is not an army list", loaded.diagnostics)
    typer.echo(share_url(base, loaded.army))


@app.command("import")
def import_(
    source: str = typer.Argument(..., help="A plain-text (forum) list file, '-' for stdin, or a share link."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="File to write (default: stdout).",
                                       callback=output_file(what="army list")),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Read a list posted as plain text ('heroes army show --format forum', the builder's
    'Copy the list for a forum') or a share link back into an army-list YAML file."""
    import sys

    from builder.systems.heroes.army.intake import read_list_text
    from builder.systems.heroes.army.writer import army_yaml
    from builder.errors import InvalidInputError, UsageError

    if "/army/shared?" in source or source.startswith("1."):
        from urllib.parse import parse_qs, urlsplit

        token = parse_qs(urlsplit(source).query).get("list", [source])[0]
        text, display_name = token, "<share link>"
    elif source == "-":
        text, display_name = sys.stdin.read(), "<stdin>"
    else:
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read {source}: {getattr(exc, 'strerror', None) or exc}") from None
        display_name = _display(path)

    def pack_of(declared: Optional[str]) -> Pack:
        from builder.content.search import find_pack

        if pack is not None:
            return _pack(pack)
        return _pack(find_pack(declared) if declared else None)

    army, content, diagnostics = read_list_text(text, display_name, pack_of)
    if army is None:
        raise InvalidInputError(f"{display_name} cannot be read as an army list", diagnostics)
    _write(army_yaml(army, content, schema_ref(out), [f"Imported by: heroes army import {source[:60]}"]),
           out, force)


@app.command("options")
def options(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    tile: str = typer.Option(..., "--tile", help="Tile of the list: its position (1, 2...) or id."),
    slot: int = typer.Option(..., "--slot", min=1, help="Slot number on that tile (from 1)."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json."),
) -> None:
    """What can legally go in a slot, at what cost, and why each other option cannot."""
    import json

    from builder.systems.heroes.army.check import check_file
    from builder.systems.heroes.army.options import scenarios_for, slot_options
    from builder.errors import InvalidInputError

    command_for(system_of_file(file, pack)[0], "army options")
    report = check_file(file, _pack(pack, file), _display(file))
    if report.roster is None:
        raise InvalidInputError(f"{report.file.display} is not a valid army list", report.diagnostics)
    result = slot_options(report.roster, tile, slot)
    if format is OutputFormat.json:
        typer.echo(json.dumps({"tile": result.tile, "slot": result.slot, "size": result.size,
                               "bands": result.bands, "current": result.current, "points_left": result.left,
                               "options": [c.to_dict() for c in result.candidates],
                               "scenarios": scenarios_for(report.roster)}, indent=2))
        return
    from builder.systems.heroes.army.show import render_slot

    render_slot(result)
    named = scenarios_for(report.roster)
    if named:
        typer.echo("scenarios this list can name (scenario: ID and side: SIDE): " + "; ".join(
            f"{s['id']} side {s['side']}" + (f" ({s['points']} points)" if s["points"] else "") for s in named))


@app.command("suggest")
def suggest(
    faction: Optional[str] = typer.Option(None, "--faction", help="Faction id."),
    points: Optional[int] = typer.Option(None, "--points", min=1, max=5000, help="Points budget."),
    seed: int = typer.Option(0, "--seed", min=0, max=2**63 - 1, help="Search seed: same seed, same army."),
    scenario: Optional[str] = typer.Option(None, "--scenario", help="Build for this scenario (its budget, "
                                           "or its fixed composition)."),
    side: Optional[str] = typer.Option(None, "--side", help="Side of --scenario to build for."),
    name: Optional[str] = typer.Option(None, "--name", help="Army name."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="File to write (default: stdout).",
                                       callback=output_file(what="army list")),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Suggest a legal army that spends the budget well (seeded search over the pack).

    With --scenario, a side with a fixed composition gets that composition (its options
    placed in slots that fit); otherwise the search spends the side's budget.
    """
    from builder.systems.heroes.army.suggest import suggest_for
    from builder.systems.heroes.army.writer import army_yaml

    system, system_pack = system_of_file(None, pack)
    if (handler := command_for(system, "army suggest")) is not None:
        return handler(system_pack, scenario, side, name, out, force)
    content = _pack(pack)
    army = suggest_for(content, faction=faction, points=points, seed=seed, name=name, scenario=scenario, side=side)
    command = " ".join(f"--{k} {v}" for k, v in (("faction", faction), ("points", points), ("scenario", scenario),
                                                  ("side", side), ("seed", seed)) if v is not None)
    if pack is not None:
        command += f" --pack {pack}"
        army.pack = content.manifest.id
    header = [f"Suggested by: heroes army suggest {command}"]
    _write(army_yaml(army, content, schema_ref(out), header), out, force)


@app.command("edit")
def edit(
    file: Path = typer.Argument(..., help="Army-list YAML file, changed in place."),
    tile: Optional[str] = typer.Option(
        None, "--tile", help="Add this tile id; with --slot: the tile's position or id."),
    slot: Optional[int] = typer.Option(None, "--slot", min=1, help="Slot of --tile to fill (or empty)."),
    option: Optional[str] = typer.Option(None, "--option", help="Option id to put in the slot."),
    hero: Optional[str] = typer.Option(None, "--hero", help="Hero id to add."),
    card: Optional[str] = typer.Option(None, "--card", help="Card id to put in the deck."),
    copies: int = typer.Option(1, "--copies", min=1, max=20, help="Copies of --card."),
    remove: bool = typer.Option(False, "--remove", help="Remove instead of add."),
    fill_deck: bool = typer.Option(False, "--fill-deck", help="Complete the deck to the rules' minimum (40 "
                                   "cards; command cards as the options allow), replacing the cards chosen."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP + " The edit is checked against it."),
) -> None:
    """Add or remove a tile, slot option, hero or card, keeping comments and key order;
    or fill the deck (--fill-deck). Unknown ids, missing slots and options that do not fit
    are refused (exit 1, file unchanged)."""
    from builder.systems.heroes.army.edit import edit_file, fill_deck_file
    from builder.errors import UsageError

    if fill_deck:
        if any(v is not None for v in (tile, slot, option, hero, card)) or remove:
            raise UsageError("--fill-deck is an edit of its own: give it without --tile, --hero, --card or --remove")
        cards = fill_deck_file(file, _pack(pack, file) if file.is_file() else None)
        typer.echo(f"updated {file}: {cards} cards in the deck; check it with: heroes army check {file}", err=True)
        return

    edit_file(file, _pack(pack, file) if file.is_file() else None, tile=tile, slot=slot, option=option, hero=hero,
              card=card, copies=copies, remove=remove)
    typer.echo(f"updated {file}; check it with: heroes army check {file}", err=True)
