"""Where the bundled content packs live, in a module that imports nothing heavy.

Why: every command names the bundled core pack as its default, so the command line
needs this path at import time; taking it from the loader would import the content
models (pydantic) before any command has decided it needs them.
"""

from __future__ import annotations

from pathlib import Path

BUNDLED_CONTENT = Path(__file__).resolve().parents[2] / "content"
"""The folder holding the bundled packs (``core``, ``bfn``)."""

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"
"""The folder of the generated JSON Schema files (``heroes schema export``)."""
