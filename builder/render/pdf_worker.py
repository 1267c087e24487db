"""A worker process that imports WeasyPrint while a command does its own work.

Why: importing WeasyPrint costs about half a second at every start (cffi parses its C
declarations, it parses its default stylesheets, fontTools loads), a quarter of the
whole ``heroes render roster ARMY -o roster.pdf`` (issue 38: under 1.5 s, ``python -m
benchmarks render``). The command's own work before the PDF (importing the command and the
content models, loading the pack, checking the army, rendering the HTML) takes as long
again and does not need WeasyPrint. Inside :func:`weasyprint_in_a_worker` the two run side
by side: a forked worker imports WeasyPrint, then lays out the documents
:func:`builder.render.pdf.html_to_pdf` hands it and sends the PDF bytes back; the command
writes the file, atomically as ever. On a machine with a free core the import then costs
no time; on a busy one, no more than before.

The worker is only an accelerator. Where it cannot help (:func:`worker_helps`) none is
started; when it cannot start, cannot import WeasyPrint, fails on a document or dies,
``html_to_pdf`` lays the document out in the command's own process, which raises the
error a user should see: errors, exit codes and PDF bytes are the same with it or
without it (``HEROES_PDF_WORKER=0`` turns it off, to compare).

This module imports nothing heavy (not even Jinja2), so a command can start the worker
before its own imports.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from builder.render.paper import Paper


class _Worker:
    """The parent's end of a running PDF worker (see :func:`weasyprint_in_a_worker`)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.failed = False

    def lay_out(self, html: str, paper: Paper) -> bytes | None:
        """The PDF laid out by the worker, or None when it cannot give one (it failed to
        import WeasyPrint or to lay this document out, or it died): the caller then lays
        the document out itself, which raises the error a user should see."""
        if self.failed:
            return None
        try:
            self.connection.send((html, paper))
            pdf = self.connection.recv()
        except (EOFError, OSError):
            pdf = None
        if not isinstance(pdf, bytes):
            self.failed = True
            return None
        return pdf


_WORKER: _Worker | None = None
"""The running worker, between the start and the end of :func:`weasyprint_in_a_worker`."""


def laid_out(html: str, paper: Paper) -> bytes | None:
    """The PDF of ``html`` from the running worker, or None when no worker runs or it
    cannot give one."""
    return _WORKER.lay_out(html, paper) if _WORKER is not None else None


def worker_helps() -> bool:
    """Whether a PDF worker can save time here: WeasyPrint not imported yet, a second CPU
    to import it on, Linux (where forking a process is safe and cheap; macOS forbids fork
    after some system libraries load, Windows has none), no other thread running (a fork
    copies only the calling thread, and locks other threads hold stay locked in the child),
    and ``HEROES_PDF_WORKER`` not set to 0."""
    return ("weasyprint" not in sys.modules and sys.platform.startswith("linux")
            and len(os.sched_getaffinity(0)) > 1 and threading.active_count() == 1
            and os.environ.get("HEROES_PDF_WORKER", "1") != "0")


@contextmanager
def weasyprint_in_a_worker() -> Iterator[None]:
    """While the block runs, a forked worker process imports WeasyPrint and then lays out
    the documents :func:`builder.render.pdf.html_to_pdf` hands it, so a command's own work
    (loading the pack, checking the army, rendering the HTML) and WeasyPrint's import overlap.

    Why a process: importing is Python work that holds the interpreter lock, so a thread
    would not overlap it. Why fork: the child starts with everything the command imported
    so far, at the cost of copying page tables. The worker only lays out and returns the
    bytes; the command writes the file (atomically, as ever). When the block ends,
    normally or by an error (an unreadable army list ends the command before any PDF), the
    worker is stopped and reaped: no process outlives the command. Ctrl-C is the parent's:
    the worker ignores it. Where :func:`worker_helps` says no, the block runs without one.
    """
    global _WORKER
    if not worker_helps():
        yield
        return
    import multiprocessing

    context = multiprocessing.get_context("fork")
    ours, theirs = context.Pipe()
    process = context.Process(target=_serve, args=(theirs,), name="heroes-pdf", daemon=True)
    try:
        process.start()
    except OSError:  # no process to spare (a process limit, no memory): lay out here
        started = False
    else:
        started = True
    theirs.close()
    if not started:
        ours.close()
        yield
        return
    _WORKER = _Worker(ours)
    try:
        yield
    finally:
        _WORKER = None
        ours.close()
        process.terminate()
        process.join()


WARM_UP = ('<html><body style="font-family: \'DejaVu Sans\'"><h1 style="font-family: \'DejaVu Serif\'">Heroes</h1>'
           '<p>Builder <strong>roster</strong> <em>print</em></p></body></html>')
"""A line in the fonts of the print stylesheets (templates/static), laid out by the worker
while it waits: the first document WeasyPrint lays out in a process also sets up Pango and
loads its fonts, a quarter of the roster's layout; done ahead, it costs the command no time."""


def _serve(connection: Connection) -> None:
    """The worker: import WeasyPrint and lay out :data:`WARM_UP`, then lay out each
    ``(html, paper)`` it receives and send back the PDF bytes, or None when it cannot (the
    parent then tries itself and reports the error). It ends when the parent closes the pipe.

    The cyclic garbage collector is off while the worker imports and warms up, and what
    exists then is frozen (:func:`gc.freeze`) before it is turned back on. Why: the worker
    is the roster PDF's critical path (issue 38), and the collector spent about 0.17 s of
    it (0.08 s during the import, 0.09 s during the roster's layout, measured with
    ``gc.callbacks``) walking objects that never die: modules, classes and functions an
    import makes stay alive, and later collections rescanned them. Frozen, they are skipped,
    so laying a document out collects only its own garbage (about 0.02 s for the roster).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.disable()
    try:
        from builder.render.pdf import import_weasyprint, lay_out

        import_weasyprint()
        lay_out(WARM_UP)
        ready = True
    except Exception:  # noqa: BLE001  (reported by the parent, which imports WeasyPrint itself)
        ready = False
    gc.freeze()
    gc.enable()
    while True:
        try:
            html, paper = connection.recv()
        except (EOFError, OSError):
            return
        try:
            pdf = lay_out(html, paper) if ready else None
        except Exception:  # noqa: BLE001  (the parent lays the document out again and reports the error)
            pdf = None
        connection.send(pdf)
