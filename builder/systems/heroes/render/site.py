"""The pages of a Heroes pack's static site (``heroes site build``): one page per faction,
unit, tile, option, hero, card, board, scenario and campaign, a list per kind, the quick
reference, the abilities and the search index.

The shared site builder (builder.render.site.build) asks for them through the seam
(``GameSystem.site``: :func:`check`, then :func:`write` into the fresh folder it swaps in
whole), and hands over what only it may read: the saved balance reports.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Set
from pathlib import Path
from typing import Any

from builder.content.yaml_io import atomic_write_text
from builder.errors import HeroesError
from builder.inputs import read_json
from builder.render.env import STATIC, environment
from builder.render.verdict import report_path
from builder.systems.heroes.content.pack import Pack
from builder.systems.heroes.render.blocks import card_block, option_block, tile_block, unit_block
from builder.systems.heroes.render.reference import quick_reference
from builder.systems.heroes.render.scenario_sheet import scenario_context
from builder.systems.heroes.render.site_pages import SECTIONS, Page, linker, search_entry
from builder.systems.heroes.render.svg_map import build_grid_map
from builder.systems.heroes.validation.runner import refuse_invalid_scenarios
from builder.systems.seam import SiteRequest

STATIC_FILES = ("common.css", "site.css", "site.js")


def published(pack: Pack, packs: Set[str] | None, collection: str, item_id: str) -> bool:
    """Whether the item gets a page: every item (``packs`` None), or only those of the packs asked for."""
    origin = pack.origin(collection, item_id)
    return packs is None or origin is None or origin.pack in packs


class SiteWriter:
    """Renders pages of one pack into one folder."""

    def __init__(self, pack: Pack, root: Path, reports: Path | None, packs: Set[str] | None = None,
                 balance: Callable[[Path, str], tuple[dict[str, Any], list[dict[str, Any]]] | None] | None = None,
                 ) -> None:
        self.pack, self.root, self.reports = pack, root, reports
        self.packs = packs
        self.balance = balance
        self.env = environment()
        self.written: list[str] = []

    def published(self, collection: str, item_id: str) -> bool:
        return published(self.pack, self.packs, collection, item_id)

    def known(self, collection: str, item_id: str) -> bool:
        if collection not in self.pack.items or self.pack.get(collection, item_id) is None:
            return False
        return self.published(collection, item_id)

    def page(self, path: str, template: str, **context: Any) -> None:
        page = Page(path)
        html = self.env.get_template(template).render(
            root=page.root, link=linker(page, self.known), pack=self.pack.manifest,
            sections=self.sections(), **context,
        )
        atomic_write_text(self.root / path, html)
        self.written.append(path)

    def sections(self) -> list[dict[str, Any]]:
        counts = {c: len(self.items(c)) for c in SECTIONS}
        return [{"collection": c, "folder": folder, "title": title, "count": counts[c]}
                for c, (folder, title) in SECTIONS.items() if counts[c]]

    def items(self, collection: str) -> list[Any]:
        return sorted((i for i in self.pack.items.get(collection, {}).values() if self.published(collection, i.id)),
                      key=lambda i: (i.name.lower(), i.id))

    def report_for(self, scenario_id: str) -> Path:
        if self.reports is None:
            return report_path(self.pack.root, scenario_id)
        return self.reports / f"{scenario_id}.json"


def slot_fits(pack: Pack, tile: Any) -> list[dict[str, Any]]:
    """Per slot, the options of the tile's faction that fit it physically (size and
    bands), judged by the army checker's own rule (builder.systems.heroes.army.legality.slots)."""
    from builder.systems.heroes.army.legality.slots import slot_misfits

    options = sorted((o for o in pack.options.values() if o.faction == tile.faction), key=lambda o: (o.name, o.id))
    return [
        {"number": n, "options": [{"id": o.id, "name": o.name, "cost": o.cost, "category": o.category.value}
                                  for o in options if not slot_misfits(None, n, slot, o, tile.name)]}
        for n, slot in enumerate(tile.slots, start=1)
    ]


def campaign_page(w: SiteWriter, campaign: Any) -> dict[str, Any]:
    """A campaign's page: its scenarios in order (linked when published) with their
    consequences, and the verdict of ``reports/campaigns/<id>.json`` when a campaign
    playtest saved one (builder.campaign.playtest): under several pairings, each one's
    verdict and how robust the campaign's and each scenario's verdicts are (issue 35)."""

    from builder.systems.heroes.render.campaign_sheet import campaign_context

    context = campaign_context(campaign, w.pack)
    for step in context["steps"]:
        step["url"] = f"../scenarios/{step['id']}.html" if w.published("scenarios", step["id"]) else ""
    folder = w.reports if w.reports is not None else w.pack.root / "reports"
    saved = folder / "campaigns" / f"{campaign.id}.json"
    verdict = None
    if saved.is_file():
        try:
            data = read_json(saved)
            verdict = {"text": str(data["verdict"]), "games": int(data["games"]),
                       "pairings": [f"{p['name']}: {p['verdict']}" for p in data.get("pairings", [])
                                    if len(data["pairings"]) > 1],
                       "robustness": str(data["robustness"]["text"]) if "robustness" in data else "",
                       "scenarios": [f"{s['scenario']}: {s['robustness']['text']}"
                                     for s in data.get("scenario_robustness", [])]}
        except (HeroesError, ValueError, KeyError, TypeError):
            verdict = None  # a broken report is left out, as for scenario verdicts
    return {**context, "verdict": verdict}


def _faction_name(pack: Pack, faction_id: str) -> str:
    faction = pack.get("factions", faction_id)
    return faction.name if faction is not None else faction_id


