"""The fast path for untrusted YAML: libyaml's C event parser, plain data built here.

Why not a ready-made loader? ruamel.yaml's pure-Python safe loader costs ~6 ms for a
2 KB content file, too slow for a pack of thousands of files, and PyYAML's
``CSafeLoader`` composes nodes recursively in C (a deeply nested document crashes the
interpreter) and reads YAML 1.1 (``on:`` becomes ``True``). Building the data from the
parser's event stream with an explicit stack gives:

* YAML 1.2 core scalars, as ruamel reads them: only ``true``/``false`` are booleans,
  ``~``/``null``/empty are null, decimal/``0o``/``0x`` integers, floats; timestamps
  stay text;
* a depth limit and an expanded-size budget checked while building, so an alias bomb
  or a 100,000-deep list stops with a diagnostic instead of a crash;
* duplicate keys and non-standard tags refused, with the line and column of the event.

One known difference from ruamel remains: libyaml refuses a plain scalar that starts
with ``:`` (``name: :x``), which YAML 1.2 allows; such a file gets a syntax error (Y101)
whose fix is to quote the value.

Errors are raised as :class:`FastYamlError` with a 0-based mark; :mod:`.yaml_io` turns
them into diagnostics.

**The accelerated path** (issue 20: Tide of Iron files are four times a Heroes file and
most of their validation time went here). Two thirds of the event builder's time is
PyYAML creating a Python object per event. For the common case, a plain content file,
:func:`load` first tries rapidyaml (https://github.com/biojppm/rapidyaml, a C++ parser
whose Python package emits a document as JSON), then ``json.loads``: about seven times
faster. It is only a shortcut, never a second judge: whatever it cannot vouch for is
read by the event builder above, which alone reports problems (so every diagnostic is
the same, located, with the same limits). It is skipped, before parsing, for any text
holding a tag (``!``), an anchor or alias (``&``, ``*`` where a node may start: so no
alias can expand), a
merge key, a complex or collection key, a directive or document marker, a backslash,
a tab, a CR or another control character, or more characters than the node budget
(without aliases a document has fewer nodes than characters); and its result is
dropped when rapidyaml refuses the text or nests it too deep for its emitter, when
a mapping repeats a key (the data read holds fewer keys than the JSON), nests
deeper than the depth limit, or holds a
string that the YAML 1.2 core schema could have read as a number, a boolean or null
had it been plain (``True``, ``~``, ``0x1F``, ``012``, ``.inf``...: rapidyaml keeps
those as text, this module does not). Differential tests compare the two paths on
every YAML file of the repository and on hand-made corner cases
(tests/test_fast_yaml_accelerated.py).
"""

from __future__ import annotations

import json
import math
import os
import re
import threading
from typing import Any


STANDARD = "tag:yaml.org,2002:"

