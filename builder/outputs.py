"""The one output path of every command: check a target before the work, then write it
atomically.

Why one helper: a command that lays a PDF out for two seconds, plays a thousand games
or builds a whole site must learn that it cannot write its result *before* it starts,
and a write that fails half-way must never leave a truncated file or a stray temporary
one. Every writer of the tool (``heroes render``, ``army new/suggest/edit``, ``play
--log``, ``playtest -o/--jsonl/--save``, ``site build``, ``demo``...) goes through
:func:`check_output` and :func:`write_bytes` (``builder.content.yaml_io.atomic_write_*``
delegate here), so that:

- the target is checked first: the first existing ancestor of its folder is a folder
  the user can write into (probed by creating and removing a file, which is honest for
  root and read-only mounts alike), and the target itself is not a folder, nor a device,
  a FIFO or a socket (H844: replacing ``/dev/null`` by a regular file is never right);
  missing folders are created only when the file is written, so a command that fails
  after the check leaves no empty folder behind;
- a command refuses an output that is also one of its inputs (H845,
  :func:`refuse_inputs`): ``play --army us=a.yaml --log a.yaml`` would replace the army;
- the bytes go to a temporary file in the same folder, are flushed with ``fsync`` and
  renamed over the target (the folder is fsynced too), so a reader or a crash sees the
  old file or the new one, never a mixture;
- a new file gets the mode a new file gets under the user's umask (``mkstemp`` alone
  gives 0600, which a web server's user cannot read), an edited file keeps its mode, and
  a symbolic link is followed: its target is replaced and the link kept;
- every failure is an :class:`OutputError` naming the file and what to do, never an
  ``OSError`` traceback.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterable

from builder.diagnostics import Diagnostic, define_code
from builder.errors import HeroesError

H850 = define_code("H850", "output cannot be written")
H851 = define_code("H851", "output path names a folder")
H852 = define_code("H852", "output folder is a file")
H844 = define_code("H844", "output is a device, FIFO or socket")
H845 = define_code("H845", "output is also an input of the command")
H846 = define_code("H846", "file changed by another writer since it was read")

LOCK_SECONDS = 10.0
"""How long :func:`replace_if_unchanged` waits for another writer's lock."""

TEMP_PREFIX = "."
TEMP_SUFFIX = ".heroes-tmp"
"""Temporary files are ``.NAME.PID.XXXX.heroes-tmp`` beside the target (see :func:`sweep_temporaries`)."""

_UMASK_LOCK = threading.Lock()


class OutputError(HeroesError):
    """An output file cannot be written; ``diagnostic`` says which and why.

    Exit status 2 when the argument itself is wrong (a folder given as file, a file
    where a folder is needed), 1 when writing failed (permissions, a full disk).
    """

    def __init__(self, message: str, diagnostic: Diagnostic, exit_code: int = 1) -> None:
        super().__init__(message)
        self.diagnostic = diagnostic
        self.exit_code = exit_code
        self.diagnostics = [diagnostic]


def _error(code: str, path: Path | str, message: str, hint: str, exit_code: int = 1) -> OutputError:
    text = f"{path}: {message}"
    return OutputError(f"{text} ({code}; hint: {hint})", Diagnostic(code, text, file=str(path), hint=hint),
                       exit_code)


def _temp_prefix(target: Path) -> str:
    return f"{TEMP_PREFIX}{target.name}.{os.getpid()}."


