"""Render speed: roster PDF (target < 1.5 s) and the bundled pack's site (target < 5 s)."""

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


def _cli(*args: str, repeat: int = 3) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system) of the whole command over
    ``repeat`` runs; CPU time is what contention on shared cores does not inflate."""
    runs = [_cli_once(*args) for _ in range(repeat)]
    return min(w for w, _ in runs), min(c for _, c in runs)


def _cli_once(*args: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "builder", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


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
        print(f"   load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        wall, cpu = _cli("render", "roster", str(army), "-o", str(out / "roster.pdf"))
        print(f"   roster PDF (bundled pack, suggested US army), whole command: {wall:.2f} s wall, "
              f"{cpu:.2f} s CPU  (target < 1.5 s), {(out / 'roster.pdf').stat().st_size / 1000:.1f} kB")
        fixture_army = FIXTURE / "armies" / "legal.yaml"
        wall, cpu = _cli("render", "roster", str(fixture_army), "-p", str(FIXTURE / "pack"), "-o", str(out / "r2.pdf"))
        print(f"   roster PDF (fixture pack), whole command: {wall:.2f} s wall, {cpu:.2f} s CPU")
        pack = core
        html_to_pdf("<p>warm-up</p>")
        warm = _best(lambda: html_to_pdf(render_roster_html(army, pack)))
        print(f"   roster PDF, in process (check + HTML + PDF): {warm:.3f} s")
        for scenario_id in sorted(core.scenarios)[:1]:
            scenario = find_scenario(core, scenario_id)
            sheet = _best(lambda: html_to_pdf(render_scenario_html(scenario, core)))
            print(f"   scenario PDF '{scenario_id}', in process: {sheet:.3f} s")
        wall, cpu = _cli("site", "build", "-o", str(out / "site"))
        pages = sum(1 for _ in (out / "site").rglob("*.html"))
        print(f"   bundled pack site, whole command: {wall:.2f} s wall, {cpu:.2f} s CPU for {pages} pages  (target < 5 s)")
        site_warm = _best(lambda: build_site(load_pack(CORE), out / "site2"))
        print(f"   bundled pack site, in process (load + build): {site_warm:.3f} s")
