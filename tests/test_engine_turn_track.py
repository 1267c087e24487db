"""The turn marker moved on by a scenario event (003 Battle for Normandy, Campaign >
3 Beaver Tails with Sauerkraut: both objectives completed at the same supply phase move
the marker one more space; beyond the last turn the game is a draw).
builder/systems/heroes/engine/features/turn_track.py."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from builder.systems.heroes.content.models.scenario_events import TurnEvent
from builder.systems.heroes.engine import Rules, apply, legal_actions

from engine_helpers import fixture_pack


def pack_with(**update):  # type: ignore[no-untyped-def]
    pack = copy.copy(fixture_pack())
    pack.items = {**pack.items, "scenarios": dict(pack.items["scenarios"])}
    base = pack.items["scenarios"]["skirmish"]
    pack.items["scenarios"]["skirmish"] = base.model_copy(update=update)
    return pack


def marker(turns: list[int]) -> TurnEvent:
    return TurnEvent.model_validate({
        "turns": turns, "timing": "end_of_supply", "text": "Both completed their objectives.",
        "effects": [{"do": "advance_turn_marker", "text": "The marker moves one more space.", "count": 1}]})


def play_out(state):  # type: ignore[no-untyped-def]
    rounds = []
    while not state.is_over:
        events = apply(state, legal_actions(state)[-1])
        rounds.extend(e.data["turn"] for e in events if e.kind == "round")
    return state.result, rounds


def test_the_marker_moved_on_skips_a_round() -> None:
    result, rounds = play_out(Rules.new_game(pack_with(events=[marker([2])]), "skirmish", seed=3))
    assert 3 not in rounds and rounds[-1] == 6
    assert result.end_reason == "turns" and result.rounds == 6


def test_beyond_the_last_turn_the_game_is_a_draw() -> None:
    result, _ = play_out(Rules.new_game(pack_with(events=[marker([6])]), "skirmish", seed=3))
    assert result.end_reason == "sudden_death" and result.winner is None and result.level == "draw"


def test_the_marker_moves_at_the_end_of_the_round() -> None:
    with pytest.raises(ValidationError, match="advance_turn_marker"):
        TurnEvent.model_validate({"turns": [1], "timing": "start_of_orders", "text": "x",
                                  "effects": [{"do": "advance_turn_marker", "text": "y", "count": 1}]})
