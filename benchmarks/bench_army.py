"""Army commands: `heroes army check` on a 1,000-point army, its imports, and `suggest`.

Check wall time includes interpreter start-up with a warm pack cache (budget 300 ms);
the modules the command imports are listed to show nothing heavy (weasyprint, jinja2,
engine) is loaded; suggest runs in-process and as a command (budget 2 s)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE_PACK = ROOT / "tests" / "fixtures" / "army" / "pack"
HEAVY = ("weasyprint", "jinja2", "builder.systems.heroes.engine", "builder.render", "builder.playtest")


def _pack_for(faction: str) -> Path:
    """The bundled pack when it can field a 500-point army of the faction, else the test pack."""
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.systems.heroes.army.roster import resolve
    from builder.systems.heroes.army.suggest import suggest
    from builder.systems.heroes.army.totals import compute
    from builder.systems.heroes.content.loader import BUNDLED_CONTENT

    core = BUNDLED_CONTENT / "core"
    try:
        pack = load_pack_cached(core)
        if compute(resolve(suggest(pack, faction, 500, 0), pack)).spent >= 450:
            return core
    except Exception:
        pass
    return FIXTURE_PACK


def big_army(pack, faction: str):  # type: ignore[no-untyped-def]
    """A 1,000-point army: 500-point suggestions side by side, then smaller ones for the
    rest (tiles may repeat across them; heroes may not)."""
    from builder.systems.heroes.army.roster import resolve
    from builder.systems.heroes.army.suggest import suggest
    from builder.systems.heroes.army.totals import compute

    army = suggest(pack, faction, 500, 0)
    army.points, army.name = 1000, f"Benchmark: 1,000 points of {faction}"
    seed = 1
    while seed < 20:
        left = 1000 - compute(resolve(army, pack)).spent
        if left < 40:
            break
        try:
            more = suggest(pack, faction, min(500, left), seed)
        except Exception:
            break
        army.tiles += more.tiles
        army.heroes += [h for h in more.heroes if h.hero not in {x.hero for x in army.heroes}]
        seed += 1
    return army


CPU: list[float] = []


def _run(args: list[str]) -> float:
    """Wall time of one command; its CPU time (user + system) goes to CPU."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "builder", *args], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def _imports(args: list[str]) -> tuple[set[str], int]:
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "builder", *args], cwd=ROOT,
                         capture_output=True, text=True, check=False).stderr
    modules, total = set(), 0
    for line in out.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = (p.strip() for p in line[len("import time:"):].split("|"))
            if cumulative.isdigit() and not name.startswith(" "):
                modules.add(name.strip())
                if not line.split("|")[2].startswith("  "):
                    total += int(cumulative)
    return modules, total


def run() -> None:
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.systems.heroes.army.suggest import suggest
    from builder.systems.heroes.army.writer import army_yaml

    sys.path.insert(0, str(ROOT))
    for faction in ("us", "de"):
        from builder.systems.heroes.army.roster import resolve
        from builder.systems.heroes.army.totals import compute

        pack_path = _pack_for(faction)
        pack = load_pack_cached(pack_path)
        started = time.perf_counter()
        suggest(pack, faction, 1000, 0)
        search = time.perf_counter() - started
        army = big_army(pack, faction)
        spent = compute(resolve(army, pack)).spent
        with tempfile.TemporaryDirectory() as tmp:
            file = Path(tmp) / "army-1000.yaml"
            file.write_text(army_yaml(army, pack))
            args = ["army", "check", str(file), "--pack", str(pack_path)]
            _run(args)  # warm the pack cache
            CPU.clear()
            times = [_run(args) for _ in range(7)]
            cpu = list(CPU)
            modules, import_us = _imports(args)
        heavy = sorted(m for m in modules if m.startswith(HEAVY))
        tiles = len(army.tiles)
        options = sum(len(t.options) for t in army.tiles)
        print(f"   {faction}: pack {pack_path.relative_to(ROOT)}; 1,000-point army: {tiles} tiles, {options} options, "
              f"{len(army.heroes)} heroes, {spent} points spent")
        print(f"   {faction}: heroes army check wall time: median {statistics.median(times) * 1000:.0f} ms, "
              f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms (7 runs, budget 300 ms); "
              f"CPU median {statistics.median(cpu) * 1000:.0f} ms; load average {os.getloadavg()[0]:.1f}")
        print(f"   {faction}: imports {import_us / 1000:.0f} ms; heavy modules imported: {heavy or 'none'}")
        print(f"   {faction}: suggest 1,000 points in-process: {search * 1000:.0f} ms (budget 2 s)")
        for points in (200, 300):
            started = time.perf_counter()
            suggest(pack, faction, points, 1)
            print(f"   {faction}: suggest {points} points in-process: {(time.perf_counter() - started) * 1000:.0f} ms")
        wall = _run(["army", "suggest", "--faction", faction, "--points", "1000", "--pack", str(pack_path)])
        print(f"   {faction}: heroes army suggest --points 1000 wall time: {wall * 1000:.0f} ms")
