"""Every army diagnostic code is documented, and exercised by a fixture list."""

from __future__ import annotations

import builder.systems.heroes.army.check  # noqa: F401  (registers the loader's codes)
from builder.systems.heroes.army import forum, share  # noqa: F401  (register A434, A435)
from builder.systems.heroes.army.legality import (  # noqa: F401  (each module registers its codes)
    aviation, deck, equipment, heroes, multiplayer, orders, points, references, scenario, slots, support,
)
from builder.diagnostics import CODES
from tests.conftest import FIXTURES, ROOT

ARMY_CODES = sorted(c for c in CODES if c.startswith("A4"))


def test_every_army_code_is_documented() -> None:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    missing = [c for c in ARMY_CODES if f"### {c}\n" not in text]
    assert not missing, f"document these codes in docs/diagnostics.md: {missing}"


# Codes exercised by tests of their own rather than by the fixture pack's lists: the share
# link and forum text are not army-list files (tests/test_army_travel.py), and the Battle
# for Normandy aircraft and support-tile rules need BfN's tiles (tests/test_army_bfn_rules.py,
# located errors on lists checked against the bundled bfn pack).
ELSEWHERE = {"A434": "test_army_travel", "A435": "test_army_travel", "A436": "test_army_bfn_rules",
             "A437": "test_army_bfn_rules", "A438": "test_army_bfn_rules"}


def test_every_army_rule_has_a_fixture() -> None:
    expected = " ".join(p.read_text().splitlines()[0] for p in (FIXTURES / "army" / "lists").glob("*.yaml"))
    for code, module in ELSEWHERE.items():
        assert code in (ROOT / "tests" / f"{module}.py").read_text(encoding="utf-8") or code in expected
    untested = [c for c in ARMY_CODES if c not in expected and c not in ("A400", "A427", *ELSEWHERE)]
    assert not untested, f"add an illegal fixture list for: {untested}"
