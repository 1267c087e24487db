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
