"""Every army rule has a legal and an illegal fixture list (tests/fixtures/army/lists).

Each fixture states what the checker must find on its first line:
``# expect: legal`` or ``# expect: A405@9:27, A409`` (codes of the errors and
warnings expected, with their line:column when given). The error codes found must be
exactly the expected ones: no rule may fire on a list that does not break it (the
"no deck yet" warning A427 is ignored unless expected).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.heroes.army.check import check_file
from builder.systems.heroes.content.loader import load_pack
from tests.conftest import FIXTURES

ARMY = FIXTURES / "army"
LISTS = sorted((ARMY / "lists").glob("*.yaml")) + sorted((ARMY / "broken").glob("*.yaml"))


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load_pack(ARMY / "pack")


def expectations(path: Path) -> tuple[bool, list[tuple[str, str | None]]]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect:"), f"{path.name} lacks its '# expect:' line"
    legal = False
    codes: list[tuple[str, str | None]] = []
    for part in first[len("# expect:"):].split(","):
        part = part.strip()
        if part == "legal":
            legal = True
        elif part:
            code, _, where = part.partition("@")
            codes.append((code, where or None))
    return legal, codes


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_fixture_list(path: Path, pack) -> None:  # type: ignore[no-untyped-def]
    legal, expected = expectations(path)
    report = check_file(path, pack, path.name)
    found = [(d.code, f"{d.line}:{d.col}") for d in report.diagnostics]
    shown = "\n".join(d.format() for d in report.diagnostics)
    assert report.ok is legal, shown
    expected_codes = {c for c, _ in expected}
    found_codes = {d.code for d in report.diagnostics if d.code != "A427" or "A427" in expected_codes}
    assert found_codes == expected_codes, shown
    for code, where in expected:
        assert any(c == code and (where is None or w == where) for c, w in found), f"{code}@{where}\n{shown}"
    for d in report.diagnostics:
        assert d.line >= 1 and d.file == path.name, d.format()
        assert d.hint, d.format()

