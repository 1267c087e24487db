"""The search player (issue 35): the kernel's information-set search on a toy game, and
the search players of both systems behind the one player registry."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from builder.errors import UsageError
from builder.kernel import make_player, play
from builder.kernel.dice import Rng
from builder.kernel.search import Budget, SearchPlayer, parse_budget, search

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "playtest" / "pack"


class Nim:
    """Take one to three stones; who takes the last wins. ``secret`` is a hidden part the
    search must never read on the true state: only the game's determinization reads what
    the seat may know (here: nothing of the secret), and the samples carry a fresh one."""

    def __init__(self, stones: int, secret: int | None = None, sample: bool = False) -> None:
        self.stones, self.mover, self.winner = stones, 0, None
        self._secret, self.sample = secret, sample
        self.determinized = 0

    @property
    def secret(self) -> int:
        if not self.sample:
            raise AssertionError("the search read the true state's hidden part")
        assert self._secret is not None
        return self._secret

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.mover

    @property
    def result(self) -> Any:
        return self.winner

    def legal_actions(self) -> list[int]:
        return [] if self.winner is not None else [n for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action: int) -> list[Any]:
        self.stones -= action
        if self.stones == 0:
            self.winner = self.mover
        self.mover = 1 - self.mover
        return []

    def clone(self) -> "Nim":
        other = Nim(self.stones, self._secret, self.sample)
        other.mover, other.winner = self.mover, self.winner
        return other

    def determinize(self, seat: int, rng: Rng) -> "Nim":
        self.determinized += 1
        other = Nim(self.stones, rng.below(100), sample=True)  # the secret drawn afresh, the true one unread
        other.mover, other.winner = self.mover, self.winner
        return other

    def state_hash(self) -> str:
        return f"{self.stones}/{self.mover}"


class NimPolicy:
    def candidates(self, state: Nim, actions: list[int]) -> list[int]:
        assert state.secret >= 0  # samples may read their hidden part
        return list(actions)

    def settle(self, state: Nim, actions: list[int], rng: Rng) -> int | None:
        return None

    def rollout(self, state: Nim, actions: list[int], rng: Rng) -> int:
        return actions[rng.below(len(actions))]

    def evaluate(self, state: Nim) -> list[float]:
        if state.winner is None:
            return [0.5, 0.5]
        return [1.0 if state.winner == seat else 0.0 for seat in (0, 1)]


BUDGET = Budget(playouts=400, root_width=3, width=3, depth=8, horizon=20)


@pytest.mark.parametrize("stones,best", [(5, 1), (6, 2), (7, 3), (3, 3)])
def test_the_search_finds_the_winning_take(stones: int, best: int) -> None:
    assert search(Nim(stones), 0, NimPolicy(), BUDGET, Rng(1)) == best


def test_the_search_plays_from_samples_never_from_the_true_hidden_state() -> None:
    game = Nim(9, secret=42)
    search(game, 0, NimPolicy(), Budget(playouts=50), Rng(2))
    assert game.determinized == 17  # one determinization for every 3 playouts, one per action of Nim
    assert game.stones == 9 and game.winner is None  # the true state is never played on


def test_the_search_is_deterministic_for_its_seed() -> None:
    picks = {search(Nim(10), 0, NimPolicy(), Budget(playouts=30), Rng(5)) for _ in range(3)}
    assert len(picks) == 1


def test_a_search_player_wins_nim_against_random_play() -> None:
    from builder.kernel.players import RandomPlayer

    wins = 0
    for seed in range(6):
        game = Nim(9)
        players = [SearchPlayer(seed, 0, NimPolicy(), BUDGET), RandomPlayer(seed, 1)]
        play(game, players, max_decisions=50)
        wins += game.winner == 0
    assert wins == 6  # 9 stones: the first player wins by taking 1, then leaving multiples of 4


@pytest.mark.parametrize("spec", ["search:0", "search:x", "search:1:2", "searchy"])
def test_a_bad_budget_is_a_usage_error(spec: str) -> None:
    with pytest.raises(UsageError):
        parse_budget(spec, Budget())


def test_the_budget_comes_from_the_spec() -> None:
    assert parse_budget("search", Budget(playouts=7)).playouts == 7
    assert parse_budget("search:200", Budget(playouts=7)).playouts == 200


def test_the_heroes_search_player_is_registered_and_named_by_its_budget() -> None:
    from builder.systems.heroes.ai.players import parse_spec

    assert parse_spec("search:12").text == "search:12"
    assert parse_spec("search").text == "search"
    player = make_player("search:3", 1, 0)
    assert isinstance(player, SearchPlayer) and player.budget.playouts == 3
    with pytest.raises(UsageError, match="PLAYOUTS"):
        parse_spec("search:-1")


def _heroes_game(seed: int, players: list[str]) -> dict[str, Any]:
    from builder.systems.heroes.playtests.game import play_game
    from builder.systems.heroes.playtests.runner import _pack
    from builder.systems.heroes.ai.players import parse_spec

    return play_game(_pack(str(FIXTURE)), "meeting", seed, [parse_spec(p) for p in players])


def test_a_heroes_game_with_a_search_player_ends_and_replays_exactly() -> None:
    first = _heroes_game(3, ["search:4", "greedy"])
    again = _heroes_game(3, ["search:4", "greedy"])
    assert first["winner"] is not None or first["level"] == "draw"
    assert first["digest"] == again["digest"] and first["state_hash"] == again["state_hash"]
    assert first["rules"].get("search: searched", 0) > 0


def test_the_playtest_rows_of_a_search_player_are_the_same_at_any_jobs() -> None:
    from builder.playtest.api import run_playtest

    one = run_playtest("meeting", games=2, seed=4, players=["search:2", "greedy"], jobs=1, pack=FIXTURE)[1]
    two = run_playtest("meeting", games=2, seed=4, players=["search:2", "greedy"], jobs=2, pack=FIXTURE)[1]
    assert [r["digest"] for r in one] == [r["digest"] for r in two]


def test_the_heroes_evaluation_knows_the_victory_levels() -> None:
    """A side holding every objective in the last round is winning; the values are in [0, 1]."""
    from builder.systems.heroes.playtests.runner import _pack
    from builder.systems.heroes.ai.search import evaluate, outcome
    from builder.systems.heroes.engine import Rules

    state = Rules.new_game(_pack(str(FIXTURE)), "meeting", seed=1)
    values = evaluate(state.clone())
    assert all(0.0 <= v <= 1.0 for v in values)
    late = state.clone()
    late.turn = late.static.scenario.turns
    for u in late.units:  # the US alone on the battlefield, holding both objectives in the last round
        if u.side == 1:
            u.alive = False
    late.control = [0, 0]
    us, de = evaluate(late)
    assert us > 0.9 and de < 0.1
    held = state.clone()  # the same forces, but the Germans hold the house: they lead on VPs
    held.turn = held.static.scenario.turns
    us, de = evaluate(held)
    assert de > 0.6 > us
    done = state.clone()
    from builder.systems.heroes.engine.victory import finish

    result = finish(done, "no_units")
    assert evaluate(done) == [outcome(result, done.side_ids, s) for s in (0, 1)]


def test_the_heroes_material_counts_a_hurt_unit_for_less() -> None:
    """000 core rules, Firing > Shot Resolution and Suppressive Fire: a flipped or
    suppressed unit counts for less than a whole one, never for nothing."""
    from builder.systems.heroes.playtests.runner import _pack
    from builder.systems.heroes.ai.search import worth
    from builder.systems.heroes.engine import Rules

    state = Rules.new_game(_pack(str(FIXTURE)), "meeting", seed=1)
    unit = next(u for u in state.units if len(u.st.profile.faces) > 1)
    whole = worth(unit)
    unit.face = len(unit.st.profile.faces) - 1
    flipped = worth(unit)
    unit.suppressed = 2
    assert whole > flipped > worth(unit) > 0.2 * whole - 1e-9
    unit.damage = 0b1111  # a vehicle's every kind of damage: the floor
    assert worth(unit) == pytest.approx(0.2 * whole)


def test_the_heroes_nearness_moves_with_every_square_of_an_advance() -> None:
    """Family Meeting 1's Germans start far from both objectives, the Americans on them:
    the projected control gives both to the Americans until the Germans are nearer, but
    each square a German rifleman gains toward the farm raises their nearness share."""
    from builder.systems.heroes.playtests.runner import _pack
    from builder.systems.heroes.ai import evaluate as ev
    from builder.systems.heroes.ai.search import nearness, projected_control
    from builder.systems.heroes.engine import Rules

    state = Rules.new_game(_pack(str(ROOT / "content" / "core")), "family-meeting-1", seed=1)
    us, de = state.side_ids.index("us"), state.side_ids.index("de")
    farm = ev.objective_maps(state)[0][0]
    german = min((u for u in state.units if u.side == de and u.active and u.type == "infantry"),
                 key=lambda u: farm[u.sq])
    before = nearness(state)
    assert sum(before) == pytest.approx(1.0)
    assert before[us] > before[de] > 0
    german.sq = next(sq for sq in range(len(farm)) if farm[sq] == farm[german.sq] - 1)
    assert projected_control(state)[0] == us
    after = nearness(state)
    assert after[de] > before[de] and sum(after) == pytest.approx(1.0)


def test_the_heroes_rollout_plays_as_the_greedy_player() -> None:
    """The rollout below the tree is the greedy player's choice, from the stream it is given."""
    from builder.systems.heroes.playtests.runner import _pack
    from builder.systems.heroes.ai.greedy import GreedyPlayer
    from builder.systems.heroes.ai.search import DEFAULT, HeroesPolicy
    from builder.systems.heroes.engine import Rules

    assert DEFAULT.horizon == 2
    state = Rules.new_game(_pack(str(FIXTURE)), "meeting", seed=3)
    actions = state.legal_actions()
    greedy = GreedyPlayer(3, state.to_act or 0)
    greedy.rng = Rng(11)
    assert HeroesPolicy(3, 0).rollout(state, actions, Rng(11)) == greedy.choose(state, actions)


