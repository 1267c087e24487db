"""``heroes army``: build, check, explain and suggest army lists.

The options of each command; its body is the list's game system's handler (builder.systems.seam:
the Heroes System's in builder.systems.heroes.commands.army). Heavy imports happen inside the
handlers so ``heroes army check`` starts fast.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from builder.cli.common import OutputFormat
from builder.cli.outputs import output_file
from builder.systems.seam import command_handler, system_of_file, system_of_pack, system_of_scenario

PACK_HELP = ("Content pack folder, or a folder holding packs (default: the list's pack: id through "
             "HEROES_PACK_PATH and the bundled packs, else the bundled core pack).")

app = typer.Typer(help="Army lists: build to a points budget, check legality, explore slots.",
                  no_args_is_help=True)


def schema_ref(out: Optional[Path]) -> str:
    """(For ``heroes demo``.) The modeline's schema: relative to the written file inside the checkout, else the
    installed store's copy (``heroes schema install``), else absolute (schema_store)."""
    from builder.content.schema_store import schema_for

    return schema_for("army", Path(out).parent if out is not None else None)


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
    system, system_pack = system_of_scenario(scenario, pack)
    command_handler(system, "army new", side=side, points=points)(system_pack, scenario, faction, name, out, force)


@app.command("check")
def check(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text, json or github."),
) -> None:
    """Check an army list; exit 0 legal, 1 illegal, 2 usage error."""
    system, system_pack = system_of_file(file, pack)
    command_handler(system, "army check")(file, system_pack, format.value)


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
    command_handler(system, "army show", format=None if format is ShowFormat.text else format.value)(file, system_pack)


@app.command("share")
def share(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    base: str = typer.Option("http://127.0.0.1:8765", "--base-url",
                             help="Address of the 'heroes serve' that opens the link."),
) -> None:
    """Print a share link that carries the list itself (compressed in the URL; no server
    state): 'heroes serve' opens its builder on it."""
    command_handler(system_of_file(file, None)[0], "army share")(file, base)


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
    command_handler(system_of_pack(pack), "army import")(source, pack, out, force)


@app.command("options")
def options(
    file: Path = typer.Argument(..., help="Army-list YAML file."),
    tile: str = typer.Option(..., "--tile", help="Tile of the list: its position (1, 2...) or id."),
    slot: int = typer.Option(..., "--slot", min=1, help="Slot number on that tile (from 1)."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="text or json."),
) -> None:
    """What can legally go in a slot, at what cost, and why each other option cannot."""
    system, system_pack = system_of_file(file, pack)
    command_handler(system, "army options")(file, system_pack, tile, slot, format.value)


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
    system, system_pack = system_of_file(None, pack)
    command_handler(system, "army suggest", faction=faction, points=points, seed=seed or None)(
        system_pack, scenario, side, name, out, force)


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
    system, system_pack = system_of_file(file, pack)
    command_handler(system, "army edit")(file, system_pack, tile, slot, option, hero, card, copies, remove, fill_deck)
