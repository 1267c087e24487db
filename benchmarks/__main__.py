"""Run every benchmark module, or those named on the command line; ``--games N`` is
passed to the benchmarks whose ``run`` takes a game count (``python -m benchmarks
players --games 20``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    options: dict[str, int] = {}
    if "--games" in argv:
        at = argv.index("--games")
        if at + 1 >= len(argv) or not argv[at + 1].isdigit() or int(argv[at + 1]) < 1:
            print("usage: python -m benchmarks [NAME...] [--games N] (N a whole number, at least 1)", file=sys.stderr)
            return 2
        options["games"] = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
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
        wanted = {k: v for k, v in options.items() if k in inspect.signature(module.run).parameters}
        module.run(**wanted)
        print(f"   ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
