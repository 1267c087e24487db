"""Bitboards (builder.systems.heroes.board.bitboard): listing a board's squares, whatever its size
and however many squares it holds, against the plain definition."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.systems.heroes.board.bitboard import board_of, select, squares


@given(st.sets(st.integers(min_value=0, max_value=1500), max_size=120))
def test_squares_lists_every_set_bit_in_ascending_order(chosen: set[int]) -> None:
    board = board_of(chosen)
    assert squares(board) == sorted(chosen)
    assert squares(board) == [sq for sq in range(board.bit_length()) if board >> sq & 1]


@given(st.sets(st.integers(min_value=0, max_value=383), max_size=384))
def test_select_picks_the_items_of_the_board_squares(chosen: set[int]) -> None:
    items = [f"square {sq}" for sq in range(384)]
    assert select(items, board_of(chosen)) == [items[sq] for sq in sorted(chosen)]


def test_select_of_the_empty_board_and_of_one_and_two_squares() -> None:
    items = list("abcdefgh")
    assert select(items, 0) == []
    assert select(items, 1 << 5) == ["f"]
    assert select(items, 1 << 0 | 1 << 7) == ["a", "h"]
    assert select(items, 0b10110) == ["b", "c", "e"]
