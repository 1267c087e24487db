"""``heroes serve`` against malformed requests and hostile folders (issue 37, Build 6,
Why 1 and 8): files are read off the event loop through the one input path, every
malformed request is a 400 (never a 500), sessions expire by age, a non-loopback
``--host`` warns and keeps the Host guard, a busy port is exit 1.

The route fuzz is Hypothesis over the app's own route table (Starlette's TestClient):
schemathesis needs an OpenAPI schema, which this server of HTML forms does not have, so
the routes are drawn from ``app.routes`` with random path segments, query strings and
form fields, with and without a valid form token."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from builder.systems.heroes.content.loader import BUNDLED_CONTENT

ROOT = Path(__file__).resolve().parents[1]
CORE = BUNDLED_CONTENT / "core"


@pytest.fixture(scope="module")
def armies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("armies")
    os.mkfifo(folder / "fifo.yaml")
    (folder / "x.yaml").mkdir()
    (folder / "latin.yaml").write_bytes(b"name: caf\xe9\nfaction: us\n")
    (folder / "good.yaml").write_text((ROOT / "examples" / "armies" / "family-meeting-1-us.yaml").read_text())
    return folder


@pytest.fixture(scope="module")
def client(armies: Path):  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    app = create_app([CORE], [armies])
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as c:
        yield c


def _csrf(client) -> str:  # type: ignore[no-untyped-def]
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").text).group(1)


@pytest.mark.parametrize("name", ["missing.yaml", "x.yaml", "latin.yaml", "fifo.yaml"])
def test_opening_a_bad_file_is_a_400(client, name: str) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/army/open", data={"csrf": _csrf(client), "folder": "0", "file": name, "pack": "core"})
    assert r.status_code == 400, r.text[-500:]


def test_slot_with_a_non_ascii_digit(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"})
    assert client.get("/army/slot?tile=%C2%B2&slot=1").status_code == 400
    assert client.get("/army?tile=%C2%B2&slot=1").status_code == 200  # the picker is left closed


def test_downloads_after_a_non_ascii_upload(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    text = (ROOT / "examples" / "armies" / "family-meeting-1-us.yaml").read_bytes()
    r = client.post("/army/open", data={"csrf": csrf, "pack": "core"}, files={"upload": ("армия.yaml", text)})
    assert r.status_code == 200
    for kind in ("yaml", "txt", "html"):
        r = client.get(f"/army/download/{kind}")
        assert r.status_code == 200, (kind, r.text[-300:])
        if kind != "txt":
            assert "filename*=UTF-8''%D0%B0%D1%80%D0%BC%D0%B8%D1%8F" in r.headers["content-disposition"]


@pytest.mark.parametrize("scenario,players", [("clash-three", 3), ("clash-four", 4)])
def test_short_playtest_of_three_and_four_players(client, scenario: str, players: int,  # type: ignore[no-untyped-def]
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from builder.web import background

    seen: list[list[str]] = []

    def run(job, pack, seed, players):  # type: ignore[no-untyped-def]
        seen.append(players)
        job.finished = True

    monkeypatch.setattr(background.Jobs, "_run", staticmethod(run))
    r = client.post(f"/scenario/core/{scenario}/playtest", data={"csrf": _csrf(client)})
    assert r.status_code == 200
    for _ in range(100):
        if seen:
            break
        time.sleep(0.05)
    assert seen == [["greedy"] * players]


def test_a_slow_read_times_out_as_a_400(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import builder.inputs
    from builder.web import app as web

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(1.0)
        return b""

    monkeypatch.setattr(web, "READ_SECONDS", 0.1)
    monkeypatch.setattr(builder.inputs, "read_input_bytes", slow)
    r = client.post("/army/open", data={"csrf": _csrf(client), "folder": "0", "file": "good.yaml", "pack": "core"})
    assert r.status_code == 400 and "took longer" in r.text


def test_a_read_that_waits_for_a_thread_is_not_timed_out(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Under load (benchmarks/bench_serve_load.py, 50 clients) a good file waited for a worker
    thread and the busy event loop past the limit and was refused; the limit is the read's own."""
    import starlette.concurrency

    from builder.web import app as web

    queued = starlette.concurrency.run_in_threadpool

    async def busy_pool(func, *args, **kwargs):  # type: ignore[no-untyped-def]
        await asyncio.sleep(0.5)  # the thread pool is busy: the read starts late
        return await queued(func, *args, **kwargs)

    monkeypatch.setattr(web, "READ_SECONDS", 0.2)
    monkeypatch.setattr(starlette.concurrency, "run_in_threadpool", busy_pool)
    r = client.post("/army/open", data={"csrf": _csrf(client), "folder": "0", "file": "good.yaml", "pack": "core"})
    assert r.status_code == 200, r.text[-400:]


ROUTES = ["/", "/army", "/army/slot", "/army/heroes", "/army/new", "/army/open", "/army/do", "/army/save",
          "/army/download/{x}", "/scenario/{x}/{y}", "/scenario/core/{y}", "/scenario/{x}/{y}/playtest",
          "/scenario/core/clash/progress", "/pack/{x}", "/pack/core/diagnostics", "/static/{x}"]
