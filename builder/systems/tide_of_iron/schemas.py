"""Publishes the Tide of Iron schemas (``schemas/toi-*.schema.json``) through the shared
schema export, so ``heroes schema export --check`` keeps them fresh like the others."""

from __future__ import annotations

from builder.content.schema_export import register_schema
from builder.systems.tide_of_iron.models import FILE_MODELS, Army, Manifest, Position

register_schema("toi-pack", Manifest)
register_schema("toi-army", Army)
register_schema("toi-position", Position)
for _folder, _model in FILE_MODELS.items():
    register_schema(f"toi-{_folder}", _model)
