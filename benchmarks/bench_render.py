"""Render speed: roster PDF (target < 1.5 s) and the bundled pack's site (target < 5 s).

The roster is timed as a whole command, as users run it: a fresh interpreter with
Python's bytecode cache on (a temporary ``PYTHONPYCACHEPREFIX``, warmed by a first run),
the pack and template caches warm, and the PDF worker (builder.render.pdf_worker) on.
When this environment sets ``PYTHONDONTWRITEBYTECODE`` (sessions keep their checkouts
free of ``__pycache__``), every start also compiles the project's sources: that figure is
printed too. The machine is shared, so each figure is the minimum over runs alternated
with a yardstick, a fixed pure-Python loop in a fresh interpreter, and is also given in
yardsticks: a ratio that load inflates far less than seconds, to compare runs made at
different times.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "render"
CORE = ROOT / "content" / "core"
YARDSTICK = "n = 0\nfor i in range(3_000_000):\n    n += i * i % 7\n"
"""The yardstick: a loop whose work never changes (a few tenths of a second on a quiet core)."""


def _cli(*args: str, repeat: int = 3, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system, the PDF worker's included) of the
    whole command over ``repeat`` runs; CPU time is what contention on shared cores does
    not inflate as much."""
    runs = [_run_once([sys.executable, "-m", "builder", *args], env) for _ in range(repeat)]
    return min(w for w, _ in runs), min(c for _, c in runs)


def _versus_yardstick(*args: str, repeat: int = 5, env: dict[str, str] | None = None
                      ) -> tuple[tuple[float, float], tuple[float, float]]:
    """Best (wall, CPU) of the whole command and of the yardstick, their runs alternated."""
    command, yardstick = [], []
    for _ in range(repeat):
        command.append(_run_once([sys.executable, "-m", "builder", *args], env))
        yardstick.append(_run_once([sys.executable, "-c", YARDSTICK], env))
    return ((min(w for w, _ in command), min(c for _, c in command)),
            (min(w for w, _ in yardstick), min(c for _, c in yardstick)))


def _run_once(argv: list[str], env: dict[str, str] | None) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _bytecode_cached(folder: Path) -> dict[str, str]:
    """The environment with Python's bytecode cache on, kept in ``folder``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env


def _best(fn, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def run() -> None:
    from builder.systems.heroes.content.loader import load_pack
    from builder.render.pdf import html_to_pdf
    from builder.systems.heroes.render.roster import render_roster_html
    from builder.systems.heroes.render.scenario_sheet import find_scenario, render_scenario_html
    from builder.render.site.build import build_site

    from builder.systems.heroes.army.suggest import suggest
    from builder.systems.heroes.army.writer import army_yaml

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        core = load_pack(CORE)
        army = out / "army.yaml"
        army.write_text(army_yaml(suggest(core, "us", 200, seed=1), core), encoding="utf-8")
        roster = ("render", "roster", str(army), "-o", str(out / "roster.pdf"))
        cached = _bytecode_cached(out / "pycache")
        _cli(*roster, repeat=1, env=cached)  # compiles the bytecode, fills the pack and template caches
        print(f"   load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        (wall, cpu), (y_wall, y_cpu) = _versus_yardstick(*roster, env=cached)
        print(f"   roster PDF (bundled pack, suggested US army), whole command: {wall:.2f} s wall, "
              f"{cpu:.2f} s CPU  (target < 1.5 s), {(out / 'roster.pdf').stat().st_size / 1000:.1f} kB; "
              f"{wall / y_wall:.2f} yardsticks wall, {cpu / y_cpu:.2f} CPU (yardstick {y_wall:.2f} s wall, "
              f"{y_cpu:.2f} s CPU)")
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            wall, cpu = _cli(*roster)
            print(f"   the same, compiling the sources at start (PYTHONDONTWRITEBYTECODE is set here): "
                  f"{wall:.2f} s wall, {cpu:.2f} s CPU; {wall / y_wall:.2f} yardsticks wall, {cpu / y_cpu:.2f} CPU")
        print(f"   load average {os.getloadavg()[0]:.1f}")
        fixture_army = FIXTURE / "armies" / "legal.yaml"
        wall, cpu = _cli("render", "roster", str(fixture_army), "-p", str(FIXTURE / "pack"), "-o", str(out / "r2.pdf"))
        print(f"   roster PDF (fixture pack), whole command: {wall:.2f} s wall, {cpu:.2f} s CPU")
        pack = core
        html_to_pdf("<p>warm-up</p>")
        warm = _best(lambda: html_to_pdf(render_roster_html(army, pack)))
        print(f"   roster PDF, in process (check + HTML + PDF): {warm:.3f} s")
        for scenario_id in sorted(core.scenarios)[:1]:
            scenario = find_scenario(core, scenario_id)
            sheet = _best(lambda scenario=scenario: html_to_pdf(render_scenario_html(scenario, core)))
            print(f"   scenario PDF '{scenario_id}', in process: {sheet:.3f} s")
        wall, cpu = _cli("site", "build", "-o", str(out / "site"))
        pages = sum(1 for _ in (out / "site").rglob("*.html"))
        print(f"   bundled pack site, whole command: {wall:.2f} s wall, {cpu:.2f} s CPU for {pages} pages  (target < 5 s)")
        site_warm = _best(lambda: build_site(load_pack(CORE), out / "site2"))
        print(f"   bundled pack site, in process (load + build): {site_warm:.3f} s")
