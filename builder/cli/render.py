"""``heroes render``: printable rosters, scenario sheets, deck lists and card sheets,
as HTML or PDF (chosen by the output file's suffix). Each command finds the system of its
pack or list (builder.systems.seam) and calls that system's handler: the Heroes System's
in builder.systems.heroes.commands.render, imported only then."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from builder.cli.outputs import PRINTABLE, output_file
from builder.render.paper import Paper
from builder.systems.seam import command_handler, system_of_file, system_of_pack

app = typer.Typer(help="Printable aids: roster, scenario sheet, deck list, card sheets (HTML or PDF).",
                  no_args_is_help=True)

PACK = typer.Option(None, "--pack", "-p", help="Content pack folder (default: the bundled core pack).")
OUT = typer.Option(..., "--out", "-o", help="Output file: .html or .pdf (missing folders are created).",
                   callback=output_file(*PRINTABLE))
PAPER = typer.Option(Paper.a4, "--paper", help="Paper size for PDF: a4 or letter.")


@app.command("roster")
def roster(
    army: Path = typer.Argument(..., help="Army-list file (YAML)."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
) -> None:
    """A roster: tiles, both sides of every unit, options, heroes, totals, deck and
    the legality verdict (an illegal army prints with its diagnostics)."""
    from builder.cli.render_roster import render_roster

    render_roster(army, out, pack, paper)


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
    command_handler(system_of_pack(pack), "render scenario")(pack, scenario_id, out, paper, report)


@app.command("campaign")
def campaign(
    campaign_id: str = typer.Argument(..., metavar="CAMPAIGN", help="Campaign id in the pack."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
    record: Optional[Path] = typer.Option(
        None, "--record", help="Campaign record (heroes campaign start) whose results fill the report grid."),
) -> None:
    """A campaign sheet: the Campaign Report grid and the scenarios in order with their consequences."""
    from builder.cli.campaign import _campaign_system, _load

    system = _campaign_system(pack)  # another system's pack: S221 with its reason
    kept = None
    if record is not None:
        pack, _, kept = _load(record)
        if kept.campaign != campaign_id:
            from builder.errors import UsageError

            raise UsageError(f"--record {record} is a record of campaign {kept.campaign!r}, not {campaign_id!r}; "
                             f"render it with: heroes render campaign {kept.campaign} --record {record}")
    command_handler(system, "render campaign")(pack, campaign_id, out, paper, kept)


@app.command("deck")
def deck(
    army: Optional[Path] = typer.Argument(None, help="Army-list file whose deck to list."),
    faction: Optional[str] = typer.Option(None, "--faction", "-f", help="List every card of this faction instead."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
) -> None:
    """A deck list: an army's deck, or every card of a faction at its printed copies."""
    system, system_pack = system_of_file(army, pack)
    command_handler(system, "render deck")(army, faction, system_pack, out, paper)


@app.command("cards")
def cards(
    army: Optional[Path] = typer.Argument(None, help="Army-list file whose deck to print."),
    faction: Optional[str] = typer.Option(None, "--faction", "-f", help="Print every card of this faction."),
    out: Path = OUT, pack: Optional[Path] = PACK, paper: Paper = PAPER,
    reference: bool = typer.Option(True, "--reference/--no-reference", help="Add the quick-reference card."),
) -> None:
    """Print-and-play card sheets (63 x 88 mm, crop marks) with the quick-reference card.
    Without an army or --faction, every card of the pack."""
    system, system_pack = system_of_file(army, pack)
    command_handler(system, "render cards")(army, faction, system_pack, out, paper, reference)
