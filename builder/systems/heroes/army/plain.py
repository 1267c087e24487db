"""The plain-data check of an army file: no pydantic, same report as the full path.

Why: see :mod:`builder.systems.heroes.army.index`. An army list that is plainly well formed (every key
known, every value of exactly the type and range the model asks for) is checked here
on plain data, against the pack's army index, by the same rule modules
(:func:`builder.systems.heroes.army.check.check_army`), and its findings are located by the same
:class:`~builder.systems.heroes.army.loading.ArmyFile`. Anything this module is not sure of (a YAML
error, an unknown key, a value pydantic would coerce or refuse, a pack without a fresh
index) returns None, and the caller takes the full path through the models, which
writes the located diagnostics. So this path only ever answers where the full path
would have answered the same: :data:`SHAPE` mirrors :class:`builder.systems.heroes.army.model.ArmyList`
field for field, and tests/test_army_plain.py compares both paths on every list the
project holds and on hostile ones.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

from builder.systems.heroes.army.check import ArmyReport, check_army
from builder.systems.heroes.army.index import ArmyIndex
from builder.systems.heroes.army.loading import ArmyFile
from builder.systems.heroes.army.shape import ArmyShape

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


class NotPlain(Exception):
    """The data is not plainly valid: let the models decide."""


class PlainArmy(ArmyShape):
    """An army list built from plain data: the fields of the model, and its behaviour."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)


Check = Callable[[Any], Any]


def _id(value: Any) -> str:
    """:data:`builder.systems.heroes.content.models.base.Id`: the pattern, 1 to 80 characters."""
    if type(value) is not str or len(value) > 80 or not _ID.fullmatch(value):
        raise NotPlain
    return value


def _text(minimum: int) -> Check:
    def check(value: Any) -> str:
        if type(value) is not str or len(value) < minimum:
            raise NotPlain
        return value
    return check


def _int(low: int | None = None, high: int | None = None) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
            raise NotPlain
        return value
    return check


def _optional(inner: Check) -> Check:
    return lambda value: None if value is None else inner(value)


def _list(inner: Check, low: int = 0, high: int | None = None) -> Check:
    def check(value: Any) -> list[Any]:
        if type(value) is not list or len(value) < low or (high is not None and len(value) > high):
            raise NotPlain
        return [inner(v) for v in value]
    return check


REQUIRED = object()


def _record(fields: dict[str, tuple[Check, Any]]) -> Check:
    """A mapping of known keys; a field whose default is :data:`REQUIRED` must be given."""
    def check(value: Any) -> SimpleNamespace:
        return SimpleNamespace(**_fields(value, fields))
    return check


def _fields(value: Any, fields: dict[str, tuple[Check, Any]]) -> dict[str, Any]:
    if type(value) is not dict or not set(value) <= set(fields):
        raise NotPlain
    out = {}
    for name, (check, default) in fields.items():
        if name in value:
            out[name] = check(value[name])
        elif default is REQUIRED:
            raise NotPlain
        else:
            out[name] = default() if callable(default) else default
    return out


# The fields of builder.systems.heroes.army.model, in its order, with their constraints and defaults.
_SLOT = _record({"slot": (_int(1, 12), REQUIRED), "option": (_id, REQUIRED)})
_TILE = _record({"tile": (_id, REQUIRED), "options": (_list(_SLOT), list)})
_HERO = _record({"hero": (_id, REQUIRED), "options": (_list(_id, 0, 3), list)})
_CARD = _record({"card": (_id, REQUIRED), "copies": (_int(1, 20), 1)})
_PLAYER = _record({"name": (_text(1), REQUIRED), "faction": (_id, REQUIRED), "tiles": (_list(_TILE), list),
                   "heroes": (_list(_HERO), list)})
_HIGH_COMMAND = _record({"tile": (_id, REQUIRED), "options": (_list(_SLOT), list),
                         "shares": (_optional(_list(_int())), None)})
_ALLIANCE = _record({"players": (_list(_PLAYER, 2, 3), REQUIRED), "high_command": (_list(_HIGH_COMMAND), list),
                     "deck_faction": (_optional(_id), None)})
SHAPE: dict[str, tuple[Check, Any]] = {
    "name": (_text(1), REQUIRED),
    "pack": (_optional(_id), None),
    "faction": (_optional(_id), None),
    "points": (_optional(_int(0, 5000)), None),
    "scenario": (_optional(_id), None),
    "side": (_optional(_id), None),
    "tiles": (_list(_TILE), list),
    "heroes": (_list(_HERO), list),
    "support": (_list(_id), list),
    "alliance": (_optional(_ALLIANCE), None),
    "deck": (_optional(_list(_CARD)), None),
    "notes": (_text(0), ""),
}


def plain_army(data: Any) -> PlainArmy | None:
    """The army list ``data`` describes when it is plainly valid, else None."""
    try:
        fields = _fields(data, SHAPE)
    except NotPlain:
        return None
    army = PlainArmy(fields)
    if army.alliance is None and army.faction is None:
        return None  # the model's own check words this error
    if army.alliance is not None and (army.faction is not None or army.tiles or army.heroes):
        return None
    return army


def check_plain(path: Path, index: ArmyIndex, display: str) -> ArmyReport | None:
    """The report of the army file ``path`` checked against ``index``, or None when the
    file is not plainly valid (the full path then reads it)."""
    from builder.content.yaml_io import parse_yaml, read_text
    from builder.errors import HeroesError

    try:
        text = read_text(Path(path), display)
        data = parse_yaml(text, display)
    except (OSError, HeroesError):
        return None
    army = plain_army(data if data is not None else {})
    if army is None:
        return None
    file = ArmyFile(display, text, army)  # type: ignore[arg-type]  # a PlainArmy has the fields of the model
    roster, summary, findings = check_army(army, index)  # type: ignore[arg-type]
    return ArmyReport(file, roster, summary, file.locate(findings))
