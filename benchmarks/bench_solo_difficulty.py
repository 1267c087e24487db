"""Solo Mode difficulty: the AI's win rate at easy, medium and hard on each Family Meeting chapter.

Issue 21, item 5: over 1,000 games per level on each Family Meeting chapter (a greedy
player against ``solo-mode:aggressive:<level>``, the AI on the side the scenario gives
it), the AI's win rate rises from easy to medium to hard, and the 95% Wilson intervals
(builder.playtest_core.stats.wilson) of easy and hard do not overlap. What makes the levels
differ is the difficulty of 002 Solo Mode: the danger gauge's thresholds and the danger
tiles' bonuses by difficulty (Set Up > Difficulty and Danger Levels) and the reaction
card effects gated by difficulty (Activation Phase > Difficulty and Reaction Cards); the
tiles' and cards' values are placeholders (lost in transcription, invented).

HEROES_BENCH_GAMES games per level and chapter (default 1,000), HEROES_BENCH_JOBS
workers (default 2), seed 1 (the same games at any number of workers). The full issue
figure: ``python -m benchmarks solo-difficulty`` with the defaults (6,000 games).
"""

from __future__ import annotations

import os
import time
from typing import Any

from builder.playtest.api import run_playtest
from builder.playtest_core.stats import Proportion, wilson

CHAPTERS = ("family-meeting-1", "family-meeting-2")
LEVELS = ("easy", "medium", "hard")
OPPONENT = "greedy"


def ai_wins(scenario: str, level: str, games: int, jobs: int, seed: int = 1) -> Proportion:
    """The AI's wins (a draw is no win) over ``games`` seeded games at ``level``."""
    ai = f"solo-mode:aggressive:{level}"
    _, rows = run_playtest(scenario, games=games, seed=seed, players=[OPPONENT, ai], jobs=jobs)
    wins = sum(1 for row in rows if _ai_side(row, ai) == row["winner"])
    return wilson(wins, len(rows))


def _ai_side(row: dict[str, Any], ai: str) -> str:
    return next(side for side, player in row["players"].items() if player == ai)


def overlap(a: Proportion, b: Proportion) -> bool:
    return a.low <= b.high and b.low <= a.high


def _pct(p: Proportion) -> str:
    return f"{p.rate * 100:.1f}% [{p.low * 100:.1f}%, {p.high * 100:.1f}%]"


def run() -> None:
    games = int(os.environ.get("HEROES_BENCH_GAMES", "1000"))
    jobs = int(os.environ.get("HEROES_BENCH_JOBS", "2"))
    print(f"   load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {games} games a level "
          f"and chapter, {jobs} jobs, {OPPONENT} against solo-mode:aggressive:<level>, seed 1")
    for scenario in CHAPTERS:
        rates: dict[str, Proportion] = {}
        for level in LEVELS:
            started = time.perf_counter()
            rates[level] = ai_wins(scenario, level, games, jobs)
            print(f"   {scenario} {level:<6} AI wins {_pct(rates[level])} ({time.perf_counter() - started:.0f} s)")
        rising = rates["easy"].rate < rates["medium"].rate < rates["hard"].rate
        apart = not overlap(rates["easy"], rates["hard"])
        print(f"   {scenario}: rises easy < medium < hard: {'yes' if rising else 'no'}; easy and hard 95% "
              f"intervals {'do not overlap' if apart else 'overlap'}")
    print("   danger tile bonuses and reaction card faces are placeholders (invented): see docs/playtest.md")
