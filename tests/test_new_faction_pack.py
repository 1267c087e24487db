"""A small pack adding a new faction validates: the 40-card deck rule binds armies, not packs."""

from __future__ import annotations

from builder.systems.heroes.validation import validate_pack
from tests.conftest import FIXTURES


def test_a_new_faction_with_a_few_cards_is_a_valid_pack() -> None:
    report = validate_pack(FIXTURES / "new_faction" / "pack")
    assert report.ok, "\n".join(d.format() for d in report.errors)
    assert [d.code for d in report.warnings] == ["C305"]
    assert "a deck needs at least 40" in report.warnings[0].message
