"""Aviation cards and the anti-aircraft check (000 core rules, AAA and Aviation
Cards; Special Abilities > AAA; builder/systems/heroes/engine/features/aviation.py), with the core pack's
aviation cards (placeholder values) on the fixture skirmish battlefield."""

from __future__ import annotations

from builder.systems.heroes.engine import apply, legal_actions
from builder.systems.heroes.engine.features.aviation import anti_aircraft_bonus

from engine_helpers import Scripted, activate, make, with_core_cards


def _with_cards(units, side: int, hand: list[str]):  # type: ignore[no-untyped-def]
    """A position with the core pack's cards known and ``hand`` in ``side``'s hand."""
    state, n = make(units)
    with_core_cards(state)
    state.sides[side].hand, state.sides[side].deck = list(hand), []
    return state, n


GERMANS_PLAY = [{"name": "r", "unit": "us-rifles", "side": "us", "at": "E2"},
                {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E8"}]


def _plays(state, card: str):  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "card" and a.mode == card]


def test_an_airstrike_that_passes_the_anti_aircraft_check_attacks_with_the_cards_values():
    """Focke-Wulf (anti-aircraft number 4, +3 against infantry): the US roll of 3
    misses, then a 6 + 3 hits the rifles; no line of sight is needed."""
    state, n = _with_cards(GERMANS_PLAY, 1, ["de-focke-wulf"])
    activate(state, n["g"])
    (play,) = _plays(state, "de-focke-wulf")
    assert play.unit == n["r"]
    state.dice = Scripted(3, 6)
    events = apply(state, play, check=True)
    (check,) = [e.data for e in events if e.kind == "anti-aircraft"]
    assert (check["die"], check["bonus"], check["needs"], check["shot_down"]) == (3, 0, 4, False)
    (shot,) = [e.data for e in events if e.kind == "shot"]
    assert shot["unit"] == -1 and shot["target"] == n["r"]
    assert "de-focke-wulf" in state.sides[1].discard


def test_the_anti_aircraft_check_discards_the_card_and_aaa_units_add_one_each():
    state, n = _with_cards(GERMANS_PLAY, 1, ["de-focke-wulf"])
    activate(state, n["g"])
    state.dice = Scripted(4)
    events = apply(state, _plays(state, "de-focke-wulf")[0], check=True)
    assert [e.data["shot_down"] for e in events if e.kind == "anti-aircraft"] == [True]
    assert not [e for e in events if e.kind == "shot"] and "de-focke-wulf" in state.sides[1].discard

    state, n = _with_cards(GERMANS_PLAY + [{"name": "aa", "unit": "us-quad-50", "side": "us", "at": "A1"}],
                           1, ["de-focke-wulf"])
    assert anti_aircraft_bonus(state, 0) == 1
    activate(state, n["g"])
    state.dice = Scripted(3)
    events = apply(state, _plays(state, "de-focke-wulf")[0], check=True)
    assert [(e.data["bonus"], e.data["shot_down"]) for e in events if e.kind == "anti-aircraft"] == [(1, True)]


def test_aviation_cards_spare_units_in_buildings_and_rockets_only_strike_vehicles():
    state, n = _with_cards([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F7"},
                            {"name": "open", "unit": "us-rifles", "side": "us", "at": "E2"},
                            {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E8"}],
                           1, ["de-focke-wulf"])
    activate(state, n["g"])
    assert [a.unit for a in _plays(state, "de-focke-wulf")] == [n["open"]]
    state, n = _with_cards([{"name": "r", "unit": "us-rifles", "side": "us", "at": "E8"},
                            {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E2"},
                            {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "H6", "facing": "n"}],
                           0, ["us-rocket-strike"])
    activate(state, n["r"])
    assert [a.unit for a in _plays(state, "us-rocket-strike")] == [n["ht"]]


def test_the_stuka_drops_its_pattern_without_scatter():
    state, n = _with_cards(GERMANS_PLAY, 1, ["de-stuka"])
    activate(state, n["g"])
    state.dice = Scripted(1, 6, 6)
    events = apply(state, _plays(state, "de-stuka")[0], check=True)
    kinds = [e.kind for e in events]
    assert "anti-aircraft" in kinds and "blast" in kinds and "dispersal" not in kinds
    assert any(e.kind == "shot" and e.data["target"] == n["r"] for e in events)


def test_the_greedy_player_values_an_airstrike_by_its_odds_and_the_anti_aircraft_check():
    """Focke-Wulf (number 4): it gets through on a 1-3, so half its attack's worth
    counts; an AAA unit across the table leaves only a 1-2."""
    from builder.systems.heroes.ai.evaluate import target_value
    from builder.systems.heroes.ai.support_values import CARD_SPENT, card_value
    from builder.systems.heroes.engine.features.aviation import attack_pattern
    from builder.systems.heroes.engine.features.blast import blast_plan

    for extra, through in (([], 3 / 6), ([{"name": "aa", "unit": "us-quad-50", "side": "us", "at": "A1"}], 2 / 6)):
        state, n = _with_cards(GERMANS_PLAY + extra, 1, ["de-focke-wulf"])
        activate(state, n["g"])
        play = _plays(state, "de-focke-wulf")[0]
        r = state.units[n["r"]]
        attack = sum(blast_plan(state, None, r, attack_pattern(state, 1, "airstrike")).odds())
        assert card_value(state, play) == attack * target_value(state, r) * through - CARD_SPENT
