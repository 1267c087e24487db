"""Run every benchmark module, or those named on the command line."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if any(a.replace("-", "_") in n for a in argv)]
    from builder import native

    state = native.status()
    print(f"engine code: {'compiled, ' if state.active else 'pure Python, '}{state.reason}")
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name}: {(module.__doc__ or '').strip().splitlines()[0]}")
        started = time.perf_counter()
        module.run()
        print(f"   ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
