"""Verdicts under several pairings and their robustness line (issue 35, item 5)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from builder.errors import UsageError
from builder.playtest import pairings as pairings_module
from builder.playtest.pairings import (DEPENDS, FEW, ROBUST, SINGLE, WEAKNESS, arrangements, chosen_pairings,
                                       default_games, parse_pairing, parse_pairings, robustness, seated_by_side,
                                       verdict_class)

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


def _report(us: float, de: float, draws: float = 0.0, games: int = 100, half: float = 0.05) -> dict[str, Any]:
    """A stub report: win rates with intervals of +/- ``half``."""
    def iv(rate: float) -> dict[str, float]:
        return {"rate": rate, "low": max(0.0, rate - half), "high": min(1.0, rate + half)}

    return {"games": games, "sides": ["us", "de"], "win_rates": {"us": us, "de": de}, "draw_rate": draws,
            "win_intervals": {"us": iv(us), "de": iv(de), "draw": iv(draws)}}


def test_pairings_are_read_with_dashes_or_slashes() -> None:
    assert parse_pairing("greedy-search:64") == ("greedy", "search:64")
    assert parse_pairing("greedy-solo-mode:aggressive:hard") == ("greedy", "solo-mode:aggressive:hard")
    assert parse_pairing("solo-mode-greedy") == ("solo-mode", "greedy")
    assert parse_pairing("Greedy/Solo:Balanced") == ("greedy", "solo:balanced")
    assert parse_pairings("greedy-greedy, search-search,greedy-greedy") == [("greedy", "greedy"), ("search", "search")]
    for bad in ("", "greedy-", ","):
        with pytest.raises(UsageError):
            parse_pairings(bad)


def test_a_pairing_of_two_players_is_also_played_the_other_way_round_where_allowed() -> None:
    wanted = [("greedy", "greedy"), ("search", "greedy"), ("greedy", "solo-mode")]
    assert arrangements(wanted, swappable=True) == [("greedy", "greedy"), ("search", "greedy"), ("greedy", "search"),
                                                    ("greedy", "solo-mode")]
    assert arrangements(wanted, swappable=False) == wanted


def test_the_verdict_gist_follows_the_report_verdict_rule() -> None:
    assert verdict_class(_report(0.8, 0.2)) == "favours us"
    assert verdict_class(_report(0.52, 0.48)) == "balanced"
    assert verdict_class(_report(0.1, 0.2, draws=0.7)) == "mostly draws"


def test_the_same_verdict_under_every_pairing_is_robust() -> None:
    r = robustness([("greedy/greedy", _report(0.8, 0.2)), ("search/search", _report(0.7, 0.3))])
    assert r.kind == ROBUST and "favours us" in r.text


def test_verdicts_that_differ_depend_on_the_players() -> None:
    r = robustness([("greedy/greedy", _report(0.8, 0.2)), ("search/search", _report(0.3, 0.7))])
    assert r.kind == DEPENDS
    assert "greedy/greedy: favours us" in r.text and "search/search: favours de" in r.text


def test_a_side_that_never_wins_under_one_pairing_only_is_a_players_weakness() -> None:
    r = robustness([("greedy/greedy", _report(0.0, 1.0)), ("search/search", _report(0.5, 0.5, half=0.1))])
    assert r.kind == WEAKNESS and "us never wins under greedy/greedy but does under search/search" in r.text


def test_one_pairing_says_so() -> None:
    assert robustness([("greedy/greedy", _report(0.5, 0.5))]).kind == SINGLE


def test_a_scenario_built_to_be_robust_is_reported_robust(cli: Any, tmp_path: Path) -> None:
    """One side brings a lone squad against a platoon with tanks: any players agree."""
    r = cli("playtest", "overwhelming", "--pack", str(PACK), "--games", "30", "--pairings",
            "greedy-greedy,random-random", "--format", "json", "-o", str(tmp_path / "r.html"))
    assert r.exit_code == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    assert report["robustness"]["kind"] == ROBUST
    assert [p["name"] for p in report["pairings"]] == ["greedy/greedy", "random/random"]
    assert report["players"] == ["greedy", "greedy"]  # the report's numbers are the first pairing's
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Verdicts by pairing" in html and "robust: favours de" in html


def test_a_scenario_built_to_depend_on_the_players_says_which_pairing_says_what(cli: Any, tmp_path: Path) -> None:
    """An even fight, not symmetric: whoever plays greedy against random wins."""
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    meeting = pack / "scenarios" / "meeting.yaml"
    meeting.write_text(meeting.read_text(encoding="utf-8").replace("symmetric: true", ""), encoding="utf-8")
    r = cli("playtest", "meeting", "--pack", str(pack), "--games", "30", "--pairings", "greedy-random")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "greedy/random            favours us" in r.stdout
    assert "random/greedy            favours de" in r.stdout
    assert "robustness: decided by a player's weakness: de never wins under greedy/random" in r.stdout


def test_pairings_check_their_players(cli: Any) -> None:
    r = cli("playtest", "overwhelming", "--pack", str(PACK), "--games", "2", "--pairings", "greedy-nobody")
    assert r.exit_code == 2 and "nobody" in r.stdout + r.stderr


def test_pairings_do_not_go_with_players(cli: Any) -> None:
    """One pairing or several, not both (a campaign playtest takes --pairings as well:
    tests/test_campaign_playtest.py)."""
    r = cli("playtest", "meeting", "--pack", str(PACK), "--pairings", "greedy-greedy", "--players", "greedy,greedy")
    assert r.exit_code == 2 and "not both" in r.stdout + r.stderr


def test_the_default_pairings_and_games() -> None:
    assert chosen_pairings(None, None) == [("greedy", "greedy"), ("search", "search")]
    assert chosen_pairings(None, "greedy, Random") == [("greedy", "random")]
    assert chosen_pairings("greedy-random", None) == [("greedy", "random")]
    with pytest.raises(UsageError, match="not both"):
        chosen_pairings("greedy-greedy", "greedy,greedy")
    assert default_games(chosen_pairings(None, None)) == 200
    assert default_games([("search:8", "greedy")]) == 200
    assert default_games([("greedy", "solo:aggressive")]) == 1000
    assert seated_by_side(("greedy", "search"), [0, 0, 1]) == ("greedy", "greedy", "search")
    assert seated_by_side(("greedy", "search"), []) == ("greedy", "search")


def test_without_players_the_default_pairings_are_played(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No --players, no --pairings: greedy/greedy and search/search (search at a small budget
    here, through the default's constant, to keep the test quick)."""
    monkeypatch.setattr(pairings_module, "DEFAULT_PAIRINGS", "greedy-greedy,search:2-search:2")
    r = cli("playtest", "overwhelming", "--pack", str(PACK), "--games", "2", "--format", "json")
    assert r.exit_code == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    assert [p["name"] for p in report["pairings"]] == ["greedy/greedy", "search:2/search:2"]
    assert report["robustness"]["kind"] == FEW


def test_players_are_one_pairing_played_as_given_and_named(cli: Any) -> None:
    """--players greedy,random is one pairing: not swapped, and the report says which."""
    r = cli("playtest", "overwhelming", "--pack", str(PACK), "--games", "2", "--players", "greedy,random")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "pairing: greedy/random\nrobustness: one pairing (greedy/random)" in r.stdout
    assert "random/greedy" not in r.stdout


def test_all_plays_the_pairings_and_says_how_robust_each_verdict_is(cli: Any) -> None:
    r = cli("playtest", "--all", "--pack", str(PACK), "--games", "30", "--pairings", "greedy-greedy,random-random")
    assert r.exit_code == 0, r.stdout + r.stderr
    [row] = [line for line in r.stdout.splitlines() if "(`overwhelming`)" in line]
    assert "| favours" in row and "; robust |" in row
    assert "pairings greedy/greedy, random/random (the rates are greedy/greedy's" in r.stdout
