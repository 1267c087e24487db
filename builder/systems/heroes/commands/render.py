"""``heroes render`` on the Heroes System: rosters, scenario sheets, campaign sheets,
deck lists and card sheets, as HTML or PDF (chosen by the output file's suffix).
builder/cli/render.py parses the options and hands over here through the seam; the
signatures are Tide of Iron's (builder.systems.tide_of_iron.cli) where it prints the same
document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.errors import InvalidInputError, UsageError


def _pack(path: Path | None, army: Path | None = None) -> Any:
    """The pack, through the pack disk cache (builder.systems.heroes.content.pack_cache;
    HEROES_NO_CACHE=1 bypasses it); for an army list without --pack, the pack its ``pack:``
    key names (builder.content.search)."""
    from builder.content.search import army_pack
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    return load_pack_cached(army_pack(army, path))


def _write(html: str, out: Path, paper: Any) -> None:
    from builder.render.pdf import write_document

    write_document(html, out, paper)
    print(f"wrote {out}")  # print, not typer.echo: the roster's fast path never imports Typer


def render_roster(army: Path, pack: Path | None, out: Path, paper: Any) -> None:
    """A roster: tiles, both sides of every unit, options, heroes, totals, deck and the
    legality verdict (an illegal army prints with its diagnostics)."""
    from builder.systems.heroes.content.loader import display_path
    from builder.systems.heroes.render.roster import render_roster_html

    loaded = _pack(pack, army)
    _write(render_roster_html(army, loaded, display_path(army)), out, paper)


def render_scenario(pack: Path | None, scenario_id: str, out: Path, paper: Any, report: Path | None) -> None:
    """A scenario sheet of a scenario id, or of a scenario file (``heroes campaign next``)."""
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


def render_campaign(pack: Path | None, campaign_id: str, out: Path, paper: Any, record: Any = None) -> None:
    """A campaign sheet; ``record``, a campaign record checked by the campaign service
    (builder.campaign) against ``pack``, the pack it names, fills the Campaign Report grid."""
    from builder.systems.heroes.render.campaign_sheet import render_campaign_html

    _write(render_campaign_html(_pack(pack), campaign_id, record), out, paper)


def _army_deck(army: Path) -> tuple[str, list[tuple[str, int]]]:
    from builder.systems.heroes.army.loading import read_army

    file = read_army(army)
    if file.army is None:
        raise InvalidInputError(f"{army}: the army list cannot be read", file.diagnostics)
    if file.army.deck is None:
        raise UsageError(f"{army} has no deck yet; add a 'deck:' list or use --faction")
    return file.army.name, [(e.card, e.copies) for e in file.army.deck]


def render_deck(army: Path | None, faction: str | None, pack: Path | None, out: Path, paper: Any) -> None:
    """A deck list: an army's deck, or every card of a faction at its printed copies."""
    from builder.systems.heroes.render.cards import deck_lines, pool_deck, render_deck_html

    loaded = _pack(pack, army)
    if (army is None) == (faction is None):
        raise UsageError("give either an army file or --faction")
    if army is not None:
        title, entries = _army_deck(army)
        deck_list = deck_lines(entries, loaded)
    else:
        title, deck_list = f"{faction} cards", pool_deck(loaded, faction)
    _write(render_deck_html(title, deck_list, loaded), out, paper)


def render_cards(army: Path | None, faction: str | None, pack: Path | None, out: Path, paper: Any,
                 reference: bool) -> None:
    """Print-and-play card sheets with the quick-reference card: an army's deck, a
    faction's cards, or every card of the pack."""
    from builder.systems.heroes.render.cards import faction_cards, render_cards_html

    loaded = _pack(pack, army)
    if army is not None:
        title, entries = _army_deck(army)
    else:
        title = f"{faction} cards" if faction else f"{loaded.manifest.name} cards"
        entries = [(c.id, c.copies) for c in faction_cards(loaded, faction)]
    _write(render_cards_html(entries, loaded, title, reference), out, paper)
