"""The one input path of every command, as :mod:`builder.outputs` is the one output path.

Why one helper: a file a user names (an army list, a log, a report, a pack file, a file
in the web app's folders) may be anything a path can name. Read naively, a FIFO blocks
forever (and a web request reading one froze the server for every client), ``/dev/zero``
is read until memory runs out, a folder gives ``IsADirectoryError``, Latin-1 bytes give a
``UnicodeDecodeError`` with no line, a 5,000-digit number hits Python's 4,300-digit
limit and a JSON document nested 100,000 deep ends in ``RecursionError``. Every reader of
the tool goes through :func:`read_input_bytes` / :func:`read_input_text` (the YAML reader
:mod:`builder.content.yaml_io` included) and :func:`parse_json`, so that:

- the path is checked with ``os.stat`` *before* it is opened: only a regular file is
  read; a FIFO, a device, a folder or a socket is a located error (H840) naming what it
  is and, where a command option gave the path, that option;
- the file is then opened with ``O_NONBLOCK`` (a FIFO swapped in after the check still
  cannot block) and checked again with ``fstat`` on the open descriptor;
- its size is read before any byte is parsed, and at most ``max_bytes + 1`` bytes are
  read (H841; a file that grows while read is caught too);
- bytes that are not UTF-8 are an error with their offset, line and column (Y106);
- JSON numbers longer than :data:`MAX_DIGITS` digits and nesting deeper than the
  parser's stack are located errors (H842), never ``ValueError``/``RecursionError``.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError

H840 = define_code("H840", "input file cannot be read")
H841 = define_code("H841", "input file too large")
H842 = define_code("H842", "number too long or data nested too deep")
H843 = define_code("H843", "file is not valid JSON")
Y106 = define_code("Y106", "file is not UTF-8 text")

MAX_INPUT_BYTES = 2 * 1024 * 1024
"""The default size limit, the one content files have (docs/diagnostics.md, Y103)."""

MAX_LOG_BYTES = 256 * 1024 * 1024
"""The size limit of a game log (``play --log``): a long game's events, far beyond the
default limit of content files."""

MAX_DIGITS = min(1000, sys.get_int_max_str_digits() or 1000)
"""The longest integer any input may write: far beyond any count, seed or hash the tool
reads (a 64-bit seed has 20 digits), and below Python's own limit (4,300 digits), whose
``ValueError`` used to escape as a traceback."""


class InputError(InvalidInputError):
    """An input file cannot be read; ``diagnostics`` holds one located diagnostic.

    Exit status 1 (invalid input) by default; a command may give 2 where the path is a
    usage error of its own (a missing file named on the command line).
    """

    def __init__(self, message: str, diagnostic: Diagnostic, exit_code: int = 1) -> None:
        super().__init__(message, [diagnostic])
        self.diagnostic = diagnostic
        self.exit_code = exit_code


def _named(display: str, option: str | None) -> str:
    return f"{display} (given by {option})" if option else display


def _error(code: str, display: str, option: str | None, message: str, hint: str,
           line: int = 0, col: int = 0) -> InputError:
    shown = _named(display, option)
    return InputError(f"{shown}: {message}",
                      Diagnostic(code, f"{message}" + (f" (given by {option})" if option else ""),
                                 file=display, line=line, col=col, hint=hint))


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _reason(exc: OSError) -> str:
    reasons = {
        errno.ENOENT: "no such file",
        errno.EACCES: "permission denied",
        errno.EPERM: "operation not permitted",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
        errno.ELOOP: "too many levels of symbolic links",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return reasons.get(exc.errno or 0, exc.strerror or type(exc).__name__)


def unreadable(path: Path | str) -> str | None:
    """Why ``path`` cannot be looked at (``"no such file"``, ``"the name is too long"``...),
    or None when it exists. ``Path.exists()`` raises on a name too long (Python 3.11), so
    probes of paths a user gave go through here or ``os.path``, which never raise."""
    try:
        os.stat(path)
    except OSError as exc:
        return _reason(exc)
    except ValueError:
        return "the name holds a NUL byte"
    return None


def name_error(exc: OSError) -> InputError | None:
    """The located error (H840) of an ``OSError`` a path's *name* caused, wherever it was
    probed (``Path.exists()`` raises on a name too long in Python 3.11, and commands probe
    paths in many places); None for any other ``OSError``, which stays a bug to report."""
    if exc.errno not in (errno.ENAMETOOLONG, errno.ELOOP) or exc.filename is None:
        return None
    shown = os.fsdecode(exc.filename)
    return _error(H840, shown, None, f"cannot use this path: {_reason(exc)}",
                  "give a shorter name (at most 255 bytes a name, 4,096 a path)"
                  if exc.errno == errno.ENAMETOOLONG else "check the symbolic links of the path")


def check_input(path: Path | str, *, display: str | None = None, option: str | None = None,
                max_bytes: int = MAX_INPUT_BYTES) -> os.stat_result:
    """Check, without opening it, that ``path`` is a regular file within the size limit."""
    shown = display or str(path)
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        reason = _reason(exc) if isinstance(exc, OSError) else "the name holds a NUL byte"
        raise _error(H840, shown, option, f"cannot read it: {reason}",
                     "check the file name" + (f" given to {option}" if option else "")) from None
    _check_stat(info, shown, option, max_bytes)
    return info


def _check_stat(info: os.stat_result, shown: str, option: str | None, max_bytes: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise _error(H840, shown, option, f"is {kind_of(info.st_mode)}, not a regular file",
                     "give a regular file" + (f" to {option}" if option else ""))
    if info.st_size > max_bytes:
        raise _error(H841, shown, option,
                     f"file is {info.st_size:,} bytes; this input may be at most {max_bytes:,}",
                     "split the file, or check that it is the file you meant", 1, 1)


def read_input_bytes(path: Path | str, *, display: str | None = None, option: str | None = None,
                     max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``max_bytes``), or :class:`InputError`."""
    shown = display or str(path)
    check_input(path, display=shown, option=option, max_bytes=max_bytes)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _error(H840, shown, option, f"cannot read it: {_reason(exc)}", "check the file") from None
    try:
        _check_stat(os.fstat(fd), shown, option, max_bytes)  # swapped for a FIFO since the check
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                raise _error(H841, shown, option, f"file grew past {max_bytes:,} bytes while it was read",
                             "read it again once it is written", 1, 1)
    except OSError as exc:
        raise _error(H840, shown, option, f"cannot read it: {_reason(exc)}", "check the file") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode_utf8(raw: bytes, display: str) -> str:
    """``raw`` as UTF-8 text, a leading byte-order mark dropped (editors on Windows write
    one). A byte that is not UTF-8 is a located error naming its value, its offset, its
    line and column (Y106)."""
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line, col = before.count(b"\n") + 1, exc.start - (before.rfind(b"\n") + 1) + 1
        raise InputError(
            f"{display} is not UTF-8",
            Diagnostic(Y106, f"byte 0x{raw[exc.start]:02x} at offset {exc.start} (line {line}, column {col}) "
                             "is not valid UTF-8",
                       file=display, line=line, col=col, hint="save the file as UTF-8"),
        ) from None


