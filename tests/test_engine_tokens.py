"""Token options (000 core rules, Recruitment Options > Equipment > Fuel, Gear,
Position; Orders > Directive): builder/systems/heroes/engine/features/fuel.py, directives.py,
advanced_positions.py, gear.py. Positions are on the fixture's skirmish field;
the fixture pack's ``depot`` scenario fields every one of these options."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.engine.assault import plan_assault
from builder.systems.heroes.engine.features.directives import CHARGE, DOUBLE_TIME, FIRE_AT_WILL, HOLD, KINDS
from builder.systems.heroes.engine.effects import get
from builder.systems.heroes.engine.effects.options import tokens_left
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.movement import movement_allowance
from builder.systems.heroes.engine.opportunity import may_opportunity_fire
from builder.systems.heroes.engine.phases.orders import start_round
from builder.systems.heroes.engine.phases.supply import finish_supply, start_supply
from builder.systems.heroes.engine.features.directives import DECISIONS, DIRECTIVES
from builder.systems.heroes.engine.features.fuel import FUELLED
from builder.systems.heroes.engine.state import rule_field, set_rule_field, set_side_field
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS

from engine_helpers import activate, fixture_pack, give, make




def moves(state, uid: int) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "move" and a.unit == uid]


# --- Fuel -------------------------------------------------------------------------------------


def _halftrack():  # type: ignore[no-untyped-def]
    state, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "B1", "facing": "e"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "L5"}])
    give(state, 1, "fuel", 3)
    activate(state, n["ht"])
    return state, n["ht"]


def test_a_fuel_token_adds_one_square_and_only_squares_not_reached_without_it() -> None:
    state, ht = _halftrack()
    offered = moves(state, ht)
    plain = {(a.square, a.facing) for a in offered if not a.extra}
    fuelled = [a for a in offered if a.extra]
    assert fuelled and not plain & {(a.square, a.facing) for a in fuelled}
    # MV 6 straight east from B1 reaches H1; the token one square more: I1
    bf = state.static.bf
    assert (bf.square("H1"), 2) in plain and (bf.square("I1"), 2) not in plain
    assert Action("move", unit=ht, square=bf.square("I1"), facing=2, extra=1) in fuelled


def test_no_fuel_moves_without_the_option_or_a_token() -> None:
    state, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "B1", "facing": "e"}])
    activate(state, n["ht"])
    assert not [a for a in moves(state, n["ht"]) if a.extra]
    state, ht = _halftrack()
    state.sides[1].equipment[(-1, "fuel")] = 0
    assert not [a for a in moves(state, ht) if a.extra]


def test_infantry_is_never_offered_fuel() -> None:
    state, n = make([{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A8"}])
    give(state, 1, "fuel", 3)
    activate(state, n["g"])
    assert not [a for a in moves(state, n["g"]) if a.extra]


def test_the_token_is_spent_and_lasts_the_round_one_at_a_time() -> None:
    state, ht = _halftrack()
    u = state.units[ht]
    assert movement_allowance(state, u) == 6
    a = next(a for a in moves(state, ht) if a.extra)
    apply(state, a, check=True)
    assert state.units[ht].sq == a.square
    assert tokens_left(state, u, "fuel") == 2 and rule_field(state, FUELLED) == (ht,)
    assert movement_allowance(state, u) == 7  # for the rest of the round...
    activate(state, ht)
    assert not [m for m in moves(state, ht) if m.extra]  # ...and never a second token at once
    clone = state.clone()
    assert rule_field(clone, FUELLED) == (ht,) and clone.state_hash() == state.state_hash()
    start_round(state)
    assert rule_field(state, FUELLED) == () and movement_allowance(state, state.units[ht]) == 6


def test_fuel_in_the_supply_phase() -> None:
    state, n = make([{"name": "ht", "unit": "de-halftrack", "side": "de", "at": "B1", "facing": "e"}])
    give(state, 1, "fuel", 1)
    start_supply(state)
    assert state.to_act == 1
    a = next(a for a in legal_actions(state) if a.kind == "move" and a.extra)
    apply(state, a, check=True)
    assert tokens_left(state, state.units[n["ht"]], "fuel") == 0


def test_greedy_spends_fuel_only_when_the_extra_square_matters() -> None:
    state, ht = _halftrack()
    actions = legal_actions(state)
    best = GreedyPlayer(1, 1).choose(state, actions)
    assert not best.extra  # closing one square more is not worth a token


# --- Directive ------------------------------------------------------------------------------


def _officer(units: list[dict]):  # type: ignore[no-untyped-def]
    state, n = make([{"name": "lt", "unit": "us-lieutenant", "side": "us", "at": "D2"}, *units])
    give(state, 0, "directive", 3)
    return state, n


def _end_of_orders(state) -> None:  # type: ignore[no-untyped-def]
    """Let the sides place their order tokens (the first unit each time) until the
    directive decision comes up."""
    while state.phase == "orders" and not any(a.kind == "token" for a in legal_actions(state)):
        acts = legal_actions(state)
        apply(state, next((a for a in acts if a.kind == "order"), acts[0]), check=True)


def test_the_directive_is_decided_at_the_end_of_the_orders_phase() -> None:
    state, n = _officer([{"name": "r", "unit": "us-rifles", "side": "us", "at": "D3"},
                         {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"}])
    start_round(state)
    _end_of_orders(state)
    assert state.phase == "orders" and state.to_act == 0
    assert all(u.order != -2 for u in state.units)  # every token placed first
    acts = legal_actions(state)
    assert {a.mode for a in acts if a.kind == "token"} == set(KINDS)
    assert {a.unit for a in acts if a.kind == "token"} == {n["lt"]}  # only on an officer
    assert Action("done") in acts
    apply(state, Action("token", unit=n["lt"], mode=FIRE_AT_WILL), check=True)
    assert state.phase == "activation"
    assert rule_field(state, DIRECTIVES) == ((0, n["lt"], FIRE_AT_WILL),)
    assert state.sides[0].equipment[(-1, "directive")] == 2
    assert state.clone().state_hash() == state.state_hash()


def test_declining_leaves_the_tokens_and_one_directive_a_round() -> None:
    state, n = _officer([{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"}])
    start_round(state)
    _end_of_orders(state)
    apply(state, Action("done"), check=True)
    assert state.phase == "activation" and rule_field(state, DIRECTIVES) == ()
    assert state.sides[0].equipment[(-1, "directive")] == 3
    state.phase = "orders"  # the same round: no second decision
    from builder.systems.heroes.engine.features.directives import pending
    assert not pending(state, 0)


def test_a_directive_helps_units_up_to_three_squares_away_and_not_four() -> None:
    state, n = _officer([{"name": "near", "unit": "us-rifles", "side": "us", "at": "G2"},
                         {"name": "far", "unit": "us-rifles", "side": "us", "at": "H2"},
                         {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "G6"}])
    set_rule_field(state, DIRECTIVES, ((0, n["lt"], FIRE_AT_WILL),))
    near, far, g = (state.units[n[k]] for k in ("near", "far", "g"))

    def bonus(u) -> int:  # type: ignore[no-untyped-def]
        plan = plan_shot(state, u, 0, g)
        assert plan.ok
        return sum(t.value for t in plan.terms if "Fire at Will" in t.label)

    assert (bonus(near), bonus(far)) == (1, 0)
    set_rule_field(state, DIRECTIVES, ((1, n["lt"], FIRE_AT_WILL),))  # an enemy's directive helps nobody here
    assert bonus(near) == 0


def test_double_time_charge_and_hold_your_ground() -> None:
    state, n = _officer([{"name": "r", "unit": "us-rifles", "side": "us", "at": "D4"},
                         {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D5"}])
    r, g = state.units[n["r"]], state.units[n["g"]]
    base_mv = movement_allowance(state, r)
    base_attack = plan_assault(state, r, g, r.sq).attack_mod
    base_defence = plan_shot(state, g, 0, r).defence_total
    set_rule_field(state, DIRECTIVES, ((0, n["lt"], DOUBLE_TIME),))
    assert movement_allowance(state, r) == base_mv + 2
    set_rule_field(state, DIRECTIVES, ((0, n["lt"], CHARGE),))
    assert plan_assault(state, r, g, r.sq).attack_mod == base_attack + 1
    assert movement_allowance(state, r) == base_mv
    set_rule_field(state, DIRECTIVES, ((0, n["lt"], HOLD),))
    assert plan_shot(state, g, 0, r).defence_total == base_defence + 1


def test_the_directive_is_discarded_at_the_end_of_the_supply_phase() -> None:
    state, n = _officer([{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"}])
    set_rule_field(state, DIRECTIVES, ((0, n["lt"], DOUBLE_TIME),))
    set_side_field(state.sides[0], DECISIONS, (1, (DOUBLE_TIME,)))
    state.phase = "supply"
    finish_supply(state)
    assert rule_field(state, DIRECTIVES) == ()
    assert state.phase == "orders" and state.turn == 2
    _end_of_orders(state)
    offered = {a.mode for a in legal_actions(state) if a.kind == "token"}
    assert offered == set(KINDS) - {DOUBLE_TIME}  # each of the four tokens once


def test_illegal_directive_is_refused() -> None:
    state, n = _officer([{"name": "r", "unit": "us-rifles", "side": "us", "at": "D3"}])
    start_round(state)
    _end_of_orders(state)
    with pytest.raises(IllegalAction):
        apply(state, Action("token", unit=n["r"], mode=CHARGE), check=True)


def test_greedy_places_the_directive_where_most_units_benefit() -> None:
    state, n = _officer([{"name": "a", "unit": "us-rifles", "side": "us", "at": "C2"},
                         {"name": "b", "unit": "us-rifles", "side": "us", "at": "E2"},
                         {"name": "mg", "unit": "us-mg", "side": "us", "at": "D1"},
                         {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D8"}])
    start_round(state)
    _end_of_orders(state)
    choice = GreedyPlayer(1, 0).choose(state, legal_actions(state))
    assert choice.kind == "token" and choice.mode in (FIRE_AT_WILL, HOLD, DOUBLE_TIME)


# --- Position -------------------------------------------------------------------------------


def _supply(units: list[dict], activated: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    state, n = make(units)
    give(state, 0, "position", 1)
    for name in activated:
        state.units[n[name]].activated = True
    start_supply(state)
    return state, n


def positions(state) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "token" and a.mode == "position"]


def test_a_position_replaces_the_supply_move_and_protects_infantry() -> None:
    state, n = _supply([{"name": "r", "unit": "us-rifles", "side": "us", "at": "C2"},
                        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "D6"}])
    r, g = state.units[n["r"]], state.units[n["g"]]
    before = plan_shot(state, g, 0, r).defence_total
    offered = positions(state)
    assert offered == [Action("token", unit=n["r"], square=r.sq, mode="position")]
    assert not may_opportunity_fire(state, r)
    apply(state, offered[0], check=True)
    assert rule_field(state, POSITIONS) == (r.sq,) and r.supply_moved
    assert tokens_left(state, r, "position") == 0
    assert plan_shot(state, g, 0, r).defence_total == before + 1
    assert may_opportunity_fire(state, r)
    assert state.clone().state_hash() == state.state_hash()


def test_no_position_in_a_building_water_or_for_an_activated_unit() -> None:
    state, n = _supply([{"name": "a", "unit": "us-rifles", "side": "us", "at": "A1"},
                        {"name": "f", "unit": "us-rifles", "side": "us", "at": "D3"}], activated=("a",))
    # B6 is water and F7 the house of the fixture field
    offered = {a.unit for a in positions(state)}
    assert n["a"] not in offered
    assert n["f"] in offered  # forest is allowed (not a building)
    bf = state.static.bf
    from builder.systems.heroes.engine.features.advanced_positions import allowed
    assert not allowed(bf, bf.square("B6")) and not allowed(bf, bf.square("F7"))


def test_position_bonus_does_not_add_to_better_terrain() -> None:
    state, n = _supply([{"name": "r", "unit": "us-rifles", "side": "us", "at": "I4"},
                        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "I8"}])
    r, g = state.units[n["r"]], state.units[n["g"]]
    set_rule_field(state, POSITIONS, (r.sq,))
    terms = [t for t in plan_shot(state, g, 0, r).defence_terms if "position" in t.label or "hedgerow" in t.label]
    assert [t.value for t in terms] == [2]  # the hedgerow's +2 alone


# --- Gear -----------------------------------------------------------------------------------


def test_gear_tokens_are_chosen_at_set_up_and_work_as_equipment() -> None:
    state = Rules.new_game(fixture_pack(), "depot", seed=1)
    us, de = state.sides
    # the US platoon (infantry): one each of the green tokens, grenades and Ammo first
    assert {k: v for (_, k), v in us.equipment.items() if k in ("grenade", "ammo", "rifle-grenade")} == \
        {"grenade": 1, "ammo": 1, "rifle-grenade": 1}
    assert not any(k == "gear" for (_, k) in us.equipment)
    # the German tile (a tank and a halftrack): 5 tokens between HE shells and Fuel
    assert {k: v for (_, k), v in de.equipment.items()} == {"he-shells": 3, "fuel": 5}
    assert "he-shells" in state.static.sides[1].keys
    assert get("option", "gear").status == "partial"


def test_every_token_option_is_registered() -> None:
    for key in ("fuel", "directive", "position", "gear"):
        assert get("option", key).status in ("simulated", "partial")


def test_depot_games_play_to_the_end_with_every_option() -> None:
    for seed in (1, 2):
        state = Rules.new_game(fixture_pack(), "depot", seed=seed)
        players = [GreedyPlayer(seed, 0), GreedyPlayer(seed + 1, 1)]
        while not state.is_over:
            acts = legal_actions(state)
            apply(state, players[state.to_act].choose(state, acts), check=True)
        assert state.result is not None
