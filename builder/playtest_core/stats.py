"""Statistics for playtest reports: Wilson score intervals and the two-proportion z-test.

Pure functions on counts, no dependency beyond :mod:`math`, so a report computed on
one machine is byte-identical on another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal distribution (two-sided 95%)."""


@dataclass(frozen=True)
class Proportion:
    """A rate with its Wilson 95% interval."""

    successes: int
    trials: int
    rate: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float | int]:
        return {
            "successes": self.successes, "trials": self.trials, "rate": round(self.rate, 6),
            "low": round(self.low, 6), "high": round(self.high, 6),
        }


def wilson(successes: int, trials: int, z: float = Z95) -> Proportion:
    """The Wilson score interval of ``successes`` out of ``trials``.

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0% and 100%,
    which matter here: an overwhelming side wins every game."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return Proportion(0, 0, 0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    margin = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else min(p, max(0.0, centre - margin))
    high = 1.0 if successes == trials else max(p, min(1.0, centre + margin))
    return Proportion(successes, trials, p, low, high)


@dataclass(frozen=True)
class ZTest:
    """A two-proportion z-test: did a rate change between two samples?"""

    p1: float
    p2: float
    difference: float
    z: float
    p_value: float

    def significant(self, alpha: float = 0.05) -> bool:
        return self.p_value < alpha

    def to_dict(self) -> dict[str, float]:
        return {
            "old": round(self.p1, 6), "new": round(self.p2, 6),
            "difference": round(self.difference, 6), "z": round(self.z, 4),
            "p_value": round(self.p_value, 6),
        }


def normal_sf(x: float) -> float:
    """P(Z > x) for a standard normal Z."""
    return 0.5 * math.erfc(x / math.sqrt(2))


def two_proportion_z(x1: int, n1: int, x2: int, n2: int) -> ZTest:
    """Pooled two-proportion z-test of x1/n1 against x2/n2 (two-sided).

    With no variance at all (both samples 0% or both 100%) the difference is zero and
    the p-value 1: nothing changed."""
    if n1 <= 0 or n2 <= 0:
        raise ValueError("both samples need at least one game")
    p1, p2 = x1 / n1, x2 / n2
    pooled = (x1 + x2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var == 0:
        return ZTest(p1, p2, p2 - p1, 0.0, 1.0)
    z = (p2 - p1) / math.sqrt(var)
    return ZTest(p1, p2, p2 - p1, z, min(1.0, 2 * normal_sf(abs(z))))


def quantiles(values: list[float], qs: tuple[float, ...] = (0.1, 0.25, 0.5, 0.75, 0.9)) -> dict[str, float]:
    """Quantiles by linear interpolation between order statistics (numpy's default)."""
    if not values:
        return {}
    data = sorted(values)
    out: dict[str, float] = {}
    for q in qs:
        pos = q * (len(data) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(data) - 1)
        out[f"p{round(q * 100)}"] = round(data[lo] + (data[hi] - data[lo]) * (pos - lo), 6)
    return out
