"""Where the Jinja templates live, in a module that imports nothing heavy.

Why: the game-system seam names each system's template folder when a system is
registered, and that happens on every command; taking the path from
:mod:`builder.render.env` would import Jinja2 for a command that prints nothing.
"""

from __future__ import annotations

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
"""The folder of the print and site templates."""

STATIC = TEMPLATES / "static"
"""Stylesheets and images the printed documents and the site share."""
