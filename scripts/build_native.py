"""Compile the rules engine's hot modules with mypyc into ``.native/`` (see builder/native.py).

    python scripts/build_native.py               # build when the sources changed
    python scripts/build_native.py --force       # build anyway
    python scripts/build_native.py --strict      # a failed build is an error (exit 1)
    python scripts/build_native.py --no-profile  # one plain pass (HEROES_PGO=0 does the same)

Without ``--strict`` a machine that cannot compile (no C compiler, no mypyc) keeps
the pure Python engine, which plays the same games more slowly; the reason is
printed. The build goes to a temporary directory and replaces ``.native/`` in one
rename, so a failed or interrupted build never leaves half a directory in use.

With gcc the build is profile-guided: the C is compiled once with counters, that
copy plays a set of training games (:data:`TRAINING_GAMES`), and the C is compiled again
from the counts. gcc then lays the hot paths out straight and inlines the hot calls
between compiled functions, which ``-fno-semantic-interposition`` allows (the
functions of the one shared library are never replaced at load time), and
``-fno-plt`` calls the C API without a PLT jump. Games run 12-17% faster in paired
runs for about 1.6 times the compile time, 6 minutes instead of 4 on a 2-core
machine (docs/playtest.md, Performance); they are the same games (tests/test_native.py).
A failed profiling pass falls back to the plain build, except with ``--strict``
(``make test``), where it is an error: the training games are playtests the
compiled copy must be able to play.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder import native  # noqa: E402

SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
paths, group, out, temp, c_dir = sys.argv[1].split("\\n"), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
setup(name="heroes-native", packages=[], py_modules=[],
      ext_modules=mypycify(paths, group_name=group, opt_level="3", target_dir=c_dir),
      script_args=["build_ext", "--force", "--build-lib", out, "--build-temp", temp])
"""

TRAINING_GAMES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("family-meeting-1", ("greedy", "solo-mode:aggressive:medium"), 200),
    ("family-meeting-1", ("greedy", "solo-mode:defensive:hard"), 40),
    ("family-meeting-1", ("solo:balanced", "solo:aggressive"), 40),
    ("family-meeting-1", ("random", "random"), 100),
    ("family-meeting-2", ("greedy", "greedy"), 60),
    ("clash", ("greedy", "random"), 60),
)
"""The profiling run's playtests (scenario, players, games): the ones the compiled code
exists for (the Solo game mode of the issue 6 benchmark first), and the other players
and scenarios for breadth."""

TRAINING = """
import json, sys
from builder import native
assert native.status().active, native.status().reason
from builder.playtest.api import run_playtest
for scenario, players, games in json.loads(sys.argv[1]):
    run_playtest(scenario, games=games, seed=11, players=players, jobs=1)
"""

PLAIN_FLAGS = ["-fno-semantic-interposition", "-fno-plt"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when the sources did not change")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the build fails")
    parser.add_argument("--no-profile", action="store_true", help="one plain pass, no profile-guided build")
    args = parser.parse_args()
    if native.status().active and not args.force:
        print(f"native: up to date ({native.status().reason})")
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return _give_up("mypyc is not installed (it comes with mypy: pip install -e '.[native]')", args.strict)
    started = time.perf_counter()
    sources = native.fingerprints()  # before compiling: an edit made meanwhile leaves the build stale
    work = Path(tempfile.mkdtemp(prefix=".native-build-", dir=ROOT))
    try:
        gcc = _is_gcc()
        flags = PLAIN_FLAGS if gcc else []
        guided = gcc and not args.no_profile and os.environ.get("HEROES_PGO", "1").lower() not in native.OFF
        if guided:
            # both passes compile the same C to the same object paths: gcc finds the counts by them
            profile, instrumented = work / "profile", work / "instrumented"
            why = _compile(work, instrumented, [*flags, f"-fprofile-generate={profile}", "-fprofile-update=single"])
            if why is None:
                _write_manifest(instrumented, sources, guided=False)
                why = _train(instrumented)
            if why is None:
                flags = [*flags, f"-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile",
                         "-Wno-coverage-mismatch"]
            elif args.strict:  # make test: a training game the instrumented copy cannot play is a bug
                return _give_up(f"profiling pass failed:\n{why}", True)
            else:
                print(f"native: profiling pass failed, compiling without it:\n{why}", file=sys.stderr)
                guided = False
        out = work / "out"
        why = _compile(work, out, flags)
        if why is not None:
            return _give_up(f"mypyc failed:\n{why}", args.strict)
        _write_manifest(out, sources, guided)
        old = ROOT / ".native.old"
        shutil.rmtree(old, ignore_errors=True)
        if native.NATIVE_DIR.exists():
            native.NATIVE_DIR.rename(old)
        out.rename(native.NATIVE_DIR)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    how = "profile-guided, " if guided else ""
    print(f"native: compiled {len(native.MODULES)} modules into {native.NATIVE_DIR.relative_to(ROOT)}/ "
          f"({how}{time.perf_counter() - started:.0f} s)")
    return 0


def _compile(work: Path, out: Path, flags: list[str]) -> str | None:
    """Generate the C with mypyc and compile it into ``out`` with the extra C compiler
    ``flags``; None when it worked, else the end of the compiler's output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for var in ("CFLAGS", "LDFLAGS"):  # setuptools passes both to gcc (LDFLAGS when linking)
        env[var] = " ".join([os.environ.get(var, ""), *flags]).strip()
    paths = "\n".join(str(native.source_path(m)) for m in native.MODULES)
    # in a directory of its own: setuptools would otherwise read the project's pyproject.toml
    return _failure(subprocess.run([sys.executable, "-c", SETUP, paths, native.GROUP, str(out), str(work / "temp"),
                                    str(work / "c")], cwd=work, env=env, capture_output=True, text=True))


def _train(instrumented: Path) -> str | None:
    """Play :data:`TRAINING_GAMES` on the instrumented copy (its counters are written as the
    process ends); None when it worked, else why not."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEROES_NATIVE_DIR": str(instrumented)}
    env.pop("HEROES_NATIVE", None)
    return _failure(subprocess.run([sys.executable, "-c", TRAINING, json.dumps(TRAINING_GAMES)], cwd=ROOT,
                                   env=env, capture_output=True, text=True))


def _failure(proc: "subprocess.CompletedProcess[str]") -> str | None:
    """None when ``proc`` succeeded, else the end of what it printed."""
    if proc.returncode == 0:
        return None
    return "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])


def _write_manifest(out: Path, sources: dict[str, str], guided: bool) -> None:
    import mypy.version

    manifest = {"tag": native.build_tag(), "mypyc": mypy.version.__version__, "profile_guided": guided,
                "sources": sources}
    (out / native.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def _is_gcc() -> bool:
    """Is the C compiler setuptools will call gcc (whose profile flags the build uses)?"""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        proc = subprocess.run([cc[0], "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return proc.returncode == 0 and "Free Software Foundation" in proc.stdout and "clang" not in proc.stdout


def _give_up(why: str, strict: bool) -> int:
    print(f"native: {why}", file=sys.stderr)
    print("native: the engine runs as pure Python (same games, slower)", file=sys.stderr)
    return 1 if strict else 0


if __name__ == "__main__":
    sys.exit(main())
