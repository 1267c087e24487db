"""Loud gaps (issue 34 item 4): a victory level the armies cannot reach is said before any
game (C380, builder/systems/heroes/validation/rules/reachability.py), default armies are
built for the scenario from its own pack, and the report lists each side's army."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from builder.playtest.api import run_playtest
from builder.systems.heroes.playtests.armies import default_list, describe, played_lists, reach_warnings, scenario_pack
from builder.systems.heroes.army.model import ArmyList, TileEntry
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.scenario import CompositionEntry, VictoryLevel
from builder.systems.heroes.engine.armies import army_composition
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.rules.reachability import gaps, levels_reachable, means_of

ROOT = Path(__file__).resolve().parents[1]
BFN = ROOT / "content" / "bfn"
CORE = ROOT / "content" / "core"

NO_DESTRUCTION = """\
name: Riflemen only
points: 545
faction: cw
tiles:
  - tile: cw-north-nova-scotia
  - tile: cw-worcestershire-regiment
  - tile: cw-royal-scots-fusiliers
"""


@pytest.fixture(scope="module")
def bfn():
    return load_pack(BFN)


def test_operation_stack_without_destruction_warns_before_playing(tmp_path) -> None:
    """The done-when of item 4: the warning is heard before the first game is played, and the
    report carries it first among its warnings."""
    army = tmp_path / "cw.yaml"
    army.write_text(NO_DESTRUCTION)
    heard: list[str] = []
    report, _ = run_playtest("operation-stack", games=1, seed=1, players=["greedy", "greedy"], pack=BFN,
                             armies={"cw": army}, warn=lambda w: heard.append(f"warn {w['code']}"),
                             progress=lambda n: heard.append("game"))
    assert heard[0] == "warn C380" and heard[-1] == "game"
    first = report["warnings"][0]
    assert first["code"] == "C380"
    assert "side cw's army has no unit with a Destruction weapon to destroy the steelworks chimney" \
        in first["message"]


def test_the_cli_prints_the_gap_on_stderr(cli, tmp_path) -> None:
    army = tmp_path / "cw.yaml"
    army.write_text(NO_DESTRUCTION)
    r = cli("playtest", "operation-stack", "-p", "greedy,greedy", "--pack", str(BFN), "-n", "1", "--no-save", "--army", f"cw={army}")
    assert r.exit_code == 0, r.stderr
    assert "warning C380: the cw regular victory (victory level 1) cannot be reached" in r.stderr
    assert "warning C380" in r.stdout  # and in the report


@pytest.mark.parametrize("scenario", ["operation-stack", "zuruck", "trading-blows", "a-safari-in-normandy",
                                      "beaver-tails-with-sauerkraut", "charge-of-the-light-brigade",
                                      "charon-the-ferryman"])
def test_default_armies_reach_every_level(bfn, scenario) -> None:
    model = bfn.scenarios[scenario]
    assert reach_warnings(bfn, model, played_lists(bfn, model)) == []


def test_the_default_operation_stack_army_brings_a_destruction_weapon(bfn) -> None:
    """P521 said the Commonwealth never won Operation Stack, not why: its suggested army had
    no Destruction weapon. The default army now has one (the 25-pounder battery)."""
    model = bfn.scenarios["operation-stack"]
    army = default_list(bfn, model, 0)
    assert means_of(bfn, army_composition(army)).destruction


def test_zuruck_without_heavy_vehicles_cannot_reach_the_german_exit(bfn) -> None:
    model = bfn.scenarios["zuruck"]
    infantry = ArmyList(name="x", faction="de", tiles=[TileEntry(tile="de-pzgr-lehr-regiment-901")])
    found = reach_warnings(bfn, model, (None, infantry))
    assert [w["code"] for w in found] == ["C380"]
    assert "the de regular victory (victory level 3)" in found[0]["message"]
    assert "fields 0 heavy vehicles of the 2 that must get out" in found[0]["message"]
    default = default_list(bfn, model, 1)
    assert means_of(bfn, army_composition(default)).kinds["heavy_vehicle"] >= 2


def test_an_any_level_is_reachable_by_one_branch(bfn) -> None:
    model = bfn.scenarios["operation-stack"]
    means = {"cw": means_of(bfn, [{"tile": "cw-north-nova-scotia"}]), "de": None}
    found = gaps(model, means)
    assert [(g.level, g.side) for g in found] == [(0, "cw")]
    level = VictoryLevel.model_validate({"level": "regular", "winner": "cw", "when": {"any": [
        {"demolished": "chimney"}, {"controls": {"side": "cw", "objectives": ["cw-secondary-yard"], "at_least": 1}}]}})
    assert gaps(model.model_copy(update={"victory": [level]}), means) == []


def test_default_armies_come_from_the_scenarios_own_pack() -> None:
    """clash is a core scenario: with --pack content/bfn its default armies are still
    bought from core's tiles, so the verdict does not depend on the pack passed."""
    core, bfn = load_pack(CORE), load_pack(BFN)
    for i in range(2):
        a = default_list(core, core.scenarios["clash"], i)
        b = default_list(bfn, bfn.scenarios["clash"], i)
        assert a.model_dump() == b.model_dump()
    assert set(scenario_pack(bfn, "clash").tiles) == set(core.tiles)
    with_core = run_playtest("clash", games=3, seed=1, players=["greedy", "greedy"], pack=CORE)[1]
    with_bfn = run_playtest("clash", games=3, seed=1, players=["greedy", "greedy"], pack=BFN)[1]
    assert [r.get("hash") or (r["winner"], r["level"], r["rounds"]) for r in with_core] == \
        [r.get("hash") or (r["winner"], r["level"], r["rounds"]) for r in with_bfn]
    armies = describe(bfn, bfn.scenarios["clash"], {}, played_lists(bfn, bfn.scenarios["clash"]))
    assert armies["us"]["pack"] == "core" and armies["us"]["counters"]


def test_validate_warns_for_a_printed_army_that_cannot_reach_a_level(bfn) -> None:
    pack = copy.copy(bfn)
    pack.items = {**bfn.items, "scenarios": dict(bfn.items["scenarios"])}
    model = bfn.scenarios["operation-stack"]
    cw = model.sides[0]
    army = cw.army.model_copy(update={"composition": [CompositionEntry(tile="cw-north-nova-scotia")]})
    sides = [cw.model_copy(update={"army": army}), model.sides[1]]
    pack.items["scenarios"]["operation-stack"] = model.model_copy(update={"sides": sides})
    found = list(levels_reachable(CheckContext(pack)))
    assert [d.code for d in found] == ["C380"]
    assert "side cw's printed army has no unit with a Destruction weapon" in found[0].message
    assert found[0].file.endswith("operation-stack.yaml") and found[0].line > 0


def test_validate_is_quiet_on_the_bundled_packs(bfn) -> None:
    assert list(levels_reachable(CheckContext(bfn))) == []
