"""Batches: seeds and chunks, determinism across runs and worker counts, balance of a
lopsided scenario."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.playtest.api import run_playtest
from builder.playtest_core.report import report_json
from builder.playtest_core.seeds import chunks, game_seed, seating

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@given(st.integers(1, 3000), st.integers(1, 8))
def test_chunks_cover_every_game_once(games, jobs):
    covered = [i for a, b in chunks(games, jobs) for i in range(a, b)]
    assert covered == list(range(games))


def test_game_seed_is_fixed_text_hashing_not_python_hash():
    assert game_seed(1, 0, "meeting", ("greedy", "random")) == game_seed(1, 0, "meeting", ("greedy", "random"))
    assert game_seed(1, 0, "meeting", ("greedy", "random")) != game_seed(1, 1, "meeting", ("greedy", "random"))
    assert game_seed(7, 3, "family-meeting-1", ("greedy", "solo-mode:aggressive:hard")) == 7211627878678002724


def test_symmetric_scenarios_rotate_sides_and_initiative():
    seats = [seating(i, 2, True) for i in range(4)]
    assert [s.seats for s in seats] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [s.initiative_swapped for s in seats] == [False, False, True, True]
    assert all(seating(i, 2, False).seats == (0, 1) for i in range(4))


def _json(**kw):
    report, rows = run_playtest(pack=PACK, **kw)
    return report_json(report), rows


@pytest.mark.parametrize("players", [["greedy", "solo:aggressive"], ["random", "solo-mode:aggressive:hard"]])
def test_same_seed_same_json_and_jobs_do_not_matter(players):
    kw = dict(scenario="meeting", games=24, seed=5, players=players)
    one, rows = _json(jobs=1, **kw)
    again, _ = _json(jobs=1, **kw)
    two, _ = _json(jobs=2, **kw)
    assert one == again == two
    assert [r["index"] for r in rows] == list(range(24))
    other, _ = _json(jobs=1, **{**kw, "seed": 6})
    assert other != one


def test_symmetric_batch_swaps_players():
    _, rows = _json(scenario="meeting", games=8, seed=1, players=["greedy", "random"])
    assert not [r for r in rows if "error" in r]  # an engine failure fails the test, never a filtered row
    seats = {tuple(r["players"].values()) for r in rows}
    assert ("greedy", "random") in seats and ("random", "greedy") in seats


@pytest.mark.parametrize("players", [["greedy", "greedy"], ["random", "solo:balanced"]])
def test_overwhelming_force_wins_almost_always(players):
    report, _ = run_playtest("overwhelming", games=60, seed=3, players=players, pack=PACK)
    assert report["games"] >= 40
    assert report["win_rates"]["de"] > 0.95
    assert report["verdict"].startswith("favours de")


def test_rows_carry_what_the_report_needs():
    _, rows = _json(scenario="meeting", games=6, seed=2, players=["solo:defensive", "greedy"])
    assert not [r for r in rows if "error" in r]
    row = rows[0]
    assert {"seed", "players", "winner", "level", "vp", "rounds", "end_reason", "losses", "objective_control",
            "rules", "digest"} <= set(row)
    assert any(r.get("rules") for r in rows)


def test_solo_game_mode_keeps_the_ai_on_its_side_even_on_symmetric_scenarios():
    report, rows = run_playtest("meeting", games=4, seed=1, players=["greedy", "solo-mode:aggressive:easy"], pack=PACK)
    assert len(rows) == 4 and not any("error" in r for r in rows)
    assert all(r["players"]["de"] == "solo-mode:aggressive:easy" for r in rows)
    assert report["symmetric"] is False


def _crash(*args, **kwargs):
    raise KeyError("unit 99")


def _refused(*args, **kwargs):
    from builder.systems.heroes.engine import IllegalAction

    raise IllegalAction("no such order")


def test_refused_action_and_stuck_game_fail_under_strict(monkeypatch):
    from builder.systems.heroes.ai.players import parse_spec
    from builder.systems.heroes.playtests import game

    specs = [parse_spec("random"), parse_spec("greedy")]
    monkeypatch.setattr(game, "play_game", _refused)
    with pytest.raises(game.IllegalAction):
        game.play_game_safely(PACK, "meeting", 17, specs)
    assert game.play_game_safely(PACK, "meeting", 17, specs, strict=False)["error"] == "no such order"
    monkeypatch.setattr(game, "play_game", lambda *a, **k: (_ for _ in ()).throw(game.PlaytestError("stuck")))
    with pytest.raises(game.PlaytestError):
        game.play_game_safely(PACK, "meeting", 17, specs)


def test_swapped_initiative_is_set_up_by_the_engine():
    """The engine's public new_game hands the first turn to the other side (no phase
    driven from the playtest)."""
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.engine import Rules, new_game

    pack = load_pack(PACK)
    plain = Rules.new_game(pack, "meeting", seed=3)
    swapped = new_game(pack, "meeting", seed=3, initiative_swapped=True)
    assert swapped.initiative == 1 - plain.initiative
    assert swapped.rules.initiative_for_turn(swapped) == 1 - plain.rules.initiative_for_turn(plain)
    assert swapped.rules.options == {"initiative_swapped": True}


def test_engine_bug_fails_under_strict_and_is_a_row_with_its_seed_for_users(monkeypatch):
    from builder.systems.heroes.ai.players import parse_spec
    from builder.systems.heroes.playtests import game

    monkeypatch.setattr(game, "play_game", _crash)
    specs = [parse_spec("random"), parse_spec("greedy")]
    with pytest.raises(KeyError):
        game.play_game_safely(PACK, "meeting", 17, specs)  # the suite sets HEROES_STRICT_ENGINE=1
    row = game.play_game_safely(PACK, "meeting", 17, specs, strict=False, index=3)
    assert row["seed"] == 17 and row["index"] == 3
    assert row["error"].startswith("KeyError") and "seed 17" in row["error"]
