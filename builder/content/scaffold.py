"""``heroes pack new``: a new content pack that validates at once and opens with completion.

Why: a community author's first step should not be copying a bundled pack and deleting
most of it. The scaffold writes ``pack.yaml`` (building on the core box, so every core id
can be used) with a modeline naming the schema, and a README listing each kind's folder
and the modeline its files start with (docs/authoring.md explains every kind).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from builder.content.yaml_io import atomic_write_text
from builder.errors import UsageError

ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
FOLDERS = ("factions", "units", "recruitment", "cards", "abilities", "terrain", "boards", "scenarios", "campaigns")
"""Each kind's folder; the schema of a file is named after its folder (docs/authoring.md)."""


def schema_ref(schema: str, folder: Path) -> str:
    """The schema a file in ``folder`` names: relative inside the checkout, else the
    installed store's copy (``heroes schema install``), else the absolute path."""
    from builder.content.schema_store import schema_for

    return schema_for(schema, folder)


def scaffold_pack(folder: Path, pack_id: str, name: str | None = None,
                  depends_on: tuple[str, ...] = ("core",)) -> list[Path]:
    """Write a new pack into ``folder`` (which must not exist yet); return the files written."""
    if not ID.match(pack_id):
        raise UsageError(f"pack id {pack_id!r}: use lower-case letters, digits and hyphens (e.g. my-pack)")
    if folder.exists():
        raise UsageError(f"{folder} exists; choose a new folder (or --out elsewhere)")
    depends = ", ".join(depends_on)
    manifest = folder / "pack.yaml"
    atomic_write_text(manifest, "\n".join([
        f"# yaml-language-server: $schema={schema_ref('pack', folder)}",
        f"id: {pack_id}",
        f"name: {json.dumps(name or pack_id, ensure_ascii=False)}",  # a JSON string is YAML: any name stays text
        "version: 0.1.0",
        "description: What the pack adds (units, tiles, cards, scenarios...).",
        f"depends_on: [{depends}]",
        "",
    ]))
    lines = [f"# {name or pack_id}", "",
             "Check it with `heroes validate " + str(folder) + "`; docs/authoring.md shows every kind.",
             "Put each kind's files in its folder, each file starting with its modeline:", ""]
    for kind in FOLDERS:
        lines.append(f"- `{kind}/`: `# yaml-language-server: $schema={schema_ref(kind, folder / kind)}`")
    readme = folder / "README.md"
    atomic_write_text(readme, "\n".join(lines) + "\n")
    return [manifest, readme]
