"""Benchmarks: ``make bench`` (``python -m benchmarks``) runs every ``bench_*.py`` module's
``run()`` and prints its figures. Speed is measured here, never in timed tests."""
