"""``--scheduler local``: a Dask LocalCluster gives the same JSON as ``--jobs 2`` (playtest
and balance), and a worker killed in the middle of a batch loses no game."""

from __future__ import annotations

import os
import shutil
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from builder.playtest_core.pools import DaskPool, LocalPool  # noqa: E402
from builder.systems.heroes.playtests.runner import Batch  # noqa: E402

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(PACK, target)
    return target


def test_playtest_on_a_local_cluster_is_the_same_as_two_jobs(cli, pack):
    args = ["playtest", "budget", "--pack", str(pack), "--games", "60", "--players", "greedy,random",
            "--no-save", "--format", "json"]
    local = cli(*args, "--jobs", "2")
    cluster = cli(*args, "--scheduler", "local")
    assert local.exit_code == cluster.exit_code == 0, cluster.stderr
    assert cluster.stdout == local.stdout


def test_balance_on_a_local_cluster_is_the_same_as_two_jobs(cli, pack, tmp_path):
    outs = []
    for extra in (["--jobs", "2"], ["--scheduler", "local"]):
        out = tmp_path / f"{extra[0]}.json"
        r = cli("balance", "budget", "--pack", str(pack), "--vary", "turns=2,5", "--games", "100",
                "--players", "greedy,random", "-o", str(out), *extra)
        assert r.exit_code == 0, r.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_a_killed_worker_loses_no_game():
    batch = Batch(str(PACK), "budget", 96, 3, ("greedy", "greedy"))
    with LocalPool(1) as local:
        expected = list(local.play(batch))
    with DaskPool("local", workers=2) as pool:
        pids = pool.client.run(os.getpid)  # worker address -> process id
        got: list[dict] = []
        runner = threading.Thread(target=lambda: got.extend(pool.play(batch)))
        runner.start()
        victim = None
        deadline = time.monotonic() + 60
        while victim is None and time.monotonic() < deadline and runner.is_alive():
            busy = [w for w, tasks in pool.client.processing().items() if tasks and w in pids]
            if busy:
                victim = busy[0]
                os.kill(pids[victim], signal.SIGKILL)
            else:
                time.sleep(0.01)
        runner.join(timeout=120)
        assert victim is not None, "no worker was seen at work"
        assert not runner.is_alive()
        assert victim not in pool.client.run(os.getpid), "the killed worker is gone"
    assert got == expected


def test_unreachable_scheduler_is_a_usage_error(cli, pack, monkeypatch):
    import distributed

    def refuse(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr(distributed, "Client", refuse)
    r = cli("playtest", "budget", "-p", "greedy,greedy", "--pack", str(pack), "--games", "4", "--no-save",
            "--scheduler", "tcp://127.0.0.1:9")
    assert r.exit_code == 2
    assert "cannot reach the Dask scheduler" in r.stderr and "Traceback" not in r.stderr


def test_dask_is_imported_only_when_a_scheduler_is_asked_for():
    import subprocess
    import sys

    code = ("import sys, builder.cli, builder.playtest.api, builder.playtest.balance, builder.playtest_core.pools; "
            "print('distributed' in sys.modules or 'dask' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
