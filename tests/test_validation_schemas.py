"""Editor schemas: draft-07 valid, accepted by check-jsonschema's engine on the bundled
content, and named by every bundled content file's modeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from builder.systems.heroes.content.loader import find_modeline
from builder.systems.heroes.content.models import KINDS
from builder.content.yaml_io import read_yaml
from tests.conftest import CORE, ROOT

SCHEMAS = ROOT / "schemas"
CONTENT_FILES = sorted(CORE.rglob("*.yaml"))


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("*.schema.json")), ids=lambda p: p.name)
def test_schemas_are_draft7(path: Path) -> None:
    Draft7Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", CONTENT_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_bundled_files_name_their_schema_and_satisfy_it(path: Path) -> None:
    kind = "pack" if path.name == "pack.yaml" else path.relative_to(CORE).parts[0]
    assert kind == "pack" or kind in KINDS
    modeline = find_modeline(path.read_text(encoding="utf-8"))
    assert modeline is not None, f"{path} lacks the yaml-language-server modeline"
    schema_path = (path.parent / modeline).resolve()
    assert schema_path == (SCHEMAS / f"{kind}.schema.json").resolve(), modeline
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    errors = sorted(Draft7Validator(schema).iter_errors(read_yaml(path)), key=str)
    assert not errors, errors[0].message
