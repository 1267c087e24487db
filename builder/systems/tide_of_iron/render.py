"""Printable aids for Tide of Iron: scenario sheets with an SVG hex map, squad rosters,
card lists, and the pages of the static site. HTML through Jinja2 with autoescape
(templates/toi/), PDF through the project's shared writer (builder.render.pdf)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from builder.content.yaml_io import atomic_write_text
from builder.errors import HeroesError
from builder.inputs import read_json
from builder.systems.tide_of_iron.hexes import Grid
from builder.systems.tide_of_iron.pack import ToiPack

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "toi"
SIZE = 22.0  # hex radius in SVG units


def environment() -> Environment:
    return Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]),
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def _centre(grid: Grid, index: int) -> tuple[float, float]:
    row, col = divmod(index, grid.width)
    w = math.sqrt(3) * SIZE
    return (col * w + (w / 2 if row % 2 else 0) + w / 2 + 4, row * 1.5 * SIZE + SIZE + 4)


def hex_map_svg(pack: ToiPack, scenario: Any, units: bool = True) -> Markup:
    """The scenario's board: terrain fill, labels, deployment and reinforcement zones,
    objectives (C command, V victory) and, unless ``units`` is false (the replay viewer
    draws the counters as they stand), the starting units, with a terrain legend."""
    board = pack.items["boards"][scenario.board]
    terrain = {t.symbol: t for t in pack.items["terrain"].values()}
    grid = Grid(board.rows, terrain)
    nations = pack.items["nations"]
    zone: dict[int, str] = {}
    reinf: dict[int, str] = {}
    placed: dict[int, list[str]] = {}
    for side in scenario.sides:
        colour = nations[side.nation].colour if side.nation in nations else "#000000"
        for h in side.deployment:
            i = grid.parse(h)
            if i is not None:
                zone[i] = colour
        for h in side.reinforcement_zone:
            i = grid.parse(h)
            if i is not None:
                reinf[i] = colour
        for q in side.squads:
            if q.hex and grid.parse(q.hex) is not None:
                placed.setdefault(grid.parse(q.hex), []).append(q.id)  # type: ignore[arg-type]
        for v in side.vehicles:
            if grid.parse(v.hex) is not None:
                placed.setdefault(grid.parse(v.hex), []).append(v.id)  # type: ignore[arg-type]
    objectives = {grid.parse(o.hex): o for o in scenario.objectives}
    w = math.sqrt(3) * SIZE
    width = grid.width * w + w / 2 + 8
    height = grid.height * 1.5 * SIZE + SIZE / 2 + 8
    used = sorted({grid.terrain[i].id: grid.terrain[i] for i in range(grid.n)}.values(), key=lambda t: t.id)
    keys = [(t.colour, "#555555", t.name) for t in used]
    keys += [("#ffffff", nations[s.nation].colour if s.nation in nations else "#000000", f"{s.id} deployment zone")
             for s in scenario.sides]
    keys += [("#ffffff", "#ffffff", "R: reinforcement zone"), ("#ffffff", "#ffffff", "C / V: command / victory objective")]
    per_row = 3
    legend_h = 16 * ((len(keys) + per_row - 1) // per_row) + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="hexmap" viewBox="0 0 {width:.0f} {height + legend_h:.0f}" '
             f'width="{width:.0f}" height="{height + legend_h:.0f}" role="img" aria-label="map of {escape(scenario.name)}">']
    for i in range(grid.n):
        cx, cy = _centre(grid, i)
        pts = " ".join(f"{cx + SIZE * math.cos(math.radians(60 * k - 30)):.1f},"
                       f"{cy + SIZE * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
        t = grid.terrain[i]
        stroke = zone.get(i) or reinf.get(i) or "#555555"
        sw = 3 if i in zone or i in reinf else 0.7
        parts.append(f'<polygon points="{pts}" fill="{escape(t.colour)}" stroke="{escape(stroke)}" stroke-width="{sw}">'
                     f'<title>{grid.label(i)} {escape(t.name)}</title></polygon>')
        parts.append(f'<text x="{cx:.1f}" y="{cy - 10:.1f}" font-size="6" text-anchor="middle">{grid.label(i)}</text>')
        if i in reinf:
            parts.append(f'<text x="{cx - 12:.1f}" y="{cy + 3:.1f}" font-size="8" font-weight="bold">R</text>')
        obj = objectives.get(i)
        if obj is not None:
            mark = "C" if obj.kind == "command" else "V"
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="7" fill="#ffffff" stroke="#000000"/>'
                         f'<text x="{cx:.1f}" y="{cy + 3:.1f}" font-size="8" text-anchor="middle">{mark}</text>')
        if units and i in placed:
            parts.append(f'<text x="{cx:.1f}" y="{cy + 14:.1f}" font-size="5" text-anchor="middle">'
                         f'{escape(" ".join(placed[i]))}</text>')
    column = width / per_row
    for k, (fill, stroke, text) in enumerate(keys):
        x, y = 4 + (k % per_row) * column, height + 8 + 16 * (k // per_row)
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="10" height="10" fill="{escape(fill)}" '
                     f'stroke="{escape(stroke)}" stroke-width="2"/><text x="{x + 14:.0f}" y="{y + 9:.0f}" '
                     f'font-size="8">{escape(text)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def scenario_context(pack: ToiPack, scenario: Any, report: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"pack": pack, "scenario": scenario, "map": hex_map_svg(pack, scenario), "report": report,
            "figures": pack.items["figures"], "vehicles": pack.items["vehicles"], "decks": pack.items["decks"],
            "cards": pack.items["cards"], "nations": pack.items["nations"]}


def scenario_html(pack: ToiPack, scenario_id: str, report: dict[str, Any] | None = None) -> str:
    sc = pack.scenario(scenario_id)
    return environment().get_template("scenario.html.j2").render(**scenario_context(pack, sc, report), standalone=True)


def squad_rows(pack: ToiPack, squads: Any) -> list[dict[str, Any]]:
    """A roster line per squad: its figures and the numbers the engine uses for it
    (FPR summed over figures, the lowest range against infantry / vehicles (an anti-tank
    squad's base range 3 against vehicles), movement with the officer's and recon's
    +1; 004 Tide of Iron, Combat and Unit special abilities)."""
    rows = []
    for q in squads:
        figs = [(pack.items["figures"][f], n) for f, n in q.figures.items() if f in pack.items["figures"]]
        spec = pack.items["specializations"].get(q.specialization) if q.specialization else None
        mv = min((f.movement for f, _ in figs), default=0) + (1 if any(f.role.value == "officer" for f, _ in figs) else 0)
        mv += 1 if spec is not None and spec.effect == "recon" else 0
        rows.append({
            "id": q.id, "where": q.hex or f"in {q.in_vehicle}", "specialization": spec.name if spec else "",
            "figures": ", ".join(f"{n} {f.name}" for f, n in figs), "count": sum(n for _, n in figs),
            "inf": sum(f.firepower.infantry * n for f, n in figs),
            "veh": sum(f.firepower.vehicle * n for f, n in figs) + (3 if spec is not None and spec.effect == "anti-tank" else 0),
            "range": f"{min((f.range.infantry for f, _ in figs), default=0)}/"
                     f"{3 if spec is not None and spec.effect == 'anti-tank' else min((f.range.vehicle for f, _ in figs), default=0)}",
            "mv": mv,
            "heavy": any(f.heavy_weapon for f, _ in figs),
        })
    return rows


def roster_html(pack: ToiPack, army: Any, diagnostics: list[Any], display: str) -> str:
    """A squad roster: every squad and vehicle with its numbers, and the list's verdict."""
    return environment().get_template("roster.html.j2").render(
        pack=pack, army=army, squads=squad_rows(pack, army.squads), vehicles=pack.items["vehicles"],
        diagnostics=[d.format() for d in diagnostics], errors=sum(d.is_error for d in diagnostics),
        display=display, standalone=True)


def deck_html(pack: ToiPack, nation: str | None, deck_ids: list[str] | None = None) -> str:
    """The Strategy decks of a nation (or those named), card by card with their copies."""
    decks = [d for d in pack.items["decks"].values()
             if (deck_ids is not None and d.id in deck_ids) or (deck_ids is None and d.nation == nation)]
    return environment().get_template("decks.html.j2").render(pack=pack, decks=decks, nation=nation, standalone=True)


def build_site(pack: ToiPack, out: Path, reports: Path | None = None) -> list[Path]:
    """Index, one page per scenario, a units page and a cards page; links are relative
    so the site works when opened from disk."""

    env = environment()
    written = []
    report_dir = reports or pack.root / "reports"
    pages: dict[str, str] = {
        "index.html": env.get_template("index.html.j2").render(pack=pack),
        "units.html": env.get_template("units.html.j2").render(pack=pack),
        "cards.html": env.get_template("cards.html.j2").render(pack=pack),
    }
    for sc in pack.items["scenarios"].values():
        report = None
        path = report_dir / f"{sc.id}.json"
        if path.is_file():
            try:
                report = read_json(path)
            except HeroesError:
                report = None
        pages[f"scenario-{sc.id}.html"] = env.get_template("scenario.html.j2").render(
            **scenario_context(pack, sc, report), standalone=False)
    for name, html in sorted(pages.items()):
        atomic_write_text(out / name, html)
        written.append(out / name)
    return written
