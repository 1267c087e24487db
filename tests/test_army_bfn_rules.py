"""Battle for Normandy army rules (issue 38), from 003's wording:

- "Aircraft Units are recruited with Orders Options"; the Aircraft option "allows you to
  recruit 1 or 2 aircraft" (Recruitment Options > Orders Options > Aircraft; Aviation Rules
  > Aircraft Units): an aircraft tile needs an Aircraft option, an Aircraft option needs
  an aircraft tile, and one option recruits at most two.
- "The Support Tile is only used in scenarios" and "the details of the Support Tile are
  explained in each scenario" (Recruitment Options > Support Tile): a support tile only
  where the list's scenario grants it.
"""

# Codes exercised here: A436 (support tile), A437 (aircraft tile), A438 (Aircraft option).

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from builder.systems.heroes.army.check import check_text
from builder.systems.heroes.army.legality.aviation import A_AIRCRAFT_OPTION, A_AIRCRAFT_TILE, EFFECT_KEY
from builder.systems.heroes.army.legality.support import A_SUPPORT_TILE
from builder.systems.heroes.army.suggest import suggest, suggest_for
from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.systems.heroes.content.vocabulary import TileKind

BFN = BUNDLED_CONTENT / "bfn"


@pytest.fixture(scope="module")
def bfn():  # type: ignore[no-untyped-def]
    return load_pack_cached(BFN)


def _list(*tiles: str, scenario: str = "", points: int = 600) -> str:
    head = "name: T\npack: bfn\nfaction: cw\n" + (f"scenario: {scenario}\nside: cw\n" if scenario
                                                    else f"points: {points}\n")
    return head + "tiles:\n" + "".join(tiles)


HIGH_COMMAND = "  - tile: cw-high-command\n    options:\n" + "      - {{slot: 1, option: cw-aircraft}}\n"
INFANTRY = "  - tile: cw-north-nova-scotia\n"


def _codes(report) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(d.code, d.line) for d in report.diagnostics if d.is_error]


def test_an_aircraft_tile_without_an_aircraft_option_is_illegal_and_located(bfn) -> None:  # type: ignore[no-untyped-def]
    text = _list(INFANTRY, "  - tile: cw-spitfire\n")
    report = check_text(text, bfn, "a.yaml")
    assert (A_AIRCRAFT_TILE, 7) in _codes(report)  # the aircraft tile's own line
    assert "Aircraft" in next(d for d in report.diagnostics if d.code == A_AIRCRAFT_TILE).rule


def test_an_aircraft_option_without_an_aircraft_is_illegal_and_located(bfn) -> None:  # type: ignore[no-untyped-def]
    report = check_text(_list(INFANTRY, HIGH_COMMAND.format()), bfn, "a.yaml")
    assert (A_AIRCRAFT_OPTION, 9) in _codes(report)  # the option's line in the slot list


@pytest.mark.parametrize("planes,illegal", [(1, False), (2, False), (3, True)])
def test_one_aircraft_option_recruits_one_or_two_aircraft(bfn, planes: int, illegal: bool) -> None:  # type: ignore[no-untyped-def]
    tiles = ["  - tile: cw-spitfire\n", "  - tile: cw-hawker-typhoon\n", "  - tile: cw-spitfire\n"][:planes]
    report = check_text(_list(INFANTRY, HIGH_COMMAND.format(), *tiles, points=900), bfn, "a.yaml")
    codes = {c for c, _ in _codes(report)}
    assert (A_AIRCRAFT_TILE in codes) is illegal
    assert A_AIRCRAFT_OPTION not in codes


def test_a_support_tile_in_a_free_list_is_illegal(bfn) -> None:  # type: ignore[no-untyped-def]
    text = "name: T\npack: bfn\nfaction: de\npoints: 300\ntiles:\n  - tile: de-support-flak-88\n"
    report = check_text(text, bfn, "s.yaml")
    assert (A_SUPPORT_TILE, 6) in _codes(report)


def test_a_support_tile_the_scenario_grants_is_legal(bfn) -> None:  # type: ignore[no-untyped-def]
    text = ("name: T\npack: bfn\nfaction: de\nscenario: trading-blows\nside: de\ntiles:\n"
            "  - tile: de-support-flak-88\n")
    assert A_SUPPORT_TILE not in {c for c, _ in _codes(check_text(text, bfn, "s.yaml"))}
    other = text.replace("trading-blows", "zuruck")
    assert A_SUPPORT_TILE in {c for c, _ in _codes(check_text(other, bfn, "s.yaml"))}


def test_the_bug_report_list_is_now_illegal(bfn) -> None:  # type: ignore[no-untyped-def]
    """issue 38: three 0-point Aircraft options on an officer with no aircraft tile."""
    text = ("name: T\npack: bfn\nfaction: de\nscenario: clash\nside: de\ntiles:\n"
            "  - tile: de-major-hans-gruber\n    options:\n"
            + "".join(f"      - {{slot: {n}, option: de-aircraft}}\n" for n in (1, 2, 3)))
    codes = _codes(check_text(text, bfn, "s.yaml"))
    assert [c for c, _ in codes].count(A_AIRCRAFT_OPTION) == 3


@given(seed=st.integers(0, 2**32), faction=st.sampled_from(["cw", "de"]), points=st.integers(250, 700))
@settings(max_examples=12, deadline=None)
def test_suggest_never_pads_with_options_that_bring_nothing(seed: int, faction: str, points: int) -> None:
    pack = load_pack_cached(BFN)
    army = suggest(pack, faction, points, seed=seed, restarts=8)
    options = [c.option for t in army.tiles for c in t.options]
    aircraft_options = sum(pack.options[o].effect_key == EFFECT_KEY for o in options)
    planes = sum(pack.tiles[t.tile].kind is TileKind.AIRCRAFT for t in army.tiles)
    assert aircraft_options <= planes <= 2 * aircraft_options
    assert not any(pack.tiles[t.tile].kind is TileKind.SUPPORT for t in army.tiles)


def test_suggest_for_the_reported_command_is_legal_without_aircraft_padding(bfn) -> None:  # type: ignore[no-untyped-def]
    army = suggest_for(bfn, scenario="clash", side="de")
    report = check_text(army.model_dump_json(exclude_defaults=True), bfn, "s.yaml")
    assert report.ok, [d.format() for d in report.diagnostics]


def test_the_web_tile_menu_offers_support_tiles_only_where_granted(bfn) -> None:  # type: ignore[no-untyped-def]
    from builder.web.army_view import army_view
    from builder.web.workbench import Bench

    free = army_view(Bench.new(bfn, faction="de", points=300))
    assert "de-support-flak-88" not in {c["id"] for c in free["tile_choices"]}
    granted = army_view(Bench.new(bfn, scenario="trading-blows", side="de"))
    assert "de-support-flak-88" in {c["id"] for c in granted["tile_choices"]}
    assert re.search(r"de-focke-wulf", " ".join(c["id"] for c in free["tile_choices"]))  # aircraft stay offered
