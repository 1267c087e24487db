#!/usr/bin/env bash
# Prints the Python interpreter `make` creates .venv with (the Makefile's PYTHON;
# `make PYTHON=/path/to/python3 ...` chooses another).
#
# A candidate must be CPython 3.11 or later with venv, ensurepip and its C headers
# (mypyc compiles the engine's hot modules against them, builder/native.py). Among
# those, one whose executable has libpython linked in (Debian's and Ubuntu's python3,
# built with profile guidance and link-time optimisation) is preferred to one loading
# libpython*.so (a default pyenv or --enable-shared build): the compiled engine spends
# two thirds of its time in the C API, and on this project's benchmark machine the
# Debian build plays the same games with 14% fewer instructions and 14% less time
# (docs/playtest.md, Performance). Without any usable candidate it prints python3,
# and the venv step then says what is missing.
set -uo pipefail

usable() {
  "$1" - <<'EOF' 2>/dev/null
import os, sys, sysconfig
import ensurepip, venv  # noqa: F401
assert sys.implementation.name == "cpython" and sys.version_info >= (3, 11)
assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))
print(os.path.realpath(sys.executable))
EOF
}

fallback=""
seen=" "
for candidate in python3 /usr/bin/python3 /usr/local/bin/python3 python3.13 python3.12 python3.11; do
  command -v "$candidate" >/dev/null 2>&1 || continue
  executable=$(usable "$candidate") || continue
  case "$seen" in *" $executable "*) continue ;; esac
  seen="$seen$executable "
  if ! ldd "$executable" 2>/dev/null | grep -q 'libpython'; then
    echo "$executable"
    exit 0
  fi
  [ -n "$fallback" ] || fallback="$executable"
done
echo "${fallback:-python3}"