def test_the_tide_of_iron_search_player_plays_a_game_to_its_end() -> None:
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.players import play_game

    pack = load(ROOT / "content" / "toi")
    state, actions = play_game(pack, "crossroads-farm", 2, ["search:2", "greedy"])
    again, actions2 = play_game(pack, "crossroads-farm", 2, ["search:2", "greedy"])
    assert state.result is not None and actions == actions2
    assert state.result["winner"] in state.static.sides


def test_the_tide_of_iron_evaluation_counts_the_vp_to_come() -> None:
    from builder.systems.tide_of_iron import engine as E
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.search import evaluate, projected_vp

    state = E.new_game(load(ROOT / "content" / "toi"), "crossroads-farm", 1)
    held = state.clone()
    held.control = [0] * len(held.control)
    assert projected_vp(held)[0] > projected_vp(state)[0]
    assert evaluate(held)[0] > evaluate(state)[0]
    assert sum(evaluate(state)) == pytest.approx(1.0)


def test_the_tide_of_iron_evaluation_reads_control_from_who_stands_on_an_objective() -> None:
    """004 Tide of Iron, Command phase: an objective scores for the side alone on it then,
    so a squad stepping onto it counts before the Command phase comes."""
    from builder.systems.tide_of_iron import engine as E
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.search import evaluate, projected_vp, win_chance

    state = E.new_game(load(ROOT / "content" / "toi"), "crossroads-farm", 1)
    k = next(k for k, (_, obj) in enumerate(state.static.objectives) if obj.vp > 0)
    hex_ = state.static.objectives[k][0]
    assert not any(u.alive and u.hex == hex_ for u in state.units)
    stepped = state.clone()
    next(u for u in stepped.units if u.alive and u.side == 0).hex = hex_
    assert projected_vp(stepped)[0] > projected_vp(state)[0]
    assert evaluate(stepped)[0] > evaluate(state)[0]
    contested = stepped.clone()
    next(u for u in contested.units if u.alive and u.side == 1).hex = hex_
    assert projected_vp(contested) == projected_vp(state)  # not alone: control stays as it was
    tie = state.clone()
    tie.initiative = 1
    assert win_chance(tie, [3.0, 3.0])[1] > 0.5 > win_chance(tie, [3.0, 3.0])[0]


