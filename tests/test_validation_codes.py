"""Every diagnostic code of the validator, from a broken fixture, at its file:line:col.

Each case under tests/fixtures/validation/cases/ holds the files that replace those of
the small valid pack tests/fixtures/validation/base/; the table says which diagnostic
the broken pack must report, and exactly where.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from builder.diagnostics import Diagnostic
from builder.systems.heroes.validation import validate_pack
from tests.conftest import FIXTURES

BASE = FIXTURES / "validation" / "base"
CASES = FIXTURES / "validation" / "cases"

# case folder, code, file inside the pack, line, column
EXPECTED = [
    ("c301-duplicate-id", "C301", "units/units.yaml", 38, 9),
    ("c302-dangling-reference", "C302", "recruitment/recruitment.yaml", 6, 15),
    ("c303-option-fits-no-slot", "C303", "recruitment/recruitment.yaml", 38, 12),
    ("c304-hero-insignia", "C304", "recruitment/recruitment.yaml", 46, 15),
    ("c305-deck-too-small", "C305", "factions/factions.yaml", 3, 9),
    ("c305-deck-too-small", "C305", "scenarios/skirmish.yaml", 13, 7),
    ("c306-no-cards", "C306", "factions/factions.yaml", 7, 9),
    ("c307-unit-sides", "C307", "units/units.yaml", 31, 18),
    ("c308-unknown-side", "C308", "scenarios/skirmish.yaml", 26, 21),
    ("c308-campaign-side", "C308", "campaigns/short.yaml", 8, 28),
    ("c309-unknown-objective", "C309", "scenarios/skirmish.yaml", 36, 46),
    ("c310-event-turn", "C310", "scenarios/skirmish.yaml", 29, 16),
    ("c311-off-map", "C311", "scenarios/skirmish.yaml", 25, 35),
    ("c312-layout", "C312", "scenarios/skirmish.yaml", 8, 25),
    ("c313-zones-overlap", "C313", "scenarios/skirmish.yaml", 22, 18),
    ("c314-impassable", "C314", "scenarios/skirmish.yaml", 25, 35),
    ("c315-composition-cost", "C315", "scenarios/skirmish.yaml", 13, 15),
    ("c316-other-faction", "C316", "recruitment/recruitment.yaml", 20, 20),
    ("c317-order-without-officer", "C317", "recruitment/recruitment.yaml", 45, 15),
    ("c318-breaking-point", "C318", "recruitment/recruitment.yaml", 20, 29),
    ("c320-special-effect", "C320", "scenarios/skirmish.yaml", 34, 13),
    ("c330-exits", "C330", "scenarios/skirmish.yaml", 33, 27),
    ("c360-lost-effect", "C360", "scenarios/skirmish.yaml", 34, 13),
    ("c331-support-tile", "C331", "scenarios/skirmish.yaml", 37, 15),
    ("c332-demolition-target", "C332", "scenarios/skirmish.yaml", 33, 24),
    ("c361-never-placed", "C361", "scenarios/skirmish.yaml", 26, 49),
    ("c370-stairs", "C370", "scenarios/skirmish.yaml", 27, 60),
    ("c380-unreachable", "C380", "scenarios/skirmish.yaml", 34, 7),
    ("c350-half-square", "C350", "boards/board-a.yaml", 9, 10),
    ("c351-half-square-mixed", "C351", "terrain/terrain.yaml", 8, 41),
    ("c352-infantry-obstacle", "C352", "boards/board-a.yaml", 5, 38),
    ("p502-dependency", "P502", "pack.yaml", 1, 1),
    ("p504-unknown-folder", "P504", "weapons", 0, 0),
    ("p506-modeline", "P506", "units/units.yaml", 1, 1),
    ("p540-tunable", "P540", "scenarios/skirmish.yaml", 41, 11),
    ("s210-unknown-effect-key", "S210", "cards/cards.yaml", 5, 18),
    ("s201-unknown-key", "S201", "units/units.yaml", 10, 9),
    ("s202-bad-value", "S202", "units/units.yaml", 35, 50),
    ("s203-missing-key", "S203", "recruitment/recruitment.yaml", 14, 5),
    ("s204-item-rule", "S204", "factions/factions.yaml", 7, 5),
    ("y101-syntax", "Y101", "factions/factions.yaml", 10, 4),
    ("y102-tag", "Y102", "factions/factions.yaml", 9, 13),
    ("y104-alias-bomb", "Y104", "factions/factions.yaml", 1, 1),
    ("y105-duplicate-key", "Y105", "factions/factions.yaml", 10, 5),
]


def broken_pack(tmp_path: Path, case: str | None = None) -> Path:
    """The base pack with a case's files laid over it, in a temporary folder."""
    pack = tmp_path / "pack"
    shutil.copytree(BASE, pack)
    if case is not None:
        shutil.copytree(CASES / case, pack, dirs_exist_ok=True)
    return pack


def find(diagnostics: list[Diagnostic], code: str, file: str) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code == code and d.file.endswith(file)]


def assert_reported(pack: Path, code: str, file: str, line: int, col: int) -> Diagnostic:
    report = validate_pack(pack)
    found = find(report.diagnostics, code, file)
    assert found, f"{code} not reported in {file}:\n" + "\n".join(d.format() for d in report.diagnostics)
    assert (line, col) in [(d.line, d.col) for d in found], [d.format() for d in found]
    return next(d for d in found if (d.line, d.col) == (line, col))


def test_base_pack_is_clean() -> None:
    report = validate_pack(BASE)
    assert report.ok and not report.warnings, "\n".join(d.format() for d in report.diagnostics)


