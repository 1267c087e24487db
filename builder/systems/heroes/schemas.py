"""The Heroes System's schemas, given to the shared schema export through
``GameSystem.schemas``: one per content folder, the pack manifest and the army list
(``schemas/<name>.schema.json``, named in the modelines ``heroes army new`` writes)."""

from __future__ import annotations

from typing import Any

from builder.content.schema_export import json_schemas


def schemas() -> dict[str, dict[str, Any]]:
    """Schema name -> JSON Schema (the content models are imported only when asked)."""
    from builder.systems.heroes.army.model import ArmyList
    from builder.systems.heroes.content.models import KINDS, PackManifest

    models = {name: kind.file_model for name, kind in KINDS.items()}
    return json_schemas({**models, "pack": PackManifest, "army": ArmyList})
