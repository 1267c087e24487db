"""Fault test (issue 23 item 7): writers killed with SIGKILL at random points.

A child process rewrites one target in a loop (``army edit`` toggling a slot, ``site
build`` rebuilding, the playtest report writer alternating two reports) and is killed
at a random moment, several times per target. After every kill the target must be the
old version or the new one, byte for byte, never a mixture; after the next normal run
no temporary file is left beside it. Killing a loop (rather than a whole command) puts
the kills inside the write window instead of during start-up, and keeps the test short.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
KILLS = 4

CHILD = {
    "army": """
import sys
from pathlib import Path
from builder.systems.heroes.army.edit import edit_file
from builder.systems.heroes.content.pack_cache import load_pack_cached
path = Path(sys.argv[1])
pack = load_pack_cached(Path(sys.argv[2]))
print("ready", flush=True)
while True:
    edit_file(path, pack, tile="1", slot=3, option="us-grenade")
    edit_file(path, pack, tile="1", slot=3, remove=True)
""",
    "site": """
import sys
from pathlib import Path
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.render.site.build import build_site
pack = load_pack_cached(Path(sys.argv[2]))
print("ready", flush=True)
while True:
    build_site(pack, Path(sys.argv[1]))
""",
    "report": """
import json, sys
from pathlib import Path
from builder.playtest_core.report import write_reports
reports = [json.loads(Path(sys.argv[2]).read_text()), json.loads(Path(sys.argv[3]).read_text())]
print("ready", flush=True)
while True:
    for report in reports:
        write_reports(report, Path(sys.argv[1]), None)
""",
}


def _kill_loop(kind: str, *args: str, seed: int) -> None:
    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEROES_NATIVE": "0"}
    child = subprocess.Popen([sys.executable, "-c", CHILD[kind], *args], stdout=subprocess.PIPE, env=env)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.6))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".heroes-tmp"))


def test_army_edit_killed(tmp_path: Path) -> None:
    from builder.systems.heroes.army.edit import edit_file
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    core = ROOT / "content" / "core"
    path = tmp_path / "army.yaml"
    shutil.copyfile(ARMY, path)
    versions = [path.read_bytes()]
    edit_file(path, load_pack_cached(core), tile="1", slot=3, option="us-grenade")
    versions.append(path.read_bytes())
    edit_file(path, load_pack_cached(core), tile="1", slot=3, remove=True)
    versions.append(path.read_bytes())
    path.write_bytes(versions[0])
    for n in range(KILLS):
        _kill_loop("army", str(path), str(core), seed=n)
        assert path.read_bytes() in versions, f"kill {n}: a mixture"
    edit_file(path, load_pack_cached(core), tile="1", slot=3, remove=True)
    assert path.read_bytes() == versions[2] and _leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml"]


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_site_build_killed(tmp_path: Path) -> None:
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.render.site.build import build_site

    pack_dir = ROOT / "tests" / "fixtures" / "army" / "pack"
    out = tmp_path / "site"
    build_site(load_pack_cached(pack_dir), out)
    reference = _tree(out)
    for n in range(KILLS):
        _kill_loop("site", str(out), str(pack_dir), seed=10 + n)
        assert _tree(out) == reference, f"kill {n}: the site is not one whole build"
    build_site(load_pack_cached(pack_dir), out)
    assert _tree(out) == reference
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


@pytest.fixture(scope="module")
def two_reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from builder.playtest.api import run_playtest
    from builder.playtest_core.report import report_json

    folder = tmp_path_factory.mktemp("reports")
    paths = []
    for seed in (1, 2):
        report, _rows = run_playtest("family-meeting-1", games=2, seed=seed, players=["random", "random"])
        path = folder / f"r{seed}.json"
        path.write_text(report_json(report))
        paths.append(path)
    return paths[0], paths[1]


def test_playtest_report_killed(tmp_path: Path, two_reports: tuple[Path, Path]) -> None:
    import json

    from builder.playtest_core.report import report_html, write_reports

    reports = [json.loads(p.read_text()) for p in two_reports]
    versions = {report_html(r).encode() for r in reports}
    out = tmp_path / "report.html"
    for n in range(KILLS):
        _kill_loop("report", str(out), str(two_reports[0]), str(two_reports[1]), seed=20 + n)
        assert not out.exists() or out.read_bytes() in versions, f"kill {n}: a mixture"
    assert write_reports(reports[0], out, None) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html"]
