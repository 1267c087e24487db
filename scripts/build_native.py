"""Compile the rules engine's hot modules with mypyc into ``.native/`` (see builder/native.py).

    python scripts/build_native.py            # build when the sources changed
    python scripts/build_native.py --force    # build anyway
    python scripts/build_native.py --strict   # a failed build is an error (exit 1)

Without ``--strict`` a machine that cannot compile (no C compiler, no mypyc) keeps
the pure Python engine, which plays the same games more slowly; the reason is
printed. The build goes to a temporary directory and replaces ``.native/`` in one
rename, so a failed or interrupted build never leaves half a directory in use.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
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
      script_args=["build_ext", "--build-lib", out, "--build-temp", temp])
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when the sources did not change")
    parser.add_argument("--strict", action="store_true", help="exit 1 when the build fails")
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
        out = work / "out"
        paths = "\n".join(str(native.source_path(m)) for m in native.MODULES)
        # in a directory of its own: setuptools would otherwise read the project's pyproject.toml
        proc = subprocess.run([sys.executable, "-c", SETUP, paths, native.GROUP, str(out), str(work / "temp"),
                               str(work / "c")], cwd=work, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              capture_output=True, text=True)
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
            return _give_up(f"mypyc failed:\n{tail}", args.strict)
        import mypy.version

        manifest = {"tag": native.build_tag(), "mypyc": mypy.version.__version__,
                    "sources": sources}
        (out / native.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        old = ROOT / ".native.old"
        shutil.rmtree(old, ignore_errors=True)
        if native.NATIVE_DIR.exists():
            native.NATIVE_DIR.rename(old)
        out.rename(native.NATIVE_DIR)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"native: compiled {len(native.MODULES)} modules into {native.NATIVE_DIR.relative_to(ROOT)}/ "
          f"in {time.perf_counter() - started:.0f} s")
    return 0


def _give_up(why: str, strict: bool) -> int:
    print(f"native: {why}", file=sys.stderr)
    print("native: the engine runs as pure Python (same games, slower)", file=sys.stderr)
    return 1 if strict else 0


if __name__ == "__main__":
    sys.exit(main())
