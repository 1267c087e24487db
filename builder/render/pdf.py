"""HTML to PDF with WeasyPrint: A4 or Letter, page numbers, nothing from the network.

The URL fetcher refuses every URL that is not a file inside the project's templates
folder (stylesheets, bundled images), so a crafted name or link in content cannot make
the renderer reach the network or read other local files. Fonts come from the system
(DejaVu, installed by scripts/system-deps.sh) through fontconfig.

Importing WeasyPrint costs about half a second (its C declarations are parsed and its
default stylesheets parsed at every start), a quarter of ``heroes render roster``.
:func:`builder.render.pdf_worker.weasyprint_in_a_worker` lets a command overlap it with
its own work; while a worker runs, :func:`html_to_pdf` hands it the document and lays the
document out here only when the worker cannot. This module imports nothing heavy at its top
(not Jinja2, not the YAML reader, not the output checks): the worker imports it before
WeasyPrint, on the command's critical path, and needs none of them.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urlparse

from builder.errors import UsageError
from builder.render import pdf_worker
from builder.render.paths import TEMPLATES
from builder.render.paper import PAGE_SIZES, Paper  # noqa: F401  (re-exported)


class RefusedURL(Exception):
    """A document asked for a resource outside the templates folder."""


def check_url(url: str) -> str:
    """The URL when it is a ``data:`` URL or a file inside templates/; else refuse it."""
    parsed = urlparse(url)
    if parsed.scheme == "data":
        return url
    if parsed.scheme != "file":
        raise RefusedURL(f"refused to fetch {url!r}: only bundled files are used")
    path = Path(unquote(parsed.path)).resolve()
    try:
        path.relative_to(TEMPLATES.resolve())
    except ValueError:
        raise RefusedURL(f"refused to fetch {url!r}: outside the templates folder") from None
    return path.as_uri()


def safe_url_fetcher() -> Any:
    """A WeasyPrint fetcher that serves only what :func:`check_url` allows."""
    import_weasyprint()
    from weasyprint.urls import URLFetcher

    class SafeFetcher(URLFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            return super().fetch(check_url(url), headers)

    return SafeFetcher(allowed_protocols=("file", "data"), allow_redirects=False)


def page_css(paper: Paper) -> str:
    """Page size and the 'page N of M' footer, added to every PDF."""
    return (
        f"@page {{ size: {PAGE_SIZES[paper]}; margin: 12mm 11mm 15mm 11mm;"
        " @bottom-right { content: 'page ' counter(page) ' of ' counter(pages);"
        " font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; color: #555; } }"
    )


_FONT_CONFIG: Any = None

# The Linux names of the libraries WeasyPrint cannot do without, as its ffi module lists them.
LINUX_LIBRARIES = ("libgobject-2.0.so.0", "libpango-1.0.so.0", "libharfbuzz.so.0", "libfontconfig.so.1",
                   "libpangoft2-1.0.so.0")


def import_weasyprint() -> ModuleType:
    """WeasyPrint, imported without the library hunt when the dynamic linker finds its libraries.

    Why: WeasyPrint's ffi tries several spellings of each library (Windows, macOS and Linux
    names) and cffi passes each spelling it cannot load straight to
    ``ctypes.util.find_library``, which on Linux runs ``ldconfig``, ``gcc`` and ``ld`` in
    subprocesses: about fifty of them, a third of a second of CPU and more of wall time on
    every PDF command (``python -m benchmarks render``). When every library loads by its
    Linux soname, the soname in WeasyPrint's own list is what ``find_library`` would have
    answered, so the import runs with ``find_library`` answering None and the spellings
    before it are skipped at once. Anywhere else WeasyPrint is imported as it is.
    """
    if "weasyprint" in sys.modules or not sys.platform.startswith("linux") or not _linker_finds_libraries():
        import weasyprint

        return weasyprint
    import ctypes.util

    find_library = ctypes.util.find_library
    ctypes.util.find_library = _not_searched
    try:
        import weasyprint
    finally:
        ctypes.util.find_library = find_library
    return weasyprint


def _not_searched(name: str) -> None:
    """A ``find_library`` that searches nothing (see :func:`import_weasyprint`)."""
    return None


def _linker_finds_libraries() -> bool:
    """Whether the dynamic linker loads every library in :data:`LINUX_LIBRARIES` by name."""
    import ctypes

    try:
        for name in LINUX_LIBRARIES:
            ctypes.CDLL(name)
    except OSError:
        return False
    return True


def html_to_pdf(html: str, paper: Paper = Paper.a4) -> bytes:
    """Lay ``html`` out on ``paper`` and return the PDF bytes (deterministic metadata):
    by the running PDF worker (:mod:`builder.render.pdf_worker`) if there is one, else here."""
    pdf = pdf_worker.laid_out(html, paper)
    return pdf if pdf is not None else lay_out(html, paper)


def lay_out(html: str, paper: Paper = Paper.a4) -> bytes:
    """:func:`html_to_pdf` in this process."""
    global _FONT_CONFIG
    import_weasyprint()
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    if _FONT_CONFIG is None:
        _FONT_CONFIG = FontConfiguration()
    document = HTML(string=html, base_url=str(TEMPLATES) + "/", url_fetcher=safe_url_fetcher())
    stylesheet = CSS(string=page_css(paper), font_config=_FONT_CONFIG)
    return document.write_pdf(stylesheets=[stylesheet], font_config=_FONT_CONFIG, uncompressed_pdf=False)


def write_document(html: str, out: Path, paper: Paper = Paper.a4) -> Path:
    """Write ``html`` to ``out`` as .html or .pdf (chosen by the suffix), atomically."""
    from builder.outputs import write_bytes, write_text

    suffix = out.suffix.lower()
    if suffix in (".html", ".htm"):
        write_text(out, html)
    elif suffix == ".pdf":
        write_bytes(out, html_to_pdf(html, paper))
    else:
        raise UsageError(f"cannot write {out}: the output file must end in .html or .pdf")
    return out

