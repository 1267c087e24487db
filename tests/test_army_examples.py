"""The example army lists are legal against the bundled pack, and so is every suggestion."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.army.check import check_file, check_text
from builder.systems.heroes.army.suggest import suggest
from builder.systems.heroes.army.writer import army_yaml
from builder.systems.heroes.content.loader import load_pack
from tests.conftest import CORE, ROOT

EXAMPLES = sorted((ROOT / "examples" / "armies").glob("*.yaml"))
PACK = load_pack(CORE)


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the pack cache of these tests out of the user's cache folder."""
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "army-pack-cache"))


def test_the_examples_are_there() -> None:
    names = {p.name for p in EXAMPLES}
    assert {"family-meeting-1-us.yaml", "family-meeting-1-de.yaml", "us-300.yaml", "de-300.yaml"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_is_legal_and_clean(path: Path) -> None:
    report = check_file(path, PACK)
    assert report.ok and not report.diagnostics, "\n".join(d.format() for d in report.diagnostics)
    totals = report.summary.totals  # type: ignore[union-attr]
    assert totals.left == 0, f"{path.name} leaves {totals.left} points unspent"


def test_check_cli_exits_0_on_every_example(cli) -> None:  # type: ignore[no-untyped-def]
    for path in EXAMPLES:
        assert cli("army", "check", str(path)).exit_code == 0, path.name


@given(st.sampled_from(["us", "de"]), st.integers(100, 1000), st.integers(0, 1000))
@settings(max_examples=15, deadline=None)
def test_suggest_on_the_bundled_pack_passes_check(faction: str, points: int, seed: int) -> None:
    report = check_text(army_yaml(suggest(PACK, faction, points, seed), PACK), PACK)
    assert report.ok, "\n".join(d.format() for d in report.errors)


@pytest.mark.parametrize("scenario", ["family-meeting-1", "family-meeting-2"])
@pytest.mark.parametrize("side", ["us", "de"])
def test_family_meeting_compositions_give_legal_armies(scenario: str, side: str) -> None:
    from builder.systems.heroes.army.composition import from_composition

    army = from_composition(PACK, scenario, side)
    report = check_text(army_yaml(army, PACK), PACK)
    assert report.ok, "\n".join(d.format() for d in report.errors)
    assert report.summary is not None and report.summary.totals.left == 0


def test_the_alliance_example_of_docs_army_md_is_legal() -> None:
    """docs/army.md's multiplayer example: a US and a Commonwealth player with the core
    box's high command tile (its cost shared) check without errors against Battle for
    Normandy (which depends on the core box)."""
    import re

    text = (ROOT / "docs" / "army.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(name: Allies\n.*?)```", text, re.S)
    assert block is not None
    report = check_text(block.group(1), load_pack(ROOT / "content" / "bfn"), "docs/army.md")
    assert not [d for d in report.diagnostics if d.is_error], [d.format() for d in report.diagnostics]
    assert report.roster is not None and any(t.is_high_command for t in report.roster.tiles)
