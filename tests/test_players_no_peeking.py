"""Every player decides from what its side may know (issue 35, item 2).

In mid-game states of real games, the parts of the state hidden from the side to act
are drawn again (``determinize``: the opponent's face-down tokens, the orders on its
smoke bombs, the units under its concealed counters (decoys among them) and its hand,
the order of both decks, the dice to come); the side's legal actions must stay the same,
and each player, built afresh with the same seed, must choose the same action in every
version. A player built to peek is caught by the same check.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from builder.kernel import make_player, play
from builder.kernel.dice import Rng
from builder.systems.heroes.ai.players import parse_spec, rules_for
from builder.systems.heroes.playtests.armies import load_armies, played_lists
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine.features.smoke_bombs import BOMBS
from builder.systems.heroes.engine.observation import _IDENTITY_AT, HIDDEN
from builder.systems.heroes.engine.state import side_field
from builder.systems.tide_of_iron import engine as toi
from builder.systems.tide_of_iron.pack import load as load_toi
from builder.systems.tide_of_iron.players import make_player as make_toi_player

ROOT = Path(__file__).resolve().parents[1]
TWINS = 3  # determinizations per state


@lru_cache(maxsize=2)
def _pack(name: str) -> Any:
    return load_pack(ROOT / "content" / name)


def _key(action: Any) -> Any:
    return repr(sorted(action.to_dict().items())) if hasattr(action, "to_dict") else repr(action)


def _heroes_states(scenario: str, specs: tuple[str, str], seed: int, every: int, pack: str = "core",
                   armies: dict[str, Path] | None = None) -> list[Any]:
    """Clones of a game between ``specs`` at every ``every``-th decision (``armies``: army
    list files by side)."""
    rules, options = rules_for([parse_spec(s) for s in specs])
    model = _pack(pack).items["scenarios"][scenario]
    lists = played_lists(_pack(pack), model, load_armies(_pack(pack), model, armies)) if armies else None
    state = rules.new_game(_pack(pack), scenario, seed=seed, armies=lists, options=options or None)
    players = [make_player(s, seed, i) for i, s in enumerate(specs)]
    out: list[Any] = []
    play(state, players, max_decisions=600,
         on_decision=lambda side, action, events: out.append(state.clone()) if state.decisions % every == 0 else None)
    return [s for s in out if s.result is None and s.to_act is not None]


def _keep_the_rules_randomness(state: Any, twin: Any) -> None:
    """The Solo game mode's AI draws its random choices (a directive, a tie in a table)
    from the apparatus's own stream: the rules' randomness, like the dice, not the
    opponent's secret (002 Solo Mode, 5 Decision Tables > Clarifications: "In any case,
    if no unit meets the priorities, select one at random"); the twin keeps it."""
    if state.variant is not None:
        twin.variant.rng = state.variant.rng.clone()
        twin.variant.brain = twin.variant.brain.with_rng(twin.variant.rng)


def _hidden_differs(state: Any, twin: Any, seat: int, system: str) -> bool:
    """Does the twin differ from the state in a face-down token of the opponent, its
    hand or a deck's order (not only the dice)?"""
    if system != "heroes":
        return twin.decks != state.decks
    return (any(u.order != t.order or u.st is not t.st for u, t in zip(state.units, twin.units))
            or any(s.hand != t.hand or s.deck != t.deck or side_field(s, BOMBS) != side_field(t, BOMBS)
                   for s, t in zip(state.sides, twin.sides)))


def _check(states: list[Any], spec: str, make: Any, system: str = "heroes") -> int:
    """Each state's chooser decides the same in every determinization; returns the
    number of decisions compared where the twin's hidden parts differ."""
    compared = 0
    for i, state in enumerate(states):
        seat = state.to_act
        actions = state.legal_actions()
        if len(actions) < 2:
            continue
        chosen = _key(make(spec, i, seat).choose(state.clone(), actions))
        for k in range(TWINS):
            twin = state.determinize(seat, Rng(1000 * i + k))
            if system == "heroes":
                _keep_the_rules_randomness(state, twin)
            twin_actions = twin.legal_actions()
            assert [_key(a) for a in twin_actions] == [_key(a) for a in actions], \
                f"state {i}: the legal actions of side {seat} depend on what it cannot see"
            again = _key(make(spec, i, seat).choose(twin, twin_actions))
            assert again == chosen, f"{spec}, state {i} (turn {getattr(state, 'turn', '-')}, {state.phase}): peeked"
            compared += _hidden_differs(state, twin, seat, system)
    return compared


def _make_heroes(spec: str, seed: int, side: int) -> Any:
    return make_player(spec, seed, side)


