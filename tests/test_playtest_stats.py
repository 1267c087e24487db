"""Wilson intervals and the two-proportion z-test against known values."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.playtest_core.stats import quantiles, two_proportion_z, wilson


def test_wilson_matches_the_textbook_value():
    iv = wilson(62, 100)
    assert iv.low == pytest.approx(0.5221, abs=1e-4) and iv.high == pytest.approx(0.7090, abs=1e-4)


def test_wilson_behaves_at_the_edges():
    assert wilson(0, 50).low == 0.0 and 0 < wilson(0, 50).high < 0.08
    assert wilson(50, 50).high == 1.0 and wilson(50, 50).low > 0.92
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


@given(st.integers(0, 5000), st.integers(1, 5000))
def test_wilson_interval_holds_the_rate(x, n):
    x = min(x, n)
    iv = wilson(x, n)
    assert 0.0 <= iv.low <= iv.rate <= iv.high <= 1.0


def test_z_test_known_value():
    t = two_proportion_z(50, 100, 62, 100)
    assert t.z == pytest.approx(1.7094, abs=1e-3)
    assert t.p_value == pytest.approx(0.0874, abs=1e-3)
    assert not t.significant()
    big = two_proportion_z(500, 1000, 620, 1000)
    assert big.significant() and big.p_value < 1e-6


def test_z_test_without_variance_says_nothing_changed():
    t = two_proportion_z(0, 10, 0, 20)
    assert t.z == 0.0 and t.p_value == 1.0


@given(st.integers(0, 300), st.integers(1, 300), st.integers(0, 300), st.integers(1, 300))
def test_z_test_is_antisymmetric(x1, n1, x2, n2):
    x1, x2 = min(x1, n1), min(x2, n2)
    a, b = two_proportion_z(x1, n1, x2, n2), two_proportion_z(x2, n2, x1, n1)
    assert math.isclose(a.z, -b.z, abs_tol=1e-9) and math.isclose(a.p_value, b.p_value, abs_tol=1e-9)


def test_quantiles_interpolate():
    assert quantiles([1.0, 2.0, 3.0, 4.0, 5.0])["p50"] == 3.0
    assert quantiles([0.0, 10.0], (0.25,))["p25"] == 2.5
