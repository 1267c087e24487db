"""Paper sizes for printed documents (kept apart from the PDF writer so the command
line can offer them without importing Jinja2 or WeasyPrint)."""

from __future__ import annotations

from enum import Enum


class Paper(str, Enum):
    """Paper a PDF is laid out for."""

    a4 = "a4"
    letter = "letter"


PAGE_SIZES = {Paper.a4: "A4", Paper.letter: "letter"}

PRINTABLE = (".html", ".htm", ".pdf")
"""The suffixes a printed document can be written with (HTML, or PDF through WeasyPrint)."""
