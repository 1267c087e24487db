"""Aggregation of game rows into the report's numbers."""

from __future__ import annotations

import pytest

from builder.playtest_core.aggregate import lead_changes, summarise, verdict


def row(i: int, winner, control, vp=None):
    return {"index": i, "seed": i, "players": {"us": "greedy", "de": "solo:aggressive"}, "winner": winner,
            "level": "regular" if winner else "draw", "vp": vp or {"us": 0, "de": 0}, "rounds": 6,
            "end_reason": "turns", "objective_control": control, "losses": {"us": {"rifles": 1}},
            "fielded": {"us": {"rifles": 2}}, "kills": {"de": {"grenadiers": 1}}, "rules": {"t/p": 2},
            "digest": str(i % 3)}


def test_lead_changes_count_swaps_of_the_side_ahead():
    turns = [{"a": "us", "b": None}, {"a": "us", "b": "de"}, {"a": "de", "b": "de"}, {"a": "us", "b": None}]
    assert lead_changes(turns, ["us", "de"]) == 2
    assert lead_changes([{"a": None}], ["us", "de"]) == 0


def test_summary_numbers():
    rows = [row(i, "de" if i % 4 else "us", [{"a": "us"}, {"a": "de"}]) for i in range(40)]
    rows.append({"index": 40, "seed": 40, "players": {}, "error": "engine said no"})
    s = summarise(rows, ["us", "de"], {"rifles": 50, "grenadiers": 45})
    assert s["games"] == 40 and s["engine_errors"]["games"] == 1
    assert s["win_rates"] == {"us": 0.25, "de": 0.75}
    assert s["objective_control"]["a"][0]["us"] == 1.0 and s["objective_control"]["a"][1]["de"] == 1.0
    assert s["distinct_games"] == 3
    unit = next(u for u in s["units"] if u["unit"] == "rifles")
    assert unit["survival"] == 0.5
    grenadiers = next(u for u in s["units"] if u["unit"] == "grenadiers")
    assert grenadiers["kills"] == 40
    assert s["rules"] == {"t/p": 80}
    assert verdict(s, ["us", "de"], {"de": "Germans"}).startswith("favours Germans: 75% +/- ")


def test_close_results_are_called_balanced():
    rows = [row(i, "de" if i % 2 else "us", [{"a": None}]) for i in range(100)]
    s = summarise(rows, ["us", "de"])
    assert verdict(s, ["us", "de"]).startswith("balanced: us 50%")


def test_draws_are_their_own_verdict_not_balance():
    rows = [row(i, None, [{"a": None}]) for i in range(100)]
    s = summarise(rows, ["us", "de"])
    assert verdict(s, ["us", "de"]).startswith("mostly draws: draws 100%")
    assert s["warnings"] == [
        {"code": "P521", "message": "us never won in 100 games: check that its victory condition can be reached"},
        {"code": "P521", "message": "de never won in 100 games: check that its victory condition can be reached"}]
    rows = [row(i, None if i % 3 else ("us" if i % 2 else "de"), [{"a": None}]) for i in range(99)]
    assert not verdict(summarise(rows, ["us", "de"]), ["us", "de"]).startswith("balanced")


@pytest.mark.parametrize("draws, said", [(50, "mostly draws: draws 50%"), (49, "balanced: us 26%")])
def test_balanced_needs_a_decisive_share(draws, said):
    """Half the games or more drawn is no balance, whatever the sides' rates."""
    rows = [row(i, None if i < draws else ("us" if i % 2 else "de"), [{"a": None}]) for i in range(100)]
    assert verdict(summarise(rows, ["us", "de"]), ["us", "de"]).startswith(said)


def test_effects_the_engine_does_not_play_are_counted_as_warnings():
    rows = [row(i, "de" if i % 2 else "us", [{"a": None}]) for i in range(10)]
    for r in rows[:4]:
        r["not_simulated"] = {"The German event; its effect was lost.": 2}
    s = summarise(rows, ["us", "de"])
    assert s["not_simulated"] == {"The German event; its effect was lost.": {"times": 8, "games": 4}}
    assert s["warnings"] == [{"code": "P520", "message": "not simulated, met in 4 of 10 games (8 times): "
                                                         "The German event; its effect was lost."}]
