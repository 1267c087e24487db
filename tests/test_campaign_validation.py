"""Campaign consequences as data (003 Battle for Normandy, Campaign 1/6 to 6/6): both bundled
campaigns validate, and each K80x code is reported at its file:line:col."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from builder.systems.heroes.content.models.campaign import CampaignEffect
from builder.systems.heroes.validation import validate_pack
from tests.conftest import FIXTURES

ROOT = Path(__file__).resolve().parent.parent
BASE = FIXTURES / "validation" / "base"
HEADER = ("# yaml-language-server: $schema=../../../../../schemas/campaigns.schema.json\n"
          "id: short-campaign\nname: Short campaign\nplaceholder: true\nsteps:\n  - scenario: skirmish\n"
          "    consequences:\n")


def _report(tmp_path: Path, consequences: str, last: str = "  - scenario: skirmish\n") -> list[tuple[str, int, int, str]]:
    pack = tmp_path / "pack"
    shutil.copytree(BASE, pack)
    (pack / "campaigns" / "short.yaml").write_text(HEADER + consequences + last)
    report = validate_pack(pack)
    return [(d.code, d.line, d.col, d.severity.value) for d in report.diagnostics if d.code.startswith("K")]


@pytest.mark.parametrize("pack", ["content/bfn", "content/core"])
def test_bundled_campaigns_only_warn_about_lost_effects(pack: str) -> None:
    report = validate_pack(ROOT / pack)
    assert report.ok, [d.format() for d in report.errors]
    campaign = [d for d in report.diagnostics if "campaigns/" in d.file]
    assert all(d.code == "K805" for d in campaign), [d.format() for d in campaign]
    assert len(campaign) == (2 if pack == "content/bfn" else 0)


def test_bundled_campaigns_carry_effects_not_words() -> None:
    report = validate_pack(ROOT / "content/bfn")
    assert report.pack is not None
    steps = report.pack.campaigns["battle-for-normandy"].steps
    assert [s.scenario for s in steps][:2] == ["trading-blows", "charge-of-the-light-brigade"]
    for step in steps[:-1]:
        for consequence in step.consequences:
            assert consequence.effects or consequence.medal or consequence.lost, consequence.text
    major = next(c for c in steps[0].consequences if c.level == "major")
    assert [e.do for e in major.effects] == ["deploy", "move_event"]


@pytest.mark.parametrize(("consequence", "code", "token"), [
    ("      - {winner: us, side: us, effects: [{do: deploy, side: ger, areas: [A1]}]}\n", "K800", "ger"),
    ("      - {winner: us, side: us, effects: [{do: move_event, side: de, from_turn: 5, to_turn: 1}]}\n", "K802", "5,"),
    ("      - {winner: us, side: us, effects: [{do: hold, side: us, objectives: [frm], at_least: 1}]}\n", "K803", "frm"),
    ("      - {winner: us, level: major, side: us}\n", "K804", "major"),
    ("      - {winner: us, side: us, lost: true, text: lost turn}\n", "K805", "true"),
    ("      - {winner: us, side: us, effects: [{do: option, side: us, option: nope}]}\n", "K806", "nope"),
])
def test_code_is_reported_at_its_place(tmp_path: Path, consequence: str, code: str, token: str) -> None:
    """Line 8 is the consequence; the column is that of the value at fault."""
    found = _report(tmp_path, consequence)
    assert [(c, ln, cl) for c, ln, cl, _ in found if c == code] == [(code, 8, consequence.index(token) + 1)], found


def test_k801_effect_on_the_last_step(tmp_path: Path) -> None:
    last = "  - scenario: skirmish\n    consequences:\n      - {winner: us, side: us, effects: [{do: turns, turns: 7}]}\n"
    found = _report(tmp_path, "      - {winner: us, side: us}\n", last)
    assert [(c, ln) for c, ln, _, _ in found] == [("K801", 11)], found


def test_effect_needs_the_fields_of_its_kind() -> None:
    with pytest.raises(ValidationError, match="'move_event' effect needs from_turn, to_turn"):
        CampaignEffect.model_validate({"do": "move_event", "side": "de"})