FIELDS = ["csrf", "folder", "file", "pack", "faction", "points", "scenario", "name", "action", "tile", "slot",
          "option", "hero", "card", "copies", "base", "squad", "figure", "tile", "since", "panel"]
TEXT = st.one_of(st.sampled_from(["", "0", "1", "-1", "99999999999", "²", "core", "core:us", "clash", "us",
                                  "add-tile", "set-card", "..", "../x.yaml", "good.yaml", "fifo.yaml", "x.yaml",
                                  "latin.yaml", "армия.yaml", "\x00", "%", "yaml", "pdf"]),
                 st.text(max_size=12))


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(ROUTES), method=st.sampled_from(["GET", "POST"]), x=TEXT, y=TEXT,
       query=st.dictionaries(st.sampled_from(FIELDS), TEXT, max_size=3),
       form=st.dictionaries(st.sampled_from(FIELDS), TEXT, max_size=5), token=st.booleans(), bench=st.booleans())
def test_route_fuzz_never_answers_500(client, route: str, method: str, x: str, y: str,  # type: ignore[no-untyped-def]
                                      query: dict[str, str], form: dict[str, str], token: bool, bench: bool) -> None:
    from urllib.parse import quote

    csrf = _csrf(client)
    if bench:
        client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"})
    path = route.replace("{x}", quote(x, safe="") or "x").replace("{y}", quote(y, safe="") or "y")
    if method == "POST":
        data = {**form, **({"csrf": csrf} if token else {})}
        r = client.post(path, params=query, data=data, follow_redirects=False)
    else:
        r = client.get(path, params=query, follow_redirects=False)
    assert r.status_code < 500, (method, path, query, form, r.text[-800:])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "builder", "serve", "--pack", str(CORE), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _wait(port: int, proc: subprocess.Popen[str]) -> None:
    import httpx

    for _ in range(200):
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read() if proc.stderr else "server exited")
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("server did not start")


def test_a_fifo_never_freezes_the_other_clients(armies: Path) -> None:
    """The issue's first item, with a real server, a real FIFO and a second client."""
    import httpx

    port = _free_port()
    proc = _serve("--port", str(port), "--armies", str(armies))
    try:
        _wait(port, proc)
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=10) as first:
            csrf = re.search(r'name="csrf-token" content="([^"]+)"', first.get("/").text).group(1)
            answers: list[int] = []

            def open_fifo() -> None:
                try:
                    answers.append(first.post("/army/open", data={"csrf": csrf, "folder": "0", "file": "fifo.yaml",
                                                                  "pack": "core"}).status_code)
                except httpx.HTTPError:
                    answers.append(-1)

            worker = threading.Thread(target=open_fifo)
            worker.start()
            time.sleep(0.3)
            started = time.monotonic()
            other = httpx.get(f"{base}/", timeout=5)
            assert other.status_code == 200 and time.monotonic() - started < 5
            worker.join(15)
            assert answers == [400]
    finally:
        proc.terminate()
        proc.wait(20)


def test_busy_port_and_open_host() -> None:
    import httpx

    port = _free_port()
    first = _serve("--port", str(port))
    try:
        _wait(port, first)
        second = _serve("--port", str(port))
        second.wait(60)
        assert second.returncode == 1
        assert "already in use" in (second.stderr.read() if second.stderr else "")
    finally:
        first.terminate()
        first.wait(20)
    port = _free_port()
    opened = _serve("--host", "0.0.0.0", "--port", str(port))
    try:
        _wait(port, opened)
        assert httpx.get(f"http://127.0.0.1:{port}/", headers={"host": "evil.example"}, timeout=5).status_code == 400
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
    finally:
        opened.terminate()
        opened.wait(20)
        err = opened.stderr.read() if opened.stderr else ""
    assert "warning: --host 0.0.0.0" in err and "evil" not in err


def test_a_non_ascii_form_token_is_a_403(client) -> None:  # type: ignore[no-untyped-def]
    """Found by make fuzz: hmac.compare_digest refuses str with non-ASCII characters (a 500)."""
    client.get("/")
    r = client.post("/army/open", data={"csrf": "\x85»&±%¦", "folder": "0", "file": "good.yaml"})
    assert r.status_code == 403


def test_fill_the_deck_of_an_uploaded_example(client) -> None:  # type: ignore[no-untyped-def]
    """Found by the load test: "fill the deck" on the bundled example answered 400 (Y101)."""
    csrf = _csrf(client)
    army = (ROOT / "examples" / "armies" / "family-meeting-1-us.yaml").read_bytes()
    assert client.post("/army/open", data={"csrf": csrf, "pack": "core"},
                       files={"upload": ("a.yaml", army)}).status_code == 200
    r = client.post("/army/do", data={"csrf": csrf, "action": "fill-deck"}, headers={"X-Heroes-Fragment": "1"})
    assert r.status_code == 200, r.text[-400:]


def test_the_load_benchmark_runs_clean() -> None:
    """benchmarks/bench_serve_load.py, small: a real server, 3 clients, 40 requests of the
    mix; no 5xx, no connection failure or timeout, no malformed request accepted."""
    from benchmarks.bench_serve_load import measure

    tally, _ = measure(clients=3, requests=40)
    assert tally.errors == [] and tally.wrong == []
    assert sum(len(t) for t in tally.latencies.values()) == 40
