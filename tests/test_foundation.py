"""Foundation: the bundled pack validates, schemas are fresh, errors are located."""

from __future__ import annotations

import json
from pathlib import Path

from builder.cli.schema import all_schemas
from builder.content.schema_export import stale_schemas
from builder.systems.heroes.validation import validate_pack
from tests.conftest import CORE


def test_bundled_pack_is_valid() -> None:
    report = validate_pack(CORE)
    assert report.ok, "\n".join(d.format() for d in report.errors)


def test_committed_schemas_match_the_models() -> None:
    assert stale_schemas(all_schemas()) == [], "run 'make schemas' and commit schemas/"


def test_schemas_avoid_prefix_items() -> None:
    for path in (CORE.parents[1] / "schemas").glob("*.schema.json"):
        text = path.read_text()
        assert "prefixItems" not in text, path.name
        assert '"$schema"' not in text, path.name


def test_validate_cli_exit_codes(cli, core_copy: Path) -> None:
    assert cli("validate", str(CORE), "-q").exit_code == 0
    (core_copy / "units" / "us-8th-infantry.yaml").write_text("units:\n  - id: Bad Id\n")
    result = cli("validate", str(core_copy), "--format", "json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["errors"] >= 1
    assert cli("validate", "--format", "xml").exit_code == 2


def test_unknown_key_points_at_the_key(cli, core_copy: Path) -> None:
    path = core_copy / "units" / "us-8th-infantry.yaml"
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip() == "type: infantry")
    lines.insert(index + 1, "    colour: red")
    path.write_text("\n".join(lines) + "\n")
    result = cli("validate", str(core_copy), "-q")
    assert result.exit_code == 1
    assert f"us-8th-infantry.yaml:{index + 2}:5: error S201: unknown key 'colour'" in result.stdout


def test_dangling_reference_suggests_the_nearest_id(cli, core_copy: Path) -> None:
    path = core_copy / "recruitment" / "us-4th-infantry.yaml"
    text = path.read_text().replace("insignia: us-4th-infantry\n    kind", "insignia: us-4th-infantri\n    kind")
    path.write_text(text)
    line = text.splitlines().index("    insignia: us-4th-infantri") + 1
    result = cli("validate", str(core_copy), "-q")
    assert f"us-4th-infantry.yaml:{line}:15: error C302: unknown insignia 'us-4th-infantri'" in result.stdout
    assert "did you mean 'us-4th-infantry'?" in result.stdout
