"""The sequential stopping rule (Wald's SPRT, three-way): its error rates on simulated
coins, and ``heroes playtest --until-decided`` (games used, determinism at any --jobs)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.playtest_core.sequential import BalanceRule, Sprt, fixed_sample_size, run_until_decided

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"
SIDES = ["a", "b"]


def coin(share: float, seed: int, draws: float = 0.0):
    """A playtest whose side 'a' wins a share of the decisive games, as batches of rows."""
    rng = random.Random(seed)

    def play(first: int, count: int):
        rows = []
        for i in range(first, first + count):
            if rng.random() < draws:
                winner = None
            else:
                winner = "a" if rng.random() < share else "b"
            rows.append({"index": i, "winner": winner})
        return rows
    return play


def verdicts(share: float, runs: int, draws: float = 0.0) -> tuple[dict[str, int], float]:
    counts: dict[str, int] = {}
    games = 0
    for seed in range(runs):
        rule = BalanceRule(0.5, 0.05, 0.05, 0.05)
        _rows, outcome = run_until_decided(coin(share, seed, draws), SIDES, rule, max_games=20_000, batch=20)
        counts[outcome.verdict] = counts.get(outcome.verdict, 0) + 1
        games += outcome.games
    return counts, games / runs


def test_a_fair_coin_is_rarely_called_unbalanced():
    counts, mean_games = verdicts(0.5, 300)
    wrong = counts.get("favours-first", 0) + counts.get("favours-second", 0)
    # alpha = 5%; 300 runs: a true rate of 5% gives more than 30 false calls with p < 0.1%
    assert wrong <= 30, counts
    assert counts.get("undecided", 0) == 0
    assert mean_games < fixed_sample_size(0.05, 0.05, 0.05) * 1.5


@pytest.mark.parametrize("share,verdict", [(0.55, "favours-first"), (0.45, "favours-second")])
def test_an_imbalance_of_the_margin_is_rarely_missed(share, verdict):
    counts, _ = verdicts(share, 200)
    # beta = 5% of calling it balanced; 200 runs: more than 22 misses has p < 0.1%
    assert counts.get("balanced", 0) <= 22, counts
    assert counts.get(verdict, 0) >= 170, counts


def test_a_lopsided_scenario_is_decided_in_a_few_dozen_games():
    counts, mean_games = verdicts(0.95, 50)
    assert counts == {"favours-first": 50}
    assert mean_games <= 80  # against about 1,300 for a fixed batch at the same error rates


def test_draws_are_their_own_outcome():
    rule = BalanceRule()
    rows, outcome = run_until_decided(coin(0.5, 3, draws=0.4), SIDES, rule, max_games=20_000, batch=20)
    assert outcome.draws == sum(r["winner"] is None for r in rows) > 0
    assert outcome.first_wins + outcome.second_wins + outcome.draws == outcome.games == len(rows)


def test_the_cap_leaves_it_undecided():
    _rows, outcome = run_until_decided(coin(0.5, 1), SIDES, BalanceRule(), max_games=50, batch=20)
    assert outcome.verdict == "undecided" and outcome.games == 50


@given(st.integers(0, 400), st.integers(0, 400))
def test_the_log_likelihood_ratio_moves_the_right_way(wins, losses):
    test = Sprt(0.5, 0.6, 0.05, 0.05)
    assert test.llr(wins + 1, losses) > test.llr(wins, losses) > test.llr(wins, losses + 1)


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        BalanceRule(margin=0.6)
    with pytest.raises(ValueError):
        Sprt(0.5, 0.6, 0.7, 0.05)


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(PACK, target)
    return target


def test_until_decided_stops_early_and_says_so(cli, pack):
    r = cli("playtest", "overwhelming", "--pack", str(pack), "--games", "400", "--players", "greedy,random",
            "--until-decided", "--no-save", "--format", "json")
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    seq = report["sequential"]
    assert seq["games"] == report["games"] < 400
    assert seq["verdict"] in ("favours-first", "favours-second")
    assert (seq["alpha"], seq["beta"], seq["margin"]) == (0.05, 0.05, 0.05)
    assert "Wald" in seq["reference"]
    text = cli("playtest", "overwhelming", "--pack", str(pack), "--games", "400", "--players", "greedy,random",
               "--until-decided", "--no-save")
    assert f"after {seq['games']} of at most 400 games" in text.stdout


def test_the_html_report_states_the_rule(cli, pack, tmp_path):
    out = tmp_path / "r.html"
    r = cli("playtest", "overwhelming", "--pack", str(pack), "--games", "300", "--players", "greedy,random",
            "--until-decided", "--no-save", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    page = out.read_text()
    assert "Sequential test:" in page and "alpha 0.05" in page and "Wald" in page


def test_until_decided_is_the_same_at_any_jobs(cli, pack):
    outs = [cli("playtest", "meeting", "--pack", str(pack), "--games", "200", "--players", "random,random",
                "--until-decided", "--margin", "0.3", "--no-save", "--format", "json", "--jobs", jobs).stdout
            for jobs in ("1", "2")]
    assert outs[0] == outs[1]
    assert json.loads(outs[0])["sequential"]["games"] % 100 == 0 or json.loads(outs[0])["games"] == 200


def test_until_decided_bad_margin_is_a_usage_error(cli, pack):
    r = cli("playtest", "meeting", "-p", "greedy,greedy", "--pack", str(pack), "--games", "20", "--until-decided", "--margin", "0.7",
            "--no-save")
    assert r.exit_code == 2
    assert "margin" in r.stderr and "Traceback" not in r.stderr
