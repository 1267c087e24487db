"""Safe YAML reading and atomic writing.

Community packs are untrusted, so every YAML file goes through :func:`read_yaml`:

* only the standard YAML 1.2 tags (ruamel's safe constructor; ``!!python/...`` and any
  custom tag is refused);
* a size cap per file and a node budget per document, which stops alias bombs (a
  "billion laughs" document expands past the budget while it is walked);
* dates and timestamps come back as ISO strings, so a ``date: 1944-06-06`` field stays
  text as the models expect.

Two loaders serve two needs. The fast path (:func:`read_yaml`) uses the C-accelerated
safe loader and returns plain ``dict``/``list`` data; valid content, the common case,
never pays for positions. :func:`read_yaml_positions` re-reads a file with the
round-trip loader, whose containers know the line and column of every key and item;
it is used only to locate problems (see :mod:`builder.content.locate`).
"""

from __future__ import annotations

import datetime as _dt
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import ConstructorError, DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from builder.diagnostics import Diagnostic, define_code
from builder.errors import YamlError

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
MAX_DEPTH = 64

Y_SYNTAX = define_code("Y101", "YAML syntax error")
Y_TAG = define_code("Y102", "YAML tag not allowed in content")
Y_SIZE = define_code("Y103", "file too large")
Y_BOMB = define_code("Y104", "document too large once aliases are expanded, or nested too deep")
Y_DUPKEY = define_code("Y105", "duplicate key in a mapping")
Y_ENCODING = define_code("Y106", "file is not UTF-8 text")


@dataclass(frozen=True)
class Limits:
    """Limits applied to every untrusted YAML document."""

    max_bytes: int = MAX_FILE_BYTES
    max_nodes: int = MAX_NODES
    max_depth: int = MAX_DEPTH


DEFAULT_LIMITS = Limits()


def _safe_loader() -> YAML:
    yaml = YAML(typ="safe")
    yaml.allow_duplicate_keys = False
    return yaml


def _rt_loader() -> YAML:
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    return yaml


_FAST = _safe_loader()


def _read_text(path: Path, limits: Limits, display: str) -> str:
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise YamlError(f"cannot read {display}: {exc.strerror}") from None
    if size > limits.max_bytes:
        raise YamlError(
            f"{display} is too large",
            [
                Diagnostic(
                    Y_SIZE,
                    f"file is {size:,} bytes; content files may be at most {limits.max_bytes:,}",
                    file=display,
                    hint="split the file into several files of the same kind",
                )
            ],
        )
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlError(
            f"{display} is not UTF-8",
            [
                Diagnostic(
                    Y_ENCODING,
                    f"byte {exc.start} is not valid UTF-8",
                    file=display,
                    hint="save the file as UTF-8",
                )
            ],
        ) from None
    except OSError as exc:
        raise YamlError(f"cannot read {display}: {exc.strerror}") from None


def _yaml_diagnostic(exc: YAMLError, display: str) -> Diagnostic:
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


def _plain(value: Any, limits: Limits, display: str) -> Any:
    """Copy ``value`` into plain data, counting nodes against the budget."""
    budget = [limits.max_nodes]

    def walk(node: Any, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0 or depth > limits.max_depth:
            raise YamlError(
                f"{display} expands beyond the size limit",
                [
                    Diagnostic(
                        Y_BOMB,
                        f"document has more than {limits.max_nodes:,} nodes once aliases are "
                        f"expanded, or is nested deeper than {limits.max_depth}",
                        file=display,
                        line=1,
                        col=1,
                        hint="remove the aliases ('*name') that repeat large blocks",
                    )
                ],
            )
        if isinstance(node, dict):
            return {
                (k.isoformat() if isinstance(k, (_dt.date, _dt.datetime)) else k): walk(v, depth + 1)
                for k, v in node.items()
            }
        if isinstance(node, list):
            return [walk(v, depth + 1) for v in node]
        if isinstance(node, (_dt.datetime, _dt.date)):
            return node.isoformat()
        return node

    return walk(value, 0)


def parse_yaml(text: str, display: str = "<input>", limits: Limits = DEFAULT_LIMITS) -> Any:
    """Parse untrusted YAML text into plain data (the fast path)."""
    if len(text.encode("utf-8")) > limits.max_bytes:
        raise YamlError(
            f"{display} is too large",
            [Diagnostic(Y_SIZE, "document too large", file=display, hint="split it")],
        )
    try:
        data = _FAST.load(text)
    except YAMLError as exc:
        diag = _yaml_diagnostic(exc, display)
        raise YamlError(diag.message, [diag]) from None
    except RecursionError:
        raise YamlError(
            f"{display} is nested too deep",
            [Diagnostic(Y_BOMB, "document is nested too deep", file=display, line=1, col=1)],
        ) from None
    return _plain(data, limits, display)


def read_yaml(path: Path, display: str | None = None, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Read an untrusted YAML file into plain data (dicts, lists, scalars)."""
    shown = display or str(path)
    return parse_yaml(_read_text(path, limits, shown), shown, limits)


def parse_yaml_positions(text: str, display: str = "<input>") -> Any:
    """Parse YAML with the round-trip loader: containers carry ``.lc`` positions.

    Only called on text that :func:`parse_yaml` already accepted, so it is safe.
    """
    try:
        return _rt_loader().load(text)
    except (YAMLError, MarkedYAMLError) as exc:
        diag = _yaml_diagnostic(exc, display)
        raise YamlError(diag.message, [diag]) from None


def read_yaml_positions(path: Path, display: str | None = None,
                        limits: Limits = DEFAULT_LIMITS) -> Any:
    shown = display or str(path)
    return parse_yaml_positions(_read_text(path, limits, shown), shown)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename.

    A crash or an error half-way never leaves a truncated file behind.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Binary sibling of :func:`atomic_write_text` (PDFs)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
