"""Sequential tests: stop a playtest as soon as its balance verdict is decided.

A fixed batch wastes games: a scenario one side wins 99% of the time is called
unbalanced after a few dozen games, one near 50% needs a thousand or more. Wald's
sequential probability ratio test (A. Wald, "Sequential tests of statistical
hypotheses", Annals of Mathematical Statistics 16 (1945), 117-186) adds up the log
likelihood ratio of two simple hypotheses game by game and stops when it leaves the
band ``(log(beta / (1 - alpha)), log((1 - beta) / alpha))``; its error rates are then
at most ``alpha`` and ``beta`` (Wald's bounds, slightly conservative), and it needs on
average far fewer games than a fixed sample with the same error rates.

The balance question has three answers (favours the first side, balanced, favours the
second), so :class:`BalanceRule` runs two one-sided SPRTs side by side, as Sobel and
Wald proposed for three hypotheses (M. Sobel and A. Wald, "A sequential decision
procedure for choosing one of three hypotheses concerning the unknown mean of a normal
distribution", Annals of Mathematical Statistics 20 (1949), 502-522):

* upper test: share = target against share = target + margin,
* lower test: share = target against share = target - margin,

where *share* is the first side's share of the decisive games. Draws are their own
outcome: they carry no evidence on who is favoured, so they are counted (and reported
with their own interval) but left out of the share.

Each one-sided test gets half of ``alpha``: the chance of calling a scenario whose share
is exactly the target unbalanced is at most ``alpha``; the chance of calling one whose
share is off by ``margin`` or more balanced is at most ``beta``.

Determinism: the rule looks at the games only at fixed batch boundaries, in seed order
(games 0..99, then 0..199, ...), never at whichever games a worker happened to finish
first, so the number of games used and the verdict are the same at any ``--jobs`` and
on a cluster. Looking at boundaries only lowers the error rates a little further.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal

from builder.errors import UsageError

Verdict = Literal["balanced", "favours-first", "favours-second", "undecided"]

REFERENCE = ("A. Wald, Sequential tests of statistical hypotheses, Ann. Math. Statist. 16 (1945); "
             "three-way form: M. Sobel and A. Wald, Ann. Math. Statist. 20 (1949)")


@dataclass(frozen=True)
class Sprt:
    """Wald's SPRT of ``p = p0`` (H0) against ``p = p1`` (H1) on Bernoulli trials."""

    p0: float
    p1: float
    alpha: float
    beta: float

    def __post_init__(self) -> None:
        if not (0 < self.p0 < 1 and 0 < self.p1 < 1 and self.p0 != self.p1):
            raise ValueError(f"need 0 < p0, p1 < 1 and p0 != p1, got {self.p0}, {self.p1}")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("error rates must lie strictly between 0 and 0.5")

    @property
    def bounds(self) -> tuple[float, float]:
        """(accept H0 at or below, accept H1 at or above) for the log likelihood ratio."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, successes: int, failures: int) -> float:
        """Log likelihood ratio of H1 to H0 after ``successes`` and ``failures``."""
        return (successes * math.log(self.p1 / self.p0)
                + failures * math.log((1 - self.p1) / (1 - self.p0)))

    def decide(self, successes: int, failures: int) -> int | None:
        """0 (accept H0), 1 (accept H1) or None (keep playing)."""
        low, high = self.bounds
        value = self.llr(successes, failures)
        if value >= high:
            return 1
        if value <= low:
            return 0
        return None


@dataclass
class BalanceRule:
    """The three-way stopping rule (see the module docstring).

    ``update`` is called at each batch boundary with the cumulative wins of the first
    and second sides; a one-sided test's decision sticks once taken (Wald's test stops
    there). The rule ends when the upper or lower test finds an imbalance, or when both
    accepted the target."""

    target: float = 0.5
    margin: float = 0.05
    alpha: float = 0.05
    beta: float = 0.05
    upper: int | None = field(default=None, init=False)
    lower: int | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if not 0 < self.margin < 0.5:
            raise ValueError("the margin must lie strictly between 0 and 0.5")
        if not self.margin < self.target < 1 - self.margin:
            raise ValueError("the target must lie more than the margin away from 0 and 1")
        self._up = Sprt(self.target, self.target + self.margin, self.alpha / 2, self.beta)
        self._down = Sprt(self.target, self.target - self.margin, self.alpha / 2, self.beta)

    def update(self, first: int, second: int) -> Verdict | None:
        """The verdict once decided, else None."""
        if self.upper is None:
            self.upper = self._up.decide(first, second)
        if self.lower is None:
            self.lower = self._down.decide(first, second)
        if self.upper == 1:
            return "favours-first"
        if self.lower == 1:
            return "favours-second"
        if self.upper == 0 and self.lower == 0:
            return "balanced"
        return None

    def describe(self) -> dict[str, Any]:
        return {"method": "sprt", "reference": REFERENCE, "target": self.target, "margin": self.margin,
                "alpha": self.alpha, "beta": self.beta}


@dataclass(frozen=True)
class Outcome:
    """Where a sequential run stopped."""

    verdict: Verdict
    games: int
    first_wins: int
    second_wins: int
    draws: int

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "games": self.games, "first_wins": self.first_wins,
                "second_wins": self.second_wins, "draws": self.draws}


BATCH = 100
"""Games between two looks at the evidence: the same for every ``--jobs``."""


def run_until_decided(play: Callable[[int, int], Iterable[dict[str, Any]]], sides: list[str], rule: BalanceRule,
                      max_games: int, batch: int = BATCH) -> tuple[list[dict[str, Any]], Outcome]:
    """Play batches ``play(first, count)`` (game indices ``first..first+count-1``, rows in
    index order) until ``rule`` decides or ``max_games`` were played.

    Rows with an ``error`` (engine failures) count as played but as no outcome."""
    if max_games < 1 or batch < 1:
        raise ValueError("need at least one game per batch and in all")
    rows: list[dict[str, Any]] = []
    wins = {sides[0]: 0, sides[1]: 0}
    draws = 0
    verdict: Verdict | None = None
    while verdict is None and len(rows) < max_games:
        count = min(batch, max_games - len(rows))
        for row in play(len(rows), count):
            rows.append(row)
            if "error" in row:
                continue
            if row["winner"] in wins:
                wins[row["winner"]] += 1
            elif row["winner"] is None:
                draws += 1
        verdict = rule.update(wins[sides[0]], wins[sides[1]])
    return rows, Outcome(verdict or "undecided", len(rows), wins[sides[0]], wins[sides[1]], draws)


def fixed_sample_size(margin: float, alpha: float, beta: float, target: float = 0.5) -> int:
    """Decisive games a fixed batch needs for the same question at the same error rates
    (normal approximation, two-sided ``alpha``, power ``1 - beta`` at ``target +/- margin``);
    the yardstick of the sequential rule's savings."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf
    p1 = target + margin
    n = ((z(1 - alpha / 2) * math.sqrt(target * (1 - target)) + z(1 - beta) * math.sqrt(p1 * (1 - p1))) / margin) ** 2
    return math.ceil(n)


def sequential_rule(until_decided: bool, sides: list[str], margin: float, alpha: float, beta: float
                     ) -> BalanceRule | None:
    """The stopping rule of ``--until-decided``; its settings are checked as usage."""
    if not until_decided:
        return None
    if len(sides) != 2:
        raise UsageError("--until-decided weighs two sides against each other; this scenario has "
                         f"{len(sides)}")
    try:
        return BalanceRule(0.5, margin, alpha, beta)
    except ValueError as exc:
        raise UsageError(f"--until-decided: {exc} (e.g. --margin 0.05 --alpha 0.05 --beta 0.05)") from None


def sequential_entry(rule: BalanceRule, outcome: Outcome, sides: list[str], cap: int) -> dict[str, Any]:
    """The report's account of a sequential run: the rule, its error rates, the games
    it took and its decision in the sides' names."""
    said = {"favours-first": f"favours {sides[0]}", "favours-second": f"favours {sides[1]}",
            "balanced": "balanced", "undecided": f"undecided after {cap} games (the cap)"}[outcome.verdict]
    return {**rule.describe(), **outcome.to_dict(), "cap": cap, "batch": BATCH, "decision": said}
