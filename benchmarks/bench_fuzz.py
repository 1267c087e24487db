"""Fuzzing: army lists, position files and game logs of both systems, 10,000 generated
inputs per format (byte- and structure-level mutations), then the classes of issue 37:
special files as inputs, concurrent writers, routes of the web server.

HEROES_FUZZ_EXAMPLES changes the count, HEROES_FUZZ_FORMATS=army,log,routes picks formats
and classes (army, position, log, toi-army, toi-log; special, races, routes). Prints how
many ran, how many were refused with a located error, the tracebacks (must be 0) and the
wrong successes (must be 0): for logs the edited logs certified, for army lists the
accepted lists refused or changed once the tool writes them back; for special
files the hangs and tracebacks, for races the lost updates, for routes the 500s (all must
be 0); speed in inputs per second."""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
import traceback
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from benchmarks.fuzzing import ARMY, CORE, FORMATS, HOLDS, route_requests, route_status

CLASSES = ("special", "races", "routes")
PROGRESS = 1000
"""A line with the counts so far every this many inputs."""


def run_format(name: str, examples: int) -> tuple[int, int, list[str]]:
    """(inputs tried, inputs refused cleanly, tracebacks) for one format."""
    strategy, check = FORMATS[name]
    counts = {"tried": 0, "refused": 0, "wrong": 0}
    crashes: list[str] = []
    holds = HOLDS.get(name)

    @settings(max_examples=examples, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def target(text: str) -> None:
        counts["tried"] += 1
        try:
            refused = bool(check(text))
            counts["refused"] += refused
            if holds is not None and not refused and not holds(text):
                counts["wrong"] += 1
        except Exception:  # noqa: BLE001 - counted: the point of the benchmark
            crashes.append(traceback.format_exc(limit=3))
        if counts["tried"] % PROGRESS == 0:  # a run stopped early still has exact counts to report
            print(f"   {name:<9} after {counts['tried']:>6}: {counts['refused']} refused, {len(crashes)} tracebacks, "
                  f"{counts['wrong']} wrong successes", flush=True)

    target()
    if holds is not None:
        what = "edited logs certified" if name.endswith("log") else "accepted lists refused or changed once written back"
        print(f"   {name}: {counts['wrong']} wrong successes: {what} (must be 0)")
    return counts["tried"], counts["refused"], crashes


def _command(args: list[str], limit: float = 20.0) -> str:
    """'ok', 'refused', 'hang' or 'traceback' for ``heroes ARGS`` run in-process."""
    from builder.cli import app
    from builder.cli.common import run_app

    outcome: list[str] = []

    def go() -> None:
        try:
            code = run_app(app, args)
            outcome.append("ok" if code == 0 else "refused")
        except BaseException:  # noqa: BLE001 - counted
            outcome.append("traceback")

    worker = threading.Thread(target=go, daemon=True)
    worker.start()
    worker.join(limit)
    return outcome[0] if outcome else "hang"


def run_special() -> dict[str, int]:
    """Every reading command against a FIFO, /dev/zero, a folder and a socket."""
    seen = {"refused": 0, "ok": 0, "hang": 0, "traceback": 0}
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        os.mkfifo(d / "fifo.yaml")
        (d / "folder.yaml").mkdir()
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(d / "socket.yaml"))
        for special in (str(d / "fifo.yaml"), "/dev/zero", str(d / "folder.yaml"), str(d / "socket.yaml")):
            for args in (["army", "check", special], ["army", "show", special], ["explain", "los", special, "A1", "B2"],
                         ["render", "roster", special, "-o", str(d / "out" / "r.html")],
                         ["playtest", "--compare", special, special], ["replay", special],
                         ["play", "clash", "--army", f"us={special}"], ["campaign", "status", special],
                         ["render", "scenario", "clash", "--report", special, "-o", str(d / "s.html")]):
                seen[_command(args)] += 1
        sock.close()
    return seen


def run_races(pairs: int = 10) -> int:
    """Pairs of threads editing one army file at once (two cards removed); the edits lost."""
    from builder.systems.heroes.army.edit import edit_file
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    pack = load_pack_cached(CORE)
    lost = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(pairs):
            army = Path(tmp) / f"a{i}.yaml"
            army.write_text(ARMY.read_text(encoding="utf-8"), encoding="utf-8")
            cards = ("us-aimed-shot", "us-battle-rage")
            done: list[str] = []

            def remove(card: str, path: Path = army, done: list[str] = done) -> None:
                try:
                    edit_file(path, pack, card=card, remove=True)
                    done.append(card)
                except Exception:  # noqa: BLE001 - a refusal (H846) is allowed; a silent loss is not
                    pass

            workers = [threading.Thread(target=remove, args=(c,)) for c in cards]
            for w in workers:
                w.start()
            for w in workers:
                w.join(60)
            text = army.read_text(encoding="utf-8")
            lost += sum(f"card: {card}," in text for card in done)
    return lost


def run_routes(examples: int) -> tuple[int, list[str]]:
    """(requests, answers 500 or worse) for random requests to the web server's routes."""
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    failures: list[str] = []
    tried = [0]
    with tempfile.TemporaryDirectory() as tmp:
        os.mkfifo(Path(tmp) / "fifo.yaml")
        (Path(tmp) / "x.yaml").mkdir()
        app = create_app([CORE], [Path(tmp)])
        with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
            @settings(max_examples=examples, database=None, derandomize=True, deadline=None,
                      suppress_health_check=list(HealthCheck))
            @given(route_requests)
            def target(request: dict[str, object]) -> None:
                tried[0] += 1
                status = route_status(client, request)
                if status >= 500:
                    failures.append(f"{status} {request}")

            target()
    return tried[0], failures


def run() -> None:
    examples = int(os.environ.get("HEROES_FUZZ_EXAMPLES", "10000"))
    chosen = os.environ.get("HEROES_FUZZ_FORMATS", ",".join([*FORMATS, *CLASSES])).split(",")
    for name in [n for n in FORMATS if n in chosen]:
        started = time.perf_counter()
        tried, refused, crashes = run_format(name, examples)
        took = time.perf_counter() - started
        print(f"   {name:<9} {tried:>6} inputs, {refused:>6} refused with a located error, "
              f"{tried - refused - len(crashes):>6} accepted, {len(crashes)} tracebacks ({tried / took:.0f}/s)")
        for crash in crashes[:3]:
            print("     " + crash.replace("\n", "\n     "))
    if "special" in chosen:
        seen = run_special()
        print(f"   special   {sum(seen.values())} commands on a FIFO, /dev/zero, a folder, a socket: "
              f"{seen['refused']} refused, {seen['ok']} accepted, {seen['hang']} hangs, {seen['traceback']} tracebacks")
    if "races" in chosen:
        print(f"   races     10 pairs of simultaneous army edits: {run_races()} edits lost (must be 0)")
    if "routes" in chosen:
        tried, failures = run_routes(min(examples, 2000))
        print(f"   routes    {tried} requests, {len(failures)} answered 500 (must be 0)")
        for failure in failures[:3]:
            print("     " + failure[:300])
