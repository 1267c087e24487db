"""The Jinja2 environment shared by print documents and the site.

Autoescape is on for every template (HTML and SVG alike): content names come from
untrusted YAML, and ``<script>`` in a unit name must print as text. Undefined
variables are errors, so a template typo fails the tests instead of printing blanks.

Compiled templates are kept in the user's cache folder (Jinja's bytecode cache, under
:func:`builder.content.paths.cache_dir`, like the pack cache): compiling the roster's
templates cost about a tenth of a second on every ``heroes render roster`` (issue 38, the
roster PDF as a whole command). Jinja checks each entry against its template's source and
its own and Python's versions, and writes entries atomically; ``HEROES_NO_CACHE=1`` turns
it off, and a cache folder that cannot be made only costs the compile.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from builder.content.paths import cache_dir
from builder.render.paths import STATIC, TEMPLATES


def no_link(collection: str, item_id: str) -> None:
    """Print documents have no links; the site passes its own ``link``."""
    return None


def signed(value: Any) -> str:
    """A combat value as printed: '+2', '0', 'X'."""
    if value == "X" or value is None:
        return "X"
    number = int(value)
    return f"+{number}" if number > 0 else str(number)


def words(value: Any) -> str:
    """An enum or id as words: 'light_vehicle' -> 'light vehicle'."""
    raw = getattr(value, "value", value)
    return str(raw).replace("_", " ").replace("-", " ")


@lru_cache(maxsize=8)
def static_text(name: str) -> str:
    """A bundled static file (CSS or JS), read once."""
    path = (STATIC / name).resolve()
    path.relative_to(STATIC.resolve())
    return path.read_text(encoding="utf-8")


def inline_css(*names: str) -> Markup:
    """Our own stylesheets for a <style> element; they are project files, not content."""
    return Markup("\n".join(static_text(n) for n in names))


def compiled_templates() -> BytecodeCache | None:
    """Jinja's bytecode cache in the user's cache folder, or None (``HEROES_NO_CACHE``, or
    a folder that cannot be made)."""
    if os.environ.get("HEROES_NO_CACHE"):
        return None
    folder = cache_dir() / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder))


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        bytecode_cache=compiled_templates(),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["signed"] = signed
    env.filters["words"] = words
    env.globals["inline_css"] = inline_css
    env.globals["link"] = no_link
    return env


def render(template: str, **context: Any) -> str:
    """Render ``template`` (a path under templates/) with ``context``."""
    return environment().get_template(template).render(**context)
