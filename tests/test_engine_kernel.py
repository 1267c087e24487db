"""The kernel (issue 19, item 1): one game loop and one player registry, so `heroes play`
and `heroes playtest` play the same game for the same seed and players, in the core rules
and in the Solo game mode; `heroes play` sets the Solo game mode up as playtest does and
refuses a Solo Mode AI where the scenario gives none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import PACK

from builder.systems.heroes.engine import RandomPlayer, Rng, Rules, make_player, play
from builder.kernel import GameStuck, player_kinds
from builder.errors import UsageError


@pytest.mark.parametrize("players", ["greedy,greedy", "greedy,solo-mode:aggressive:medium"])
def test_play_and_playtest_give_the_same_game(cli, tmp_path: Path, players: str) -> None:
    rows = tmp_path / "rows.jsonl"
    r = cli("playtest", "family-meeting-1", "--games", "1", "--seed", "5", "--players", players,
            "--jsonl", str(rows), "--no-save", "--format", "json")
    assert r.exit_code == 0, r.stderr
    row = json.loads(rows.read_text().splitlines()[0])
    assert "error" not in row and not row["initiative_swapped"]
    log = tmp_path / "game.jsonl"
    r = cli("play", "family-meeting-1", "--seed", str(row["seed"]), "--players", players, "--format", "json",
            "--log", str(log))
    assert r.exit_code == 0, r.stderr
    played = json.loads(r.stdout)
    assert played["state_hash"] == row["state_hash"] and played["decisions"] == row["decisions"]
    header = json.loads(log.read_text().splitlines()[0])
    assert header["rules"] == ("solo-mode" if "solo-mode" in players else "core")
    assert cli("replay", str(log)).exit_code == 0


def test_play_refuses_a_solo_mode_ai_on_a_side_the_scenario_does_not_give_it(cli) -> None:
    r = cli("play", "family-meeting-1", "--players", "solo-mode:aggressive:medium,greedy")
    assert r.exit_code == 2 and "cannot play side 'us'" in r.stderr


def test_one_registry_one_random_player() -> None:
    assert {"random", "greedy", "solo", "solo-mode"} <= set(player_kinds())
    assert isinstance(make_player("random", 3, 1), RandomPlayer)
    with pytest.raises(UsageError, match="unknown player 'chess'"):
        make_player("chess", 3, 1)
    with pytest.raises(UsageError):
        make_player("random:fast", 3, 1)


def test_the_loop_reports_every_decision_and_stops_at_the_limit() -> None:
    from builder.systems.heroes.content.loader import load_pack

    state = Rules.new_game(load_pack(PACK), "skirmish", seed=2)
    seen: list[tuple[int, Any]] = []
    player = RandomPlayer(2, 0, Rng(2))
    n = play(state, [player, player], max_decisions=25, on_decision=lambda side, a, ev: seen.append((side, a)))
    assert n == len(seen) == 25 and state.result is None and state.decisions >= 25


class _Stuck:
    """A game that goes on and offers nothing: the loop must say so, not spin."""

    to_act, result = 0, None

    def legal_actions(self) -> list[Any]:
        return []


def test_a_game_without_decisions_is_an_error() -> None:
    with pytest.raises(GameStuck):
        play(_Stuck(), [RandomPlayer(1, 0)], max_decisions=10)  # type: ignore[arg-type]
