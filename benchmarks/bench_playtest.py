"""Playtest throughput: Family Meeting 1 in the Solo game mode, and games per second for each player.

Target (issue 6): 10,000 games of family-meeting-1 in the Solo game mode (the AI on the
side the scenario gives it, a greedy player on the other) in 60 s or less on 2 cores.
HEROES_BENCH_GAMES sets the size of that batch (default 2,000; the full figure is
extrapolated and labelled so); HEROES_BENCH_JOBS the worker count (default 2). Besides
wall-clock rates (which suffer when other processes share the cores) it prints the CPU
time per game and the wall time 10,000 games would take on two otherwise idle cores.
"""

from __future__ import annotations

import os
import resource
import time

from builder.playtest.api import run_playtest

SCENARIO = "family-meeting-1"


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _rate(players: list[str], games: int, jobs: int) -> tuple[float, float, float, dict]:
    started, cpu = time.perf_counter(), _cpu()
    report, _ = run_playtest(SCENARIO, games=games, seed=1, players=players, jobs=jobs)
    elapsed, used = time.perf_counter() - started, _cpu() - cpu
    return elapsed, games / elapsed, used / games, report


def run() -> None:
    games = int(os.environ.get("HEROES_BENCH_GAMES", "2000"))
    jobs = int(os.environ.get("HEROES_BENCH_JOBS", "2"))
    players = ["greedy", "solo-mode:aggressive:medium"]
    print(f"   load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    elapsed, rate, cpu, report = _rate(players, games, jobs)
    label = "measured" if games >= 10_000 else f"extrapolated from {games}"
    print(f"   solo mode {SCENARIO} ({','.join(players)}), {jobs} jobs: {games} games in {elapsed:.1f} s "
          f"= {rate:.1f} games/s; 10,000 games: {10_000 / rate:.0f} s wall ({label}; target 60 s)")
    print(f"   CPU {cpu * 1000:.1f} ms per game: 10,000 games on 2 idle cores ~ {10_000 * cpu / 2:.0f} s")
    print(f"   verdict: {report['verdict']}; engine errors: {report['engine_errors']['games']}")
    per_player = int(os.environ.get("HEROES_BENCH_PLAYER_GAMES", "200"))
    for spec in ("random", "greedy", "solo:aggressive"):
        elapsed, rate, cpu, _ = _rate([spec, spec], per_player, 1)
        print(f"   {spec} vs {spec} on {SCENARIO}, 1 job: {per_player} games in {elapsed:.1f} s = {rate:.1f} games/s "
              f"({cpu * 1000:.1f} ms CPU per game)")