@pytest.mark.parametrize(("case", "code", "file", "line", "col"), EXPECTED)
def test_code_is_reported_at_its_place(tmp_path: Path, case: str, code: str, file: str, line: int, col: int) -> None:
    diag = assert_reported(broken_pack(tmp_path, case), code, file, line, col)
    assert diag.hint, "every diagnostic says what to do"
    if code.startswith("C") and code not in ("C301", "C302"):
        assert diag.rule, "semantic rules cite the rule they check"


def test_every_case_folder_is_in_the_table() -> None:
    assert {p.name for p in CASES.iterdir()} == {row[0] for row in EXPECTED}


def test_y103_file_too_large(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path)
    (pack / "abilities" / "huge.yaml").write_text("abilities: []\n" + "#" * (2 * 1024 * 1024 + 10) + "\n")
    assert_reported(pack, "Y103", "abilities/huge.yaml", 1, 1)


def test_y106_not_utf8(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path)
    (pack / "abilities" / "latin1.yaml").write_bytes(b"abilities: []\n# caf\xe9\n")
    assert_reported(pack, "Y106", "abilities/latin1.yaml", 2, 6)


def test_p501_not_a_pack(tmp_path: Path) -> None:
    report = validate_pack(tmp_path / "nowhere")
    assert [d.code for d in report.diagnostics] == ["P501"]
    assert "does not exist" in report.diagnostics[0].message
    file = broken_pack(tmp_path) / "units" / "units.yaml"
    report = validate_pack(file)
    assert report.diagnostics[0].code == "P501" and "is a file" in report.diagnostics[0].message
    assert report.diagnostics[0].line == 0


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_p503_link_out_of_the_pack(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path)
    outside = tmp_path / "outside.yaml"
    outside.write_text("units: []\n")
    (pack / "units" / "linked.yaml").symlink_to(outside)
    report = validate_pack(pack)
    found = find(report.diagnostics, "P503", "units/linked.yaml")
    assert found and found[0].line == 0


def test_p505_errata_replaces_an_item(tmp_path: Path) -> None:
    broken_pack(tmp_path)  # tmp/pack, id vbase
    errata = tmp_path / "errata"
    (errata / "abilities").mkdir(parents=True)
    (errata / "pack.yaml").write_text(
        "# yaml-language-server: $schema=x/pack.schema.json\nid: errata\nname: Errata\nversion: 1.0.0\n"
        "depends_on: [pack]\noverrides: true\n")
    (errata / "abilities" / "fix.yaml").write_text(
        "# yaml-language-server: $schema=x/abilities.schema.json\nabilities:\n  - id: assault\n"
        "    name: Assault\n    reminder: Corrected.\n    placeholder: true\n")
    (tmp_path / "pack" / "pack.yaml").write_text((tmp_path / "pack" / "pack.yaml").read_text().replace("id: vbase", "id: pack"))
    report = validate_pack(errata)
    assert report.ok, [d.format() for d in report.errors]
    diag = find(report.diagnostics, "P505", "abilities/fix.yaml")[0]
    assert (diag.line, diag.col) == (3, 9)
    assert report.pack is not None and report.pack.abilities["assault"].reminder == "Corrected."


def test_every_validator_code_has_a_located_case() -> None:
    """Each Y/S/C/P code registered is exercised by a broken fixture above."""
    import builder.systems.heroes.validation  # noqa: F401  (registers every rule's code)
    from builder.diagnostics import CODES

    covered = {row[1] for row in EXPECTED} | {"Y103", "Y106", "P501", "P503", "P505", "C300", "S200"}
    covered |= {"S220", "S221", "S222"}  # the game-system seam's codes: tests/test_systems_seam.py
    covered |= {"P520", "P521", "P522", "P523", "P524", "P550"}  # playtest report warnings: tests/test_playtest_warnings.py
    covered |= {"P541"}  # a balance curve not monotone: tests/test_playtest_balance.py
    covered |= {"Y107"}  # a number too long to read, located: tests/test_input_path.py
    # alliances (000 Multiplayer Rules) and their report warnings: tests/test_engine_multiplayer.py
    covered |= {f"C34{i}" for i in range(10)} | {"P530", "P531"}
    mine = {code for code in CODES if code[0] in "YSCP"}
    assert mine - covered == set()


def test_c300_a_crashing_rule_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    from builder.systems.heroes.validation import registry

    def broken_rule(ctx: object) -> list[Diagnostic]:
        """A rule with a bug."""
        raise KeyError("oops")

    monkeypatch.setattr(registry, "RULES", [*registry.RULES, broken_rule])
    monkeypatch.setattr("builder.systems.heroes.validation.runner.RULES", registry.RULES)
    report = validate_pack(BASE)
    diag = find(report.diagnostics, "C300", "pack.yaml")[0]
    assert (diag.line, diag.col) == (1, 1) and "broken_rule" in diag.message and "KeyError" in diag.message
    assert not report.ok


def test_s200_a_crashing_model_check_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import model_validator

    from builder.systems.heroes.content import models
    from builder.systems.heroes.content.models.ability import AbilitiesFile

    class BuggyAbilities(AbilitiesFile):
        @model_validator(mode="after")
        def _bug(self) -> "BuggyAbilities":
            raise KeyError("bug")

    kind = models.KINDS["abilities"]
    monkeypatch.setitem(models.KINDS, "abilities", models.Kind(kind.folder, BuggyAbilities, kind.collections))
    report = validate_pack(broken_pack(tmp_path))
    diag = find(report.diagnostics, "S200", "abilities/abilities.yaml")[0]
    assert (diag.line, diag.col) == (1, 1) and "KeyError" in diag.message
