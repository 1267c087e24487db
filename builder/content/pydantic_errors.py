"""Turn pydantic validation errors into located diagnostics users understand.

Each error ``loc`` is walked through the round-trip YAML tree (:mod:`.locate`); unknown
keys point at the key and suggest the nearest allowed key, missing keys point at the
mapping that should hold them.
"""

from __future__ import annotations

import difflib
import types
import typing
from typing import Any, Sequence

from pydantic import BaseModel, ValidationError

from builder.content.locate import data_path, locate
from builder.diagnostics import Diagnostic, define_code

S_UNKNOWN_KEY = define_code("S201", "unknown key")
S_BAD_VALUE = define_code("S202", "value of the wrong type or out of range")
S_MISSING_KEY = define_code("S203", "required key missing")
S_ITEM_RULE = define_code("S204", "values of an item contradict each other (a check across fields)")


def _unwrap(annotation: Any) -> list[type[BaseModel]]:
    """Model classes reachable from an annotation (through Optional, list, dict, Union)."""
    found: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        ann = stack.pop()
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            found.append(ann)
            continue
        if isinstance(ann, typing.ForwardRef):
            continue
        origin = typing.get_origin(ann)
        if origin is typing.Annotated:
            stack.append(typing.get_args(ann)[0])
        elif origin in (typing.Union, types.UnionType, list, dict, tuple, set):
            stack.extend(typing.get_args(ann))
    return found


def _model_at(model: type[BaseModel], loc: Sequence[str | int]) -> type[BaseModel] | None:
    """The model class that validates the mapping at ``loc`` (best effort)."""
    candidates = [model]
    for segment in loc:
        if isinstance(segment, int):
            continue
        following: list[type[BaseModel]] = []
        for cand in candidates:
            fields = {f.alias or name: f for name, f in cand.model_fields.items()}
            if segment in fields:
                following.extend(_unwrap(fields[segment].annotation))
        if following:
            candidates = following
            continue
        named = [c for c in candidates if c.__name__ == segment]
        if not named:
            members = [m for c in candidates for m in _unwrap(c)]
            named = [m for m in members if m.__name__ == segment]
        if named:
            candidates = named
    return candidates[0] if candidates else None


def _allowed_keys(model: type[BaseModel] | None) -> list[str]:
    if model is None:
        return []
    return [f.alias or name for name, f in model.model_fields.items()]


def _path_text(loc: Sequence[str | int]) -> str:
    out = ""
    for segment in loc:
        if isinstance(segment, int):
            out += f"[{segment}]"
        else:
            out += ("." if out else "") + str(segment)
    return out or "document"