def test_the_search_counts_its_decisions() -> None:
    player = SearchPlayer(1, 0, NimPolicy(), Budget(playouts=10))
    game = Nim(6)
    player.choose(game, game.legal_actions())
    assert player.rules_fired == Counter({"search: searched": 1})


def test_the_search_player_does_not_peek() -> None:
    """In mid-game states of Family Meeting 1, the search chooses the same action
    whatever the hidden parts of the state (tests/test_players_no_peeking.py's check:
    every determinization of the state, the search player built afresh each time)."""
    from tests.test_players_no_peeking import _check, _heroes_states, _make_heroes

    states = _heroes_states("family-meeting-1", ("greedy", "greedy"), seed=3, every=9)
    mine = [s for s in states if s.to_act == 0 and s.phase != "orders"][:8]
    assert _check(mine, "search:3", _make_heroes) >= 4


def test_the_candidates_break_greedy_ties_at_random_and_replay() -> None:
    """The greedy player breaks its ties at random; the search's candidates order a tie
    in a random order from the player's own seeded stream (the first of a tie in list
    order made a biased, weaker greedy), the same for the same seed."""
    from builder.systems.heroes.playtests.runner import _pack
    from builder.systems.heroes.ai.search import HeroesPolicy
    from builder.systems.heroes.engine import Rules

    state = Rules.new_game(_pack(str(FIXTURE)), "meeting", seed=1)
    policy = HeroesPolicy(1, 0)
    for _ in range(300):  # on to a decision whose best greedy score is shared
        actions = state.legal_actions()
        scores = policy._greedy[state.to_act or 0].scores(state, actions)
        tie = [a for a, s in zip(actions, scores) if s == max(scores)]
        if len(tie) > 1:
            break
        state.apply(actions[0])
    assert len(tie) > 1
    firsts = {policy.candidates(state, actions)[0] for _ in range(20)}
    assert firsts <= set(tie) and len(firsts) > 1
    assert HeroesPolicy(2, 1).candidates(state, actions) == HeroesPolicy(2, 1).candidates(state, actions)


def test_the_tide_of_iron_candidates_break_ties_at_random_and_replay() -> None:
    from builder.systems.tide_of_iron import engine as E
    from builder.systems.tide_of_iron.pack import load
    from builder.systems.tide_of_iron.players import score
    from builder.systems.tide_of_iron.search import ToiPolicy

    state = E.new_game(load(ROOT / "content" / "toi"), "crossroads-farm", 1)
    actions = state.legal_actions()
    scores = [score(state, a) for a in actions]
    tie = [a for a, s in zip(actions, scores) if s == max(scores)]
    policy = ToiPolicy(1, 0)
    assert len(tie) > 1
    firsts = {tuple(policy.candidates(state, actions)[0]) for _ in range(20)}
    assert firsts <= {tuple(a) for a in tie} and len(firsts) > 1
    assert ToiPolicy(2, 1).candidates(state, actions) == ToiPolicy(2, 1).candidates(state, actions)
