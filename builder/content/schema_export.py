"""JSON Schema for editors, generated from the pydantic models.

``schemas/<name>.schema.json`` is written for each content folder, the pack manifest
and the army list. yaml-language-server reads draft-07 style schemas: no ``$schema``
key, ``$defs`` references, descriptions as hover help. The committed files are
checked by a test and by ``heroes schema export --check``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from builder.systems.heroes.content.models import KINDS, PackManifest
from builder.content.yaml_io import atomic_write_text

from builder.content.paths import SCHEMA_DIR  # noqa: E402  (re-exported)

EXTRA_SCHEMAS: dict[str, type[BaseModel]] = {"pack": PackManifest}


def register_schema(name: str, model: type[BaseModel]) -> None:
    """Let another sub-package (the army list) publish a schema of its own."""
    EXTRA_SCHEMAS[name] = model


def _all_models() -> dict[str, type[BaseModel]]:
    import builder.systems.heroes.army.model  # noqa: F401  (registers the army-list schema)
    import builder.campaign.record  # noqa: F401  (registers the campaign-record schema)
    import builder.systems.tide_of_iron.schemas  # noqa: F401  (the Tide of Iron schemas)

    models: dict[str, type[BaseModel]] = {name: kind.file_model for name, kind in KINDS.items()}
    models.update(EXTRA_SCHEMAS)
    return dict(sorted(models.items()))


def schema_for(model: type[BaseModel], name: str) -> dict[str, Any]:
    schema = model.model_json_schema(mode="validation")
    schema.pop("$schema", None)
    return {"$id": f"https://heroes-builder.invalid/schemas/{name}.schema.json", **schema}


def render_schemas() -> dict[str, str]:
    """File name -> JSON text of every schema."""
    return {
        f"{name}.schema.json": json.dumps(schema_for(model, name), indent=2, sort_keys=True) + "\n"
        for name, model in _all_models().items()
    }


def stale_schemas(directory: Path = SCHEMA_DIR) -> list[str]:
    """Names of schema files that are missing or differ from the models."""
    stale = []
    for name, text in render_schemas().items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale


def export_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    written = []
    for name, text in render_schemas().items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            atomic_write_text(path, text)
        written.append(path)
    return written
