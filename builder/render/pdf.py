"""HTML to PDF with WeasyPrint: A4 or Letter, page numbers, nothing from the network.

The URL fetcher refuses every URL that is not a file inside the project's templates
folder (stylesheets, bundled images), so a crafted name or link in content cannot make
the renderer reach the network or read other local files. Fonts come from the system
(DejaVu, installed by scripts/system-deps.sh) through fontconfig.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from builder.content.yaml_io import atomic_write_bytes, atomic_write_text
from builder.errors import UsageError
from builder.render.env import TEMPLATES
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


def html_to_pdf(html: str, paper: Paper = Paper.a4) -> bytes:
    """Lay ``html`` out on ``paper`` and return the PDF bytes (deterministic metadata)."""
    global _FONT_CONFIG
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
    suffix = out.suffix.lower()
    if suffix in (".html", ".htm"):
        atomic_write_text(out, html)
    elif suffix == ".pdf":
        atomic_write_bytes(out, html_to_pdf(html, paper))
    else:
        raise UsageError(f"cannot write {out}: the output file must end in .html or .pdf")
    return out
