"""Victory conditions in words, and the battlefield map's geometry (rotation,
overlays, zones, arrows, coordinates)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.scenario import VictoryLevel
from builder.systems.heroes.render.coords import (
    column_index, column_name, parse_area, parse_square, rotate_cell, rotate_side, rotated_size,
)
from builder.systems.heroes.render.svg_map import CELL, MARGIN, build_map
from builder.systems.heroes.render.words import Namer, condition_in_words, join, turns_in_words, victory_in_words

PACK = Path(__file__).resolve().parent / "fixtures" / "render" / "pack"


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK)


@pytest.fixture(scope="module")
def names(pack):
    return Namer(pack.scenarios["hedgerow-fight"], pack)


def level(data: dict) -> VictoryLevel:
    return VictoryLevel.model_validate(data)


@pytest.mark.parametrize(("when", "words"), [
    ({"controls": {"side": "us", "objectives": ["farm"]}}, "8th Infantry controls objective farm"),
    ({"controls": {"side": "de", "objectives": ["farm", "wood"]}}, "German controls all of objectives farm and wood"),
    ({"controls": {"side": "us", "kind": "primary", "at_least": 2}}, "8th Infantry controls at least 2 of the primary objectives"),
    ({"controls": {"side": "us", "at_most": 1}}, "8th Infantry controls at most 1 of the objectives"),
    ({"victory_points": {"side": "de", "more_than_opponent": True}}, "German has more victory points than the opponent"),
    ({"victory_points": {"side": "de", "at_least": 4, "more_than_opponent": True}},
     "German has at least 4 victory points and has more victory points than the opponent"),
    ({"destroyed": {"unit": "de-recon-group", "side": "de"}}, "German's Recon Group has been eliminated"),
    ({"controls": {"side": "de", "kind": "secondary", "at_most": 0}}, "German controls none of the secondary objectives"),
    ({"no_units": "us"}, "8th Infantry has no units left"),
    ({"not": {"no_units": "us"}}, "it is not the case that 8th Infantry has no units left"),
    ({"any": [{"no_units": "us"}, {"no_units": "de"}]}, "8th Infantry has no units left or German has no units left"),
])
def test_conditions_in_words(names, when: dict, words: str) -> None:
    assert condition_in_words(level({"level": "minor", "winner": "us", "when": when}).when, names) == words


def test_levels_in_words(names) -> None:
    assert victory_in_words(level({"level": "draw", "when": {"otherwise": True}}), names) == {
        "title": "Draw", "condition": "Otherwise.", "text": ""}
    major = level({"level": "major", "winner": "de", "when": {"no_units": "us"}, "text": "Crushed."})
    assert victory_in_words(major, names)["title"] == "Major victory for German"
    assert victory_in_words(major, names, perspective="us")["title"] == "Major defeat"
    assert victory_in_words(major, names, perspective="de")["title"] == "Major victory"


def test_small_words() -> None:
    assert join(["a"]) == "a" and join(["a", "b", "c"], "or") == "a, b or c"
    assert turns_in_words([4, 2, 2]) == "Turns 2 and 4" and turns_in_words([3]) == "Turn 3"


@given(st.integers(0, 700))
def test_column_names_round_trip(index: int) -> None:
    assert column_index(column_name(index)) == index


@given(st.integers(1, 8), st.integers(1, 8), st.sampled_from([0, 90, 180, 270]), st.data())
def test_rotation_is_a_bijection_onto_the_rotated_grid(height: int, width: int, rotation: int, data) -> None:
    cells = {rotate_cell(r, c, height, width, rotation) for r in range(height) for c in range(width)}
    h, w = rotated_size(height, width, rotation)
    assert cells == {(r, c) for r in range(h) for c in range(w)}
    side = data.draw(st.sampled_from("nesw"))
    assert rotate_side(rotate_side(side, rotation), (360 - rotation) % 360) == side


def test_square_and_area_parsing() -> None:
    assert parse_square("C4") == (3, 2) and parse_square("AA10") == (9, 26)
    assert parse_area("D3:A1") == (0, 0, 2, 3)
    with pytest.raises(ValueError):
        parse_square("c4")


def test_the_hedgerow_fight_battlefield(pack, names) -> None:
    m = build_map(pack.scenarios["hedgerow-fight"], pack, names.sides)
    assert (m.rows, m.cols) == (8, 6)
    # board-b is rotated 180 at A5: its forested bottom-right corner lands top-left.
    forest = [r for r in m.runs if r["terrain"] == "Forest" and r["y"] == MARGIN + 4 * CELL]
    assert forest and forest[0]["x"] == MARGIN and forest[0]["w"] == 2 * CELL
    # the farmhouse overlay covers D5, E5, D6 and leaves E6 to the board.
    floor = {(r["x"], r["y"]) for r in m.runs if r["terrain"] == "Building floor"}
    assert floor == {(MARGIN + 3 * CELL, MARGIN + 4 * CELL), (MARGIN + 3 * CELL, MARGIN + 5 * CELL)}
    assert [o["name"] for o in m.outlines] == ["Farmhouse"] and len(m.outlines[0]["openings"]) == 2
    assert m.zones[0]["w"] == 6 * CELL and m.zones[0]["label"] == "8th Infantry"
    assert m.entries[0]["square"] == "A3" and m.entries[0]["angle"] == 0  # from the west edge, pointing east
    assert [(o["id"], o["kind"]) for o in m.objectives] == [("farm", "primary"), ("wood", "secondary")]
    assert [c["label"] for c in m.columns] == list("ABCDEF") and m.row_labels[-1]["label"] == "8"
    assert m.edges and m.edges[0]["kind"] == "wall"


class _Text(__import__("html.parser").parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:  # type: ignore[no-untyped-def]
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40))
def test_any_unit_name_renders_as_text(pack, name: str) -> None:
    from builder.systems.heroes.render.blocks import unit_block
    from builder.render.env import render

    unit = pack.units["us-sherman"].model_copy(update={"name": name})
    html = render("site/unit.html.j2", u=unit_block(unit, pack), title="t", root="../",
                  link=lambda c, i: None, pack=pack.manifest, sections=[])
    parser = _Text()
    parser.feed(html)
    assert parser.tags.count("script") == 2  # the site's own two scripts, nothing injected
    assert name.strip() in "".join(parser.text) or not name.strip()
