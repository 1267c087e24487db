"""Players: the search player's strength against greedy and the Solo Mode AI, and its speed.

Strength (issue 35): win share of ``search`` (the default budget, as ``heroes playtest``
plays it) in the decisive games against ``greedy``, sides swapped (half the games each
way; a symmetric scenario's playtest rotates sides itself), on clash and
family-meeting-1 (core pack), trading-blows and zuruck (content/bfn) and Tide of Iron's
crossroads-farm; and against the Solo Mode AI (``solo-mode``) on the sides the scenarios
give it. Goal: at least 70% of the decisive games won by search against greedy.

Speed: games per second of a search/search playtest of family-meeting-1, beside
python-chess random moves per second measured in the same run (benchmarks/bench_engine.py).

Run ``python -m benchmarks players --games N`` (N games a pairing; default 20, the
issue's goal is measured at 200).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = 20
GOAL = 0.70
HEROES = (("core", "clash"), ("core", "family-meeting-1"), ("bfn", "trading-blows"), ("bfn", "zuruck"))
TOI = ("toi", "crossroads-farm")
SOLO = (("core", "clash"), ("core", "family-meeting-1"))
SEED = 1


def _tally(rows: list[dict[str, Any]], player: str) -> tuple[int, int, int]:
    """(games won by ``player``, decisive games, games) in ``rows``."""
    won = decisive = played = 0
    for r in rows:
        if "error" in r:
            continue
        played += 1
        winner = r.get("winner")
        if winner is None:
            continue
        decisive += 1
        won += r["players"].get(winner) == player
    return won, decisive, played


def _heroes_rows(pack: str, scenario: str, a: str, b: str, games: int, jobs: int) -> list[dict[str, Any]]:
    """``games`` games of ``a`` against ``b``, half with the sides swapped (all of them one
    way when the scenario lets a Solo Mode AI play one side only)."""
    from builder.errors import UsageError
    from builder.playtest.api import run_playtest
    from builder.playtest.pairings import swappable

    path = ROOT / "content" / pack
    # a symmetric scenario's playtest rotates sides and initiative itself, but not with a
    # Solo Mode AI, which keeps its side: then the benchmark swaps where the scenario allows
    swap = swappable(str(path), scenario) or any(p.startswith("solo-mode") for p in (a, b))
    if not swap:
        return run_playtest(scenario, games=games, seed=SEED, players=[a, b], jobs=jobs, pack=path)[1]
    try:
        second = run_playtest(scenario, games=games // 2, seed=SEED + 1, players=[b, a], jobs=jobs, pack=path)[1]
    except UsageError:  # the Solo Mode AI keeps the side the scenario gives it
        return run_playtest(scenario, games=games, seed=SEED, players=[a, b], jobs=jobs, pack=path)[1]
    first = run_playtest(scenario, games=games - games // 2, seed=SEED, players=[a, b], jobs=jobs, pack=path)[1]
    return first + second


def _toi_rows(scenario: str, a: str, b: str, games: int, jobs: int) -> list[dict[str, Any]]:
    from builder.systems.tide_of_iron.games import run_playtest

    path = ROOT / "content" / TOI[0]
    first = run_playtest(path, scenario, games - games // 2, SEED, [a, b], jobs=jobs)[1]
    second = run_playtest(path, scenario, games // 2, SEED + 1, [b, a], jobs=jobs)[1] if games > 1 else []
    return first + second


def _by_side(rows: list[dict[str, Any]], player: str) -> str:
    """Games won by ``player`` of the decisive games it played on each side, e.g. ``as us
    6/10, as de 7/10``: a share near 70% may hide a side the player never wins with."""
    won: dict[str, int] = {}
    decisive: dict[str, int] = {}
    for r in rows:
        if "error" in r or r.get("winner") is None:
            continue
        for side, who in r["players"].items():
            if who == player:
                decisive[side] = decisive.get(side, 0) + 1
                won[side] = won.get(side, 0) + (r["winner"] == side)
    return ", ".join(f"as {side} {won[side]}/{decisive[side]}" for side in sorted(decisive))


def _line(label: str, rows: list[dict[str, Any]], player: str, seconds: float, goal: float | None) -> bool:
    won, decisive, played = _tally(rows, player)
    share = won / decisive if decisive else 0.0
    mark = "" if goal is None else ("  goal met" if share >= goal else f"  below the {goal:.0%} goal")
    print(f"   {label:<44} {won:>4} of {decisive:>4} decisive ({share:6.1%}); {played - decisive} draws; "
          f"{seconds / max(played, 1):.1f} s/game{mark}")
    print(f"   {'':<44} {_by_side(rows, player)}")
    return decisive > 0 and share >= (goal or 0.0)


def strength(games: int = GAMES, jobs: int = 2) -> None:
    """The strength table: search against greedy, then against the Solo Mode AI."""
    print(f"   search (default budget) against greedy, {games} games a scenario, sides swapped:")
    met = 0
    for pack, scenario in HEROES:
        started = time.perf_counter()
        rows = _heroes_rows(pack, scenario, "search", "greedy", games, jobs)
        met += _line(f"{scenario} ({pack})", rows, "search", time.perf_counter() - started, GOAL)
    started = time.perf_counter()
    rows = _toi_rows(TOI[1], "search", "greedy", games, jobs)
    met += _line(f"{TOI[1]} (Tide of Iron)", rows, "search", time.perf_counter() - started, GOAL)
    print(f"   goal met on {met} of {len(HEROES) + 1} scenarios")
    print(f"   search against the Solo Mode AI (solo-mode), {games} games a scenario:")
    for pack, scenario in SOLO:
        started = time.perf_counter()
        rows = _heroes_rows(pack, scenario, "search", "solo-mode", games, jobs)
        _line(f"{scenario} ({pack})", rows, "search", time.perf_counter() - started, None)


def speed(games: int = 4, jobs: int = 1) -> None:
    """Games per second of a search/search playtest of family-meeting-1, beside
    python-chess random moves per second in the same run."""
    from benchmarks.bench_engine import chess_rate
    from builder.playtest.api import run_playtest

    crate, _, _ = chess_rate(1.0)
    started, cpu = time.perf_counter(), time.process_time()
    run_playtest("family-meeting-1", games=games, seed=SEED, players=["search", "search"], jobs=jobs,
                 pack=ROOT / "content" / "core")
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    crate2, _, _ = chess_rate(1.0, seed=1)
    rate = games / seconds
    print(f"   search/search playtest of family-meeting-1: {rate:.3f} games/s ({games} games in {seconds:.1f} s, "
          f"{cpu / games:.1f} CPU s a game, {jobs} job(s)); 200 games on 2 free cores: "
          f"{200 * cpu / games / 2 / 60:.0f} min (goal: 10)")
    print(f"   python-chess random play: {(crate + crate2) / 2:,.0f} moves/s (same run)")


def run(games: int = GAMES) -> None:
    speed()
    strength(games)
