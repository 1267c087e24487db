"""Battle for Normandy played through ``heroes campaign start/record/status/next`` (003 Battle
for Normandy, Campaign 1/6 to 6/6 and Campaign Report: 5 points a victory, 2 a medal)."""

from __future__ import annotations

from pathlib import Path

import yaml

from builder.campaign import (
    next_scenario,
    record_result,
    report,
    start,
)
from builder.systems.heroes.campaigns import apply_consequences, consequences_for
from builder.systems.heroes.content.models.scenario import Scenario
from builder.systems.heroes.content.pack_cache import load_pack_cached

ROOT = Path(__file__).resolve().parent.parent
BFN = ROOT / "content" / "bfn"

# The hand-worked example: who won each scenario, at which level, with which medals.
PLAYED = [
    ("trading-blows", "de:major", ["de:eisernes-kreuz"]),          # de 5 + 2 = 7
    ("charge-of-the-light-brigade", "cw:major", ["cw:victoria-cross"]),  # cw 5 + 2 = 7
    ("beaver-tails-with-sauerkraut", "cw:regular", ["cw:victoria-cross"]),  # cw 7 + 5 + 2 = 14
    ("zuruck", "de:regular", []),                                  # de 7 + 5 = 12
    ("charon-the-ferryman", "cw:regular", []),                     # cw 14 + 5 = 19
    ("operation-stack", "de:minor", []),                           # de 12 + 5 = 17
]


def _scenario(path: Path) -> Scenario:
    return Scenario.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


def test_battle_for_normandy_through_the_cli(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "my-campaign.yaml"
    assert cli("campaign", "start", "battle-for-normandy", "-o", str(record)).exit_code == 0
    assert record.read_text().startswith("# yaml-language-server: $schema=")
    nexts: list[Scenario] = []
    for i, (scenario, result, medals) in enumerate(PLAYED):
        nxt = tmp_path / f"next-{i}.yaml"
        assert cli("campaign", "next", str(record), "-o", str(nxt)).exit_code == 0
        nexts.append(_scenario(nxt))
        assert nexts[-1].id == scenario
        args = ["campaign", "record", str(record), "--scenario", scenario, "--result", result]
        for medal in medals:
            args += ["--medal", medal]
        done = cli(*args)
        assert done.exit_code == 0, done.stderr
    # consequences applied: 2/6 after a major German victory (extra area, event on turn 1)
    de = next(s for s in nexts[1].sides if s.id == "de")
    assert "N1:Q3" in de.deployment
    assert all(5 not in e.turns for e in nexts[1].events if e.side == "de")
    assert nexts[3].turns == 8                      # 4/6 after a Commonwealth win in 3/6
    assert any("H1:K4" == a for s in nexts[4].sides if s.id == "de" for a in s.deployment)
    assert any("control 1 of cw-secondary-yard" in r for r in nexts[5].special_rules)
    status = cli("campaign", "status", str(record))
    assert status.exit_code == 0
    assert "cw               3       2      19" in status.stdout
    assert "de               3       1      17" in status.stdout
    assert "campaign over: cw wins" in status.stdout
    assert cli("campaign", "next", str(record), "-o", str(tmp_path / "x.yaml")).exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".yaml")) == []


def test_report_points_from_the_library() -> None:
    pack = load_pack_cached(BFN)
    rec = start(pack, "battle-for-normandy", "bfn")
    from builder.campaign.record import MedalWon

    for scenario, result, medals in PLAYED:
        winner, level = result.split(":")
        won = [MedalWon(side=m.split(":")[0], medal=m.split(":")[1]) for m in medals]
        rec = record_result(pack, rec, scenario, winner, level, won)
    rep = report(pack, rec)
    assert rep.points == {"cw": 19, "de": 17} and rep.leader == "cw"
    assert rep.victories == {"cw": 3, "de": 3} and rep.medals == {"cw": 2, "de": 1}


def test_impossible_results_are_refused(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "r.yaml"
    cli("campaign", "start", "battle-for-normandy", "-o", str(record))
    before = record.read_text()
    wrong_step = cli("campaign", "record", str(record), "--scenario", "zuruck", "--result", "cw:major")
    assert wrong_step.exit_code == 2 and "is 'trading-blows'" in wrong_step.stderr
    wrong_level = cli("campaign", "record", str(record), "--scenario", "trading-blows", "--result", "cw:major")
    assert wrong_level.exit_code == 2 and "printed results" in wrong_level.stderr
    wrong_medal = cli("campaign", "record", str(record), "--scenario", "trading-blows", "--result", "cw:regular",
                      "--medal", "cw:victoria-cross")
    assert wrong_medal.exit_code == 2 and "does not earn" in wrong_medal.stderr
    assert record.read_text() == before


def test_a_hand_edited_impossible_record_is_located(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "r.yaml"
    cli("campaign", "start", "battle-for-normandy", "-o", str(record))
    cli("campaign", "record", str(record), "--scenario", "trading-blows", "--result", "de:major")
    record.write_text(record.read_text().replace("level: major", "level: regular"))
    shown = cli("campaign", "status", str(record))
    assert shown.exit_code == 1
    assert f"{record}:7:3: error K810" in shown.stderr + shown.stdout
    record.write_text(record.read_text().replace("level: regular", "level: huge"))
    shown = cli("campaign", "status", str(record))
    assert shown.exit_code == 1 and "r.yaml:9:10" in shown.stderr + shown.stdout


def test_family_meeting_points_carry_into_chapter_2() -> None:
    pack = load_pack_cached(ROOT / "content" / "core")
    rec = record_result(pack, start(pack, "family-meeting", "core"), "family-meeting-1", "us", "major")
    chapter2 = next_scenario(pack, rec)
    before = pack.scenarios["family-meeting-2"]
    points = {s.id: s.army.points for s in chapter2.sides}
    assert points["us"] == next(s.army.points for s in before.sides if s.id == "us") + 20
    campaign = pack.campaigns["family-meeting"]
    assert apply_consequences(before, consequences_for(campaign, 0, "de", "minor")).sides[1].army.points == 265