def write_pages(w: SiteWriter) -> None:
    pack = w.pack
    for unit in w.items("units"):
        w.page(f"units/{unit.id}.html", "site/unit.html.j2", u=unit_block(unit, pack), title=unit.name)
    for tile in w.items("tiles"):
        units = [unit_block(u, pack) for g in tile.units if (u := pack.get("units", g.unit)) is not None]
        w.page(f"tiles/{tile.id}.html", "site/tile.html.j2", t=tile_block(tile, pack), title=tile.name,
               units=units, fitting=slot_fits(pack, tile))
    for option in w.items("options"):
        w.page(f"options/{option.id}.html", "site/option.html.j2", o=option_block(option, pack), title=option.name)
    for hero in w.items("heroes"):
        unit = pack.get("units", hero.unit)
        w.page(f"heroes/{hero.id}.html", "site/hero.html.j2", h=hero, title=hero.name,
               u=unit_block(unit, pack) if unit is not None else None)
    for card in w.items("cards"):
        w.page(f"cards/{card.id}.html", "site/card.html.j2", c=card_block(card), title=card.name)
    for collection in ("boards", "overlays"):
        for grid in w.items(collection):
            w.page(f"{collection}/{grid.id}.html", "site/board.html.j2", grid=grid, title=grid.name,
                   m=build_grid_map(grid, pack), kind=collection[:-1])
    for scenario in w.items("scenarios"):
        context = scenario_context(scenario, pack, w.report_for(scenario.id))
        balanced = _balance_page(w, scenario)
        w.page(f"scenarios/{scenario.id}.html", "site/scenario.html.j2", title=scenario.name,
               balance_page=balanced, **context)
    for campaign in w.items("campaigns"):
        w.page(f"campaigns/{campaign.id}.html", "site/campaign.html.j2", title=campaign.name,
               **campaign_page(w, campaign))
    for faction in w.items("factions"):
        members = {c: [i for i in w.items(c) if getattr(i, "faction", None) == faction.id]
                   for c in ("units", "tiles", "options", "heroes", "cards")}
        w.page(f"factions/{faction.id}.html", "site/faction.html.j2", f=faction, members=members, title=faction.name)
    for collection, (folder, title) in SECTIONS.items():
        rows = [_list_row(pack, collection, item) for item in w.items(collection)]
        if rows:
            w.page(f"{folder}/index.html", "site/list.html.j2", title=title, rows=rows,
                   collection=collection, facets=sorted({r["facet"] for r in rows if r["facet"]}))
    w.page("reference.html", "site/reference.html.j2", title="Quick reference", reference=quick_reference())
    w.page("abilities.html", "site/abilities.html.j2", title="Special abilities", abilities=w.items("abilities"))
    w.page("index.html", "site/index.html.j2", title=pack.manifest.name)


def _balance_page(w: SiteWriter, scenario: Any) -> str | None:
    """The page of the scenario's ``heroes balance --save`` report when one lies beside
    its playtest report (issue 26; read by the shared site builder); its file name, else None."""
    saved = w.balance(w.report_for(scenario.id), scenario.id) if w.balance is not None else None
    if saved is None:
        return None
    report, curves = saved
    name = f"{scenario.id}-balance.html"
    w.page(f"scenarios/{name}", "site/balance.html.j2", title=f"Balance: {scenario.name}", report=report,
           curves=curves)
    return name


def _list_row(pack: Pack, collection: str, item: Any) -> dict[str, str]:
    faction = getattr(item, "faction", None)
    detail = [_faction_name(pack, faction)] if faction else []
    facet = ""
    for attribute in ("type", "kind", "category"):
        value = getattr(item, attribute, None)
        if value is not None:
            facet = str(getattr(value, "value", value)).replace("_", " ")
            detail.append(facet)
            break
    if getattr(item, "cost", None) is not None:
        detail.append(f"{item.cost} pts")
    return {"id": item.id, "name": item.name, "url": f"{item.id}.html", "detail": ", ".join(detail),
            "facet": facet, "faction": faction or "",
            "search": " ".join([item.name, item.id, *detail]).lower()}


def search_index(pack: Pack, packs: Set[str] | None = None) -> str:
    """The search index as a script assigning a global (fetch() fails from file://).
    '<' is escaped so no content can close the script early. ``packs`` as in :func:`write`."""
    entries = [search_entry(c, item) for c in SECTIONS for item in
               sorted(pack.items.get(c, {}).values(), key=lambda i: i.id) if published(pack, packs, c, item.id)]
    data = json.dumps(entries, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return "window.HEROES_SEARCH = " + data.replace("<", "\\u003c").replace(">", "\\u003e") + ";\n"


def check(pack: Pack, packs: Set[str] | None) -> None:
    """Refuse, before any folder is made, a site whose scenario pages would print a
    battlefield ``heroes validate`` refuses (issue 37). ``packs`` as in :func:`write`."""
    refuse_invalid_scenarios(pack, [s for s in pack.items.get("scenarios", {}) if published(pack, packs, "scenarios", s)])


def write(request: SiteRequest) -> list[str]:
    """Write the site of ``request.pack`` into the fresh ``request.folder``: every page, the
    static files and the search index; the pages written. ``request.packs`` limits the
    pages to the items of those pack ids (a pack's own site need not republish the packs it
    depends on); None publishes everything. ``request.reports`` holds playtest reports
    (default: reports/ in the pack, else beside it)."""
    writer = SiteWriter(request.pack, request.folder, request.reports, request.packs, request.balance)
    write_pages(writer)
    (request.folder / "static").mkdir(exist_ok=True)
    for name in STATIC_FILES:
        shutil.copyfile(STATIC / name, request.folder / "static" / name)
    atomic_write_text(request.folder / "static" / "search-index.js", search_index(request.pack, request.packs))
    return writer.written
