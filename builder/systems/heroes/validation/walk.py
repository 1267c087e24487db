"""Walk a content model like the YAML it came from, yielding every field with its path.

Paths use the YAML keys (field aliases such as ``not``), so a rule that finds a problem
in a value can point at it with :meth:`CheckContext.at`. Walking generically keeps rules
working when a model gains a field of a kind they already know (a new ``side:``).
"""

from __future__ import annotations

from typing import Any, Iterator

from pydantic import BaseModel

Path = tuple[str | int, ...]

_KEYS: dict[type, list[tuple[str, str]]] = {}


def _keys(cls: type[BaseModel]) -> list[tuple[str, str]]:
    """(attribute, YAML key) of a model's fields, computed once per class."""
    keys = _KEYS.get(cls)
    if keys is None:
        keys = _KEYS[cls] = [(name, info.alias or name) for name, info in cls.model_fields.items()]
    return keys


def walk_fields(obj: Any, path: Path = ()) -> Iterator[tuple[Path, str, Any]]:
    """Yield ``(path_to_value, field_key, value)`` for every field set on every model
    reachable from ``obj`` (through lists and dicts), depth first."""
    out: list[tuple[Path, str, Any]] = []
    _walk(obj, path, out)
    return iter(out)


def _walk(obj: Any, path: Path, out: list[tuple[Path, str, Any]]) -> None:
    if isinstance(obj, BaseModel):
        for name, key in _keys(type(obj)):
            value = getattr(obj, name)
            here = path + (key,)
            out.append((here, key, value))
            if isinstance(value, (BaseModel, list, dict)):
                _walk(value, here, out)
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            if isinstance(value, (BaseModel, list, dict)):
                _walk(value, path + (index,), out)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if isinstance(value, (BaseModel, list, dict)):
                _walk(value, path + (key,), out)


def strings(path: Path, value: Any) -> Iterator[tuple[Path, str]]:
    """The id strings of a field value: itself when a string, its items when a list."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                yield path + (index,), item
