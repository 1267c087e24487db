"""Players share one interface, draw from their own seeded streams, and the greedy player
takes the best immediate gain."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.ai.players import Player, get_player
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules, apply, legal_actions
from builder.systems.heroes.engine import RandomPlayer, make_player

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK)


def play_some(pack, spec: str, seed: int, decisions: int = 60) -> list[dict]:
    state = Rules.new_game(pack, "meeting", seed=seed)
    players = [get_player(spec, seed, 0), get_player(spec, seed, 1)]
    taken = []
    while not state.is_over and len(taken) < decisions:
        action = players[state.to_act].choose(state, legal_actions(state))
        taken.append(action.to_dict())
        apply(state, action)
    return taken


@pytest.mark.parametrize("spec", ["random", "greedy", "solo:balanced"])
def test_players_replay_from_the_game_seed(pack, spec):
    assert play_some(pack, spec, 4) == play_some(pack, spec, 4)


def test_every_player_is_a_player_and_the_one_registry_knows_them():
    for spec in ("greedy", "solo:aggressive", "solo-mode:defensive:easy"):
        assert isinstance(get_player(spec, 1, 0), Player)
    assert isinstance(make_player("greedy", 1, 0), GreedyPlayer)
    assert isinstance(make_player("solo-mode:aggressive:hard", 1, 1), Player)
    # one random player, the kernel's, whichever way it is asked for
    assert type(get_player("random", 1, 0)) is type(make_player("random", 1, 0)) is RandomPlayer


def test_greedy_takes_an_action_of_best_score(pack):
    state = Rules.new_game(pack, "meeting", seed=9)
    greedy = GreedyPlayer(9, 0)
    checked = 0
    while not state.is_over and checked < 40:
        actions = legal_actions(state)
        if state.to_act == 0:
            choice = greedy.choose(state, actions)
            best = max(greedy.score(state, a) for a in actions)
            assert greedy.score(state, choice) == pytest.approx(best)
            checked += 1
        else:
            choice = actions[0]
        apply(state, choice)
    assert checked >= 10