def read_input_text(path: Path | str, *, display: str | None = None, option: str | None = None,
                    max_bytes: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, or :class:`InputError`."""
    shown = display or str(path)
    return decode_utf8(read_input_bytes(path, display=shown, option=option, max_bytes=max_bytes), shown)


class NumberTooLong(ValueError):
    """A JSON integer of more than :data:`MAX_DIGITS` digits (``digits`` says how many)."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"a number of {digits:,} digits; at most {MAX_DIGITS:,} are read")
        self.digits = digits


def bounded_int(text: str) -> int:
    """``int(text)`` for ``json.loads(..., parse_int=bounded_int)``: :class:`NumberTooLong`
    past :data:`MAX_DIGITS` digits (catch it before ``json.JSONDecodeError``)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise NumberTooLong(digits)
    return int(text)


def _position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def parse_json(text: str, display: str = "<input>", *, line: int = 0) -> Any:
    """Parse untrusted JSON text: a syntax error, a number of more than :data:`MAX_DIGITS`
    digits or nesting deeper than the parser's stack is an :class:`InvalidInputError`
    with a position (``line`` adds the line number of a JSON-lines record), never a
    ``ValueError`` or ``RecursionError`` traceback. Syntax errors keep their
    ``json.JSONDecodeError`` (a ``ValueError``) as the cause for callers that word them."""
    try:
        return json.loads(text, parse_int=bounded_int)
    except NumberTooLong as exc:
        raise _error(H842, display, None, str(exc),
                     "write the number the tool wrote, or remove it", line or 1, 1) from None
    except RecursionError:
        raise _error(H842, display, None, "the data is nested too deeply to read",
                     "flatten the nesting: the tool's files are a few levels deep", line or 1, 1) from None
    except json.JSONDecodeError as exc:
        at_line, col = _position(text, exc.pos)
        raise _error(H843, display, None, f"not valid JSON: {exc.msg}",
                     "fix the JSON here, or use the file the tool wrote", line or at_line, col) from exc


def read_json(path: Path | str, *, display: str | None = None, option: str | None = None,
              max_bytes: int = MAX_INPUT_BYTES) -> Any:
    """Read and parse an untrusted JSON file through :func:`read_input_text` and :func:`parse_json`."""
    shown = display or str(path)
    return parse_json(read_input_text(path, display=shown, option=option, max_bytes=max_bytes), shown)
