"""Every army diagnostic code is documented, and exercised by a fixture list."""

from __future__ import annotations

import builder.systems.heroes.army.check  # noqa: F401  (registers the loader's codes)
from builder.systems.heroes.army.legality import (  # noqa: F401  (each module registers its codes)
    deck, equipment, heroes, multiplayer, orders, points, references, scenario, slots,
)
from builder.diagnostics import CODES
from tests.conftest import FIXTURES, ROOT

ARMY_CODES = sorted(c for c in CODES if c.startswith("A4"))


def test_every_army_code_is_documented() -> None:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    missing = [c for c in ARMY_CODES if f"### {c}\n" not in text]
    assert not missing, f"document these codes in docs/diagnostics.md: {missing}"


def test_every_army_rule_has_a_fixture() -> None:
    expected = " ".join(p.read_text().splitlines()[0] for p in (FIXTURES / "army" / "lists").glob("*.yaml"))
    untested = [c for c in ARMY_CODES if c not in expected and c not in ("A400", "A427")]
    assert not untested, f"add an illegal fixture list for: {untested}"
