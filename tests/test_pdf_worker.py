"""The PDF worker (builder.render.pdf_worker): the same PDF bytes with it as without it, a
fallback to laying out in the command's own process when it fails, and no process left
behind. Each case runs in a fresh interpreter: a worker is started only where WeasyPrint
is not imported yet, and this test process may have imported it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder.render import pdf_worker
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2,
                                reason="the worker runs on Linux with a second CPU only")

HTML = "<h1>Roster</h1><p>1&times; Rifle Squad <strong>legal</strong> <em>army</em></p>"


def _run(code: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "HEROES_PDF_WORKER"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr


def test_the_worker_lays_out_the_same_bytes_and_leaves_no_process() -> None:
    _run(
        "import multiprocessing, os\n"
        "from builder.render import pdf, pdf_worker\n"
        f"html = {HTML!r}\n"
        "with pdf_worker.weasyprint_in_a_worker():\n"
        "    worker = pdf_worker._WORKER\n"
        "    assert worker is not None\n"
        "    from_worker = pdf.html_to_pdf(html, pdf.Paper.letter)\n"
        "    assert not worker.failed\n"
        "assert pdf_worker._WORKER is None and multiprocessing.active_children() == []\n"
        "try:\n"
        "    os.waitpid(-1, os.WNOHANG)\n"
        "    raise AssertionError('a child process is left')\n"
        "except ChildProcessError:\n"
        "    pass\n"
        "assert from_worker == pdf.lay_out(html, pdf.Paper.letter)\n"
    )


def test_a_failing_worker_leaves_the_layout_to_the_command() -> None:
    """The worker is forked with a layout that raises: the command lays the document out
    itself, so its errors are the ones it would raise without a worker."""
    _run(
        "from builder.render import pdf, pdf_worker\n"
        "def broken(html, paper=pdf.Paper.a4): raise RuntimeError('broken in the worker')\n"
        "working, pdf.lay_out = pdf.lay_out, broken\n"
        "with pdf_worker.weasyprint_in_a_worker():\n"
        "    pdf.lay_out = working\n"
        f"    assert pdf.html_to_pdf({HTML!r}).startswith(b'%PDF')\n"
        "    assert pdf_worker._WORKER.failed\n"
    )


def test_no_worker_where_it_cannot_help(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEROES_PDF_WORKER", "0")
    assert not pdf_worker.worker_helps()
    monkeypatch.delenv("HEROES_PDF_WORKER")
    monkeypatch.setitem(sys.modules, "weasyprint", sys.modules.get("weasyprint", object()))
    assert not pdf_worker.worker_helps()
    with pdf_worker.weasyprint_in_a_worker():
        assert pdf_worker._WORKER is None


def test_a_roster_pdf_through_the_fast_path_is_the_one_laid_out_in_process(tmp_path: Path) -> None:
    army = ROOT / "tests" / "fixtures" / "render" / "armies" / "legal.yaml"
    pack = ROOT / "tests" / "fixtures" / "render" / "pack"
    made = {}
    for worker in ("1", "0"):
        out = tmp_path / f"roster-{worker}.pdf"
        env = dict(os.environ, HEROES_PDF_WORKER=worker, HEROES_CACHE_DIR=str(tmp_path / "cache"))
        done = subprocess.run([sys.executable, "-m", "builder", "render", "roster", str(army), "-p", str(pack),
                               "-o", str(out)], capture_output=True, text=True, cwd=ROOT, env=env)
        assert done.returncode == 0, done.stderr
        made[worker] = out.read_bytes()
    assert made["1"] == made["0"]


def test_the_worker_imports_only_what_it_lays_out_with() -> None:
    """The worker imports builder.render.pdf before WeasyPrint: Jinja2 and the YAML reader
    there would delay every PDF (issue 38, ``python -m benchmarks render``)."""
    _run(
        "import sys\n"
        "import builder.render.pdf\n"
        "heavy = sorted(m for m in ('jinja2', 'ryml', 'pydantic', 'builder.content.yaml_io') if m in sys.modules)\n"
        "assert not heavy, heavy\n"
    )


def test_the_worker_collects_garbage_without_rescanning_its_imports() -> None:
    """After its import and warm-up the worker freezes what exists (gc.freeze) and collects
    again: the collector no longer rescans WeasyPrint's modules on the roster's critical path.
    The command's own process is left as it was."""
    _run(
        "import gc\n"
        "from builder.render import pdf, pdf_worker\n"
        "pdf.import_weasyprint = lambda: None\n"
        "def report(html, paper=pdf.Paper.a4):\n"
        "    return f'{gc.isenabled()} {gc.get_freeze_count() > 0}'.encode()\n"
        "pdf.lay_out = report\n"
        "with pdf_worker.weasyprint_in_a_worker():\n"
        f"    state = pdf.html_to_pdf({HTML!r})\n"
        "assert state == b'True True', state\n"
        "assert gc.isenabled() and gc.get_freeze_count() == 0\n"
    )
