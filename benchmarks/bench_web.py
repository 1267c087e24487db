"""heroes serve: server time per builder interaction on a 1,000-point army, first page load, memory.

200 interactions (add a tile, fill one of its slots, open a slot's options, empty the
slot, remove the tile: the page re-checks the whole list each time) go through the
ASGI app in-process with Starlette's test client; the yardstick is one
``check_text`` of the same list (what ``heroes army check`` does), run in the same
process. Server time is the app's own (its Server-Timing header: routing, form,
edit, check, page), without the test client's. Goals: under 50 ms an interaction, first builder page under 300 ms. Memory
is the peak resident size of a fresh process serving three packs."""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INTERACTIONS = 200

FRESH_SCRIPT = """
import re, sys, time, warnings
from pathlib import Path
warnings.simplefilter("ignore")
def rss():
    return next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:"))
before = rss()
from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.web.app import create_app
from starlette.testclient import TestClient
app = create_app([BUNDLED_CONTENT / "core", BUNDLED_CONTENT / "bfn", Path(sys.argv[1])], [])
client = TestClient(app, base_url="http://127.0.0.1")
t = time.perf_counter()
home = client.get("/")
home_ms = (time.perf_counter() - t) * 1000
csrf = re.search(r'name="csrf-token" content="([^"]+)"', home.text).group(1)
client.post("/army/open", data={"csrf": csrf, "pack": "core"}, files={"upload": ("big.yaml", open(sys.argv[2], "rb").read())},
            follow_redirects=False)
t = time.perf_counter()
page = client.get("/army")
army_ms = (time.perf_counter() - t) * 1000
assert "/ 1200 points" in page.text
for pid in app.state.site.packs:
    client.get("/pack/" + pid)
print(before, rss(), len(app.state.site.packs), home_ms, army_ms)
"""


def _client(army_text: str):  # type: ignore[no-untyped-def]
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette's notice about httpx versions
        from starlette.testclient import TestClient

    from builder.systems.heroes.content.loader import BUNDLED_CONTENT
    from builder.web.app import create_app

    app = create_app([BUNDLED_CONTENT / "core"], [])
    client = TestClient(app, base_url="http://127.0.0.1")
    csrf = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").text).group(1)  # type: ignore[union-attr]
    client.post("/army/open", data={"csrf": csrf, "pack": "core"},
                files={"upload": ("big.yaml", army_text.encode())})
    return client, csrf


def _server_time(response, started: float) -> float:  # type: ignore[no-untyped-def]
    """The server's own time (its Server-Timing header), else the round trip."""
    found = re.search(r"app;dur=([0-9.]+)", response.headers.get("server-timing", ""))
    return float(found.group(1)) / 1000 if found else time.perf_counter() - started


def run() -> None:
    from benchmarks.bench_army import big_army
    from builder.systems.heroes.army.check import check_text
    from builder.systems.heroes.army.roster import resolve
    from builder.systems.heroes.army.totals import compute
    from builder.systems.heroes.army.writer import army_yaml
    from builder.systems.heroes.content.loader import BUNDLED_CONTENT
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    pack = load_pack_cached(BUNDLED_CONTENT / "core")
    army = big_army(pack, "us")
    spent = compute(resolve(army, pack)).spent
    army.points = 1200  # room for the tile and option each round adds
    text = army_yaml(army, pack)
    client, csrf = _client(text)

    started = time.perf_counter()
    assert "/ 1200 points" in client.get("/army").text
    again_ms = (time.perf_counter() - started) * 1000

    tile = next(t for t in pack.tiles.values() if t.faction == "us" and t.slots and t.kind.value == "platoon")
    position = str(len(army.tiles) + 1)
    steps: list[tuple[str, str | dict[str, str]]] = [
        ("post", {"action": "add-tile", "tile": tile.id}),
        ("get", f"/army/slot?tile={position}&slot=1"),
        ("post", {"action": "set-slot", "tile": position, "slot": "1", "option": "@fit"}),
        ("post", {"action": "clear-slot", "tile": position, "slot": "1"}),
        ("post", {"action": "remove-tile", "tile": position}),
    ]
    times: list[float] = []
    by_step: dict[str, list[float]] = {}
    fit = ""
    for i in range(INTERACTIONS):
        kind, what = steps[i % len(steps)]
        started = time.perf_counter()
        if kind == "get":
            answer = client.get(str(what))
            page = answer.text
            times.append(_server_time(answer, started))
            by_step.setdefault("open a slot's options", []).append(times[-1])
            found = re.search(r'id="opt-([^"]+)"\s*>', page)
            assert found, "no option fits the new tile's first slot"
            fit = found.group(1)
            continue
        assert isinstance(what, dict)
        form = {k: fit if v == "@fit" else v for k, v in what.items()}
        response = client.post("/army/do", data={"csrf": csrf, **form}, headers={"X-Heroes-Fragment": "1"})
        times.append(_server_time(response, started))
        by_step.setdefault(form["action"], []).append(times[-1])
        assert response.status_code == 200, response.text[:500]

    yard = []
    for _ in range(20):
        started = time.perf_counter()
        check_text(text, pack, "big.yaml")
        yard.append(time.perf_counter() - started)
    yardstick = statistics.median(yard)
    median, worst = statistics.median(times), max(times)
    p95 = sorted(times)[int(0.95 * len(times)) - 1]
    print(f"   builder interaction, {spent}-point army ({len(army.tiles)} tiles, budget 1200), {INTERACTIONS} interactions: "
          f"median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, worst {worst * 1000:.1f} ms (goal < 50 ms); "
          f"{median / yardstick:.1f} x one check_text ({yardstick * 1000:.1f} ms)")
    fixture = ROOT / "tests" / "fixtures" / "army" / "pack"
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "big.yaml").write_text(text, encoding="utf-8")
        out = subprocess.run([sys.executable, "-c", FRESH_SCRIPT, str(fixture), str(Path(tmp) / "big.yaml")],
                             capture_output=True, text=True, cwd=ROOT, check=True).stdout.split()
    before, after, packs, home_ms, army_ms = int(out[0]), int(out[1]), int(out[2]), float(out[3]), float(out[4])
    print("   by step (median ms): " + ", ".join(f"{k} {statistics.median(v) * 1000:.1f}" for k, v in by_step.items()))
    print(f"   first page loads in a fresh server: home {home_ms:.0f} ms, builder with the 1,000-point army "
          f"{army_ms:.0f} ms (goal < 300 ms); later builder loads {again_ms:.0f} ms")
    print(f"   server memory with {packs} packs loaded and their dashboards validated: {after / 1024:.0f} MiB "
          f"resident (interpreter alone {before / 1024:.0f} MiB)")
