"""Cluster overhead: games per second through a two-worker Dask LocalCluster against the
local process pool with two jobs, same batch, same run (goal: ratio at least 0.9).

Both pools are started and warmed up (each worker has loaded the pack) before the clock
starts; their start-up is printed apart. The batch: HEROES_BENCH_GAMES games (default
600) of Clash in the bocage, greedy against greedy. Skipped when dask.distributed is
not installed (the 'cluster' extra).
"""

from __future__ import annotations

import os
import time
from typing import Any

from builder.playtest_core.pools import Pool
from builder.systems.heroes.playtests.runner import Batch, default_pack


def _timed(pool: Pool, batch: Batch) -> tuple[float, list[dict[str, Any]]]:
    started = time.perf_counter()
    rows = list(pool.play(batch))
    return time.perf_counter() - started, rows


def run() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("   skipped: dask.distributed is not installed (pip install 'distributed>=2024.1')")
        return
    from builder.playtest_core.pools import DaskPool, LocalPool

    games = int(os.environ.get("HEROES_BENCH_GAMES", "600"))
    batch = Batch(default_pack(), "clash", games, 7, ("greedy", "greedy"), True)
    warm = Batch(default_pack(), "clash", 8, 99, ("greedy", "greedy"), True)
    print(f"   load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    started = time.perf_counter()
    with LocalPool(2) as local, DaskPool("local", workers=2) as cluster:
        up = time.perf_counter() - started
        list(local.play(warm))
        list(cluster.play(warm))
        rates: dict[str, float] = {}
        pools: tuple[tuple[str, Pool], ...] = (("process pool", local), ("LocalCluster", cluster),
                                               ("process pool again", local))
        for name, pool in pools:
            elapsed, rows = _timed(pool, batch)
            rates[name] = games / elapsed
            print(f"   {name}, 2 workers: {games} games in {elapsed:.1f} s = {rates[name]:.1f} games/s")
    local_rate = (rates["process pool"] + rates["process pool again"]) / 2
    ratio = rates["LocalCluster"] / local_rate
    print(f"   cluster / process pool: {ratio:.2f} (goal >= 0.9; the pool timed before and after the cluster); "
          f"start-up of both pools {up:.1f} s")
