"""Readable tables for ``heroes army show`` and ``heroes army options`` (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from builder.systems.heroes.army.check import ArmyReport
from builder.systems.heroes.army.options import SlotReport
from builder.systems.heroes.army.roster import HIGH_COMMAND
from builder.systems.heroes.army.totals import MAX_BLUFFS, MAX_SPECIAL_ORDERS
from builder.diagnostics import format_text
from builder.render.console import table_console


def render(report: ArmyReport, console: Console | None = None) -> None:
    console = console or table_console()
    roster, summary = report.roster, report.summary
    assert roster is not None and summary is not None
    t = summary.totals
    army = roster.army
    console.print(f"[bold]{escape(army.name)}[/bold]  ({army.faction or 'alliance'})")
    table = Table(title="Recruitment", show_lines=False)
    for column in ("tile / option", "slot", "cost"):
        table.add_column(column, justify="right" if column != "tile / option" else "left")
    if roster.is_alliance:
        table.add_column("player")

    def owner(force: int) -> tuple[str, ...]:
        if not roster.is_alliance:
            return ()
        return ("shared",) if force == HIGH_COMMAND else (escape(roster.forces[force].player),)

    for tile in roster.tiles:
        table.add_row(f"[bold]{escape(tile.name)}[/bold]", "", str(tile.cost), *owner(tile.force))
        for placed in sorted(tile.options, key=lambda o: o.slot or 0):
            table.add_row(f"  {escape(placed.name)}", str(placed.slot), str(placed.cost), *owner(tile.force))
    for hero in roster.heroes:
        table.add_row(f"[bold]{escape(hero.name)}[/bold] (hero)", "", str(hero.cost), *owner(hero.force))
        for placed in hero.options:
            table.add_row(f"  {escape(placed.name)}", "", str(placed.cost), *owner(hero.force))
    for placed in roster.support:
        table.add_row(f"{escape(placed.name)} (support tile)", "", "0", *(("",) if roster.is_alliance else ()))
    console.print(table)
    budget = "no budget" if t.budget is None else f"{t.budget}" + (f" (incl. +{t.bonus} bonus)" if t.bonus else "")
    lines = [
        f"points used {t.spent} of {budget}; left {t.left if t.left is not None else '-'}",
        f"order tokens {t.order_tokens} (stars {t.stars}); special orders {min(t.special_orders, MAX_SPECIAL_ORDERS)};"
        f" bluffs {min(t.bluffs, MAX_BLUFFS)}",
    ]
    if t.opponent_assault_bonus:
        lines.append(f"Nazi Basterds: the opponent gets +{t.opponent_assault_bonus} in assaults against this army")
    for f in t.forces if len(t.forces) > 1 else []:
        lines.append(f"  {escape(f.name)}: {f.spent} of {f.budget} points")
    if t.high_command_cost:
        lines.append(f"  high command: {t.high_command_cost} points, shared by the players")
    for line in lines:
        console.print(line)
    units = Table(title="Units by type")
    units.add_column("type")
    units.add_column("units", justify="right")
    for kind, count in summary.by_type.items():
        units.add_row(kind.replace("_", " "), str(count))
    console.print(units)
    if summary.breaking_points:
        bp = Table(title="Breaking points")
        for column in ("tile or option", "units lost", "VP to the opponent"):
            bp.add_column(column)
        for b in summary.breaking_points:
            bp.add_row(escape(b.holder), str(b.units), str(b.victory_points))
        console.print(bp)
    if summary.served:
        eq = Table(title="Equipment and traits: who uses them")
        for column in ("option", "on", "tokens", "units"):
            eq.add_column(column)
        for s in summary.served:
            names = sorted({u.name for u in s.units})
            eq.add_row(escape(s.name), escape(s.holder), str(s.tokens or "-"),
                       ("whole army: " if s.army_wide else "") + escape(", ".join(names) or "none"))
        console.print(eq)
    if report.diagnostics:
        console.print(format_text(report.diagnostics), markup=False)
    console.print("[green]legal[/green]" if report.ok else f"[red]illegal: {len(report.errors)} error(s)[/red]")


def render_slot(result: SlotReport, console: Console | None = None) -> None:
    console = console or table_console()
    console.print(f"slot {result.slot} of '{escape(result.tile)}': size {result.size}, "
                  f"bands {', '.join(result.bands)}" + (f"; holds '{result.current}'" if result.current else "; empty")
                  + (f"; {result.left} points left" if result.left is not None else ""))
    table = Table()
    for column in ("id", "option", "category", "cost", "verdict"):
        table.add_column(column, no_wrap=column == "id", overflow="fold")
    for c in result.candidates:
        verdict = ("[green]fits[/green]" + (f" ({escape(c.note)})" if c.note else "")) if c.fits \
            else escape("; ".join(c.reasons))
        table.add_row(c.option, escape(c.name), c.category, str(c.cost), verdict)
    console.print(table)
