"""JSON Schema for editors, generated from the pydantic models.

``schemas/<name>.schema.json`` is written for each schema the game systems publish
(``GameSystem.schemas``: their content folders, pack manifest, army list...) and for the
shared services' files (the campaign record); ``heroes schema export`` collects them
(builder.cli.schema) and this module writes and checks them, knowing no game.
yaml-language-server reads draft-07 style schemas: no ``$schema`` key, ``$defs``
references, descriptions as hover help. The committed files are checked by a test and by
``heroes schema export --check``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from builder.content.yaml_io import atomic_write_text

from builder.content.paths import SCHEMA_DIR  # noqa: E402  (re-exported)

Schemas = Mapping[str, dict[str, Any]]
"""Schema name (the file's stem) -> JSON Schema, as pydantic gives it."""


def json_schemas(models: Mapping[str, type[BaseModel]]) -> dict[str, dict[str, Any]]:
    """The JSON Schema of each model, by name: what a game system's ``schemas`` hook returns."""
    return {name: model.model_json_schema(mode="validation") for name, model in models.items()}


def schema_for(schema: dict[str, Any], name: str) -> dict[str, Any]:
    """The schema as written: its ``$id`` first, no ``$schema`` key (yaml-language-server)."""
    body = {key: value for key, value in schema.items() if key != "$schema"}
    return {"$id": f"https://heroes-builder.invalid/schemas/{name}.schema.json", **body}


def render_schemas(schemas: Schemas) -> dict[str, str]:
    """File name -> JSON text of every schema, sorted by name."""
    return {
        f"{name}.schema.json": json.dumps(schema_for(schemas[name], name), indent=2, sort_keys=True) + "\n"
        for name in sorted(schemas)
    }


def stale_schemas(schemas: Schemas, directory: Path = SCHEMA_DIR) -> list[str]:
    """Names of schema files that are missing or differ from the models."""
    stale = []
    for name, text in render_schemas(schemas).items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale


def export_schemas(schemas: Schemas, directory: Path = SCHEMA_DIR) -> list[Path]:
    written = []
    for name, text in render_schemas(schemas).items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            atomic_write_text(path, text)
        written.append(path)
    return written
