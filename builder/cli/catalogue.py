"""``heroes list KIND`` and ``heroes show ID``: find the ids an army list or a scenario names.

Each pack is answered by its game system's handlers (``list``/``show`` in
``GameSystem.commands``, builder.systems.seam), or refused with S221.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

PACK_HELP = "Content pack folder (default: the bundled core pack)."


class ListFormat(str, Enum):
    """How rows are printed."""

    text = "text"
    json = "json"


def list_command(
    kind: str = typer.Argument(..., help="tiles, options, heroes, cards, units, scenarios, campaigns or boards "
                                         "(another system's kinds on its pack: Tide of Iron's figures, vehicles, "
                                         "scenarios, operations...)."),
    faction: Optional[str] = typer.Option(None, "--faction", help="Only this faction's items (e.g. us, de)."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: ListFormat = typer.Option(ListFormat.text, "--format", "-f", help="text (a table) or json (rows)."),
) -> None:
    """List a pack's items of one kind: id, name, faction, cost and what fits where.

    Exit status: 0 fine, 1 invalid pack, 2 usage error (an unknown kind).
    """
    from builder.systems.seam import command_handler, system_of_pack

    command_handler(system_of_pack(pack), "list")(pack, kind, faction, format.value)


def show_command(
    item_id: str = typer.Argument(..., metavar="ID", help="Id of any item of the pack (tile, option, card...)."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: ListFormat = typer.Option(ListFormat.text, "--format", "-f", help="text or json."),
) -> None:
    """Show one item of a pack whole: its kind, the pack defining it and every value.

    Exit status: 0 fine, 1 invalid pack, 2 usage error (no such id).
    """
    from builder.systems.seam import command_handler, system_of_pack

    command_handler(system_of_pack(pack), "show")(pack, item_id, format.value)


def register(app: typer.Typer) -> None:
    """Add ``list`` and ``show`` to the ``heroes`` app."""
    app.command(name="list")(list_command)
    app.command(name="show")(show_command)
