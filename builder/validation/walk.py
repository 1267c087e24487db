"""Walk a content model like the YAML it came from, yielding every field with its path.

Paths use the YAML keys (field aliases such as ``not``), so a rule that finds a problem
in a value can point at it with :meth:`CheckContext.at`. Walking generically keeps rules
working when a model gains a field of a kind they already know (a new ``side:``).
"""

from __future__ import annotations

from typing import Any, Iterator

from pydantic import BaseModel

Path = tuple[str | int, ...]


def walk_fields(obj: Any, path: Path = ()) -> Iterator[tuple[Path, str, Any]]:
    """Yield ``(path_to_value, field_key, value)`` for every field set on every model
    reachable from ``obj`` (through lists and dicts), depth first."""
    if isinstance(obj, BaseModel):
        for name, info in type(obj).model_fields.items():
            key = info.alias or name
            value = getattr(obj, name)
            yield path + (key,), key, value
            yield from walk_fields(value, path + (key,))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            yield from walk_fields(value, path + (index,))
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if isinstance(value, (BaseModel, list, dict)):
                yield from walk_fields(value, path + (key,))


def strings(path: Path, value: Any) -> Iterator[tuple[Path, str]]:
    """The id strings of a field value: itself when a string, its items when a list."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                yield path + (index,), item
