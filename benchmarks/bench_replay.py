"""The replay viewer: server time to make a long game's viewer page, its size, and in
headless Chromium its first paint and the time of each step.

The game: Clash for four players in the Battle for Normandy pack, seed 1, greedy
players (421 decisions today, the longest game of the bundled scenarios' seed-1 games). The server replays the log once per page (``heroes serve`` keeps the
page while the log is unchanged: the second request is timed too); stepping makes no
request at all, the frames being in the page, so a step's cost is the browser's
(drawing the counters, shots and panel: timed in the page with performance.now over
every decision, forward then back). Goals (issue 39): each step under 50 ms, first
paint under 300 ms."""

from __future__ import annotations

import re
import shutil
import statistics
import tempfile
import threading
import time
import warnings
from pathlib import Path

SCENARIO = "clash-four"


def _game(pack, pack_ref: str):  # type: ignore[no-untyped-def]
    from builder.systems.heroes.tools.log import play

    _, record = play(pack, SCENARIO, 1, ["greedy"] * 4, pack_ref=pack_ref)
    return record


def run() -> None:
    from builder.content.paths import BUNDLED_CONTENT
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.web.replay import log_html

    bfn = BUNDLED_CONTENT / "bfn"
    pack = load_pack_cached(bfn)
    record = _game(pack, str(bfn))
    decisions = record.lines[-1]["decisions"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "bfn"
        shutil.copytree(bfn, root)
        games = root / "reports" / "games" / SCENARIO
        games.mkdir(parents=True)
        log = games / "long.jsonl"
        log.write_text(record.jsonl(), encoding="utf-8")
        started = time.perf_counter()
        html = log_html(log)
        build_ms = (time.perf_counter() - started) * 1000
        print(f"   game: {SCENARIO}, {decisions} decisions; viewer page {len(html) / 1024:.0f} KiB, "
              f"made in {build_ms:.0f} ms (replay with the engine, frames, render)")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from starlette.testclient import TestClient
        from builder.web.app import create_app

        client = TestClient(create_app([root], []), base_url="http://127.0.0.1")
        timings = []
        for _ in range(3):
            answer = client.get(f"/replay/{pack.manifest.id}/{SCENARIO}/long")
            assert answer.status_code == 200
            timings.append(float(re.search(r"app;dur=([0-9.]+)", answer.headers["server-timing"]).group(1)))
        (games / "again.jsonl").write_text(record.jsonl(), encoding="utf-8")
        assert client.get(f"/replay/{pack.manifest.id}/{SCENARIO}").status_code == 200  # the list warms its pages
        for thread in threading.enumerate():
            if thread.name == "replay-warm":
                thread.join()
        warmed = client.get(f"/replay/{pack.manifest.id}/{SCENARIO}/again")
        warm_ms = float(re.search(r"app;dur=([0-9.]+)", warmed.headers["server-timing"]).group(1))
        print(f"   heroes serve /replay: first request {timings[0]:.0f} ms server time, "
              f"then {statistics.median(timings[1:]):.1f} ms (page kept); opened from the list of saved games "
              f"(made while the list was read) {warm_ms:.1f} ms; a step makes no request")
        page = Path(tmp) / "game.html"
        page.write_text(html, encoding="utf-8")
        _browser(page, decisions)


def _browser(page: Path, decisions: int) -> None:
    from builder.web.live import chromium, have_chromium

    if not have_chromium():
        print("   browser: chromium and chromium-driver are not installed; first paint and steps not measured")
        return
    paint = ("const p = performance.getEntriesByName('first-contentful-paint')[0];"
             "return p ? p.startTime : performance.timing.domContentLoadedEventEnd - performance.timing.navigationStart;")
    with tempfile.TemporaryDirectory() as profile, chromium(Path(profile)) as driver:
        empty = Path(profile) / "empty.html"
        empty.write_text("<!DOCTYPE html><html><body><p>one line</p></body></html>", encoding="utf-8")
        baseline, paints = [], []
        for _ in range(3):
            driver.get(empty.as_uri())
            baseline.append(driver.execute_script(paint))
            driver.get(page.as_uri())
            paints.append(driver.execute_script(paint))
        steps = driver.execute_script(
            "const out = []; const n = window.replay.frames.length;"
            "for (let i = 1; i < n; i++) { const t = performance.now(); window.replay.go(i); out.push(performance.now() - t); }"
            "for (let i = n - 2; i >= 0; i--) { const t = performance.now(); window.replay.go(i); out.push(performance.now() - t); }"
            "return out;")
    steps = sorted(steps)
    print(f"   browser: first contentful paint {statistics.median(paints):.0f} ms (median of 3; a one-line page "
          f"{statistics.median(baseline):.0f} ms on the same browser and load); "
          f"{len(steps)} steps over {decisions} decisions: median {statistics.median(steps):.2f} ms, "
          f"95th percentile {steps[int(len(steps) * 0.95)]:.2f} ms, worst {steps[-1]:.2f} ms")
