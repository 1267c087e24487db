"""Invariants of the army checker, over armies drawn at random from the fixture pack."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.systems.heroes.army.check import check_text
from builder.systems.heroes.army.model import ArmyList, HeroEntry, SlotChoice, TileEntry
from builder.systems.heroes.army.roster import resolve
from builder.systems.heroes.army.suggest import suggest
from builder.systems.heroes.army.totals import compute
from builder.systems.heroes.army.writer import army_yaml
from builder.systems.heroes.content.loader import load_pack
from tests.conftest import FIXTURES

PACK = load_pack(FIXTURES / "army" / "pack")
TILES = sorted(PACK.tiles)
OPTIONS = sorted(PACK.options)
HEROES = sorted(PACK.heroes)


@st.composite
def armies(draw: st.DrawFn) -> ArmyList:
    """Any army the model accepts: legal or not, every id known to the pack."""
    faction = draw(st.sampled_from(["us", "de", "gb"]))
    tiles = []
    for tile_id in draw(st.lists(st.sampled_from(TILES), max_size=4)):
        slots = draw(st.lists(st.tuples(st.integers(1, 4), st.sampled_from(OPTIONS)), max_size=4))
        tiles.append(TileEntry(tile=tile_id, options=[SlotChoice(slot=s, option=o) for s, o in slots]))
    heroes = [HeroEntry(hero=h, options=draw(st.lists(st.sampled_from(OPTIONS), max_size=1)))
              for h in draw(st.lists(st.sampled_from(HEROES), max_size=2))]
    return ArmyList(name="random", faction=faction, points=draw(st.integers(0, 800)), tiles=tiles, heroes=heroes)


def parts(army: ArmyList) -> int:
    """The points of an army, added up straight from the pack."""
    total = 0
    for entry in army.tiles:
        total += PACK.tiles[entry.tile].cost + sum(PACK.options[c.option].cost for c in entry.options)
    for hero in army.heroes:
        total += PACK.heroes[hero.hero].cost + sum(PACK.options[o].cost for o in hero.options)
    return total


@given(armies())
@settings(max_examples=150, deadline=None)
def test_points_total_is_the_sum_of_its_parts(army: ArmyList) -> None:
    totals = compute(resolve(army, PACK))
    assert totals.spent == parts(army)
    assert totals.left == totals.budget - totals.spent  # type: ignore[operator]


@given(armies(), st.data())
@settings(max_examples=150, deadline=None)
def test_adding_an_option_never_lowers_the_cost(army: ArmyList, data: st.DataObject) -> None:
    if not army.tiles:
        army.tiles.append(TileEntry(tile=data.draw(st.sampled_from(TILES))))
    before = compute(resolve(army, PACK)).spent
    index = data.draw(st.integers(0, len(army.tiles) - 1))
    option = data.draw(st.sampled_from(OPTIONS))
    army.tiles[index].options.append(SlotChoice(slot=data.draw(st.integers(1, 4)), option=option))
    after = compute(resolve(army, PACK)).spent
    assert after >= before
    assert after - before == PACK.options[option].cost


@given(armies())
@settings(max_examples=100, deadline=None)
def test_the_checker_never_raises(army: ArmyList) -> None:
    report = check_text(army_yaml(army, PACK), PACK)
    assert report.summary is not None
    assert all(d.line >= 1 for d in report.diagnostics)


@given(st.sampled_from(["us", "de"]), st.integers(60, 700), st.integers(0, 10_000))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_suggest_output_always_passes_check(faction: str, points: int, seed: int) -> None:
    army = suggest(PACK, faction, points, seed)
    report = check_text(army_yaml(army, PACK), PACK)
    assert report.ok, "\n".join(d.format() for d in report.errors)
    assert report.summary is not None and report.summary.totals.spent <= points + report.summary.totals.bonus


def test_suggest_is_deterministic_and_spends_the_budget() -> None:
    first = army_yaml(suggest(PACK, "de", 300, 7), PACK)
    assert first == army_yaml(suggest(PACK, "de", 300, 7), PACK)
    report = check_text(first, PACK)
    assert report.ok and report.summary is not None
    assert report.summary.totals.left is not None and report.summary.totals.left <= 10


VALID = (FIXTURES / "army" / "lists" / "alliance-deck-legal.yaml").read_text()


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_mangled_files_give_located_diagnostics_never_exceptions(data: st.DataObject) -> None:
    """Delete, duplicate or garble lines of a valid list: the checker always answers."""
    lines = VALID.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["delete", "duplicate", "garble", "indent"]))
        if action == "delete" and len(lines) > 1:
            del lines[i]
        elif action == "duplicate":
            lines.insert(i, lines[i])
        elif action == "garble":
            lines[i] = data.draw(st.text(alphabet="ab-:[]{}#'\" 1\t", max_size=30))
        else:
            lines[i] = "  " + lines[i]
    report = check_text("\n".join(lines) + "\n", PACK, "mangled.yaml")
    for d in report.diagnostics:
        assert d.file == "mangled.yaml" and d.line >= 1 and d.code


@given(st.text(max_size=200))
@settings(max_examples=200, deadline=None)
def test_any_text_is_answered(text: str) -> None:
    report = check_text(text, PACK, "any.yaml")
    assert report.ok or report.diagnostics
