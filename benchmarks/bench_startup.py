"""Start-up: `heroes army check` as a whole command beside `python -c "import pydantic"`.

Why: a newcomer's first impression is how quickly a command answers, and most of a
check's wall time is the interpreter start-up and imports, not the rules. The yardstick
is the import of pydantic alone, run in the same process and interleaved with the
command so both see the same machine load; the ratio is what is reported (goal < 2x).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
RUNS = 7


def _wall(args: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def measure(runs: int = RUNS) -> dict[str, float]:
    """Median wall times (seconds) of the command, the yardstick and a bare interpreter."""
    check = ["-m", "builder", "army", "check", str(ARMY)]
    _wall(check)  # warm the pack cache and the file system
    times: dict[str, list[float]] = {"check": [], "pydantic": [], "python": []}
    for _ in range(runs):
        times["check"].append(_wall(check))
        times["pydantic"].append(_wall(["-c", "import pydantic"]))
        times["python"].append(_wall(["-c", "pass"]))
    return {name: statistics.median(values) for name, values in times.items()}


def run() -> None:
    figures = measure()
    ratio = figures["check"] / figures["pydantic"]
    print(f"   heroes army check {ARMY.relative_to(ROOT)}: median {figures['check'] * 1000:.0f} ms; "
          f"python -c 'import pydantic': {figures['pydantic'] * 1000:.0f} ms; "
          f"python -c pass: {figures['python'] * 1000:.0f} ms ({RUNS} runs, interleaved)")
    print(f"   ratio check / import pydantic: {ratio:.2f}x (goal < 2x)")
