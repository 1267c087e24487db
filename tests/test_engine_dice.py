"""The game's generator (builder.kernel.dice.Rng) keeps its 64-bit xorshift* state as
two 32-bit halves so that compiled code draws on machine integers. Every number it
draws must still be the plain 64-bit formula's, or every seeded game would change:
checked here against the formula written out, for any seed and any bound."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.kernel.dice import MASK64, MULTIPLIER, Rng

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def plain_draws(state: int, count: int) -> list[int]:
    """The top 53 bits of the next ``count`` outputs, by the 64-bit formula."""
    out = []
    for _ in range(count):
        state ^= state >> 12
        state ^= (state << 25) & MASK64
        state ^= state >> 27
        out.append(((state * MULTIPLIER) & MASK64) >> 11)
    return out


@settings(max_examples=300, deadline=None)
@given(seed=seeds, bounds=st.lists(st.integers(min_value=1, max_value=10**9), min_size=1, max_size=40))
def test_draws_are_those_of_the_64_bit_formula(seed: int, bounds: list[int]) -> None:
    rng = Rng(seed)
    expected = plain_draws(rng.state, len(bounds))
    assert [rng.below(n) for n in bounds] == [x % n for x, n in zip(expected, bounds)]


@settings(max_examples=200, deadline=None)
@given(state=st.integers(min_value=1, max_value=MASK64))
def test_the_halves_hold_the_whole_state(state: int) -> None:
    rng = Rng(0)
    rng.state = state
    assert rng.state == state
    twin = rng.clone()
    assert twin.next64() >> 11 == rng.below(2**53) and twin.state == rng.state


@settings(max_examples=100, deadline=None)
@given(seed=seeds, size=st.integers(min_value=0, max_value=120))
def test_shuffle_is_fisher_yates_on_those_draws(seed: int, size: int) -> None:
    rng = Rng(seed)
    draws = plain_draws(rng.state, max(0, size - 1))
    expected = list(range(size))
    for k, i in enumerate(range(size - 1, 0, -1)):
        j = draws[k] % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    items = list(range(size))
    rng.shuffle(items)
    assert items == expected


def test_a_known_seed_draws_known_dice() -> None:
    """Pinned: the first dice of seed 1 (any change here changes every game)."""
    rng = Rng(1)
    assert [rng.d6() for _ in range(12)] == DICE_OF_SEED_1


DICE_OF_SEED_1 = [6, 2, 2, 5, 5, 3, 4, 3, 4, 3, 3, 6]
