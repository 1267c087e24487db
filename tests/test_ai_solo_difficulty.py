"""Solo Mode difficulty changes the AI's bonuses (issue 21, item 5; 002 Solo Mode, Set Up >
Difficulty and Danger Levels; Activation Phase > Difficulty and Reaction Cards).

Behaviour, not win rates: the win rates by level are measured by
``python -m benchmarks solo-difficulty`` (docs/playtest.md)."""

from __future__ import annotations

from typing import Any

import pytest

from builder.systems.heroes.engine.solo_mode import reaction
from builder.systems.heroes.engine.solo_mode.events import apply_tiles
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack

LEVELS = ("easy", "medium", "hard")


@pytest.fixture(scope="module")
def core() -> Any:
    return load_pack()


def new_game(core: Any, difficulty: str, seed: int = 1) -> Any:
    return SoloModeRules.new_game(core, "family-meeting-1", seed=seed,
                                  options={"ai_side": 1, "attitude": "aggressive", "difficulty": difficulty})


def ai_units(state: Any) -> list[int]:
    return [u.id for u in state.units if u.side == state.rules.ai]


def test_the_same_danger_tile_gives_more_at_harder_levels(core: Any) -> None:
    """002, Danger Tiles: the danger bonuses depend on the difficulty. Revealing the same
    tiles in a seeded game adds more to the AI's dashboard from easy to hard."""
    gained = {}
    for level in LEVELS:
        state = new_game(core, level)
        solo = state.variant
        tiles = {t.id: t for t in core.items["danger_tiles"].values()}
        combat, orders = solo.combat, solo.extra_orders
        apply_tiles(state.rules, state, [tiles["aggressive-yellow-1"], tiles["aggressive-black-1"]])
        gained[level] = (solo.combat - combat, solo.extra_orders - orders)
        assert [e.data["tile"] for e in state.events if e.kind == "danger-tile"][-2:] == [
            "aggressive-yellow-1", "aggressive-black-1"]
    assert gained["easy"] <= gained["medium"] and gained["medium"] <= gained["hard"]
    assert gained["easy"][0] < gained["hard"][0] and gained["easy"][1] < gained["hard"][1]


def test_a_harder_ai_reveals_its_first_danger_tile_after_fewer_losses(core: Any) -> None:
    """002, Danger Gauge: the marker climbs a space per AI unit lost; the difficulty sets
    where each level starts, so the first tile comes sooner at harder levels."""
    losses_to_first_tile = {}
    for level in LEVELS:
        state = new_game(core, level)
        for lost, uid in enumerate(ai_units(state), start=1):
            state.rules.ai_unit_lost(state, uid)
            if any(e.kind == "danger-tile" for e in state.events):
                losses_to_first_tile[level] = lost
                break
    assert losses_to_first_tile["easy"] > losses_to_first_tile["medium"] > losses_to_first_tile["hard"]


@pytest.mark.parametrize("card", ["aimed-fire", "flanking-move", "push-forward"])
def test_a_reaction_card_resolves_more_effects_at_harder_levels(core: Any, card: str) -> None:
    """002, Difficulty and Reaction Cards: effects with a difficulty icon apply only at
    that difficulty; resolving the same card in the same seeded game resolves more of its
    effects from easy to hard (each resolved effect is counted, done or ignored)."""
    resolved = {}
    for level in LEVELS:
        state = new_game(core, level)
        before = sum(n for k, n in state.rules.rules_fired.items() if k.startswith("reaction/"))
        reaction.resolve_card(state.rules, state, state.variant.cards[card])
        resolved[level] = sum(n for k, n in state.rules.rules_fired.items() if k.startswith("reaction/")) - before
    assert resolved["easy"] <= resolved["medium"] <= resolved["hard"]
    assert resolved["easy"] < resolved["hard"]


def test_over_the_deck_harder_levels_apply_more_effects(core: Any) -> None:
    """The whole deck, each card counted as often as it is printed: easy < medium < hard."""
    cards = core.items["reaction_cards"].values()
    applied = {}
    for level in LEVELS:
        rules = SoloModeRules({"ai_side": 1, "attitude": "aggressive", "difficulty": level})
        applied[level] = sum(c.count for c in cards for e in c.effects if reaction.applies(rules, e))
    assert applied["easy"] < applied["medium"] < applied["hard"]


def test_every_tile_bonus_grows_or_holds_with_difficulty(core: Any) -> None:
    for tile in core.items["danger_tiles"].values():
        sizes = [tile.amount_at(level) for level in LEVELS]
        assert sizes == sorted(sizes), tile.id
        assert tile.amount_at("medium") == tile.amount and tile.placeholder


def test_the_report_says_the_solo_content_played_is_placeholder() -> None:
    """Issue 21, item 5: the invented values stay marked placeholder and the report says so
    (P523, beside the units' placeholder share)."""
    from builder.playtest.api import run_playtest
    from builder.playtest_core.warnings import solo_placeholders

    report, _ = run_playtest("family-meeting-1", games=2, seed=1, players=["greedy", "solo-mode:aggressive:hard"])
    solo = [w for w in report["warnings"] if w["message"].startswith("Solo Mode:")]
    assert [w["code"] for w in solo] == ["P523"]
    assert "reaction cards" in solo[0]["message"] and "of 2 games" in solo[0]["message"]
    assert solo_placeholders(3, [{"moved": 4}, {}, {"danger/scenario-jump": 1}]) == []
    assert "revealed 2 times in 1 of 2 games" in solo_placeholders(2, [{"danger/red:combat": 2}, {}])[0]["message"]