_INT = re.compile(r"^[-+]?[0-9]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
_NULLS = frozenset({"~", "null", "Null", "NULL", ""})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_NUMBER_START = frozenset("-+0123456789.")


MAX_DIGITS = 1000
"""The longest integer a content file may write (as :data:`builder.inputs.MAX_DIGITS`):
past Python's own limit (4,300 digits) ``int()`` raised a ``ValueError`` traceback."""


class NumberTooLong(ValueError):
    """An integer scalar longer than :data:`MAX_DIGITS` digits."""


class FastYamlError(Exception):
    """A problem with a position: ``kind`` is syntax, tag, duplicate or size."""

    def __init__(self, kind: str, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.kind, self.message, self.line, self.column = kind, message, line, column


def plain_scalar(value: str) -> Any:
    """Resolve an untagged plain scalar by the YAML 1.2 core schema."""
    if not value:
        return None
    first = value[0]
    if first in _NUMBER_START:
        if len(value) > MAX_DIGITS and (_INT.match(value) or _OCT.match(value) or _HEX.match(value)):
            raise NumberTooLong(f"a number of {len(value):,} digits; content numbers have at most {MAX_DIGITS:,}")
        if _INT.match(value):
            return int(value)
        if _FLOAT.match(value):
            return float(value)
        if _OCT.match(value):
            return int(value[2:], 8)
        if _HEX.match(value):
            return int(value[2:], 16)
        if _INF.match(value):
            return -math.inf if first == "-" else math.inf
        if _NAN.match(value):
            return math.nan
        return value
    if value in _NULLS:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    return value


def _tagged_scalar(tag: str, value: str, mark: Any) -> Any:
    name = tag[len(STANDARD):] if tag.startswith(STANDARD) else None
    if name in ("str", "timestamp", "binary"):
        return value
    if name in ("int", "float", "bool", "null"):
        resolved = plain_scalar(value)
        ok = {"int": isinstance(resolved, int) and not isinstance(resolved, bool),
              "float": isinstance(resolved, (int, float)) and not isinstance(resolved, bool),
              "bool": isinstance(resolved, bool), "null": resolved is None}[name]
        if not ok:
            raise FastYamlError("syntax", f"{value!r} is not a valid !!{name}", mark.line, mark.column)
        return float(resolved) if name == "float" else resolved
    raise FastYamlError("tag", f"tag {tag!r} is not allowed in content", mark.line, mark.column)


def load(text: str, max_nodes: int, max_depth: int) -> Any:
    """Parse one YAML document into plain dicts, lists and scalars."""
    if _ryml is not None and len(text) <= max_nodes and not unvouched(text):
        found = _accelerated(text, max_depth)
        if found is not _NOT_VOUCHED:
            return found
    from yaml._yaml import CParser  # PyYAML, imported only when rapidyaml cannot vouch for the text

    return _build(CParser(text), max_nodes, max_depth)


try:
    import ryml as _ryml  # rapidyaml: the event builder reads everything without it
except ImportError:  # a runtime dependency; without it every file takes the event builder
    _ryml = None

_COLLECTION_KEY = re.compile(r"[\]}] +:(?:\s|$)")
_NODE_START = frozenset(" \n[{,:")


def unvouched(text: str) -> bool:
    """True when the accelerated path must not read ``text`` (see the module docstring):
    a tag, anchor or alias, a merge key, a complex or collection key, a directive or
    document marker, a backslash, tab, CR or other control character. This runs on
    every file, so it searches for plain substrings (``str.find``, far faster than a
    regular expression that starts with a character class) and looks closer only where
    one is found."""
    if not text.replace("\n", "").isprintable() or "\\" in text or "<<" in text:  # a control character, a BOM
        return True
    if text.startswith(("%", "---", "...")) or "\n%" in text or "\n---" in text or "\n..." in text:
        return True
    for char in "!&*?":  # where a node may start: a tag, anchor, alias or '?' key
        at = text.find(char)
        while at != -1:
            if at == 0 or text[at - 1] in _NODE_START:
                after = text[at + 1:at + 2]
                if char == "!" or (char == "?" and after in ("", " ", "\n")) or (char in "&*" and after not in (" ", "\n")):
                    return True
            at = text.find(char, at + 1)
    if "]:" in text or "}:" in text:  # a flow collection as a key (an implicit key stays on its line)
        return True
    return ("] " in text or "} " in text) and _COLLECTION_KEY.search(text) is not None

_RESOLVABLE = re.compile(r'"(?=[-+.0-9~nNtTfF"])([-+]?(?:[0-9][0-9a-fA-FxoeE.+-]*|\.[0-9a-zA-Z]*)|~|null|Null|NULL|true|True|TRUE'
                         r'|false|False|FALSE|)"')
"""A JSON string that a plain YAML scalar of the same text could resolve to a non-string."""

_NOT_VOUCHED = object()
_STDERR_LOCK = threading.Lock()


_NULL_FD: list[int] = []
_TREES: list[Any] = []


def _tree() -> Any:
    """rapidyaml's tree, made once and cleared before each use (under the lock)."""
    if not _TREES:
        _TREES.append(_ryml.Tree())
    return _TREES[0]


def _devnull() -> int:
    """A descriptor on the null device, opened once."""
    if not _NULL_FD:
        _NULL_FD.append(os.open(os.devnull, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0)))
    return _NULL_FD[0]


class _Refused(Exception):
    """A bare NaN or Infinity in the JSON: the event builder decides."""


def _constant(name: str) -> Any:
    raise _Refused


def _bounded_int(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise NumberTooLong(text[:20])  # the event builder reports it with its position
    return int(text)


def _accelerated(text: str, max_depth: int) -> Any:
    """The document via rapidyaml and JSON, or :data:`_NOT_VOUCHED`."""
    assert _ryml is not None
    with _STDERR_LOCK:  # rapidyaml prints its own error report on fd 2 before raising: hidden
        saved = os.dup(2)
        try:
            os.dup2(_devnull(), 2)
            try:
                tree = _tree()
                tree.clear()
                tree.clear_arena()
                _ryml.parse_in_arena(text.encode("utf-8"), tree)
                emitted = _ryml.emit_json_malloc(tree, tree.root_id())
            except Exception:  # noqa: BLE001  (any refusal of rapidyaml: the event builder reports it)
                return _NOT_VOUCHED
        finally:
            os.dup2(saved, 2)
            os.close(saved)
    if emitted is None:  # an empty document
        return _NOT_VOUCHED
    js = emitted if isinstance(emitted, str) else bytes(emitted).decode("utf-8")
    if not js.strip() or (js.count("[") + js.count("{") > max_depth and _json_depth(js) > max_depth) or any(
            not isinstance(plain_scalar(found), str) for found in _RESOLVABLE.findall(js)):
        return _NOT_VOUCHED
    try:
        data = json.loads(js, parse_constant=_constant, parse_int=_bounded_int)
        # a repeated key leaves one entry fewer once read. rapidyaml writes ': ' once per
        # entry and elsewhere only inside strings, as Python's repr does (neither escapes
        # ':' or ' '), so the data's repr has fewer ': ' than the JSON exactly when a key repeats
        if js.count(": ") != repr(data).count(": "):
            return _NOT_VOUCHED
    except (ValueError, _Refused, RecursionError):
        return _NOT_VOUCHED
    return data


_STRUCTURE = str.maketrans("", "", "".join(chr(c) for c in range(128) if chr(c) not in '[]{}"'))
_SHORT_STRING = re.compile(r'"[^"]*"')
_INNERMOST = re.compile(r"\[\]|\{\}")


def _json_depth(js: str) -> int:
    """How deep the JSON text's containers nest (string contents left out): escaped
    backslashes and quotes dropped, only brackets and quotes kept, strings removed, then
    innermost pairs removed level by level."""
    if js.count("[") + js.count("{") <= 1:
        return js.count("[") + js.count("{")
    if "\\" in js:
        js = js.replace("\\\\", "").replace('\\"', "")
    kept = js.translate(_STRUCTURE)
    brackets = _SHORT_STRING.sub("", kept)
    depth = 0
    while brackets:
        shorter = _INNERMOST.sub("", brackets)
        if len(shorter) == len(brackets):  # unbalanced: not JSON
            return 1 << 30
        brackets, depth = shorter, depth + 1
    return depth


def _build(parser: Any, max_nodes: int, max_depth: int) -> Any:
    """Build plain data from the event stream with an explicit stack (no recursion).

    Each open container is ``[container, is_mapping, pending_key, key_mark, anchor,
    count_at_start]``; a mapping alternates between waiting for a key (``_NO_KEY``) and
    waiting for that key's value.
    """
    stack: list[list[Any]] = []
    anchors: dict[str, tuple[Any, int]] = {}
    open_anchors: set[str] = set()
    root: Any = None
    documents = 0
    count = 0
    no_key = _NO_KEY
    from yaml import events as _ev

    get_event = parser.get_event
    scalar_event, alias_event = _ev.ScalarEvent, _ev.AliasEvent
    map_start, seq_start = _ev.MappingStartEvent, _ev.SequenceStartEvent
    map_end, seq_end = _ev.MappingEndEvent, _ev.SequenceEndEvent
    stream_end, document_start = _ev.StreamEndEvent, _ev.DocumentStartEvent

    while True:
        event = get_event()
        kind = type(event)
        if kind is scalar_event:
            count += 1
            tag = event.tag
            try:
                if tag is None or tag == "!":
                    value = plain_scalar(event.value) if event.implicit[0] else event.value
                else:
                    value = _tagged_scalar(tag, event.value, event.start_mark)
            except NumberTooLong as exc:
                mark = event.start_mark
                raise FastYamlError("number", str(exc), mark.line, mark.column) from None
            if event.anchor is not None:
                anchors[event.anchor] = (value, 1)
        elif kind is map_start or kind is seq_start:
            count += 1
            tag = event.tag
            if tag is not None and tag != "!" and tag != STANDARD + ("map" if kind is map_start else "seq"):
                mark = event.start_mark
                raise FastYamlError("tag", f"tag {tag!r} is not allowed in content", mark.line, mark.column)
            if len(stack) >= max_depth:
                mark = event.start_mark
                raise FastYamlError("size", f"document is nested deeper than {max_depth}", mark.line, mark.column)
            if event.anchor is not None:
                open_anchors.add(event.anchor)
            stack.append([{} if kind is map_start else [], kind is map_start, no_key, None, event.anchor, count])
            continue
        elif kind is map_end or kind is seq_end:
            value, _, _, _, anchor, start = stack.pop()
            if anchor is not None:
                open_anchors.discard(anchor)
                anchors[anchor] = (value, count - start + 1)
        elif kind is alias_event:
            mark = event.start_mark
            if event.anchor in open_anchors:
                raise FastYamlError("size", f"alias '*{event.anchor}' refers to a block that contains it",
                                    mark.line, mark.column)
            if event.anchor not in anchors:
                raise FastYamlError("syntax", f"found undefined alias '*{event.anchor}'", mark.line, mark.column)
            value, size = anchors[event.anchor]
            count += size
        elif kind is document_start:
            documents += 1
            if documents > 1:
                mark = event.start_mark
                raise FastYamlError("syntax", "a content file holds a single YAML document ('---' found twice)",
                                    mark.line, mark.column)
            continue
        elif kind is stream_end:
            return root
        else:
            continue
        if count > max_nodes:
            raise FastYamlError("size", f"document has more than {max_nodes:,} nodes once aliases are expanded")
        if not stack:
            root = value
            continue
        top = stack[-1]
        if not top[1]:
            top[0].append(value)
        elif top[2] is no_key:
            if isinstance(value, (dict, list)):
                mark = event.start_mark
                raise FastYamlError("syntax", "mapping keys must be plain values, not lists or mappings",
                                    mark.line, mark.column)
            top[2], top[3] = value, event
        else:
            key = top[2]
            container = top[0]
            if key in container:
                mark = top[3].start_mark
                raise FastYamlError("duplicate", f"found duplicate key {key!r}", mark.line, mark.column)
            container[key] = value
            top[2] = no_key


_NO_KEY = object()


def __getattr__(name: str) -> Any:
    """PyYAML's ``YAMLError`` and ``MarkedYAMLError`` (PEP 562): PyYAML is imported only
    once the event builder runs or an error is matched, so a file that rapidyaml reads
    costs no PyYAML import."""
    if name in ("YAMLError", "MarkedYAMLError"):
        import yaml

        return getattr(yaml, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
