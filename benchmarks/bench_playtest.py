"""Playtest throughput: Family Meeting 1 in the Solo game mode, and games per second for each player.

Target (issue 6): 10,000 games of family-meeting-1 in the Solo game mode (the AI on the
side the scenario gives it, a greedy player on the other) in 60 s or less on 2 cores.
HEROES_BENCH_GAMES sets the size of that batch (default 2,000; the full figure is
extrapolated and labelled so); HEROES_BENCH_JOBS the worker count (default 2).
"""

from __future__ import annotations

import os
import time

from builder.playtest.api import run_playtest

SCENARIO = "family-meeting-1"


def _rate(players: list[str], games: int, jobs: int) -> tuple[float, float, dict]:
    started = time.perf_counter()
    report, _ = run_playtest(SCENARIO, games=games, seed=1, players=players, jobs=jobs)
    elapsed = time.perf_counter() - started
    return elapsed, games / elapsed, report


def run() -> None:
    games = int(os.environ.get("HEROES_BENCH_GAMES", "2000"))
    jobs = int(os.environ.get("HEROES_BENCH_JOBS", "2"))
    players = ["greedy", "solo-mode:aggressive:medium"]
    elapsed, rate, report = _rate(players, games, jobs)
    full = 10_000 / rate
    label = "measured" if games >= 10_000 else f"extrapolated from {games}"
    print(f"   solo mode {SCENARIO} ({','.join(players)}), {jobs} jobs: {games} games in {elapsed:.1f} s "
          f"= {rate:.1f} games/s; 10,000 games: {full:.0f} s ({label}; target 60 s)")
    print(f"   verdict: {report['verdict']}; engine errors: {report['engine_errors']['games']}")
    per_player = int(os.environ.get("HEROES_BENCH_PLAYER_GAMES", "200"))
    for spec in ("random", "greedy", "solo:aggressive"):
        elapsed, rate, _ = _rate([spec, spec], per_player, 1)
        print(f"   {spec} vs {spec} on {SCENARIO}, 1 job: {per_player} games in {elapsed:.1f} s = {rate:.1f} games/s")