def _describe_input(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validation_diagnostics(
    exc: ValidationError,
    model: type[BaseModel],
    display: str,
    positioned: Any,
    loc_prefix: Sequence[str | int] = (),
) -> list[Diagnostic]:
    """Diagnostics for every error of ``exc``, located in ``positioned`` (round-trip data).

    Union members that pydantic tries in turn (``int | VehicleDefence``, ``int | 'X'``,
    the victory-condition kinds) each add an error; only the member that matches the
    shape of the input is reported (a mapping: the model's errors), and scalar
    alternatives are merged into one message ("a valid integer or 'X'").
    """
    errors = [_Located.of(error, positioned, loc_prefix) for error in exc.errors(include_url=False)]
    errors = _best_union_members(errors)
    diagnostics: list[Diagnostic] = []
    seen: set[tuple[int, int, str]] = set()
    for group in _merge_alternatives(errors):
        diag = _diagnostic(group, model, display, positioned)
        key3 = (diag.line, diag.col, diag.message)
        if key3 not in seen:
            seen.add(key3)
            diagnostics.append(diag)
    return diagnostics


class _Located:
    """A pydantic error with its loc split into data path and union segments."""

    def __init__(self, error: dict[str, Any], path: tuple[str | int, ...], union_at: int | None,
                 loc: tuple[str | int, ...]) -> None:
        self.error, self.path, self.union_at, self.loc = error, path, union_at, loc

    @classmethod
    def of(cls, error: Any, positioned: Any, prefix: Sequence[str | int]) -> "_Located":
        loc = tuple(prefix) + tuple(error["loc"])
        kind = error["type"]
        head = loc[:-1] if kind == "missing" else loc
        path, skipped = data_path(positioned, head)
        if kind == "missing" and loc:
            path = path + (loc[-1],)
        # the data depth at which the first union member name was inserted
        union_at = None
        if skipped:
            union_at = sum(1 for i in range(skipped[0]) if i not in skipped)
        return cls(dict(error), path, union_at, loc)

    @property
    def kind(self) -> str:
        return str(self.error["type"])

    @property
    def deep(self) -> bool:
        """Whether the error lies inside a union member's mapping (not on the value itself)."""
        return self.union_at is not None and (len(self.path) > self.union_at or self.kind in ("missing", "extra_forbidden"))


def _best_union_members(errors: list["_Located"]) -> list["_Located"]:
    """Where some members of a union got past the value's type (their errors lie
    deeper), drop the members that refused the value outright."""
    deep_points = {e.path[: e.union_at] for e in errors if e.deep}
    return [e for e in errors if e.union_at is None or e.deep or e.path[: e.union_at] not in deep_points]


def _merge_alternatives(errors: list["_Located"]) -> list[list["_Located"]]:
    """Group the shallow union errors of one value together; others stand alone."""
    groups: dict[tuple[Any, ...], list[_Located]] = {}
    order: list[tuple[Any, ...]] = []
    for index, e in enumerate(errors):
        key: tuple[Any, ...] = ("union", e.path) if (e.union_at is not None and not e.deep) else ("one", index)
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(e)
    return [groups[k] for k in order]


def _expected(message: str) -> str:
    text = message[len("Input should be "):] if message.startswith("Input should be ") else message
    return text.split(",")[0]


def _diagnostic(group: list["_Located"], model: type[BaseModel], display: str, positioned: Any) -> Diagnostic:
    first = group[0]
    error, path, kind = first.error, first.path, first.kind
    field_path = _path_text(path)
    if kind in ("extra_forbidden", "missing") and not path:
        # the key was dropped with the union segments: name it from the raw location
        key = str(first.loc[-1]) if first.loc else "?"
        return Diagnostic(S_UNKNOWN_KEY if kind == "extra_forbidden" else S_MISSING_KEY,
                          f"{'unknown' if kind == 'extra_forbidden' else 'missing required'} key '{key}'",
                          file=display, line=1, col=1, hint="check the keys of this mapping")
    if kind == "extra_forbidden":
        key = str(path[-1])
        allowed = _allowed_keys(_model_at(model, first.loc[:-1]))
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f"did you mean '{close[0]}'?" if close else (
            f"allowed keys here: {', '.join(allowed)}" if allowed else "remove this key"
        )
        line, col = locate(positioned, path, at_key=True)
        return Diagnostic(S_UNKNOWN_KEY, f"unknown key '{key}' in {_path_text(path[:-1])}",
                          file=display, line=line, col=col, hint=hint)
    if kind == "missing":
        key = str(path[-1])
        line, col = locate(positioned, path[:-1])
        return Diagnostic(S_MISSING_KEY, f"missing required key '{key}' in {_path_text(path[:-1])}",
                          file=display, line=line, col=col, hint=f"add '{key}:' with a value to this mapping")
    line, col = locate(positioned, path)
    got = ""
    if kind not in ("value_error", "assertion_error") and not isinstance(error.get("input"), (dict, list)):
        got = f" (got {_describe_input(error.get('input'))})"
    if len(group) > 1:
        expected = " or ".join(dict.fromkeys(_expected(e.error["msg"]) for e in group))
        return Diagnostic(S_BAD_VALUE, f"{field_path}: should be {expected}{got}", file=display,
                          line=line, col=col, hint=f"write {expected}")
    message = error["msg"]
    if kind in ("value_error", "assertion_error"):
        message = message.removeprefix("Value error, ").removeprefix("Assertion failed, ")
        return Diagnostic(S_ITEM_RULE, f"{field_path}: {message}", file=display, line=line, col=col,
                          hint="change the values so that they agree, as the message says")
    if kind == "string_pattern_mismatch":
        message = f"not a valid {_pattern_name(str((error.get('ctx') or {}).get('pattern', '')))}"
    return Diagnostic(S_BAD_VALUE, f"{field_path}: {message}{got}", file=display, line=line, col=col,
                      hint=_hint_for(kind, error))


def _pattern_name(pattern: str) -> str:
    """What a field's pattern stands for, in words."""
    if "a-z0-9" in pattern:
        return "id"
    if "[A-Z]{1,2}" in pattern:
        return "square or area" if ":" in pattern else "square"
    if pattern.startswith("^#"):
        return "colour ('#rrggbb')"
    return f"value (pattern {pattern})"


def _hint_for(kind: str, error: dict[str, Any]) -> str:
    ctx = error.get("ctx") or {}
    if kind == "string_pattern_mismatch":
        pattern = ctx.get("pattern", "")
        if "a-z0-9" in pattern:
            return "ids use lower-case letters, digits and '-', e.g. 'rifle-squad'"
        if "[A-Z]{1,2}" in pattern:
            return "squares are written column letters then row, e.g. 'C4' (rectangles 'A1:D3')"
        return f"the value must match {pattern}"
    if kind in ("enum", "literal_error"):
        return f"use one of: {ctx.get('expected', '')}"
    if kind.startswith("int") or kind.startswith("float"):
        return "write a whole number" if kind.startswith("int") else "write a number"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return "the value is out of the allowed range"
    if kind in ("too_short", "too_long"):
        return "the list has the wrong number of entries"
    if kind == "condition_kind":
        return "start the condition with one of: controls, victory_points, destroyed, no_units, exited, demolished, otherwise, all, any, not"
    if kind == "model_type" or kind == "dict_type":
        return "this must be a mapping of 'key: value' lines"
    if kind == "list_type":
        return "this must be a list ('- item' lines)"
    return "fix the value as described"
