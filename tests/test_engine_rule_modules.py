"""Rule modules of special abilities and recruitment options (builder/systems/heroes/engine/effects):
one position per module where the rule changes the outcome."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.assault import plan_assault
from builder.systems.heroes.engine.effects.cards import improvise
from builder.systems.heroes.engine.effects.options import keep_initiative
from builder.systems.heroes.engine.effects import hooks
from builder.systems.heroes.engine.effects.hooks import EVERY_HOOK, Hook
from builder.systems.heroes.engine.firing import plan_shot

from engine_helpers import Scripted, activate, make, position

ENGINE = Path(__file__).resolve().parents[1] / "builder" / "systems" / "heroes" / "engine"


def sq(state, name: str) -> int:  # type: ignore[no-untyped-def]
    return state.bf.square(name)


def grant(state, uid: int, ability: str, value: int = 0) -> None:  # type: ignore[no-untyped-def]
    state.units[uid].st.granted[ability] = value
    effects.invalidate(state)  # module lists are cached per unit


def trait(state, side: int, key: str) -> None:  # type: ignore[no-untyped-def]
    state.static.sides[side].traits[(-1, key)] = 1
    effects.invalidate(state)


# --- Tank Hunter (003, Firing Special Abilities) ----------------------------------------------


def _tank_shot(roll: int, hunter: bool, damage: list[str] | None = None):  # type: ignore[no-untyped-def]
    state, n = make([
        {"name": "a", "unit": "de-panzer", "side": "us", "at": "B2", "facing": "e"},
        {"name": "tank", "unit": "de-panzer", "side": "de", "at": "E2", "facing": "n", "damage": damage or []},
    ])
    if hunter:
        grant(state, n["a"], "tank-hunter")
    activate(state, n["a"])
    state.dice = Scripted(6, roll)  # 6 + 3 = 9 >= side 7: a hit, then the location
    events = apply(state, Action("fire", unit=n["a"], weapon=0, target=n["tank"], mode="normal"))
    return state.units[n["tank"]], [e.data for e in events if e.kind == "damage"]


def test_tank_hunter_turns_a_primary_weapon_roll_into_destruction() -> None:
    tank, damage = _tank_shot(5, hunter=False)
    assert not tank.wreck and damage[0]["location"] == "primary weapon"
    tank, damage = _tank_shot(5, hunter=True)
    assert tank.wreck and damage[0]["roll"] == 6


def test_tank_hunter_shifts_down_onto_a_location_already_damaged() -> None:
    tank, damage = _tank_shot(3, hunter=False, damage=["track"])
    assert not tank.wreck and damage[0]["location"] == "hull"
    tank, damage = _tank_shot(3, hunter=True, damage=["track"])
    assert tank.wreck and damage[0]["location"] == "track"  # 3 - 1 = 2: a second track damage


# --- Unshakable (003, Defense Special Abilities) ----------------------------------------------


@pytest.mark.parametrize("unshakable,markers", [(False, 2), (True, 0)])
def test_unshakable_units_take_no_suppressed_markers(unshakable: bool, markers: int) -> None:
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A4"},
    ])
    if unshakable:
        grant(state, n["g"], "unshakable")
    activate(state, n["mg"])
    state.dice = Scripted(6)  # 6 + 2 x 3 = 12 >= twice the defence: two markers
    apply(state, Action("fire", unit=n["mg"], weapon=0, target=n["g"], mode="suppressive"))
    assert state.units[n["g"]].suppressed == markers


def test_unshakable_heavy_vehicle_hull_damage_and_assault_outside_the_arc() -> None:
    state, n = make([
        {"name": "a", "unit": "de-panzer", "side": "us", "at": "B2", "facing": "e"},
        {"name": "tank", "unit": "de-panzer", "side": "de", "at": "E2", "facing": "n"},
    ])
    grant(state, n["tank"], "unshakable")
    activate(state, n["a"])
    state.dice = Scripted(6, 3)
    apply(state, Action("fire", unit=n["a"], weapon=0, target=n["tank"], mode="normal"))
    tank = state.units[n["tank"]]
    assert tank.damage == 4 and tank.suppressed == 0  # hull damage without its two markers
    state, n = make([
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "C3"},
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "C4", "facing": "s"},
    ])
    grant(state, n["mg"], "unshakable")
    assert not plan_assault(state, state.units[n["g"]], state.units[n["mg"]], sq(state, "C3")).outside_arc


# --- NCO (003, Command Special Abilities) -----------------------------------------------------


def test_nco_keeps_at_least_one_order_token() -> None:
    state, n = make([
        {"name": "sgt", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},
    ])
    state.static.sides[0].stars_fixed = 0
    assert state.rules.order_tokens_for(state, 0) == 0
    grant(state, n["sgt"], "nco")
    assert state.rules.order_tokens_for(state, 0) == 1
    state.units[n["sgt"]].sq = -1  # off the board: no guarantee
    assert state.rules.order_tokens_for(state, 0) == 0


def _nco_position():  # type: ignore[no-untyped-def]
    """A sergeant at A1; friends suppressed at A4 (once, in reach) and A6 (three times, out of reach)."""
    return make([
        {"name": "sgt", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "near", "unit": "us-rifles", "side": "us", "at": "A4", "suppressed": 1},
        {"name": "far", "unit": "us-rifles", "side": "us", "at": "A6", "suppressed": 3},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8", "suppressed": 1},
    ], orders={"us": 2, "de": 1})


def test_nco_given_an_order_rallies_the_most_suppressed_unit_in_reach() -> None:
    state, n = _nco_position()
    assert state.phase == "orders" and state.to_act == 0
    apply(state, Action("order", unit=n["sgt"], token=1))
    assert state.units[n["near"]].suppressed == 1  # no NCO: nothing happens
    state, n = _nco_position()
    grant(state, n["sgt"], "nco")
    events = apply(state, Action("order", unit=n["sgt"], token=1))
    assert [e.data for e in events if e.kind == "rallied"] == [{"unit": n["near"], "by": n["sgt"], "why": "NCO"}]
    assert [state.units[n[k]].suppressed for k in ("near", "far", "g")] == [0, 3, 1]  # A6 is 5 squares away


# --- Ace Driver (000, Recruitment Options > Character Traits) -----------------------------------


def test_ace_driver_takes_one_off_the_firing_on_the_move_penalty() -> None:
    state, n = make([
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A7", "facing": "n"},
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "F3"},
    ])
    ht, r = state.units[n["ht"]], state.units[n["r"]]
    activate(state, n["ht"])
    apply(state, Action("move", unit=n["ht"], square=sq(state, "A3"), facing=0))
    before = plan_shot(state, ht, 0, r, moving=True, from_squares=state.path)
    trait(state, 1, "ace-driver")
    after = plan_shot(state, ht, 0, r, moving=True, from_squares=state.path)
    assert before.move_penalty == 1 and after.need == before.need - 1
    assert [t.value for t in after.terms if t.label == "Ace Driver"] == [1]
    assert not [t for t in plan_shot(state, ht, 0, r).terms if t.label == "Ace Driver"]  # not moving: no penalty


# --- Initiative (000, Recruitment Options > Orders; 003, Orders Options) ------------------------


def test_initiative_order_keeps_the_initiative_once_then_the_track_alternates() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},
    ])
    rules = state.rules
    state.turn, state.initiative = 2, 0
    assert rules.initiative_for_turn(state) == 1
    assert keep_initiative(state, 0, 1) == 1  # without the order the initiative passes
    state.static.sides[0].keys = frozenset({"initiative"})
    assert keep_initiative(state, 0, 1) == 0 and state.sides[0].initiative_kept
    state.turn = 3
    assert rules.initiative_for_turn(state) == 1  # the opponent's turn after
    assert keep_initiative(state, 1, 0) == 0  # the order is spent
    state.turn = 4
    assert rules.initiative_for_turn(state) == 0


# --- Improvisation (000, Recruitment Options > Orders; 003, Command Special Abilities) ----------


def _hand(hand: list[str], deck: list[str]):  # type: ignore[no-untyped-def]
    state, n = make([
        {"name": "cpt", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},
    ])
    state.sides[0].hand, state.sides[0].deck, state.sides[0].discard = list(hand), list(deck), []
    return state, n


def test_improvisation_draws_one_more_and_discards_a_card_the_engine_cannot_play() -> None:
    # us-thunderbolt: an aviation card of the core pack, which the fixture pack does not define
    state, n = _hand(["us-thunderbolt", "us-aimed-shot", "us-aimed-shot", "us-aimed-shot"], ["us-first-aid"])
    improvise(state, 0)
    assert state.sides[0].deck == ["us-first-aid"]  # no Improvisation: nothing drawn
    grant(state, n["cpt"], "improvisation")
    improvise(state, 0)
    s = state.sides[0]
    assert s.hand == ["us-aimed-shot", "us-aimed-shot", "us-aimed-shot", "us-first-aid"]
    assert s.discard == ["us-thunderbolt"] and s.deck == []


def test_improvisation_order_discards_the_card_drawn_when_all_are_played() -> None:
    state, n = _hand(["us-aimed-shot", "us-first-aid"], ["us-aimed-shot", "us-first-aid"])
    trait(state, 0, "improvisation")
    improvise(state, 0)
    s = state.sides[0]
    assert s.hand == ["us-aimed-shot", "us-first-aid"] and s.discard == ["us-aimed-shot"]
    assert s.deck == ["us-first-aid"]


# --- Veteran (000, Recruitment Options > Character Traits) -------------------------------------


def _veteran_shot(tokens: int, *dice: int):  # type: ignore[no-untyped-def]
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A4"},
    ])
    grant(state, n["r"], "veteran")
    state.sides[0].equipment[(-1, "veteran")] = tokens
    activate(state, n["r"])
    state.dice = Scripted(*dice)
    events = apply(state, Action("fire", unit=n["r"], weapon=0, target=n["g"], mode="normal"))
    return state, state.units[n["g"]], [e for e in events if e.kind == "reroll"]


def test_veteran_rerolls_a_missed_shot_and_may_reroll_the_reroll() -> None:
    state, g, rerolls = _veteran_shot(3, 1, 2, 4)  # need 3 (defence 5 - combat 2): 1, 2 miss, 4 hits
    assert g.face == 1 and len(rerolls) == 2 and state.sides[0].equipment[(-1, "veteran")] == 1
    state, g, rerolls = _veteran_shot(1, 1, 2)  # one token: the reroll of 2 stands
    assert g.face == 0 and len(rerolls) == 1 and state.sides[0].equipment[(-1, "veteran")] == 0
    state, g, rerolls = _veteran_shot(3, 4)  # a hit: no token spent
    assert g.face == 1 and not rerolls and state.sides[0].equipment[(-1, "veteran")] == 3


def test_veteran_rerolls_a_losing_assault_roll() -> None:
    state, names = position("zoc")
    c = state.units[names["C"]]
    grant(state, names["us1"], "veteran")
    state.sides[0].equipment[(-1, "veteran")] = 1
    activate(state, names["us1"])
    state.dice = Scripted(1, 1, 4, 4, 6, 6)  # 1 + 2 against 4 + 3, rerolled: 8 against 7
    events = apply(state, Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "D4")))
    assert [e.data["winner"] for e in events if e.kind == "assault"] == ["attacker"] and c.face == 1
    assert [e.data["die"] for e in events if e.kind == "reroll"] == [1]
    state, names = position("zoc")
    grant(state, names["us1"], "veteran")
    state.sides[0].equipment[(-1, "veteran")] = 1
    activate(state, names["us1"])
    state.dice = Scripted(1, 1, 6, 6)  # 3 against 9: even a 6 would not win or tie, no token spent
    events = apply(state, Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "D4")))
    assert not [e for e in events if e.kind == "reroll"] and state.sides[0].equipment[(-1, "veteran")] == 1
    state, names = position("zoc")
    c = state.units[names["C"]]
    grant(state, names["C"], "veteran")
    state.sides[1].equipment[(-1, "veteran")] = 1
    activate(state, names["us1"])
    state.dice = Scripted(6, 6, 1, 1, 6, 2)  # 8 against 4; the defender rerolls: 6 + 3 = 9
    events = apply(state, Action("assault", unit=names["us1"], target=names["C"], square=sq(state, "D4")))
    assert [e.data["winner"] for e in events if e.kind == "assault"] == ["defender"] and c.face == 0


# --- Intrepid (000, Recruitment Options > Character Traits) ------------------------------------


@pytest.mark.parametrize("intrepid,order", [
    ((), ["u1", "g1", "u2", "g2"]),
    ((1,), ["g1", "u1", "g2", "u2"]),  # the grenadiers' 1 first; the sides alternate from there (partial)
    ((0, 1), ["u1", "g1", "u2", "g2"]),  # both intrepid: the initiative decides
])
def test_intrepid_units_act_first_on_equal_order_numbers(intrepid: tuple[int, ...], order: list[str]) -> None:
    from builder.systems.heroes.engine.phases.activation import start_activation

    state, n = make([
        {"name": "u1", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "u2", "unit": "us-rifles", "side": "us", "at": "B1"},
        {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "A8"},
        {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "B8"},
    ], initiative="us")
    for side in intrepid:
        trait(state, side, "intrepid")
    for name, token in (("u1", 1), ("u2", 2), ("g1", 1), ("g2", 3)):
        state.units[n[name]].order = token
    start_activation(state)
    revealed = []
    while state.phase == "activation":
        revealed.append(state.current)
        apply(state, Action("hold", unit=state.current))
    assert revealed == [n[k] for k in order]


# --- Ammo Belt and Burst (000, Recruitment Options > Equipment > Ammo Belt) ---------------------


def test_ammo_belt_tokens_need_burst_and_add_two_against_infantry_one_against_light_vehicles() -> None:
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A4"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "C4", "facing": "n"},
    ])
    state.static.sides[0].equipment[(-1, "ammo-belt")] = 3  # bought: the option's module applies
    state.sides[0].equipment[(-1, "ammo-belt")] = 3  # the tokens left
    effects.invalidate(state)
    activate(state, n["mg"])
    belt = Action("fire", unit=n["mg"], weapon=0, target=n["g"], mode="normal", extra=1)
    assert belt not in legal_actions(state)  # no Burst: no token offered
    grant(state, n["mg"], "burst")
    assert belt in legal_actions(state)
    assert Action("fire", unit=n["mg"], weapon=0, target=n["ht"], mode="normal", extra=1) in legal_actions(state)
    mg, g, ht = state.units[n["mg"]], state.units[n["g"]], state.units[n["ht"]]
    assert [t.value for t in plan_shot(state, mg, 0, g, extra=1).terms if "Ammo Belt" in t.label] == [2]
    assert [t.value for t in plan_shot(state, mg, 0, ht, extra=1).terms if "Ammo Belt" in t.label] == [1]
    state.dice = Scripted(1)  # need 5 - 3 - 2 = 0: a 1 hits with the token
    apply(state, belt)
    assert g.face == 1 and state.sides[0].equipment[(-1, "ammo-belt")] == 2


# --- Hardboiled (000, Recruitment Options > Character Traits) ----------------------------------


def test_hardboiled_tokens_rally_a_suppressed_unit_as_its_order_is_revealed() -> None:
    from builder.systems.heroes.engine.phases.activation import start_activation

    state, n = make([
        {"name": "u1", "unit": "us-rifles", "side": "us", "at": "A1", "suppressed": 2},
        {"name": "u2", "unit": "us-rifles", "side": "us", "at": "B1", "suppressed": 2},
        {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "A8"},
    ], initiative="us")
    trait(state, 0, "hardboiled")
    state.sides[0].equipment[(-1, "hardboiled")] = 3
    state.units[n["u1"]].order, state.units[n["u2"]].order, state.units[n["g1"]].order = 1, 2, 1
    start_activation(state)
    assert state.current == n["u1"] and state.units[n["u1"]].suppressed == 0
    assert state.units[n["u2"]].suppressed == 2 and state.sides[0].equipment[(-1, "hardboiled")] == 1
    apply(state, Action("hold", unit=n["u1"]))
    apply(state, Action("hold", unit=n["g1"]))
    assert state.current == n["u2"] and state.units[n["u2"]].suppressed == 1  # the last token


# --- Cards: Forced March and Resupply (000, Action Card; the pack's card effects) ---------------


def test_forced_march_lets_an_activated_vehicle_move_in_the_supply_phase() -> None:
    from builder.systems.heroes.engine.phases.supply import movers

    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A7", "facing": "n"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E7"},
    ])
    ht, g = state.units[n["ht"]], state.units[n["g"]]
    ht.order, ht.acted, g.order, g.acted = 1, True, 2, True
    card = effects.get("card", "supply-move")
    assert card is not None and card.hooks["card_phase"]() == "supply"
    assert not card.hooks["card_playable"](state, g)  # infantry
    assert card.hooks["card_playable"](state, ht) and n["ht"] not in movers(state, 1)
    card.hooks["card_play"](state, ht)
    assert movers(state, 1) == [n["ht"]]
    ht.supply_moved = True
    assert not card.hooks["card_playable"](state, ht)


def test_resupply_puts_back_a_spent_equipment_token_once_per_option() -> None:
    state, n = make([
        {"name": "r1", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "r2", "unit": "us-rifles", "side": "us", "at": "B1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E7"},
    ])
    card = effects.get("card", "resupply")
    assert card is not None
    state.static.sides[0].equipment[(-1, "ammo")] = 3
    state.sides[0].equipment[(-1, "ammo")] = 3
    r1, r2 = state.units[n["r1"]], state.units[n["r2"]]
    assert not card.hooks["card_playable"](state, r1)  # nothing spent
    state.sides[0].equipment[(-1, "ammo")] = 1
    assert card.hooks["card_playable"](state, r1) and not card.hooks["card_playable"](state, r2)
    card.hooks["card_play"](state, r1)
    assert state.sides[0].equipment[(-1, "ammo")] == 2
    card.hooks["card_play"](state, r2)  # a unit answering for no option: nothing comes back
    assert state.sides[0].equipment[(-1, "ammo")] == 2


# --- Triggerhappy (000, Recruitment Options > Character Traits) --------------------------------


def test_triggerhappy_puts_a_suppressed_marker_on_the_target_as_the_unit_fires() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A4"},
    ])
    trait(state, 0, "triggerhappy")
    state.sides[0].equipment[(-1, "triggerhappy")] = 1
    for left in (0, 0):  # the second shot finds no token left
        activate(state, n["r"])
        state.dice = Scripted(1)  # a miss: the marker comes from the token
        apply(state, Action("fire", unit=n["r"], weapon=0, target=n["g"], mode="normal"))
        assert state.units[n["g"]].suppressed == 1 and state.sides[0].equipment[(-1, "triggerhappy")] == left


# --- Machine Gunner (000, Special Abilities) ---------------------------------------------------


def test_machine_gunner_splits_its_bonus_between_two_close_targets_of_one_type() -> None:
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g1", "unit": "de-grenadiers", "side": "de", "at": "A4"},
        {"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "B5"},
        {"name": "g3", "unit": "de-grenadiers", "side": "de", "at": "E4"},
    ])
    activate(state, n["mg"])
    split = [a for a in legal_actions(state) if a.mode == "split"]
    assert not split  # no Machine Gunner
    grant(state, n["mg"], "machine-gunner")
    split = {(a.target, state.occ[a.square]) for a in legal_actions(state) if a.mode == "split"}
    assert split == {(n["g1"], n["g2"]), (n["g2"], n["g1"])}  # combat 3 is odd: both orders; E4 is too far
    mg = state.units[n["mg"]]
    assert [t.value for t in plan_shot(state, mg, 0, state.units[n["g1"]], "split").terms] == [2]
    assert [t.value for t in plan_shot(state, mg, 0, state.units[n["g2"]], "split-rest").terms] == [1]
    state.dice = Scripted(3, 4)  # 3 + 2 >= 5: a hit; 4 + 1 >= 5: a hit
    events = apply(state, Action("fire", unit=n["mg"], weapon=0, target=n["g1"], mode="split",
                                 square=sq(state, "B5")))
    assert [e.data["target"] for e in events if e.kind == "shot"] == [n["g1"], n["g2"]]
    assert state.units[n["g1"]].face == 1 and state.units[n["g2"]].face == 1


# --- Additional Shielding (000, Recruitment Options > Equipment) -------------------------------


def test_additional_shielding_raises_the_defence_before_the_roll() -> None:
    state, n = make([
        {"name": "a", "unit": "de-panzer", "side": "us", "at": "B2", "facing": "e"},
        {"name": "tank", "unit": "de-panzer", "side": "de", "at": "E2", "facing": "n"},
    ])
    state.static.sides[1].equipment[(-1, "additional-shielding")] = 3
    state.sides[1].equipment[(-1, "additional-shielding")] = 1
    effects.invalidate(state)
    activate(state, n["a"])
    state.dice = Scripted(4)  # 4 + 3 = 7 would hit the side defence 7; shielded it needs 8
    events = apply(state, Action("fire", unit=n["a"], weapon=0, target=n["tank"], mode="normal"))
    assert [(e.data["defence"], e.data["need"]) for e in events if e.kind == "shot"] == [(8, 5)]
    assert state.units[n["tank"]].damage == 0 and state.sides[1].equipment[(-1, "additional-shielding")] == 0


# --- Pinned Down card (000, Action Card; the pack's card effect) -------------------------------


def test_pinned_down_card_adds_a_marker_to_a_suppressed_enemy() -> None:
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.engine import Rules

    from engine_helpers import FIXTURES

    state = Rules.new_game(load_pack(FIXTURES.parents[2] / "content" / "core"), "clash", seed=1)
    us = next(u for u in state.units if u.side == 0 and u.active)
    enemies = [u for u in state.units if u.side == 1 and u.active]
    activate(state, us.id)
    state.sides[0].hand = ["us-pinned-down"]
    state.sides[1].hand = [c for c in state.sides[1].hand if c != "de-no"]  # no No! to answer the card with
    pin = [a for a in legal_actions(state) if a.kind == "card"]
    assert pin == []  # no suppressed enemy
    enemies[0].suppressed = 1
    pin = [a for a in legal_actions(state) if a.kind == "card"]
    assert pin == [Action("card", unit=enemies[0].id, mode="us-pinned-down")]
    apply(state, pin[0])
    assert enemies[0].suppressed == 2 and state.sides[0].discard == ["us-pinned-down"]
    assert state.current == us.id and state.to_act == 0  # the unit still acts


# --- Tactician and High Command cards (000, Action Card; the pack's card effects) ---------------


def test_order_phase_cards_add_a_numbered_token_or_a_special_order() -> None:
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.engine import Rules

    from engine_helpers import FIXTURES

    state = Rules.new_game(load_pack(FIXTURES.parents[2] / "content" / "core"), "clash", seed=1)
    assert state.phase == "orders" and state.to_act == 0
    s = state.sides[0]
    s.hand = ["us-tactician", "us-high-command", "us-high-command"]
    state.sides[1].hand = [c for c in state.sides[1].hand if c != "de-no"]  # no No! to answer the cards with
    numbered, s.specials_left = sorted(s.to_place), 1
    cards = [a for a in legal_actions(state) if a.kind == "card"]
    assert {a.mode for a in cards} == {"us-tactician", "us-high-command"} and len({a.unit for a in cards}) == 1
    apply(state, next(a for a in cards if a.mode == "us-tactician"))
    assert sorted(s.to_place) == numbered + [len(numbered) + 1] and state.to_act == 0  # still its turn
    apply(state, next(a for a in legal_actions(state) if a.kind == "card"))
    assert s.specials_left == 2 and s.hand == ["us-high-command"]
    assert not [a for a in legal_actions(state) if a.kind == "card"]  # never more than two special orders


# --- Lucky Shot card (000, Action Card; the pack's card effect) --------------------------------


def test_lucky_shot_card_rerolls_one_die_of_a_roll_that_falls_short() -> None:
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.engine import Rules
    from builder.systems.heroes.engine.effects.cards import lucky_shot

    from engine_helpers import FIXTURES

    state = Rules.new_game(load_pack(FIXTURES.parents[2] / "content" / "core"), "clash", seed=1)
    us = next(u for u in state.units if u.side == 0 and u.active)
    s = state.sides[0]
    s.hand, s.discard = ["us-aimed-shot"], []
    state.dice = Scripted(6)
    assert lucky_shot(state, us, 2, 1, 4, "shot") == 2  # no Lucky Shot in hand
    s.hand = ["us-aimed-shot", "us-lucky-shot"]
    assert lucky_shot(state, us, 2, 1, 7, "shot") == 2  # a 6 would not do: the card is kept
    assert lucky_shot(state, us, 4, 1, 4, "shot") == 4  # no need
    assert lucky_shot(state, us, 2, 1, 4, "shot") == 6 and s.hand == ["us-aimed-shot"]
    assert s.discard == ["us-lucky-shot"]
    s.hand = ["us-lucky-shot"]
    state.dice = Scripted(1)
    assert lucky_shot(state, us, 3, 2, 5, "assault (attacker)") == 3  # the lower of two dice rerolled


def test_every_hook_is_one_constant_with_a_type_and_a_description() -> None:
    """Each hook is declared once, as a typed constant of effects/hooks.py named after it
    (its type is what mypy checks a module's function and a rule's call against), and
    EVERY_HOOK (what register accepts) holds each constant once."""
    constants = {name: value for name, value in vars(hooks).items() if isinstance(value, Hook)}
    assert len(constants) == len(EVERY_HOOK) == len(set(EVERY_HOOK)) == 63
    assert set(constants.values()) == set(EVERY_HOOK)
    assert all(name == hook.name.upper() and hook.what for name, hook in constants.items())
    source = (ENGINE / "effects" / "hooks.py").read_text(encoding="utf-8")
    assert all(re.search(rf"\n{name}: Final\[(Unit|Side|Game)?Hook\[", source) for name in constants)  # typed
    # a hook's kind is part of its type: the functions that ask for it take that kind alone
    assert all(isinstance(hook, hooks.SideHook) for hook in hooks.SIDE_HOOKS)
    assert all(isinstance(hook, hooks.GameHook) for hook in hooks.GAME_HOOKS)
    assert sum(isinstance(hook, hooks.UnitHook) for hook in EVERY_HOOK) == 30


def test_the_rules_ask_for_hooks_by_constant_never_by_name() -> None:
    """A hook asked for by a string would dead-end go-to-definition and escape mypy (a
    misspelt name would silently find no function): every call that asks for a hook
    (``collect``, ``hook_functions``, ``game_hooks``...) and every registration names
    it by its constant."""
    by_name = re.compile(r'(?:collect|hook_functions|game_hooks|scenario_hooks|side_hooks|in_game)\('
                         r'state,[^"\n)]*?"[a-z_]+"|\.hooks(?:\[|\.get\()"[a-z_]+"|"[a-z_]+" in \w+\.hooks')
    for path in sorted(ENGINE.rglob("*.py")):
        assert not by_name.findall(path.read_text(encoding="utf-8")), path
    # every hook is asked for somewhere besides its declaration and registrations
    asks = re.compile(r'(?:collect|hook_functions|game_hooks|scenario_hooks|side_hooks|in_game|function|provides)'
                      r'\((?:state, )?(?:[a-z_.\[\]]+, )?(?:hooks\.)?([A-Z_]+)\b')
    used = {m for path in ENGINE.rglob("*.py") for m in asks.findall(path.read_text(encoding="utf-8"))}
    assert {hook.name.upper() for hook in EVERY_HOOK} - used <= {
        "IN_SCENARIO", "IN_PLAY", "SCENARIO_APPLY", "DECIDE", "SCENARIO_EFFECT", "CONDITION"}  # by the registry


def test_register_refuses_a_hook_twice_and_a_function_without_its_hook() -> None:
    with pytest.raises(ValueError, match="twice"):
        effects.register("ability", "twice-example", "Twice", "simulated", "example",
                         hooks=[hooks.MOVEMENT.by(lambda state, unit: 1), hooks.MOVEMENT.by(lambda state, unit: 2)])
    with pytest.raises(ValueError, match="unknown hook"):
        effects.register("ability", "unknown-example", "Unknown", "simulated", "example",
                         hooks=[Hook("movment", "a misspelt hook").by(lambda state, unit: 1)])
    assert effects.get("ability", "twice-example") is None and effects.get("ability", "unknown-example") is None
