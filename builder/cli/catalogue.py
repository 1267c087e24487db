"""``heroes list KIND`` and ``heroes show ID``: find the ids an army list or a scenario names.

A thin layer over :mod:`builder.systems.heroes.catalogue`; the pack is loaded through the pack cache, as
``heroes army`` does. Another game system's pack is answered by that system's handlers
(``list``/``show`` in ``GameSystem.commands``), or refused with S221.
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer

PACK_HELP = "Content pack folder (default: the bundled core pack)."


class ListFormat(str, Enum):
    """How rows are printed."""

    text = "text"
    json = "json"


def _pack(path: Optional[Path]):
    from builder.systems.heroes.content.loader import BUNDLED_CONTENT
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    return load_pack_cached(path or BUNDLED_CONTENT / "core")


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
    from builder.systems.heroes.catalogue import list_items
    from builder.systems.seam import pack_command

    if (handler := pack_command(pack, "list")) is not None:
        return handler(pack, kind, faction, format.value)
    rows = list_items(_pack(pack), kind, faction)
    if format is ListFormat.json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    from rich.table import Table

    from builder.render.console import table_console

    table = Table(title=f"{kind} ({len(rows)})")
    for column in ("id", "name", "faction", "cost", "fits"):
        table.add_column(column, no_wrap=column == "id", overflow="fold")
    for row in rows:
        table.add_row(row["id"], row["name"], row["faction"] or "", "" if row["cost"] is None else str(row["cost"]),
                      row["fits"])
    table_console().print(table)


def _lines(value: Any, indent: int = 0) -> list[str]:
    pad = "  " * indent
    if isinstance(value, dict):
        out = []
        for key, sub in value.items():
            if isinstance(sub, (dict, list)) and sub:
                out += [f"{pad}{key}:", *_lines(sub, indent + 1)]
            else:
                out.append(f"{pad}{key}: {sub}")
        return out
    if isinstance(value, list):
        out = []
        for sub in value:
            if isinstance(sub, dict):
                inner = _lines(sub, indent + 1)
                out.append(f"{pad}- {inner[0].strip()}" if inner else f"{pad}-")
                out += inner[1:]
            else:
                out.append(f"{pad}- {sub}")
        return out
    return [f"{pad}{value}"]


def show_command(
    item_id: str = typer.Argument(..., metavar="ID", help="Id of any item of the pack (tile, option, card...)."),
    pack: Optional[Path] = typer.Option(None, "--pack", help=PACK_HELP),
    format: ListFormat = typer.Option(ListFormat.text, "--format", "-f", help="text or json."),
) -> None:
    """Show one item of a pack whole: its kind, the pack defining it and every value.

    Exit status: 0 fine, 1 invalid pack, 2 usage error (no such id).
    """
    from builder.systems.heroes.catalogue import show_items
    from builder.systems.seam import pack_command

    if (handler := pack_command(pack, "show")) is not None:
        return handler(pack, item_id, format.value)
    items = show_items(_pack(pack), item_id)
    if format is ListFormat.json:  # one item: the object; several sharing the id: a list of them
        typer.echo(json.dumps(items[0] if len(items) == 1 else items, indent=2, ensure_ascii=False))
        return
    if len(items) > 1:
        typer.echo(f"{len(items)} items have the id {item_id}: {', '.join(i['collection'] for i in items)}\n")
    typer.echo("\n\n".join("\n".join(_lines(item)) for item in items))


def register(app: typer.Typer) -> None:
    """Add ``list`` and ``show`` to the ``heroes`` app."""
    app.command(name="list")(list_command)
    app.command(name="show")(show_command)
