"""Content: models, safe YAML loading and packs."""

from builder.content.loader import BUNDLED_CONTENT, LoadResult, load_pack, load_pack_with_diagnostics
from builder.content.pack import Origin, Pack

__all__ = ["BUNDLED_CONTENT", "LoadResult", "Origin", "Pack", "load_pack", "load_pack_with_diagnostics"]
