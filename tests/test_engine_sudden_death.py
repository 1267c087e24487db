"""Sudden death and printed victory levels (000 core rules, Setup > Victory Conditions):
reaching a scenario's victory condition ends the game at the end of the round
(builder/systems/heroes/engine/sudden_death.py), and a side left without units loses at a level the
scenario prints (builder/systems/heroes/engine/victory.py)."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from builder.systems.heroes.content.models.scenario_events import Effect, TurnEvent
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions

from engine_helpers import Scripted, activate, fixture_pack, make


def pack_with(**update):  # type: ignore[no-untyped-def]
    """The fixture pack whose skirmish scenario is changed by ``update``."""
    pack = copy.copy(fixture_pack())
    pack.items = {**pack.items, "scenarios": dict(pack.items["scenarios"])}
    base = pack.items["scenarios"]["skirmish"]
    pack.items["scenarios"]["skirmish"] = base.model_copy(update=update)
    return pack


def end_game(turns: list[int], when: dict | None = None, **declared) -> TurnEvent:
    return TurnEvent.model_validate({
        "turns": turns, "timing": "end_of_supply", "text": "The game ends.", "when": when,
        "effects": [{"do": "end_game", "text": "End the game.", **declared}]})


def play_out(state):  # type: ignore[no-untyped-def]
    while not state.is_over:
        apply(state, legal_actions(state)[-1])
    return state.result


def test_an_end_game_event_ends_the_game_at_the_end_of_that_round() -> None:
    pack = pack_with(events=[end_game([2], winner="de", level="minor")])
    state = Rules.new_game(pack, "skirmish", seed=3)
    result = play_out(state)
    assert (result.end_reason, result.rounds) == ("sudden_death", 2)
    assert (result.winner, result.level) == ("de", "minor")
    assert state.events[-1].kind != "sudden-death"  # the round was closed before the end


def test_an_end_game_whose_condition_fails_does_not_end_the_game() -> None:
    never = {"victory_points": {"side": "us", "at_least": 50}}
    pack = pack_with(events=[end_game([1, 2, 3], when=never, winner="de", level="minor")])
    result = play_out(Rules.new_game(pack, "skirmish", seed=3))
    assert result.end_reason == "turns" and result.rounds == 6


def test_an_end_game_without_a_winner_leaves_the_result_to_the_victory_levels() -> None:
    pack = pack_with(events=[end_game([1])])
    state = Rules.new_game(pack, "skirmish", seed=3)
    result = play_out(state)
    assert result.end_reason == "sudden_death" and result.rounds == 1
    vp = result.victory_points
    expected = "us" if vp["us"] > vp["de"] else "de" if vp["de"] > vp["us"] else None
    assert result.winner == expected


def test_end_game_belongs_to_the_end_of_the_round() -> None:
    with pytest.raises(ValidationError, match="end of the round"):
        TurnEvent.model_validate({"turns": [1], "timing": "start_of_orders", "text": "x",
                                  "effects": [{"do": "end_game", "text": "End."}]})
    with pytest.raises(ValidationError, match="both 'winner' and 'level'"):
        Effect.model_validate({"do": "end_game", "text": "End.", "winner": "de"})
    with pytest.raises(ValidationError, match="belong to 'end_game'"):
        Effect.model_validate({"do": "score", "text": "VP.", "level": "major"})


@pytest.mark.parametrize(("levels", "expected"), [
    ([], "regular"),  # no level printed for the winner: the plain victory
    ([{"level": "minor", "winner": "us", "when": {"otherwise": True}}], "minor"),
    ([{"level": "minor", "winner": "us", "when": {"no_units": "de"}},
      {"level": "major", "winner": "us", "when": {"victory_points": {"side": "us", "at_least": 40}}}], "major"),
])
def test_elimination_wins_at_the_best_level_the_scenario_prints(levels, expected) -> None:
    from builder.systems.heroes.content.models.scenario import VictoryLevel
    victory = [VictoryLevel.model_validate(v) for v in levels]
    pack = pack_with(victory=victory)
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3", "face": 1},
    ])
    state.static = copy.copy(state.static)
    state.static.scenario = pack.items["scenarios"]["skirmish"]
    activate(state, n["mg"])
    state.dice = Scripted(6)
    apply(state, Action("fire", unit=n["mg"], weapon=0, target=n["g"], mode="normal"))
    result = play_out(state)
    assert (result.end_reason, result.winner, result.level) == ("no_units", "us", expected)


def test_coverage_lists_terrain_and_scenario_rules() -> None:
    """Issue 21 item 2: terrain rules and scenario rules sit beside abilities, options and cards."""
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.tools.coverage import coverage

    rows = coverage(load_pack())
    kinds = {r["kind"] for r in rows}
    assert {"terrain", "scenario-rule", "ability"} <= kinds
    by_id = {(r["kind"], r["id"]): r for r in rows}
    assert by_id[("scenario-rule", "sudden-death")]["status"] == "simulated"
    assert by_id[("terrain", "elevated-positions")]["status"] == "simulated"
    assert all(r["missing"] for r in rows if r["kind"] == "terrain" and r["status"] != "simulated")
