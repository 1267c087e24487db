"""Rules engine: decisions per second of random legal play, against python-chess random play.

Both are measured in the same run on the same machine: random legal play of full
games of ``family-meeting-1`` (the bundled pack; the engine's fixture scenario
when the bundled one cannot be set up yet), and python-chess random games
(``board.legal_moves``, full games). Target: at least as many engine decisions
per second as chess moves per second (issue 33 asks 1.5 times as many, compiled).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 3.0


def engine_setup() -> tuple[object, str]:
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.engine import Rules
    from builder.errors import HeroesError

    from builder.systems.heroes.board.los import precompute_lines

    try:
        pack, scenario = load_pack(ROOT / "content" / "core"), "family-meeting-1"
        state = Rules.new_game(pack, scenario, seed=0)
    except HeroesError:
        pack, scenario = load_pack(ROOT / "tests" / "fixtures" / "engine" / "pack"), "skirmish"
        state = Rules.new_game(pack, scenario, seed=0)
    started = time.perf_counter()
    pairs = precompute_lines(state.static.bf)
    print(f"   static line-of-sight table: {pairs} pairs in {time.perf_counter() - started:.2f} s (once per layout)")
    return pack, scenario


def engine_rate(seconds: float = SECONDS, seed: int = 0, setup: tuple[object, str] | None = None
                ) -> tuple[str, float, int, int]:
    from builder.systems.heroes.engine import Rng, Rules, random_playout

    pack, scenario = setup or engine_setup()
    decisions = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:  # through the one game loop, as every game is played
        state = Rules.new_game(pack, scenario, seed=seed)
        decisions += random_playout(state, Rng(seed))
        games += 1
        seed += 1
    return scenario, decisions / (time.perf_counter() - started), decisions, games


def chess_rate(seconds: float = SECONDS, seed: int = 0) -> tuple[float, int, int]:
    import chess

    rng = random.Random(seed)
    moves = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    return moves / (time.perf_counter() - started), moves, games


def run(rounds: int = 6, slice_seconds: float = 0.5) -> None:
    """Alternate half-second slices of both, so load from other processes on a
    shared machine weighs on both measurements alike."""
    setup = engine_setup()
    e_time = c_time = 0.0
    decisions = games = moves = cgames = 0
    for r in range(rounds):
        t = time.perf_counter()
        scenario, _, d, g = engine_rate(slice_seconds, seed=r * 1000, setup=setup)
        e_time += time.perf_counter() - t
        decisions, games = decisions + d, games + g
        t = time.perf_counter()
        _, m, cg = chess_rate(slice_seconds, seed=r)
        c_time += time.perf_counter() - t
        moves, cgames = moves + m, cgames + cg
    rate, crate = decisions / e_time, moves / c_time
    print(f"   engine random play on {scenario}: {rate:,.0f} decisions/s ({decisions} decisions, {games} games)")
    print(f"   python-chess random play: {crate:,.0f} moves/s ({moves} moves, {cgames} games)")
    print(f"   ratio engine/chess: {rate / crate:.2f} (target >= 1.50, issue 33; compiled engine)")
    run_toi(rounds, slice_seconds)


def toi_rate(seconds: float, seed: int, setup: tuple[object, object]) -> tuple[float, int, int]:
    """Random legal play of Tide of Iron's ``bridge-at-dawn`` (vehicles, transport,
    reinforcements), through the one game loop as the Heroes row is."""
    from builder.systems.heroes.engine import Rng, random_playout
    from builder.systems.tide_of_iron import engine as toi

    pack, static = setup
    decisions = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = toi.new_game(pack, "bridge-at-dawn", seed, static=static)  # type: ignore[arg-type]
        decisions += random_playout(state, Rng(seed))
        games += 1
        seed += 1
    return decisions / (time.perf_counter() - started), decisions, games


def run_toi(rounds: int = 6, slice_seconds: float = 0.5) -> None:
    """The Tide of Iron row: its decisions/s against python-chess moves/s, alternating slices."""
    from builder.systems.tide_of_iron import engine as toi
    from builder.systems.tide_of_iron.pack import load

    pack = load(ROOT / "content" / "toi")
    setup = (pack, toi.Static(pack, pack.scenario("bridge-at-dawn")))
    e_time = c_time = 0.0
    decisions = games = moves = 0
    for r in range(rounds):
        t = time.perf_counter()
        _, d, g = toi_rate(slice_seconds, r * 1000, setup)
        e_time += time.perf_counter() - t
        decisions, games = decisions + d, games + g
        t = time.perf_counter()
        _, m, _ = chess_rate(slice_seconds, seed=r)
        c_time += time.perf_counter() - t
        moves += m
    rate, crate = decisions / e_time, moves / c_time
    print(f"   Tide of Iron random play on bridge-at-dawn: {rate:,.0f} decisions/s ({decisions} decisions, {games} games)")
    print(f"   python-chess random play (same run): {crate:,.0f} moves/s")
    print(f"   ratio Tide of Iron/chess: {rate / crate:.2f} (target >= 1.00)")


if __name__ == "__main__":
    run()
