"""Fuzzing: army lists, position files and game logs, 10,000 generated inputs per format.

HEROES_FUZZ_EXAMPLES changes the count, HEROES_FUZZ_FORMATS=army,log picks formats.
Prints how many ran, how many were refused with a located error, the tracebacks (must
be 0) and, for logs, the edited logs certified (must be 0); speed in inputs per second."""

from __future__ import annotations

import os
import time
import traceback

from hypothesis import HealthCheck, given, settings

from benchmarks.fuzzing import FORMATS, same_game


def run_format(name: str, examples: int) -> tuple[int, int, list[str]]:
    """(inputs tried, inputs refused cleanly, tracebacks) for one format."""
    strategy, check = FORMATS[name]
    counts = {"tried": 0, "refused": 0, "certified_edits": 0}
    crashes: list[str] = []

    @settings(max_examples=examples, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def target(text: str) -> None:
        counts["tried"] += 1
        try:
            refused = bool(check(text))
            counts["refused"] += refused
            if name == "log" and not refused and not same_game(text):
                counts["certified_edits"] += 1
        except Exception:  # noqa: BLE001 - counted: the point of the benchmark
            crashes.append(traceback.format_exc(limit=3))

    target()
    if name == "log":
        print(f"   log: {counts['certified_edits']} edited logs certified (must be 0)")
    return counts["tried"], counts["refused"], crashes


def run() -> None:
    examples = int(os.environ.get("HEROES_FUZZ_EXAMPLES", "10000"))
    chosen = os.environ.get("HEROES_FUZZ_FORMATS", ",".join(FORMATS)).split(",")
    for name in [n for n in FORMATS if n in chosen]:
        started = time.perf_counter()
        tried, refused, crashes = run_format(name, examples)
        took = time.perf_counter() - started
        print(f"   {name:<9} {tried:>6} inputs, {refused:>6} refused with a located error, "
              f"{tried - refused - len(crashes):>6} accepted, {len(crashes)} tracebacks ({tried / took:.0f}/s)")
        for crash in crashes[:3]:
            print("     " + crash.replace("\n", "\n     "))
