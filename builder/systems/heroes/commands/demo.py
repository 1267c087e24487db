"""``heroes demo`` on the Heroes System: the main job on the bundled content, saying what
it wrote.

It validates the bundled pack, then writes a roster PDF (for the bundled Family Meeting 1
example army, or an army the seeded ``suggest`` of builder.systems.heroes.army builds,
saved beside it as YAML), a scenario sheet PDF and the pack's static site (through the
system's own ``site_builder``, builder.systems.seam), and prints where each one is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from builder.content.paths import BUNDLED_CONTENT

EXAMPLE_ARMY = BUNDLED_CONTENT.parent / "examples" / "armies" / "family-meeting-1-us.yaml"
DEMO_FACTION = "us"
DEMO_POINTS = 200
DEMO_SCENARIOS = ("family-meeting-1", "clash")


def demo(out: Path) -> None:
    """Validate the bundled pack and write the demo outputs into ``out``."""
    from builder.content.yaml_io import atomic_write_text
    from builder.diagnostics import format_json
    from builder.systems.heroes.validation import validate_pack

    report = validate_pack(BUNDLED_CONTENT / "core")
    path = out / "validation.json"
    atomic_write_text(path, format_json(report.diagnostics, summary=report.summary()) + "\n")
    typer.echo(f"validated {report.path}: {'valid' if report.ok else 'INVALID'}")
    typer.echo(f"wrote {path}")
    if report.ok and report.pack is not None:
        _printables(report.pack, out)
    raise typer.Exit(0 if report.ok else 1)


def _demo_army(pack: Any, out: Path) -> Path:
    """The bundled example army for Family Meeting 1 when it exists; else a suggested
    legal army, or when the pack cannot make one yet, its cheapest tile alone (the
    roster then prints why it is not legal)."""
    if EXAMPLE_ARMY.is_file():
        return EXAMPLE_ARMY
    from builder.content.schema_store import schema_for
    from builder.content.yaml_io import atomic_write_text
    from builder.errors import UsageError
    from builder.systems.heroes.army.model import ArmyList, TileEntry
    from builder.systems.heroes.army.suggest import suggest
    from builder.systems.heroes.army.writer import army_yaml

    try:
        army = suggest(pack, DEMO_FACTION, DEMO_POINTS, seed=1)
    except UsageError as exc:
        typer.echo(f"note: {exc}; the demo roster holds one tile and shows what is missing")
        tiles = sorted((t for t in pack.tiles.values() if t.faction == DEMO_FACTION), key=lambda t: (t.cost, t.id))
        army = ArmyList(name=f"Demo {DEMO_FACTION} army", faction=DEMO_FACTION, points=DEMO_POINTS,
                        tiles=[TileEntry(tile=t.id) for t in tiles[:1]])
    path = out / f"army-{DEMO_FACTION}.yaml"
    atomic_write_text(path, army_yaml(army, pack, schema=schema_for("army", path.parent)))
    return path


def _printables(pack: Any, out: Path) -> None:
    from builder.render.pdf import write_document
    from builder.systems.heroes import HEROES
    from builder.systems.heroes.content.loader import display_path
    from builder.systems.heroes.render.roster import render_roster_html
    from builder.systems.heroes.render.scenario_sheet import render_scenario_html

    army = _demo_army(pack, out)
    typer.echo(f"{'wrote' if army.parent == out else 'army list'} {display_path(army)}")
    roster = write_document(render_roster_html(army, pack, display_path(army)), out / f"roster-{army.stem}.pdf")
    typer.echo(f"wrote {roster}")
    scenario_id = next((s for s in DEMO_SCENARIOS if s in pack.scenarios), next(iter(sorted(pack.scenarios)), None))
    if scenario_id is not None:
        sheet = write_document(render_scenario_html(pack.scenarios[scenario_id], pack),
                               out / f"scenario-{scenario_id}.pdf")
        typer.echo(f"wrote {sheet}")
    site = out / "site"
    pages = HEROES.site_builder(pack, site)
    typer.echo(f"wrote {site}/ ({len(pages)} pages); open {site / 'index.html'}")