HEROES_CASES = [
    ("random", "core", "clash", ("greedy", "greedy")),
    ("greedy", "core", "clash", ("greedy", "greedy")),
    ("greedy", "core", "family-meeting-1", ("greedy", "solo:aggressive")),
    ("solo:aggressive", "core", "family-meeting-1", ("greedy", "solo:aggressive")),
    ("solo:defensive", "core", "clash", ("solo:defensive", "greedy")),
    ("greedy", "bfn", "trading-blows", ("solo:aggressive", "greedy")),
    ("solo:aggressive", "bfn", "zuruck", ("solo:aggressive", "greedy")),
]


@pytest.mark.parametrize("spec,pack,scenario,specs", HEROES_CASES)
def test_heroes_players_do_not_peek(spec: str, pack: str, scenario: str, specs: tuple[str, str]) -> None:
    states = _heroes_states(scenario, specs, seed=3, every=7, pack=pack)
    seat = specs.index(spec) if spec in specs else None
    mine = [s for s in states if seat is None or s.to_act == seat]
    assert _check(mine, spec, _make_heroes) > 10


def test_solo_mode_ai_does_not_peek() -> None:
    """The AI side of the Solo game mode, and the player facing it."""
    specs = ("greedy", "solo-mode:aggressive:medium")
    states = _heroes_states("family-meeting-1", specs, seed=5, every=5)
    ai = [s for s in states if s.to_act == 1]
    assert _check(ai, specs[1], _make_heroes) > 10
    assert _check([s for s in states if s.to_act == 0], specs[0], _make_heroes) > 10


RUSES = {"de": ROOT / "tests" / "fixtures" / "armies" / "de-tricky-smoke.yaml"}
"""Clash's Germans with two Ruse tokens (decoys), two Concealed tokens and three smoke bombs."""


def _concealing(states: list[Any]) -> list[Any]:
    """The states where the opponent of the side to act hides a decoy or smoke bomb orders."""
    return [s for s in states
            if any(u.side != s.to_act and u.active and u.concealed and u.st.decoy for u in s.units)
            or any(side_field(side, BOMBS) for i, side in enumerate(s.sides) if i != s.to_act)]


@pytest.mark.parametrize("spec", ["random", "greedy", "solo:aggressive", "solo:defensive"])
def test_concealed_counters_decoys_and_smoke_bombs_are_not_peeked_at(spec: str) -> None:
    """The Americans of clash play against decoys, Concealed tokens and smoke bombs: each
    player decides the same whatever unit is under each counter and whatever order
    lies on each bomb."""
    states = _concealing(_heroes_states("clash", ("greedy", "greedy"), seed=2, every=2, armies=RUSES))
    assert sum(1 for s in states if any(side_field(x, BOMBS) for x in s.sides)) >= 3
    assert _check(states, spec, _make_heroes) > 20


def test_the_search_player_does_not_peek_at_concealed_counters() -> None:
    states = [s for s in _concealing(_heroes_states("clash", ("greedy", "greedy"), seed=2, every=2, armies=RUSES))
              if s.phase != "orders"][:5]
    assert _check(states, "search:3", _make_heroes) >= 3


def test_the_solo_mode_ai_does_not_peek_at_concealed_counters() -> None:
    """The Solo game mode's AI (the Americans of clash) against Germans whose decoys,
    Concealed tokens and smoke bombs it may not read."""
    specs = ("solo-mode:aggressive:medium", "greedy")
    states = [s for s in _concealing(_heroes_states("clash", specs, seed=2, every=2, armies=RUSES)) if s.to_act == 0]
    assert _check(states, specs[0], _make_heroes) > 20


def _ai_counters(state: Any) -> list[Any]:
    """The Solo Mode AI's concealed counters on the battlefield (the side the rules name)."""
    return [u for u in state.units if u.side == state.rules.ai and u.active and u.concealed]


