"""The playtest report's warnings on real games, from scenarios built to trigger each one
(issue 21, an honest report): a scenario effect the engine does not play, a side that
can never win, and sudden death among the end reasons."""

from __future__ import annotations

import copy

from builder.ai.players import parse_spec
from builder.content.models.scenario import VictoryLevel
from builder.content.models.scenario_events import TurnEvent
from builder.playtest.aggregate import summarise
from builder.playtest.game import play_game

from engine_helpers import fixture_pack


def scenario_pack(**update):  # type: ignore[no-untyped-def]
    pack = copy.copy(fixture_pack())
    pack.items = {**pack.items, "scenarios": dict(pack.items["scenarios"])}
    pack.items["scenarios"]["skirmish"] = pack.items["scenarios"]["skirmish"].model_copy(update=update)
    return pack


def games(pack, n: int = 4) -> dict:  # type: ignore[no-untyped-def]
    specs = [parse_spec("random"), parse_spec("random")]
    return summarise([play_game(pack, "skirmish", seed, specs, index=seed) for seed in range(n)], ["us", "de"])


def test_a_special_effect_met_in_play_is_named_with_its_counts() -> None:
    lost = TurnEvent.model_validate({"turns": [1, 2], "timing": "start_of_orders", "text": "Lost.",
                                     "effects": [{"do": "special", "text": "A lost German event."}]})
    s = games(scenario_pack(events=[lost]))
    assert s["not_simulated"]["A lost German event."]["games"] == 4
    assert any(w.startswith("not simulated, met in 4 of 4 games") for w in s["warnings"])


def test_a_side_that_cannot_win_is_named_and_sudden_death_is_an_end_reason() -> None:
    only_de = [VictoryLevel.model_validate({"level": "regular", "winner": "de", "when": {"otherwise": True}})]
    end = TurnEvent.model_validate({"turns": [1], "timing": "end_of_supply", "text": "Over.",
                                    "effects": [{"do": "end_game", "text": "End the game."}]})
    s = games(scenario_pack(victory=only_de, events=[end]))
    assert s["end_reasons"] == {"sudden_death": 4}
    assert "us never won in 4 games: check that its victory condition can be reached" in s["warnings"]


def test_a_special_effect_of_the_first_orders_phase_is_counted_too() -> None:
    """Turn 1's start-of-orders events run while the game is set up, before any decision."""
    lost = TurnEvent.model_validate({"turns": [1], "timing": "start_of_orders", "text": "Lost.",
                                     "effects": [{"do": "special", "text": "A support tile."}]})
    s = games(scenario_pack(events=[lost]), n=2)
    assert s["not_simulated"] == {"A support tile.": {"times": 2, "games": 2}}
