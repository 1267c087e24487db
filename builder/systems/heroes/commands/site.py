"""``heroes site build`` on a Heroes System pack: the static site of
builder.render.site, reached through the system's own ``site_builder`` hook (a system
imports no shared service above it)."""

from __future__ import annotations

from pathlib import Path

import typer

from builder.content.paths import BUNDLED_CONTENT


def site_build(pack: Path | None, out: Path, reports: Path | None, *, with_dependencies: bool = False) -> None:
    """Tide of Iron's ``site_build`` with ``--with-dependencies``: also publish the items
    of the packs ``pack`` depends on (by default only its own)."""
    from builder.systems.heroes import HEROES
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    loaded = load_pack_cached(pack or BUNDLED_CONTENT / "core")
    pages = HEROES.site_builder(loaded, out, reports, None if with_dependencies else {loaded.manifest.id})
    typer.echo(f"wrote {len(pages)} pages into {out}; open {out / 'index.html'}")
