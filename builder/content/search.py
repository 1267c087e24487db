"""Finding a pack by its id: the search path an army list's ``pack:`` key goes through.

Why: an army list built against a community pack must check again later, on another
machine, without the user remembering which ``--pack`` folder it needed. The list keeps
the pack's id; the id is looked up, in this order, in

1. the folder given with ``--pack`` (a pack itself, or a folder holding packs);
2. each folder of the ``HEROES_PACK_PATH`` environment variable (separated like ``PATH``;
   each a pack or a folder holding packs);
3. the bundled packs (``content/``).

The ``id:`` of each ``pack.yaml`` and the list's ``pack:`` are found by parsing the YAML
(the fast loader, :func:`builder.content.yaml_io.read_yaml`), not by a pattern for an
unquoted key at column 0: a list written as JSON, in flow style or with ``"pack": bfn``
names its pack as well as one in block style.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from builder.content.paths import BUNDLED_CONTENT
from builder.errors import HeroesError, UsageError

ENV = "HEROES_PACK_PATH"
_ID = re.compile(r"[A-Za-z0-9][\w.-]*")


def _top_level_id(file: Path, key: str) -> str | None:
    """The string value of the mapping key ``key`` at the top of the YAML (or JSON) file,
    or None when the file does not parse, is not a mapping or has no such id (its own
    loader then reports the file with located diagnostics)."""
    from builder.content.yaml_io import read_yaml

    try:
        data = read_yaml(file)
    except (HeroesError, OSError):
        return None
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, str) and _ID.fullmatch(value) else None


def pack_id(folder: Path) -> str | None:
    """The id a pack folder's ``pack.yaml`` declares, or None when it is not a pack."""
    return _top_level_id(folder / "pack.yaml", "id")


def search_path(given: Path | None = None) -> list[Path]:
    """The folders searched, in order (see the module docstring)."""
    folders = [given] if given is not None else []
    folders += [Path(p) for p in os.environ.get(ENV, "").split(os.pathsep) if p]
    folders.append(BUNDLED_CONTENT)
    return folders


def find_pack(wanted: str, given: Path | None = None) -> Path:
    """The folder of the pack whose id is ``wanted``; UsageError naming where it looked."""
    looked = search_path(given)
    for folder in looked:
        candidates = [folder] if (folder / "pack.yaml").is_file() else (
            sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else [])
        for candidate in candidates:
            if pack_id(candidate) == wanted:
                return candidate
    raise UsageError(f"no pack with id {wanted!r} in {', '.join(str(f) for f in looked)}; give its folder with "
                     f"--pack, or add the folder holding it to {ENV}")


def army_pack(army_file: Path | None, given: Path | None) -> Path:
    """The pack an army command uses: ``--pack`` when it is a pack folder, else the list's
    ``pack:`` id through the search path, else the bundled core pack."""
    if given is not None and (given / "pack.yaml").is_file():
        return given
    wanted = _declared_pack(army_file) if army_file is not None else None
    if wanted:
        return find_pack(wanted, given)
    if given is not None:
        raise UsageError(f"{given} holds no pack.yaml; give a pack folder with --pack")
    return BUNDLED_CONTENT / "core"


_SCENARIO_ID = re.compile(r"^id:\s*['\"]?([a-z0-9][a-z0-9-]*)['\"]?\s*(?:#.*)?$", re.M)


def bundled_pack_of_scenario(scenario: str) -> Path | None:
    """The bundled pack that ships scenario ``scenario`` (core first, then the others by
    name), read from each scenario file's ``id:`` line: ``heroes army new --scenario
    zuruck`` finds Battle for Normandy without ``--pack``."""
    folders = sorted((p for p in BUNDLED_CONTENT.iterdir() if (p / "scenarios").is_dir()),
                     key=lambda p: (p.name != "core", p.name))
    for folder in folders:
        for file in sorted((folder / "scenarios").glob("*.y*ml")):
            try:
                match = _SCENARIO_ID.search(file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            if match and match.group(1) == scenario:
                return folder
    return None


def _declared_pack(army_file: Path) -> str | None:
    """The top-level ``pack:`` id of an army list (read before the full, checked load)."""
    return _top_level_id(army_file, "pack")


_PACK_COMMENT = re.compile(r"^# pack: ([A-Za-z0-9][\w.-]*)\s*$", re.M)


def is_file_argument(value: str) -> bool:
    """Whether a command's SCENARIO argument names a file rather than an id (ids have no
    dot or slash; ``heroes campaign next`` writes files ending in .yaml)."""
    return value.endswith((".yaml", ".yml")) or "/" in value or os.sep in value or Path(value).is_file()


def scenario_file_pack(scenario_file: Path, given: Path | None) -> Path:
    """The pack of a scenario given as a file: ``--pack``, else the ``# pack: ID`` comment
    ``heroes campaign next`` writes, else the bundled core pack."""
    if given is not None:
        return given
    try:
        match = _PACK_COMMENT.search(scenario_file.read_text(encoding="utf-8")[:4096])
    except (OSError, UnicodeDecodeError):
        match = None
    return find_pack(match.group(1)) if match else BUNDLED_CONTENT / "core"
