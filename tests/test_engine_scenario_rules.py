"""Scenario special rules the engine plays from data (003 Battle for Normandy, Campaign):
objectives placed once a condition holds (builder/systems/heroes/engine/features/placed_objectives.py),
a side's choice to end the game (features/early_end.py), reinforcements bought with points
entering on the turn printed (features/reinforcements.py)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.engine.features import reinforcements
from builder.systems.heroes.engine.features.early_end import CHOICE, END, PLAY_ON
from builder.systems.heroes.engine.objectives import on_map
from builder.systems.heroes.engine.scenario_events import effect
from builder.systems.heroes.engine.setup import place_somewhere
from builder.systems.heroes.tools.position import load_position

from engine_helpers import POSITIONS

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"
ENDINGS = POSITIONS / "endings"


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(BFN)


def _end(name: str):  # type: ignore[no-untyped-def]
    state, _ = load_position(ENDINGS / f"{name}.yaml")
    return state


def test_german_secondaries_are_off_the_battlefield_until_the_post_is_taken() -> None:
    """Trading Blows: a German section next to the west secondary's square holds nothing
    while the command post is German."""
    state = _end("trading-blows-post-held")
    assert on_map(state) == [0]
    assert state.control[1:] == [-1, -1]
    assert not any(e.kind == "objective-placed" for e in state.events)


def test_german_secondaries_are_placed_once_the_commonwealth_holds_the_post() -> None:
    state = _end("trading-blows-post-taken")
    assert on_map(state) == [0, 1, 2]
    assert state.control == [0, 1, -1]  # the German section next to D7 holds it at once


def test_the_light_brigade_primary_is_placed_and_the_commonwealth_asked_to_end() -> None:
    state = _end("light-brigade-gavrus")
    assert 3 in on_map(state) and state.control[3] == 0
    assert state.to_act == 0 and state.pending and state.pending[0][0] == CHOICE
    choices = legal_actions(state)
    assert sorted(a.square for a in choices) == [PLAY_ON, END]
    ended = state.clone()
    apply(ended, Action(CHOICE, square=END))
    assert ended.result is not None
    assert (ended.result.winner, ended.result.level, ended.result.rounds) == ("cw", "minor", 3)
    apply(state, Action(CHOICE, square=PLAY_ON))
    assert state.result is None and state.turn == 4


def test_no_offer_before_the_primary_is_placed() -> None:
    """With one secondary objective only, the primary is not placed and nothing is asked,
    though a British section stands next to its square."""
    state = _end("light-brigade-one-secondary")
    assert 3 not in on_map(state) and state.control[3] == -1
    assert not state.pending and state.turn == 4


def test_reinforcements_bought_with_points_are_set_aside_and_enter_the_next_turn() -> None:
    """Trading Blows: 180 points of Commonwealth reinforcements, set aside at set-up (their
    stars give no order token yet), enter by the arrows as the turn after the post is taken
    starts, two at a time (two arrow squares), the rest the turn after."""
    state = Rules.new_game(bfn(), "trading-blows", seed=3)
    aside = [u for u in state.units if u.side == 0 and u.st.set_aside]
    assert aside and all(u.sq < 0 for u in aside)
    without = Rules.new_game(bfn(), "trading-blows", seed=3)
    assert state.sides[0].orders == without.sides[0].orders
    eff = next(e for ev in state.static.scenario.events for e in ev.effects if e.do == "reinforce")
    state.turn = 2
    effect(state, eff, "cw")
    assert all(u.sq < 0 for u in aside)  # not yet: from the next turn
    effect(state, eff, "cw")  # 'once': the event again changes nothing
    state.turn = 3
    reinforcements.on_phase(state, "orders")
    arrows = {state.static.bf.square(s) for s in ("X1", "X8")}
    entered = [u for u in aside if u.sq >= 0]
    assert 1 <= len(entered) <= 2 and all(arrows & set(state.squares_of(u)) for u in entered)
    assert state.sides[0].orders == without.sides[0].orders  # counted at the next supply phase
    assert state.rules.order_tokens_for(state, 0) > without.rules.order_tokens_for(without, 0)
    if len(entered) < len(aside):  # the rest come the turn after
        for u in entered:
            for s in state.squares_of(u):
                state.set_occupant(s, -1)
            assert place_somewhere(state, u, [state.static.bf.square(s) for s in ("R4", "R6", "Q4", "Q6")], 0)
        state.turn = 4
        reinforcements.on_phase(state, "orders")
        assert any(u.sq >= 0 for u in aside if u not in entered)
