"""Safe YAML reading and atomic writing.

Community packs are untrusted, so every YAML file goes through :func:`read_yaml`:

* only the standard YAML tags (``!!python/...`` and any
  custom tag is refused);
* a size cap per file and a node budget per document, which stops alias bombs (a
  "billion laughs" document expands past the budget while it is walked);
* YAML 1.2 core scalars: dates stay text (``date: 1944-06-06`` is a string, as the
  models expect) and ``on:``/``no:`` are plain words, not booleans.

Two loaders serve two needs. The fast path (:func:`read_yaml`) builds plain
``dict``/``list`` data from libyaml's C event parser (:mod:`.fast_yaml`); valid content,
the common case, never pays for positions. :func:`read_yaml_positions` re-reads a file with the
round-trip loader, whose containers know the line and column of every key and item;
it is used only to locate problems (see :mod:`builder.content.locate`), so ruamel is
imported only then: reading a valid army list never loads it.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import inputs
from builder.content import fast_yaml
from builder.content.fast_yaml import FastYamlError
from builder.diagnostics import Diagnostic, define_code
from builder.errors import YamlError

if TYPE_CHECKING:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
MAX_DEPTH = 64

Y_SYNTAX = define_code("Y101", "YAML syntax error")
Y_TAG = define_code("Y102", "YAML tag not allowed in content")
Y_SIZE = define_code("Y103", "file too large")
Y_BOMB = define_code("Y104", "document too large once aliases are expanded, or nested too deep")
Y_DUPKEY = define_code("Y105", "duplicate key in a mapping")
Y_ENCODING = define_code("Y106", "file is not UTF-8 text")
Y_NUMBER = define_code("Y107", "number too long")


@dataclass(frozen=True)
class Limits:
    """Limits applied to every untrusted YAML document."""

    max_bytes: int = MAX_FILE_BYTES
    max_nodes: int = MAX_NODES
    max_depth: int = MAX_DEPTH


DEFAULT_LIMITS = Limits()


def _rt_loader() -> YAML:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    return yaml


def decode_utf8(raw: bytes, display: str) -> str:
    """``raw`` as UTF-8 text (see :func:`builder.inputs.decode_utf8`): a byte that is not
    UTF-8 is a :class:`YamlError` naming its value, offset, line and column (Y106)."""
    try:
        return inputs.decode_utf8(raw, display)
    except inputs.InputError as exc:
        raise YamlError(str(exc), list(exc.diagnostics)) from None


def _read_text(path: Path, limits: Limits, display: str, option: str | None = None) -> str:
    return _read_raw(path, limits, display, option)[1]


def read_for_update(path: Path, display: str | None = None, limits: Limits = DEFAULT_LIMITS) -> tuple[bytes, str]:
    """The bytes and the text of a file a command will edit: the bytes go to
    :func:`builder.outputs.replace_if_unchanged`, so that an edit made meanwhile by another
    writer is an error, not lost."""
    return _read_raw(Path(path), limits, display or str(path), None)


def _read_raw(path: Path, limits: Limits, display: str, option: str | None = None) -> tuple[bytes, str]:
    """The file's text through the one input path (:mod:`builder.inputs`): a regular file
    only (a FIFO, a device, a folder is a located error, never a hang), its size checked
    before it is read (Y103), UTF-8 (Y106). Every failure is a :class:`YamlError`."""
    try:
        size = inputs.check_input(path, display=display, option=option, max_bytes=1 << 62).st_size
    except inputs.InputError as exc:
        raise YamlError(str(exc), list(exc.diagnostics)) from None
    if size > limits.max_bytes:
        raise YamlError(
            f"{display} is too large",
            [
                Diagnostic(
                    Y_SIZE,
                    f"file is {size:,} bytes; content files may be at most {limits.max_bytes:,}",
                    file=display, line=1, col=1,
                    hint="split the file into several files of the same kind",
                )
            ],
        )
    try:
        raw = inputs.read_input_bytes(path, display=display, option=option, max_bytes=limits.max_bytes)
    except inputs.InputError as exc:
        raise YamlError(str(exc), list(exc.diagnostics)) from None
    return raw, decode_utf8(raw, display)


def _yaml_diagnostic(exc: YAMLError | fast_yaml.YAMLError, display: str) -> Diagnostic:
    from ruamel.yaml.constructor import ConstructorError, DuplicateKeyError

    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else 0
    col = mark.column + 1 if mark is not None else 0
    if isinstance(exc, DuplicateKeyError):
        problem = str(getattr(exc, "problem", "") or "duplicate key")
        return Diagnostic(
            Y_DUPKEY,
            problem.replace("\n", " "),
            file=display,
            line=line,
            col=col,
            hint="each key may appear once in a mapping; remove or rename the second one",
        )
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if isinstance(exc, ConstructorError) and "tag" in str(problem):
        return Diagnostic(
            Y_TAG,
            f"{problem}".replace("\n", " "),
            file=display,
            line=line,
            col=col,
            hint="content files use plain YAML only: remove the '!tag'",
        )
    context = getattr(exc, "context", None)
    message = f"{context}, {problem}" if context else str(problem)
    return Diagnostic(
        Y_SYNTAX,
        message.replace("\n", " "),
        file=display,
        line=line,
        col=col,
        hint="fix the YAML syntax here (indentation, a missing ':' or an unclosed quote)",
    )


def _fast_diagnostic(exc: FastYamlError, display: str, aliased: bool = True, size: int = 0) -> Diagnostic:
    line, col = exc.line + 1, exc.column + 1
    if exc.kind == "duplicate":
        return Diagnostic(Y_DUPKEY, exc.message, file=display, line=line, col=col,
                          hint="each key may appear once in a mapping; remove or rename the second one")
    if exc.kind == "tag":
        return Diagnostic(Y_TAG, exc.message, file=display, line=line, col=col,
                          hint="content files use plain YAML only: remove the '!tag'")
    if exc.kind == "number":
        return Diagnostic(Y_NUMBER, exc.message, file=display, line=line, col=col,
                          hint="write the number as the rules print it; no count, cost or seed is this long")
    if exc.kind == "size" and "nested deeper" in exc.message:
        return Diagnostic(Y_BOMB, exc.message, file=display, line=line, col=col,
                          hint="flatten the nesting: content files are a few levels deep")
    if exc.kind == "size" and not aliased:
        message = exc.message.replace(" once aliases are expanded", "") + f" ({size:,} bytes, no aliases)"
        return Diagnostic(Y_BOMB, message, file=display, line=line, col=col,
                          hint="split the file into several files of the same kind")
    if exc.kind == "size":
        return Diagnostic(Y_BOMB, exc.message, file=display, line=line, col=col,
                          hint="remove the aliases ('*name') that repeat large blocks, or flatten the nesting")
    return Diagnostic(Y_SYNTAX, exc.message, file=display, line=line, col=col,
                      hint="fix the YAML syntax here (indentation, a missing ':' or an unclosed quote)")


def parse_yaml(text: str, display: str = "<input>", limits: Limits = DEFAULT_LIMITS) -> Any:
    """Parse untrusted YAML text into plain data (the fast path, see :mod:`.fast_yaml`)."""
    if len(text) > limits.max_bytes or len(text.encode("utf-8")) > limits.max_bytes:
        raise YamlError(
            f"{display} is too large",
            [Diagnostic(Y_SIZE, f"document is larger than {limits.max_bytes:,} bytes", file=display,
                        hint="split it into several files of the same kind")],
        )
    try:
        return fast_yaml.load(text, limits.max_nodes, limits.max_depth)
    except FastYamlError as exc:
        diag = _fast_diagnostic(exc, display, "*" in text, len(text.encode("utf-8")))
        raise YamlError(diag.message, [diag]) from None
    except fast_yaml.YAMLError as exc:
        diag = _yaml_diagnostic(exc, display)
        position = getattr(exc, "position", None)
        if not diag.line and isinstance(position, int):
            before = text[:position]
            line, col = before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1
            diag = Diagnostic(diag.code, diag.message, file=display, line=line, col=col, hint=diag.hint)
        raise YamlError(diag.message, [diag]) from None


def read_text(path: Path, display: str | None = None, limits: Limits = DEFAULT_LIMITS,
              option: str | None = None) -> str:
    """Read a content file as UTF-8 text within the size limit (raises :class:`YamlError`;
    ``option`` names the command option that gave the path, for the message)."""
    return _read_text(Path(path), limits, display or str(path), option)


def read_yaml(path: Path, display: str | None = None, limits: Limits = DEFAULT_LIMITS,
              option: str | None = None) -> Any:
    """Read an untrusted YAML file into plain data (dicts, lists, scalars)."""
    shown = display or str(path)
    return parse_yaml(_read_text(Path(path), limits, shown, option), shown, limits)


def parse_yaml_positions(text: str, display: str = "<input>") -> Any:
    """Parse YAML with the round-trip loader: containers carry ``.lc`` positions.

    Only called on text that :func:`parse_yaml` already accepted, so it is safe; any
    failure of the round-trip parser (it is stricter or looser than libyaml in corner
    cases) becomes a :class:`YamlError`, and callers then report without positions.
    Reused anchors are legal YAML, so ruamel's warning about them is silenced.
    """
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _rt_loader().load(text)
    except (YAMLError, MarkedYAMLError) as exc:
        diag = _yaml_diagnostic(exc, display)
        raise YamlError(diag.message, [diag]) from None
    except (RecursionError, ValueError, TypeError, AttributeError) as exc:
        raise YamlError(f"{display}: cannot locate positions ({type(exc).__name__})") from None


def read_yaml_positions(path: Path, display: str | None = None,
                        limits: Limits = DEFAULT_LIMITS) -> Any:
    shown = display or str(path)
    return parse_yaml_positions(_read_text(path, limits, shown), shown)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8, unchanged, through :func:`builder.outputs.write_bytes`
    (imported here: reading YAML, what most commands do, never needs it)."""
    from builder.outputs import write_text

    write_text(path, text)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` atomically through the one output path, :func:`builder.outputs.write_bytes`
    (checked target, fsync before the rename, umask mode, symlinks followed)."""
    from builder.outputs import write_bytes

    write_bytes(path, data)
