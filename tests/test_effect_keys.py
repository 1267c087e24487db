"""Effect keys: the known list is fresh, offered by the schemas, and an unknown key is warning S210."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

from builder.systems.heroes.content.effect_keys import KNOWN
from builder.content.paths import SCHEMA_DIR
from builder.systems.heroes.validation import validate_pack
from tests.conftest import FIXTURES, ROOT


def test_the_known_keys_match_the_engine_and_the_army_checker() -> None:
    spec = importlib.util.spec_from_file_location("effect_keys_script", ROOT / "scripts" / "effect_keys.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    current = (ROOT / "builder" / "systems" / "heroes" / "content" / "effect_keys.py").read_text(encoding="utf-8")
    assert current == script.render(), "stale: run python scripts/effect_keys.py"
    assert "ammo" in KNOWN["options"] and KNOWN["cards"]


def test_the_schemas_offer_the_known_keys_with_descriptions() -> None:
    schema = json.loads((SCHEMA_DIR / "recruitment.schema.json").read_text(encoding="utf-8"))
    text = json.dumps(schema)
    assert '"examples"' in text and "`ammo`" in text


def test_an_unknown_key_is_a_warning_naming_the_known_ones(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(FIXTURES / "new_faction" / "pack", pack)
    cards = pack / "cards" / "pl.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("effect_key: opportunity-fire",
                                                               "effect_key: oportunity-fire"), encoding="utf-8")
    report = validate_pack(pack)
    assert report.ok
    found = [d for d in report.warnings if d.code == "S210"]
    assert len(found) == 1 and found[0].file.endswith("pl.yaml")
    assert "did you mean 'opportunity-fire'" in found[0].hint and "known cards keys:" in found[0].hint
