"""A per-user copy of the JSON schemas, for modelines of files written outside the checkout.

Why: a modeline must name a schema the editor can open from wherever the file is. Inside
the checkout a path relative to the file works and moves with it; outside (an army list in
~/games, a community pack elsewhere) the only stable name is an absolute path that does not
depend on where the checkout happens to be. ``heroes schema install`` copies the schemas
once into a store (``HEROES_SCHEMA_STORE``, else ``$XDG_DATA_HOME/heroes-builder/schemas``,
else ``~/.local/share/heroes-builder/schemas``); files written outside the checkout then
name the store, and re-running the install after an update refreshes every such file's
schema at once.
"""

from __future__ import annotations

import os
from pathlib import Path

from builder.content.paths import SCHEMA_DIR
from builder.content.yaml_io import atomic_write_bytes


def store_dir() -> Path:
    """Where ``heroes schema install`` puts the schemas."""
    env = os.environ.get("HEROES_SCHEMA_STORE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "heroes-builder" / "schemas"


def install(target: Path | None = None) -> list[Path]:
    """Copy every ``schemas/*.schema.json`` into the store; return the files written."""
    folder = target or store_dir()
    written = []
    for schema in sorted(SCHEMA_DIR.glob("*.schema.json")):
        atomic_write_bytes(folder / schema.name, schema.read_bytes())
        written.append(folder / schema.name)
    return written


def schema_for(name: str, folder: Path | None) -> str:
    """The ``$schema`` of a modeline for a file written in ``folder`` (None: printed to stdout).

    Relative to the file inside the checkout; the store's copy when it is installed; else
    the checkout's absolute path (``heroes schema install`` makes it portable).
    """
    target = SCHEMA_DIR / f"{name}.schema.json"
    if folder is not None:
        resolved = folder.resolve()
        if resolved.is_relative_to(SCHEMA_DIR.parent):
            return os.path.relpath(target, resolved)
    stored = store_dir() / target.name
    return str(stored) if stored.is_file() else str(target)
