"""Balance search: wall time to balance Zurück!'s German points within 5% with 95% confidence.

``heroes balance zuruck --pack content/bfn --vary points.de=150:460:5 --players greedy,greedy
--margin 0.05 --alpha 0.05 --jobs 2``: bisection over 63 settings, each played until the
SPRT decides (at most HEROES_BENCH_GAMES games a setting, default 2,000). Prints the wall
time, CPU time, games played, the settings tried and the recommendation.
"""

from __future__ import annotations

import os
import resource
import time

from builder.playtest.balance import BalanceRequest, balance, balance_text
from builder.systems.heroes.playtests.runner import default_pack


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run() -> None:
    jobs = int(os.environ.get("HEROES_BENCH_JOBS", "2"))
    cap = int(os.environ.get("HEROES_BENCH_GAMES", "2000"))
    pack = os.path.join(os.path.dirname(default_pack()), "bfn")
    print(f"   load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    started, cpu = time.perf_counter(), _cpu()
    report = balance(BalanceRequest("zuruck", ("greedy", "greedy"), ("points.de=150:460:5",), games=cap,
                                    margin=0.05, alpha=0.05, beta=0.05, jobs=jobs, pack=pack))
    elapsed, used = time.perf_counter() - started, _cpu() - cpu
    for line in balance_text(report).splitlines():
        print(f"   {line}")
    print(f"   wall {elapsed:.1f} s, CPU {used:.1f} s, {report['games']} games ({used / report['games'] * 1000:.1f} ms "
          f"CPU a game), {len(report['points'])} settings, {jobs} jobs")