@pytest.mark.parametrize("spec", ["greedy", "search:3"])
def test_the_player_facing_the_solo_mode_ai_does_not_peek_at_its_counters(spec: str) -> None:
    """The Solo Mode AI deploys its anonymous, numbered and decoy counters face down, shuffled
    into one stack (002 Solo Mode, 2.4 Anonymous Unit Counters): the player facing it sees
    the counters, not the units under them (builder.systems.heroes.engine.observation, the
    same rule as for any side), and decides the same whatever unit, or decoy, is under each."""
    specs = (spec, "solo-mode:aggressive:medium")
    states = [s for s in _heroes_states("family-meeting-1", specs, seed=5, every=3)
              if s.to_act == 0 and len(_ai_counters(s)) >= 2]
    if spec.startswith("search"):
        states = [s for s in states if s.phase != "orders"][:4]
    moved = 0
    for i, state in enumerate(states):
        seen = state.observation(0)
        hidden = {u.id for u in _ai_counters(state) if u.id != state.current}
        assert all(seen.units[uid][at] == HIDDEN for uid in hidden for at in _IDENTITY_AT)
        twin = state.determinize(0, Rng(i))
        assert twin.observation(0) == seen
        moved += any(state.units[uid].st is not twin.units[uid].st for uid in hidden)
    assert moved >= (2 if spec.startswith("search") else 10)  # the units under its counters are drawn again
    assert _check(states, spec, _make_heroes) >= (2 if spec.startswith("search") else 10)


def test_the_solo_mode_dashboard_shows_its_decoys_as_a_count() -> None:
    """The Solo Mode AI's decoys are counters of its face-down stack (002 Solo Mode, 2.4):
    the dashboard as the player sees it counts them and names none."""
    specs = ("greedy", "solo-mode:aggressive:medium")
    state = _heroes_states("family-meeting-1", specs, seed=5, every=3)[0]
    assert state.variant.decoys
    table = dict(state.observation(0).table)
    assert ("decoys", len(state.variant.decoys)) in table["variant"]


class _Peeker:
    """A player that reads the unit under the opponent's concealed counters: the check
    must catch it."""

    def __init__(self, side: int) -> None:
        self.side = side

    def choose(self, state: Any, actions: list[Any]) -> Any:
        first = next((u for u in state.units if u.side != self.side and u.concealed and u.active), None)
        return actions[(first.st.decoy + len(first.st.profile.id) if first else 0) % len(actions)]


def test_a_player_that_peeks_is_caught() -> None:
    states = [s for s in _concealing(_heroes_states("clash", ("greedy", "greedy"), seed=2, every=2, armies=RUSES))
              if len(s.legal_actions()) > 2]
    with pytest.raises(AssertionError, match="peeked"):
        _check(states, "peeker", lambda spec, seed, side: _Peeker(side))


TOI = load_toi(ROOT / "content" / "toi")


def _toi_states(scenario: str, seed: int, every: int) -> list[Any]:
    state = toi.new_game(TOI, scenario, seed)
    players = [make_toi_player("greedy", seed, i) for i in (0, 1)]
    out: list[Any] = []
    while state.result is None and len(out) < 80:
        actions = state.legal_actions()
        if state.decisions % every == 0:
            out.append(state.clone())
        state.apply(players[state.to_act].choose(state, actions))
    return out


@pytest.mark.parametrize("spec", ["random", "greedy"])
@pytest.mark.parametrize("scenario", ["crossroads-farm", "bridge-at-dawn"])
def test_tide_of_iron_players_do_not_peek(spec: str, scenario: str) -> None:
    assert _check(_toi_states(scenario, 4, 3), spec, make_toi_player, "toi") > 10


def test_concealed_counters_and_bomb_orders_are_hidden_in_the_observation() -> None:
    """What the Americans see of the German decoys, Concealed tokens and smoke bombs: the
    counters without their face and damage, the bombs' orders as HIDDEN, and every
    determinization keeps that observation while the units under the counters move."""
    from builder.systems.heroes.engine.observation import HIDDEN
    from builder.systems.heroes.engine.state import UNIT_FIELDS

    keyed = [f.name for f in UNIT_FIELDS if f.key is not None]
    face_at, damage_at = keyed.index("face"), keyed.index("damage")
    states = _concealing(_heroes_states("clash", ("greedy", "greedy"), seed=2, every=2, armies=RUSES))
    moved = 0
    for i, state in enumerate(states):
        seat = state.to_act
        seen = state.observation(seat)
        rows = {row[0]: row for row in seen.units}
        for u in state.units:
            if u.side != seat and u.active and u.concealed and u.id != state.current:
                assert rows[u.id][face_at] == rows[u.id][damage_at] == HIDDEN, f"state {i}: counter {u.id} shows"
        for k in range(2):
            twin = state.determinize(seat, Rng(31 * i + k))
            assert twin.observation(seat) == seen
            moved += any(u.st is not t.st for u, t in zip(state.units, twin.units))
        for placed in (side_field(s, BOMBS) for j, s in enumerate(state.sides) if j != seat):
            if placed:  # the side's rule fields are spread in its canonical list: the orders read HIDDEN
                assert HIDDEN not in placed and repr((HIDDEN,) * len(placed)) in repr(seen.table)
    assert moved > 10
