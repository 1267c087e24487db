"""Render speed: roster PDF (target < 1.5 s) and the bundled pack's site (target < 5 s)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "render"
CORE = ROOT / "content" / "core"


def _cli(*args: str, repeat: int = 3) -> float:
    """Best wall time of the whole command over ``repeat`` runs (other work shares the machine)."""
    return min(_cli_once(*args) for _ in range(repeat))


def _cli_once(*args: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "builder", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def _best(fn, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def run() -> None:
    from builder.content.loader import load_pack
    from builder.render.pdf import html_to_pdf
    from builder.render.roster import render_roster_html
    from builder.render.scenario_sheet import find_scenario, render_scenario_html
    from builder.render.site.build import build_site

    from builder.army.suggest import suggest
    from builder.army.writer import army_yaml

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        core = load_pack(CORE)
        army = out / "army.yaml"
        army.write_text(army_yaml(suggest(core, "us", 200, seed=1), core), encoding="utf-8")
        cold = _cli("render", "roster", str(army), "-o", str(out / "roster.pdf"))
        print(f"   roster PDF (bundled pack, suggested US army), whole command: {cold:.2f} s  (target < 1.5 s)")
        fixture_army = FIXTURE / "armies" / "legal.yaml"
        cold = _cli("render", "roster", str(fixture_army), "-p", str(FIXTURE / "pack"), "-o", str(out / "r2.pdf"))
        print(f"   roster PDF (fixture pack), whole command: {cold:.2f} s")
        pack = core
        html_to_pdf("<p>warm-up</p>")
        warm = _best(lambda: html_to_pdf(render_roster_html(army, pack)))
        print(f"   roster PDF, in process (check + HTML + PDF): {warm:.3f} s")
        for scenario_id in sorted(core.scenarios)[:1]:
            scenario = find_scenario(core, scenario_id)
            sheet = _best(lambda: html_to_pdf(render_scenario_html(scenario, core)))
            print(f"   scenario PDF '{scenario_id}', in process: {sheet:.3f} s")
        site_cold = _cli("site", "build", "-o", str(out / "site"))
        pages = sum(1 for _ in (out / "site").rglob("*.html"))
        print(f"   bundled pack site, whole command: {site_cold:.2f} s for {pages} pages  (target < 5 s)")
        site_warm = _best(lambda: build_site(load_pack(CORE), out / "site2"))
        print(f"   bundled pack site, in process (load + build): {site_warm:.3f} s")
