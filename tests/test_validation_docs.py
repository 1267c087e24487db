"""docs/diagnostics.md documents every registered diagnostic code, and only those."""

from __future__ import annotations

import importlib
import pkgutil
import re

import builder
from builder.diagnostics import CODES
from tests.conftest import ROOT


def _import_everything() -> None:
    for module in pkgutil.walk_packages(builder.__path__, "builder."):
        if module.name.endswith("__main__"):
            continue
        importlib.import_module(module.name)


def test_every_code_is_documented_and_every_documented_code_exists() -> None:
    _import_everything()
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^### ([A-Z][0-9]{3})\s*$", text, flags=re.MULTILINE))
    registered = set(CODES)
    assert registered - documented == set(), "codes missing from docs/diagnostics.md"
    assert documented - registered == set(), "docs/diagnostics.md documents codes nobody defines"


def test_each_documented_code_has_an_example_and_a_fix() -> None:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for block in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        code = block.split()[0]
        assert "Example:" in block and "Fix:" in block, code
