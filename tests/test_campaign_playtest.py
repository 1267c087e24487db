"""``heroes playtest --campaign``: whole campaigns, seeded, the same JSON at any --jobs
(003 Battle for Normandy, Campaign Report; 002 Solo Mode, Family Meeting in the Solo game mode)."""

from __future__ import annotations

import json
from pathlib import Path

from builder.campaign.logic import campaign_facts
from builder.campaign.playtest import play_campaign, run_campaign_playtest
from builder.systems.heroes.content.pack_cache import load_pack_cached

ROOT = Path(__file__).resolve().parent.parent


def test_battle_for_normandy_json_is_the_same_at_any_jobs(cli) -> None:  # type: ignore[no-untyped-def]
    args = ["playtest", "--campaign", "battle-for-normandy", "--games", "2", "--players", "greedy,greedy",
            "--no-save", "--format", "json"]
    one, two = cli(*args, "--jobs", "1"), cli(*args, "--jobs", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert report["games"] == 2 and report["errors"] == 0
    assert [s["scenario"] for s in report["steps"]][0] == "trading-blows"
    assert sum(report["winners"][s]["successes"] for s in ("cw", "de")) + report["ties"]["successes"] == 2


def test_campaign_points_follow_the_report_rules() -> None:
    """5 points a victory and 2 a level-tied medal (003 Campaign Report), and each later
    scenario is played with the previous result's consequences."""
    pack = load_pack_cached(ROOT / "content" / "bfn")
    campaign = campaign_facts(pack, "battle-for-normandy")
    row = play_campaign(pack, campaign, 7, ("greedy", "greedy"), 0)
    assert "error" not in row, row
    assert len(row["steps"]) == 6
    for side in ("cw", "de"):
        victories = sum(s["winner"] == side for s in row["steps"])
        medals = sum(s["medals"].count(side) for s in row["steps"])
        assert row["points"][side] == 5 * victories + 2 * medals
    assert play_campaign(pack, campaign, 7, ("greedy", "greedy"), 0) == row


def test_family_meeting_runs_in_the_solo_game_mode(cli) -> None:  # type: ignore[no-untyped-def]
    report = run_campaign_playtest("family-meeting", games=2, seed=3, players=["greedy", "solo-mode:aggressive:medium"],
                                   pack=str(ROOT / "content" / "core"))
    assert report["errors"] == 0 and report["sides"] == ["us", "de"]
    assert set(report["steps"][1]["given_previous"]) <= {"us:major", "us:regular", "de:minor", "de:major", "draw"}
    bad = cli("playtest", "--campaign", "nope", "--games", "1", "--no-save")
    assert bad.exit_code == 2 and "no bundled pack has campaign 'nope'" in bad.stderr


def test_pairings_give_each_scenario_a_robustness_line_at_any_jobs(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 35, item 5: the campaign playtest plays every pairing, the same report at any
    --jobs, with the campaign's verdict per pairing and each scenario's robustness line, in
    the JSON, the text and the site's campaign page (the saved report)."""
    args = ["playtest", "--campaign", "family-meeting", "--games", "2", "--pairings", "greedy-greedy,random-random",
            "--no-save", "--format", "json"]
    one, two = cli(*args, "--jobs", "1"), cli(*args, "--jobs", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert [p["name"] for p in report["pairings"]] == ["greedy/greedy", "random/random"]
    assert report["players"] == ["greedy", "greedy"]  # the numbers are the first pairing's
    assert all(p["verdict"] and len(p["scenarios"]) == 2 for p in report["pairings"])
    assert [s["scenario"] for s in report["scenario_robustness"]] == ["family-meeting-1", "family-meeting-2"]
    kinds = {"robust", "depends on the players", "decided by a player's weakness"}
    assert report["robustness"]["kind"] in kinds
    assert all(s["robustness"]["kind"] in kinds for s in report["scenario_robustness"])

    from builder.campaign.playtest import report_text
    from builder.render.site.build import build_site

    text = report_text(report)
    assert f"robustness: {report['robustness']['text']}" in text
    assert f"scenario 1 family-meeting-1: {report['scenario_robustness'][0]['robustness']['text']}" in text
    reports = tmp_path / "reports"
    (reports / "campaigns").mkdir(parents=True)
    (reports / "campaigns" / "family-meeting.json").write_text(one.stdout, encoding="utf-8")
    build_site(load_pack_cached(ROOT / "content" / "core"), tmp_path / "site", reports=reports)
    page = (tmp_path / "site" / "campaigns" / "family-meeting.html").read_text(encoding="utf-8")
    assert "Robustness: " in page and "greedy/greedy: " in page and "family-meeting-2: " in page


def test_one_pairing_says_so() -> None:
    report = run_campaign_playtest("family-meeting", games=1, seed=2, players=["greedy", "greedy"],
                                   pack=str(ROOT / "content" / "core"))
    assert report["robustness"]["kind"] == "one pairing"
    assert [p["name"] for p in report["pairings"]] == ["greedy/greedy"]
