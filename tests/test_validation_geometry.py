"""Battlefield geometry and the fast YAML path agree with their definitions."""

from __future__ import annotations

import io
import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from builder.systems.heroes.content.geometry import Battlefield, format_square, parse_area, parse_square, place, to_local
from builder.content.yaml_io import parse_yaml


def test_squares_round_trip() -> None:
    assert parse_square("A1") == (0, 0) and parse_square("C4") == (2, 3) and parse_square("AA10") == (26, 9)
    assert format_square(26, 9) == "AA10"
    assert parse_area("D3:A1").label() == "A1:D3"
    with pytest.raises(ValueError):
        parse_square("a1")


def test_overlap_and_intersection() -> None:
    a, b = parse_area("A1:B4"), parse_area("B3:L4")
    assert a.overlaps(b) and a.intersection(b).label() == "B3:B4"  # type: ignore[union-attr]
    assert parse_area("A1:B2").intersection(parse_area("C3")) is None


def test_rotation_turns_the_board_clockwise() -> None:
    rows = ["ab", "cd", "ef"]  # 2 wide, 3 high
    turned = place("x", rows, "A1", 90)
    assert (turned.rect.width, turned.rect.height) == (3, 2)
    # clockwise: the left column (a c e), read bottom to top, becomes the top row
    assert [turned.char_at((x, 0)) for x in range(3)] == ["e", "c", "a"]
    upside = place("x", rows, "B2", 180)
    assert upside.char_at((1, 1)) == "f" and upside.char_at((2, 3)) == "a"
    assert [place("x", rows, "A1", 270).char_at((x, 0)) for x in range(3)] == ["b", "d", "f"]


@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from([0, 90, 180, 270]))
def test_rotation_is_a_bijection(width: int, height: int, rotation: int) -> None:
    w, h = (height, width) if rotation % 180 else (width, height)
    seen = {to_local(x, y, width, height, rotation) for x in range(w) for y in range(h)}
    assert seen == {(x, y) for x in range(width) for y in range(height)}


def test_battlefield_is_the_union_of_boards() -> None:
    field = Battlefield((place("a", ["..."] * 2, "A1", 0), place("b", ["..."] * 2, "A3", 0)))
    assert field.contains(parse_square("C4")) and not field.contains(parse_square("D1"))
    assert field.extent().label() == "A1:C4"  # type: ignore[union-attr]


_keys = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_-", min_size=1, max_size=8)
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                     st.floats(allow_nan=False, allow_infinity=False, width=32),
                     # libyaml, like YAML 1.1, refuses plain scalars starting with ':' (see fast_yaml)
                     st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)
                     .filter(lambda t: not t.startswith(":")),
                     st.sampled_from(["on", "no", "yes", "off", "1944-06-06", "0o17", "0x1F", "1_000", "X"]))
_data = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(_keys, inner, max_size=4)), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(_data)
def test_fast_path_reads_what_ruamel_reads(value: object) -> None:
    """The libyaml-based fast path and ruamel's YAML 1.2 safe loader agree."""
    out = io.StringIO()
    YAML(typ="safe", pure=True).dump({"doc": value}, out)
    text = out.getvalue()
    try:
        expected = YAML(typ="safe", pure=True).load(text)
    except YAMLError:
        assume(False)  # ruamel cannot read back its own output (e.g. '?0' left unquoted in flow style)
    got = parse_yaml(text)

    def same(a: object, b: object) -> bool:
        if isinstance(a, float) and isinstance(b, float):
            return a == b or (math.isnan(a) and math.isnan(b))
        if isinstance(a, dict) and isinstance(b, dict):
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if hasattr(b, "isoformat"):
            return a == b.isoformat()  # ruamel reads timestamps as dates; content keeps text
        return type(a) is type(b) and a == b

    assert same(got, expected), (text, got, expected)


@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from([0, 90, 180, 270]), st.data())
def test_to_rotated_inverts_to_local(width: int, height: int, rotation: int, data: st.DataObject) -> None:
    from builder.systems.heroes.content.geometry import to_rotated

    x = data.draw(st.integers(0, width - 1))
    y = data.draw(st.integers(0, height - 1))
    assert to_local(*to_rotated(x, y, width, height, rotation), width, height, rotation) == (x, y)
