"""Content: models, safe YAML loading and packs."""

from typing import Any

from builder.content.paths import BUNDLED_CONTENT

_LAZY = {"LoadResult": "builder.systems.heroes.content.loader", "load_pack": "builder.systems.heroes.content.loader",
         "load_pack_with_diagnostics": "builder.systems.heroes.content.loader", "Origin": "builder.systems.heroes.content.pack",
         "Pack": "builder.systems.heroes.content.pack"}


def __getattr__(name: str) -> Any:
    """Import the loader and the pack on first use (PEP 562): they pull in the models."""
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'builder.content' has no attribute {name!r}")


__all__ = ["BUNDLED_CONTENT", "LoadResult", "Origin", "Pack", "load_pack", "load_pack_with_diagnostics"]
