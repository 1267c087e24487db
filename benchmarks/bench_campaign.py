"""Campaign playtest throughput: Battle for Normandy campaigns per second beside single-scenario games per second.

Both run in the same process, one worker, greedy against greedy; the single-scenario rate
(the campaign's first scenario alone) is the yardstick. The ratio of scenario games per
second inside campaigns to that yardstick mixes two things: the later scenarios are bigger
or longer than the first, and chaining costs a little (consequences applied, a pack view
per scenario). HEROES_BENCH_CAMPAIGNS sets the campaigns played (default 10: 60 scenario
games), HEROES_BENCH_GAMES_SINGLE the single-scenario games (default 60).
"""

from __future__ import annotations

import os
import time

from builder.campaign.playtest import run_campaign_playtest
from builder.content.paths import BUNDLED_CONTENT
from builder.playtest.api import run_playtest

PACK = str(BUNDLED_CONTENT / "bfn")
PLAYERS = ["greedy", "greedy"]


def run() -> None:
    campaigns = int(os.environ.get("HEROES_BENCH_CAMPAIGNS", "10"))
    singles = int(os.environ.get("HEROES_BENCH_GAMES_SINGLE", "60"))
    started = time.perf_counter()
    run_playtest("trading-blows", games=singles, seed=1, players=PLAYERS, pack=PACK)
    single_rate = singles / (time.perf_counter() - started)
    started = time.perf_counter()
    report = run_campaign_playtest("battle-for-normandy", games=campaigns, seed=1, players=PLAYERS, pack=PACK)
    elapsed = time.perf_counter() - started
    steps = len(report["steps"])
    print(f"   single scenario trading-blows: {singles} games = {single_rate:.2f} games/s")
    print(f"   campaign battle-for-normandy: {campaigns} campaigns ({campaigns * steps} scenario games) in "
          f"{elapsed:.1f} s = {campaigns / elapsed:.3f} campaigns/s = {campaigns * steps / elapsed:.2f} scenario games/s")
    print(f"   ratio (campaign scenario games/s to single games/s): {campaigns * steps / elapsed / single_rate:.2f}; "
          f"errors: {report['errors']}")
