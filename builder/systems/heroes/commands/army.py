"""``heroes army new|show|share|import|options|suggest|edit`` on Heroes System lists: a
thin layer over builder.systems.heroes.army (``army check``: commands/army_check.py,
free of Typer for the fast start-up path). The signatures are Tide of Iron's where it
answers the same command (builder.systems.tide_of_iron.cli), with the Heroes-only
options as keyword arguments (builder.systems.seam.command_handler)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import InvalidInputError, UsageError
from builder.systems.heroes.commands.army_check import display

if TYPE_CHECKING:
    from builder.systems.heroes.content.pack import Pack


def _pack(path: Path | None, army_file: Path | None = None) -> Pack:
    """The pack of a command: --pack, else the list's ``pack:`` id (builder.content.search)."""
    from builder.content.search import army_pack as search
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    return load_pack_cached(search(army_file, path))


def _schema_ref(out: Path | None) -> str:
    """The modeline's schema: relative to the written file inside the checkout, else the
    installed store's copy (``heroes schema install``), else absolute (schema_store)."""
    from builder.content.schema_store import schema_for

    return schema_for("army", Path(out).parent if out is not None else None)


def _write(text: str, out: Path | None, force: bool) -> None:
    from builder.content.yaml_io import atomic_write_text

    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        raise UsageError(f"{out} exists; use --force to overwrite it")
    atomic_write_text(out, text)
    typer.echo(f"wrote {out}", err=True)


def army_new(pack: Path | None, scenario: str | None, faction: str | None, name: str | None, out: Path | None,
             force: bool, *, side: str | None = None, points: int | None = None) -> None:
    """A commented army-list skeleton naming its pack (Tide of Iron's ``army_new_command``
    with ``--side`` and ``--points``); the pack defaults to the bundled one holding
    ``scenario``, else core."""
    from builder.content.search import bundled_pack_of_scenario, pack_id
    from builder.systems.heroes.army.writer import skeleton

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
    _write(skeleton(name or f"My {faction} army", faction, points, scenario, _schema_ref(out), declared, side),
           out, force)


def _check_new(pack: Path | None, faction: str, scenario: str | None) -> None:
    """The faction and scenario of ``army new`` exist in the pack, and the scenario has a
    side of that faction (a skeleton for ``--faction zz`` used to be written quietly)."""
    from builder.diagnostics import did_you_mean
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    folder = pack or BUNDLED_CONTENT / "core"
    if pack is None and scenario is not None:  # the bundled Heroes pack that has the scenario
        from builder.systems.seam import HEROES_SYSTEM, system_of_pack

        for candidate in sorted(p for p in BUNDLED_CONTENT.iterdir() if (p / "pack.yaml").is_file()):
            if system_of_pack(candidate).id == HEROES_SYSTEM and \
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


def army_show(file: Path, pack: Path | None, *, format: str = "text") -> None:
    """Tide of Iron's ``army_show`` with ``--format``: text (tables), json, or forum (plain
    text that ``heroes army import`` reads back). Exit 0 legal, 1 illegal."""
    from builder.diagnostics import FORMATS
    from builder.systems.heroes.army.check import check_file

    report = check_file(file, _pack(pack, file), display(file))
    if report.roster is None or report.summary is None:
        typer.echo(FORMATS["text"](report.diagnostics))
        raise typer.Exit(1)
    if format == "forum":
        from builder.systems.heroes.army.forum import forum_text

        typer.echo(forum_text(report.roster, report.summary, report.diagnostics), nl=False)
    elif format == "json":
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


def army_share(file: Path, base: str) -> None:
    """A share link that carries the list itself (compressed in the URL)."""
    from builder.systems.heroes.army.loading import read_army
    from builder.systems.heroes.army.share import share_url

    loaded = read_army(file, display(file))
    if loaded.army is None:
        raise InvalidInputError(f"{loaded.display} is not an army list", loaded.diagnostics)
    typer.echo(share_url(base, loaded.army))


def army_import(source: str, pack: Path | None, out: Path | None, force: bool) -> None:
    """A list posted as plain text (a file, ``-`` for stdin) or a share link, written back
    as an army-list YAML file."""
    import sys

    from builder.systems.heroes.army.intake import read_list_text
    from builder.systems.heroes.army.writer import army_yaml

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
        display_name = display(path)

    def pack_of(declared: str | None) -> Pack:
        from builder.content.search import find_pack

        if pack is not None:
            return _pack(pack)
        return _pack(find_pack(declared) if declared else None)

    army, content, diagnostics = read_list_text(text, display_name, pack_of)
    if army is None:
        raise InvalidInputError(f"{display_name} cannot be read as an army list", diagnostics)
    _write(army_yaml(army, content, _schema_ref(out), [f"Imported by: heroes army import {source[:60]}"]),
           out, force)


def army_options(file: Path, pack: Path | None, tile: str, slot: int, fmt: str) -> None:
    """What can legally go in a slot, at what cost, and why each other option cannot."""
    import json

    from builder.systems.heroes.army.check import check_file
    from builder.systems.heroes.army.options import scenarios_for, slot_options

    report = check_file(file, _pack(pack, file), display(file))
    if report.roster is None:
        raise InvalidInputError(f"{report.file.display} is not a valid army list", report.diagnostics)
    result = slot_options(report.roster, tile, slot)
    if fmt == "json":
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


def army_suggest(pack: Path | None, scenario: str | None, side: str | None, name: str | None, out: Path | None,
                 force: bool, *, faction: str | None = None, points: int | None = None, seed: int = 0) -> None:
    """A legal army that spends the budget well, by a seeded search over the pack (Tide of
    Iron's ``army_suggest_command`` with ``--faction``, ``--points`` and ``--seed``)."""
    from builder.systems.heroes.army.suggest import suggest_for
    from builder.systems.heroes.army.writer import army_yaml

    content = _pack(pack)
    army = suggest_for(content, faction=faction, points=points, seed=seed, name=name, scenario=scenario, side=side)
    command = " ".join(f"--{k} {v}" for k, v in (("faction", faction), ("points", points), ("scenario", scenario),
                                                  ("side", side), ("seed", seed)) if v is not None)
    if pack is not None:
        command += f" --pack {pack}"
        army.pack = content.manifest.id
    header = [f"Suggested by: heroes army suggest {command}"]
    _write(army_yaml(army, content, _schema_ref(out), header), out, force)


def army_edit(file: Path, pack: Path | None, tile: str | None, slot: int | None, option: str | None,
              hero: str | None, card: str | None, copies: int, remove: bool, fill_deck: bool) -> None:
    """Add or remove a tile, slot option, hero or card keeping comments and key order, or
    fill the deck; refusals leave the file unchanged (exit 1)."""
    from builder.systems.heroes.army.edit import edit_file, fill_deck_file

    if fill_deck:
        if any(v is not None for v in (tile, slot, option, hero, card)) or remove:
            raise UsageError("--fill-deck is an edit of its own: give it without --tile, --hero, --card or --remove")
        cards = fill_deck_file(file, _pack(pack, file) if file.is_file() else None)
        typer.echo(f"updated {file}: {cards} cards in the deck; check it with: heroes army check {file}", err=True)
        return

    edit_file(file, _pack(pack, file) if file.is_file() else None, tile=tile, slot=slot, option=option, hero=hero,
              card=card, copies=copies, remove=remove)
    typer.echo(f"updated {file}; check it with: heroes army check {file}", err=True)