def current_umask() -> int:
    """The process umask, read without changing it where the system allows.

    Linux shows it in /proc/self/status; elsewhere it is read by setting and restoring it
    under a lock (``os.umask`` has no read-only form).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def new_file_mode() -> int:
    """The mode ``open(..., "w")`` would give a new file: 0666 less the umask."""
    return 0o666 & ~current_umask()


def resolve_target(path: Path | str) -> Path:
    """The file actually written for ``path``: a symbolic link's final target, else the path."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _describe(exc: OSError) -> str:
    reasons = {
        errno.EACCES: "permission denied",
        errno.EPERM: "operation not permitted",
        errno.EROFS: "the file system is read-only",
        errno.ENOSPC: "no space left on the device",
        errno.EDQUOT: "disk quota exceeded",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
        errno.EISDIR: "it is a folder",
        errno.ENOENT: "no file can be created there",
        errno.ELOOP: "too many levels of symbolic links",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return reasons.get(exc.errno or 0, exc.strerror or type(exc).__name__)


def check_output(path: Path | str, *, suffixes: Iterable[str] = (), what: str = "output file") -> Path:
    """Check, before any work, that ``path`` can be written; return the file to write.

    Missing parent folders are created later, by :func:`write_bytes` (documented on every
    ``-o``). Raises
    :class:`OutputError` with exit status 2 for a folder given as file or a file where a
    folder is needed, and 1 for a folder the user cannot write into.
    """
    shown = Path(path)
    try:
        target = resolve_target(shown)
    except OSError as exc:  # Path.is_symlink raises on a name too long (Python 3.11)
        raise _error(H850, shown, f"cannot write it: {_describe(exc)}",
                     "give a shorter name (at most 255 bytes a name)" if exc.errno == errno.ENAMETOOLONG
                     else "fix or remove the symbolic link") from None
    except RuntimeError as exc:
        raise _error(H850, shown, f"cannot follow the link ({exc})", "fix or remove the symbolic link") from None
    if target.is_dir():
        raise _error(H851, shown, f"is a folder; the {what} must be a file name",
                     f"give a file inside it, e.g. {shown / ('out' + next(iter(suffixes), ''))}", 2)
    allowed = tuple(s.lower() for s in suffixes)
    if allowed and target.suffix.lower() not in allowed:
        named = [s for s in allowed if not (s == ".htm" and ".html" in allowed)]
        raise _error(H850, shown, f"the {what} must end in {' or '.join(named)}",
                     f"rename it, e.g. {shown.with_suffix(allowed[0]).name}", 2)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        from builder.inputs import kind_of

        raise _error(H844, shown, f"is {kind_of(mode)}; the {what} must be a regular file (it is never replaced)",
                     "give the name of a file to write", 2)
    folder = target.parent
    existing = _existing_folder(shown, folder)
    _probe(shown, existing, target)
    return target


def refuse_inputs(output: Path | str | None, option: str, inputs: Iterable[tuple[str, Path | str]]) -> None:
    """Refuse an output that names the same file as an input of the same command (H845).

    ``inputs`` pairs each input with the option or argument that gave it. Compared by
    device and inode where both exist (links and ``./`` spellings included), else by
    resolved path."""
    if output is None:
        return
    target = Path(os.path.realpath(output))
    try:
        out_stat: os.stat_result | None = os.stat(target)
    except OSError:
        out_stat = None
    for given_by, path in inputs:
        try:
            same = (os.path.samefile(target, path) if out_stat is not None
                    else Path(os.path.realpath(path)) == target)
        except OSError:
            same = False
        if same:
            raise _error(H845, Path(output), f"{option} names the same file as {given_by} ({path}); "
                         "writing it would replace an input of this command",
                         f"give {option} another file name", 2)


def check_output_folder(path: Path | str) -> Path:
    """Check, before any work, that the folder ``path`` can be created or filled.

    The folder itself must not be a file; the first existing ancestor must be a folder
    the user can write into. Nothing is created here (a site build swaps a staging
    folder in), so a refused build leaves no empty folder behind.
    """
    shown = Path(path)
    if shown.exists() and not shown.is_dir():
        raise _error(H852, shown, "is a file; a folder is needed here", "give a folder name", 2)
    _probe(shown, _existing_folder(shown, shown if shown.is_dir() else shown.parent), shown)
    return shown


def _existing_folder(shown: Path, folder: Path) -> Path:
    """The nearest existing (or linked) folder at or above ``folder``; H852 when that
    ancestor is a file, so nothing can be created below it."""
    ancestor = folder
    while not ancestor.exists() and not ancestor.is_symlink() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise _error(H852, shown, f"{ancestor} is a file, not a folder",
                     "write somewhere else or move that file away", 2)
    return ancestor


def _probe(shown: Path, folder: Path, target: Path) -> None:
    """Create and delete a temporary file in ``folder``: the only sure test that the
    user may write there (permission bits say nothing of read-only mounts or of root)."""
    try:
        fd, probe = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise _error(H850, shown, f"cannot write into {folder}: {_describe(exc)}",
                     "choose a folder you can write to (-o/--out)") from None


def output_failure(path: Path | str, exc: OSError) -> OutputError:
    """The located error for an ``OSError`` met while writing ``path`` outside :func:`write_bytes`."""
    return _error(H850, path, f"cannot write it: {_describe(exc)}",
                  "free some space or choose a folder you can write to")


def write_bytes(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (temporary file, fsync, rename); return the file written.

    The mode is the existing file's, else the umask's for a new file; a symbolic link
    is followed and its target replaced. Raises :class:`OutputError`, leaving the old
    file untouched and no temporary file behind.
    """
    shown = Path(path)
    target = check_output(shown)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _error(H850, shown, f"cannot write into {target.parent}: {_describe(exc)}",
                     "choose a folder you can write to (-o/--out)") from None
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = new_file_mode()
    except OSError as exc:
        raise _error(H850, shown, f"cannot read its mode: {_describe(exc)}", "check the file") from None
    sweep_temporaries(target.parent, target.name)
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, target)
        tmp = ""
        _fsync_folder(target.parent)
    except OSError as exc:
        raise _error(H850, shown, f"cannot write it: {_describe(exc)}",
                     "free some space or choose a folder you can write to") from None
    finally:
        if tmp:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return target


class FileChanged(OutputError):
    """The file was replaced by another writer between the read and the write (H846)."""


def _locked(target: Path, shown: Path) -> int:
    """A descriptor on the file now at ``target``, exclusively locked (``flock``).

    Waits up to :data:`LOCK_SECONDS`. A writer replaces the file by a rename, so the lock
    won may be on the old file: the path is checked again after locking and the lock
    taken anew on the file that is there."""
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            raise _changed(shown, f"cannot open it to replace it: {_describe(exc)}",
                           "run the command again") from None
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise _changed(shown, f"another writer held it for over {LOCK_SECONDS:g} s",
                                       "wait for the other command to finish and run this one again") from None
                    time.sleep(0.005)
            held, now = os.fstat(fd), os.stat(target)
        except BaseException:
            os.close(fd)
            raise
        if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
            return fd
        os.close(fd)  # replaced while we waited: lock the new file


def replace_if_unchanged(path: Path | str, data: bytes, read: bytes) -> Path:
    """Replace ``path`` by ``data`` only if it still holds the bytes ``read`` (compare and
    swap, under an exclusive ``flock`` on the file, so two read-modify-write commands
    cannot both win). Raises :class:`FileChanged` (H846) when another writer replaced it
    since it was read: a lost race is an error, never a silent success."""
    shown = Path(path)
    target = check_output(shown)
    fd = _locked(target, shown)
    try:
        current = b""
        while chunk := os.read(fd, 1 << 20):
            current += chunk
        if current != read:
            raise _changed(shown, "another command or window changed it since it was read; nothing was written",
                           "read it again (heroes army show, campaign status) and repeat the change")
        return write_bytes(shown, data)
    finally:
        os.close(fd)


def _changed(shown: Path, message: str, hint: str) -> FileChanged:
    error = _error(H846, shown, message, hint)
    return FileChanged(str(error), error.diagnostic, 1)


def write_text(path: Path | str, text: str) -> Path:
    """Write ``text`` as UTF-8, unchanged, through :func:`write_bytes`."""
    return write_bytes(path, text.encode("utf-8"))


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: some file systems refuse it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def sweep_temporaries(folder: Path | str, name: str | None = None) -> list[Path]:
    """Remove the temporary files that killed writers left in ``folder`` (for ``name`` only, if given).

    A SIGKILL between ``mkstemp`` and the rename leaves ``.NAME.PID.XXXX.heroes-tmp``;
    the next write of the same target removes it once process PID is gone (a live
    writer's file, e.g. a parallel test's, is left alone).
    """
    pattern = f"{TEMP_PREFIX}{name}.*{TEMP_SUFFIX}" if name else f"{TEMP_PREFIX}*{TEMP_SUFFIX}"
    removed: list[Path] = []
    try:
        leftovers = list(Path(folder).glob(pattern))
    except OSError:
        return removed
    for leftover in leftovers:
        parts = leftover.name[len(TEMP_PREFIX):-len(TEMP_SUFFIX)].rsplit(".", 2)
        pid_text = parts[1] if len(parts) == 3 else ""
        if not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        try:
            if leftover.is_dir() and not leftover.is_symlink():
                shutil.rmtree(leftover)
            else:
                leftover.unlink()
            removed.append(leftover)
        except OSError:
            pass
    return removed


def temporary_folder(target: Path) -> Path:
    """A new staging folder beside ``target``, named so that :func:`sweep_temporaries` finds it."""
    return Path(tempfile.mkdtemp(prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=target.parent))


def exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths in one atomic step (Linux ``renameat2(RENAME_EXCHANGE)``).

    Why: replacing a whole folder (a site) with two renames leaves a moment without
    it; an exchange never does. Returns False where the call is missing or refused, and
    the caller falls back to two renames.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    done = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    return bool(done == 0)
