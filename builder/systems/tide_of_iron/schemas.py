"""The Tide of Iron schemas (``schemas/toi-*.schema.json``), given to the shared schema
export through ``GameSystem.schemas``, so ``heroes schema export --check`` keeps them
fresh like the others."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from builder.content.schema_export import json_schemas
from builder.systems.tide_of_iron.models import FILE_MODELS, Army, Manifest, Position


def schemas() -> dict[str, dict[str, Any]]:
    """The pack manifest, squad list, position file and every content folder, by schema name."""
    models: dict[str, type[BaseModel]] = {"toi-pack": Manifest, "toi-army": Army, "toi-position": Position,
              **{f"toi-{folder}": model for folder, model in FILE_MODELS.items()}}
    return json_schemas(models)
