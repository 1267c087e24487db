"""``heroes render``: printable rosters, scenario sheets, deck lists and card sheets,
as HTML or PDF (chosen by the output file's suffix). A thin layer over
:mod:`builder.render`; heavy imports happen inside the commands."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from builder.cli.outputs import PRINTABLE, output_file
from builder.render.paper import Paper
from builder.systems.seam import command_for, pack_command, system_of_file

app = typer.Typer(help="Printable aids: roster, scenario sheet, deck list, card sheets (HTML or PDF).",
                  no_args_is_help=True)

PACK = typer.Option(None, "--pack", "-p", help="Content pack folder (default: the bundled core pack).")
OUT = typer.Option(..., "--out", "-o", help="Output file: .html or .pdf (missing folders are created).",
                   callback=output_file(*PRINTABLE))
PAPER = typer.Option(Paper.a4, "--paper", help="Paper size for PDF: a4 or letter.")


def _pack(path: Optional[Path], army: Optional[Path] = None):
    """The pack, through the pack disk cache (builder.systems.heroes.content.pack_cache) (HEROES_NO_CACHE=1 bypasses it);
    for an army list without --pack, the pack its ``pack:`` key names (builder.content.search)."""
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.content.search import army_pack

    return load_pack_cached(army_pack(army, path))


def _write(html: str, out: Path, paper: Paper) -> None:
    from builder.render.pdf import write_document

    write_document(html, out, paper)
    typer.echo(f"wrote {out}")


@app.command("roster")
def roster(
    army: Path = typer.Argument(..., help="Army-list file (YAML)."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
) -> None:
    """A roster: tiles, both sides of every unit, options, heroes, totals, deck and
    the legality verdict (an illegal army prints with its diagnostics)."""
    from builder.outputs import refuse_inputs

    refuse_inputs(out, "-o", [("ARMY", army)])
    system, system_pack = system_of_file(army, pack)
    if (handler := command_for(system, "render roster")) is not None:
        return handler(army, system_pack, out, paper)
    from builder.systems.heroes.content.loader import display_path
    from builder.systems.heroes.render.roster import render_roster_html

    loaded = _pack(pack, army)
    _write(render_roster_html(army, loaded, display_path(army)), out, paper)


@app.command("scenario")
def scenario(
    scenario_id: str = typer.Argument(..., metavar="SCENARIO", help="Scenario id in the pack, or a scenario file "
                                      "(e.g. written by 'heroes campaign next')."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
    report: Optional[Path] = typer.Option(
        None, "--report", help="Playtest report JSON (default: reports/<scenario>.json in the pack, else beside it)."),
) -> None:
    """A scenario sheet with its battlefield map, events, victory conditions and armies."""
    from builder.outputs import refuse_inputs

    refuse_inputs(out, "-o", [("--report", report)] if report is not None else [])
    if (handler := pack_command(pack, "render scenario")) is not None:
        return handler(pack, scenario_id, out, paper, report)
    from builder.content.search import is_file_argument, scenario_file_pack
    from builder.systems.heroes.content.loader import with_scenario_file
    from builder.systems.heroes.render.scenario_sheet import find_scenario, render_scenario_html

    from builder.systems.heroes.validation.runner import refuse_invalid_scenario

    if is_file_argument(scenario_id):
        loaded, scenario_id = with_scenario_file(_pack(scenario_file_pack(Path(scenario_id), pack)), Path(scenario_id))
    else:
        loaded = _pack(pack)
    found = find_scenario(loaded, scenario_id)
    refuse_invalid_scenario(loaded, found.id)
    _write(render_scenario_html(found, loaded, report), out, paper)


@app.command("campaign")
def campaign(
    campaign_id: str = typer.Argument(..., metavar="CAMPAIGN", help="Campaign id in the pack."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
    record: Optional[Path] = typer.Option(
        None, "--record", help="Campaign record (heroes campaign start) whose results fill the report grid."),
) -> None:
    """A campaign sheet: the Campaign Report grid and the scenarios in order with their consequences."""
    from builder.cli.campaign import _campaign_system
    from builder.systems.heroes.render.campaign_sheet import render_campaign_html

    if pack is not None:
        _campaign_system(pack)  # another system's pack: S221 with its reason
    if record is not None:
        from builder.cli.campaign import _load

        loaded, kept = _load(record)
        if kept.campaign != campaign_id:
            from builder.errors import UsageError

            raise UsageError(f"--record {record} is a record of campaign {kept.campaign!r}, not {campaign_id!r}; "
                             f"render it with: heroes render campaign {kept.campaign} --record {record}")
        _write(render_campaign_html(loaded, kept.campaign, kept), out, paper)
        return
    _write(render_campaign_html(_pack(pack), campaign_id, None), out, paper)


def _army_deck(army: Path, loaded):
    from builder.systems.heroes.army.loading import read_army
    from builder.errors import InvalidInputError, UsageError

    file = read_army(army)
    if file.army is None:
        raise InvalidInputError(f"{army}: the army list cannot be read", file.diagnostics)
    if file.army.deck is None:
        raise UsageError(f"{army} has no deck yet; add a 'deck:' list or use --faction")
    return file.army.name, [(e.card, e.copies) for e in file.army.deck]


@app.command("deck")
def deck(
    army: Optional[Path] = typer.Argument(None, help="Army-list file whose deck to list."),
    faction: Optional[str] = typer.Option(None, "--faction", "-f", help="List every card of this faction instead."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
) -> None:
    """A deck list: an army's deck, or every card of a faction at its printed copies."""
    system, system_pack = system_of_file(army, pack)
    if (handler := command_for(system, "render deck")) is not None:
        return handler(army, faction, system_pack, out, paper)
    from builder.errors import UsageError
    from builder.systems.heroes.render.cards import deck_lines, pool_deck, render_deck_html

    loaded = _pack(pack, army)
    if (army is None) == (faction is None):
        raise UsageError("give either an army file or --faction")
    if army is not None:
        title, entries = _army_deck(army, loaded)
        deck_list = deck_lines(entries, loaded)
    else:
        title, deck_list = f"{faction} cards", pool_deck(loaded, faction)
    _write(render_deck_html(title, deck_list, loaded), out, paper)


@app.command("cards")
def cards(
    army: Optional[Path] = typer.Argument(None, help="Army-list file whose deck to print."),
    faction: Optional[str] = typer.Option(None, "--faction", "-f", help="Print every card of this faction."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
    reference: bool = typer.Option(True, "--reference/--no-reference", help="Add the quick-reference card."),
) -> None:
    """Print-and-play card sheets (63 x 88 mm, crop marks) with the quick-reference card.
    Without an army or --faction, every card of the pack."""
    from builder.systems.heroes.render.cards import faction_cards, render_cards_html

    command_for(system_of_file(army, pack)[0], "render cards")
    loaded = _pack(pack, army)
    if army is not None:
        title, entries = _army_deck(army, loaded)
    else:
        title = f"{faction} cards" if faction else f"{loaded.manifest.name} cards"
        entries = [(c.id, c.copies) for c in faction_cards(loaded, faction)]
    _write(render_cards_html(entries, loaded, title, reference), out, paper)
