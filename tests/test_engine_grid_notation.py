"""The board and the content read one square notation (builder.notation), so that the
geometry layer imports no content model. These tests keep the two readings alike, so that
a square named in a pack is the square the engine plays."""

from __future__ import annotations

import pytest

from builder.systems.heroes.content.models.terrain import square_to_xy, xy_to_square
from builder.systems.heroes.board.grid import GridError, column_name, parse_square


@pytest.mark.parametrize("x", [0, 1, 25, 26, 27, 51, 52, 701])
@pytest.mark.parametrize("y", [0, 8, 99, 998])
def test_the_board_and_the_content_name_squares_alike(x: int, y: int) -> None:
    name = xy_to_square(x, y)
    assert f"{column_name(x)}{y + 1}" == name
    assert parse_square(name) == square_to_xy(name) == (x, y)


@pytest.mark.parametrize("bad", ["", "4C", "c4", "A0", "AAA1", "A1000"])
def test_a_name_the_content_refuses_the_board_refuses(bad: str) -> None:
    with pytest.raises(ValueError):
        square_to_xy(bad)
    with pytest.raises(GridError):
        parse_square(bad)
