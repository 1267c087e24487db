"""``heroes list KIND`` and ``heroes show ID`` on a Heroes System pack: the rows of
builder.systems.heroes.catalogue, the pack loaded through the pack cache as ``heroes
army`` loads it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from builder.content.paths import BUNDLED_CONTENT

if TYPE_CHECKING:
    from builder.systems.heroes.content.pack import Pack


def _pack(path: Path | None) -> Pack:
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    return load_pack_cached(path or BUNDLED_CONTENT / "core")


def list_items(pack: Path | None, kind: str, faction: str | None, fmt: str) -> None:
    """``heroes list KIND``: id, name, faction, cost and what fits where, as a table or JSON rows."""
    from builder.systems.heroes.catalogue import list_items as rows_of

    rows = rows_of(_pack(pack), kind, faction)
    if fmt == "json":
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


def show_item(pack: Path | None, item_id: str, fmt: str) -> None:
    """``heroes show ID``: every item of the pack with that id, whole (one: the object in
    JSON; several sharing the id: a list of them)."""
    from builder.systems.heroes.catalogue import show_items

    items = show_items(_pack(pack), item_id)
    if fmt == "json":
        typer.echo(json.dumps(items[0] if len(items) == 1 else items, indent=2, ensure_ascii=False))
        return
    if len(items) > 1:
        typer.echo(f"{len(items)} items have the id {item_id}: {', '.join(i['collection'] for i in items)}\n")
    typer.echo("\n\n".join("\n".join(_lines(item)) for item in items))
