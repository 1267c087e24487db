"""What a side sees (issue 35, item 1): ``observation(seat)`` hides the opponent's
face-down tokens, hand and the decks' order; every ``determinize(seat, rng)`` is an
independent full game whose observation for that seat equals the original's, and
which differs from it in the hidden parts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.kernel.dice import Rng
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules, apply, legal_actions
from builder.systems.heroes.engine.observation import HIDDEN, face_down
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.tide_of_iron import engine as toi
from builder.systems.tide_of_iron.pack import load as load_toi

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "tests" / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def pack() -> Any:
    return load_pack(PACK)


@pytest.fixture(scope="module")
def core() -> Any:
    return load_pack(ROOT / "content" / "core")


def _states(state: Any, decisions: int, seed: int) -> list[Any]:
    """Clones of ``state`` along a random game, one per decision."""
    rng = random.Random(seed)
    out = []
    for _ in range(decisions):
        if state.result is not None:
            break
        out.append(state.clone())
        apply(state, rng.choice(legal_actions(state)))
    return out


def _check(states: list[Any]) -> tuple[int, int]:
    """Every determinization's observation equals the original's, for both seats, and
    the original is left as it was; returns (determinizations made, those that changed
    the state)."""
    made = changed = 0
    for i, s in enumerate(states):
        before = s.state_hash()
        for seat in (0, 1):
            seen = s.observation(seat)
            for k in range(2):
                d = s.determinize(seat, Rng(i * 7 + seat * 3 + k))
                assert d.observation(seat) == seen
                made += 1
                changed += d.state_hash() != before
                if d.result is None and d.legal_actions():
                    d.apply(d.legal_actions()[0])  # a determinization is a game that goes on
        assert s.state_hash() == before
    return made, changed


def test_core_rules_determinizations_keep_the_observation(pack: Any) -> None:
    made, changed = _check(_states(Rules.new_game(pack, "meeting", seed=5), 80, 5))
    assert changed == made  # the dice at least are drawn again


def test_solo_mode_determinizations_keep_the_observation(pack: Any) -> None:
    state = SoloModeRules.new_game(pack, "meeting", seed=2,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    made, changed = _check(_states(state, 60, 2))
    assert made and changed == made


def test_face_down_tokens_are_hidden_and_dealt_again(pack: Any) -> None:
    """In the Orders phase the opponent's tokens on its units read HIDDEN, and
    determinizations deal their values among its face-down tokens and those left."""
    state = Rules.new_game(pack, "meeting", seed=11)
    rng = random.Random(11)
    while not any(face_down(state, u) for u in state.units if u.side == 1) or state.phase != "orders":
        apply(state, rng.choice(legal_actions(state)))
    seen = state.observation(0)
    hidden = [u.id for u in state.units if u.side == 1 and face_down(state, u)]
    order_at = [row for row in seen.units if row[0] in hidden]
    assert order_at and all(HIDDEN in row for row in order_at)
    assert state.observation(1).own.to_place == tuple(state.sides[1].to_place)
    values = set()
    for k in range(30):
        d = state.determinize(0, Rng(k))
        values.add(tuple(d.units[u].order for u in hidden))
        assert sorted([d.units[u].order for u in hidden] + d.sides[1].to_place
                      + [-1] * d.sides[1].bluffs_left + [0] * d.sides[1].specials_left) == \
            sorted([state.units[u].order for u in hidden] + state.sides[1].to_place
                   + [-1] * state.sides[1].bluffs_left + [0] * state.sides[1].specials_left)
    assert len(values) > 1
    own = state.determinize(1, Rng(3))  # the owner's determinization keeps its own tokens
    assert [own.units[u].order for u in hidden] == [state.units[u].order for u in hidden]


def test_clash_determinizations_keep_the_observation(core: Any) -> None:
    made, changed = _check(_states(Rules.new_game(core, "clash", seed=8), 60, 8))
    assert changed == made


def test_hand_and_deck_are_counts_for_the_opponent(core: Any) -> None:
    state = Rules.new_game(core, "clash", seed=4)
    seen = state.observation(0)
    assert seen.own.hand == tuple(state.sides[0].hand)
    assert seen.opponent.hand == len(state.sides[1].hand)
    assert seen.opponent.deck == len(state.sides[1].deck)
    assert not any(isinstance(x, str) and x in state.sides[1].hand for x in _flat(seen.table))
    twins = [state.determinize(0, Rng(k)) for k in range(20)]
    assert len({tuple(d.sides[1].hand) for d in twins}) > 1
    assert len({tuple(d.sides[0].deck) for d in twins}) > 1  # its own deck's order is hidden too
    assert {tuple(d.sides[0].hand) for d in twins} == {tuple(state.sides[0].hand)}


def _flat(value: Any) -> list[Any]:
    if isinstance(value, tuple):
        return [y for x in value for y in _flat(x)]
    return [value]


TOI = load_toi(ROOT / "content" / "toi")


@pytest.mark.parametrize("scenario", ["crossroads-farm", "bridge-at-dawn"])
def test_tide_of_iron_determinizations_keep_the_observation(scenario: str) -> None:
    s = toi.new_game(TOI, scenario, 3)
    rng = random.Random(3)
    states = []
    for _ in range(60):
        if s.result is not None:
            break
        states.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    for i, game in enumerate(states):
        before = game.state_hash()
        for seat in (0, 1):
            d = game.determinize(seat, Rng(i + seat))
            assert d.observation(seat) == game.observation(seat)
            assert d.state_hash() != before  # the dice to come are drawn again
        assert game.state_hash() == before


def test_the_solo_mode_ai_reserve_lies_face_up(core: Any) -> None:
    """002 Solo Mode, Description of the Effects > Action Card: the AI's cards go face up
    in its reserve (its hand): the player sees them, a determinization keeps them."""
    from builder.kernel import make_player, play
    from builder.systems.heroes.ai.players import parse_spec, rules_for

    specs = ("greedy", "solo-mode:aggressive:medium")
    rules, options = rules_for([parse_spec(s) for s in specs])
    state = rules.new_game(core, "family-meeting-1", seed=6, options=options)
    players = [make_player(s, 6, i) for i, s in enumerate(specs)]
    for _ in range(2000):
        if state.result is not None or (state.sides[1].hand and state.to_act == 0):
            break
        play(state, players, max_decisions=1)
    assert state.sides[1].hand, "the AI has stored a card in its reserve"
    assert state.observation(0).opponent.face_up == tuple(state.sides[1].hand)
    for k in range(5):
        d = state.determinize(0, Rng(k))
        assert d.sides[1].hand == state.sides[1].hand and d.observation(0) == state.observation(0)


def test_confusion_swaps_tokens_without_looking_at_them(core: Any) -> None:
    """The Confusion card swaps two of the opponent's placed tokens "without looking at
    them": its targets are every other enemy unit holding a token, equal values too, so
    the choice reads nothing hidden."""
    from builder.systems.heroes.engine.effects.cards import _swap_targets
    from builder.systems.heroes.engine.state import BLUFF

    state = Rules.new_game(core, "clash", seed=2)
    enemy = 1 - state.to_act
    a, b, c = [u for u in state.units if u.side == enemy and u.active][:3]
    a.order, b.order, c.order = BLUFF, BLUFF, 3
    assert _swap_targets(state, a) == sorted([b.id, c.id])
    for k in range(5):
        twin = state.determinize(state.to_act, Rng(k))
        assert _swap_targets(twin, twin.units[a.id]) == _swap_targets(state, a)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), decisions=st.integers(0, 200), draw=st.integers(0, 2**32))
def test_any_determinization_keeps_the_observation(core: Any, seed: int, decisions: int, draw: int) -> None:
    """Hypothesis: after any number of random decisions of Family Meeting 1, each seat's
    determinization keeps that seat's observation and leaves the original as it was."""
    state = Rules.new_game(core, "family-meeting-1", seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.result is not None:
            break
        apply(state, rng.choice(legal_actions(state)))
    before = state.state_hash()
    for seat in (0, 1):
        twin = state.determinize(seat, Rng(draw))
        assert twin.observation(seat) == state.observation(seat)
        assert [a.to_dict() for a in twin.legal_actions()] == [a.to_dict() for a in state.legal_actions()] \
            or state.to_act != seat
    assert state.state_hash() == before
