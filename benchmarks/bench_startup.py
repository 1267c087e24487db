"""Start-up: `heroes army check` as a whole command beside `python -c "import pydantic"`.

Why: a newcomer's first impression is how quickly a command answers, and most of a
check's wall time is the interpreter start-up and imports, not the rules. The yardstick
is the import of pydantic alone, run in the same process and interleaved with the
command so both see the same machine load; the ratio is what is reported (goal < 2x).

The project's own modules are compiled from source on every run when bytecode caching
is off (``PYTHONDONTWRITEBYTECODE``, as in some sandboxes), while pydantic's installed
bytecode is still read: then a second pair of rows measures both sides with bytecode
cached in a temporary folder (``PYTHONPYCACHEPREFIX``), as an installed ``heroes`` runs.
The pair of ratios shows what compiling the project's sources costs.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
RUNS = 7


def _wall(args: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, check=False, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def measure(runs: int = RUNS, env: dict[str, str] | None = None) -> dict[str, float]:
    """Median wall times (seconds) of the command, the yardstick and a bare interpreter."""
    check = ["-m", "builder", "army", "check", str(ARMY)]
    _wall(check, env)  # warm the pack cache, the army index and the file system
    _wall(["-c", "import pydantic"], env)
    times: dict[str, list[float]] = {"check": [], "pydantic": [], "python": []}
    for _ in range(runs):
        times["check"].append(_wall(check, env))
        times["pydantic"].append(_wall(["-c", "import pydantic"], env))
        times["python"].append(_wall(["-c", "pass"], env))
    return {name: statistics.median(values) for name, values in times.items()}


def _report(figures: dict[str, float], how: str) -> None:
    ratio = figures["check"] / figures["pydantic"]
    print(f"   {how}: heroes army check {ARMY.relative_to(ROOT)}: median {figures['check'] * 1000:.0f} ms; "
          f"python -c 'import pydantic': {figures['pydantic'] * 1000:.0f} ms; "
          f"python -c pass: {figures['python'] * 1000:.0f} ms ({RUNS} runs, interleaved)")
    print(f"   {how}: ratio check / import pydantic: {ratio:.2f}x (goal < 2x)")


def run() -> None:
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        _report(measure(), "bytecode cached")
        return
    _report(measure(), "sources compiled on each run (PYTHONDONTWRITEBYTECODE)")
    with tempfile.TemporaryDirectory(prefix="heroes-pycache-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        _report(measure(env={**env, "PYTHONPYCACHEPREFIX": cache}), "bytecode cached")
