"""Orders and supply phases, breaking points, objectives and victory."""

from __future__ import annotations

from builder.systems.heroes.engine import Action, Rules, apply, legal_actions, objective_control
from builder.systems.heroes.engine.phases.supply import start_supply
from builder.systems.heroes.engine.state import BLUFF, NO_ORDER

from engine_helpers import FIXTURES, Scripted, activate, fixture_pack, make


def test_orders_phase_alternates_from_the_initiative_and_places_every_token() -> None:
    state = Rules.new_game(fixture_pack(), "skirmish", seed=3)
    sides = []
    while state.phase == "orders":
        sides.append(state.to_act)
        actions = legal_actions(state)
        numbered = [a for a in actions if a.kind == "order" and a.token > 0]
        apply(state, numbered[0] if numbered else Action("done"))
    assert sides[:4] == [0, 1, 0, 1]
    for side, count in ((0, 4), (1, 2)):
        tokens = sorted(u.order for u in state.units if u.side == side and u.order > 0)
        assert tokens == list(range(1, count + 1))


def test_one_token_per_unit_and_bluffs_are_optional() -> None:
    state = Rules.new_game(fixture_pack(), "skirmish", seed=3)
    actions = legal_actions(state)
    assert all(a.kind in ("order",) for a in actions)  # order tokens first: no 'done' yet
    apply(state, Action("order", unit=0, token=1))
    apply(state, legal_actions(state)[0])
    assert all(a.unit != 0 for a in legal_actions(state) if a.kind == "order")


def test_supply_phase_moves_only_units_without_orders_and_removes_one_marker() -> None:
    state, n = make([
        {"name": "ordered", "unit": "us-rifles", "side": "us", "at": "A1", "suppressed": 2},
        {"name": "bluffed", "unit": "us-rifles", "side": "us", "at": "C1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},
    ])
    state.units[n["ordered"]].order = 1
    state.units[n["bluffed"]].order = BLUFF
    start_supply(state)
    assert state.units[n["bluffed"]].order == NO_ORDER  # bluffs are discarded first
    movers = {a.unit for a in legal_actions(state) if a.kind == "move"}
    assert movers == {n["bluffed"]}
    apply(state, Action("end"))  # us done; de moves next
    assert state.to_act == 1
    apply(state, Action("end"))
    assert state.units[n["ordered"]].suppressed == 1
    assert state.turn == 2 and state.phase == "orders"


def test_order_tokens_never_exceed_ten() -> None:
    state, _ = make([{"name": f"o{i}", "unit": "us-lieutenant", "side": "us", "at": f"{c}1"}
                     for i, c in enumerate("ABCDEFGHIJKL")] + [
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"}])
    assert state.rules.order_tokens_for(state, 0) == 10


def test_breaking_point_scores_for_the_opponent() -> None:
    state = Rules.new_game(fixture_pack(), "skirmish", seed=1)
    rifles = [u for u in state.units if u.st.profile.id == "us-rifles"]
    from builder.systems.heroes.engine.damage import eliminate
    eliminate(state, rifles[0], "test")
    assert state.sides[1].vp == 0
    eliminate(state, rifles[1], "test")
    assert state.sides[1].vp == 2  # us-platoon breaks at 2 units for 2 VP


def test_objective_control_needs_infantry_and_is_contested_by_both() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "E5"},
        {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "F3", "facing": "s"},
    ])
    assert objective_control(state)["wood"] == "us"  # E5 is next to the wood objective E4
    assert objective_control(state)["house"] == "de"  # owner at the start, nobody there
    state2, _ = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "E5"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E3"},
    ])
    assert objective_control(state2)["wood"] is None


def test_game_ends_with_the_scenario_victory_levels() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "E4"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},
    ], turn=6)
    while not state.is_over:
        apply(state, legal_actions(state)[-1])
    result = state.result
    assert result.end_reason == "turns" and result.rounds == 6
    assert result.victory_points["us"] >= 3 and result.winner == "us"


def test_a_side_without_units_ends_the_game() -> None:
    state, n = make([
        {"name": "mg", "unit": "us-mg", "side": "us", "at": "A1", "facing": "s"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3", "face": 1},
    ])
    activate(state, n["mg"])
    state.dice = Scripted(6)
    apply(state, Action("fire", unit=n["mg"], weapon=0, target=n["g"], mode="normal"))
    while not state.is_over:
        apply(state, legal_actions(state)[-1])
    assert state.result.end_reason == "no_units" and state.result.winner == "us"


def test_action_cards_fire_bonus_and_first_aid() -> None:
    from builder.systems.heroes.engine.firing import plan_shot

    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "hurt", "unit": "us-rifles", "side": "us", "at": "C1", "face": 1},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
    ])
    state.sides[0].hand = ["us-aimed-shot", "us-first-aid"]
    activate(state, n["r"])
    card = Action("card", unit=n["r"], mode="us-aimed-shot")
    assert card in legal_actions(state)
    assert not any(a.kind == "card" and a.mode == "us-first-aid" for a in legal_actions(state))
    before = plan_shot(state, state.units[n["r"]], 0, state.units[n["g"]]).need
    apply(state, card)
    assert plan_shot(state, state.units[n["r"]], 0, state.units[n["g"]]).need == before - 1
    assert state.sides[0].hand == ["us-first-aid"] and state.sides[0].discard == ["us-aimed-shot"]
    apply(state, Action("hold", unit=n["r"]))
    assert not state.boosts
    while state.phase != "supply" or state.to_act != 0:
        apply(state, legal_actions(state)[-1])
    heal = Action("card", unit=n["hurt"], mode="us-first-aid")
    assert heal in legal_actions(state)
    apply(state, heal)
    assert state.units[n["hurt"]].face == 0


def test_cards_without_a_rule_module_are_reported_not_simulated() -> None:
    from builder.systems.heroes.tools.coverage import coverage

    from builder.systems.heroes.content.loader import load_pack

    rows = {(r["kind"], r["id"]): r["status"] for r in coverage(fixture_pack())}
    assert rows[("card", "fire-bonus")] == "simulated"
    core = {(r["kind"], r["id"]): r["status"] for r in coverage(load_pack(FIXTURES.parents[2] / "content" / "core"))}
    assert core[("card", "airstrike")] == "partial"  # builder/systems/heroes/engine/features/aviation.py: placeholder values
    assert not [k for k, v in core.items() if k[0] == "card" and v == "not simulated"], "every core card is played"


def test_personal_order_units_must_receive_an_order() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "lt", "unit": "us-rifles", "side": "us", "at": "B1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},
    ])
    state.units[n["lt"]].st.granted["personal-order"] = 0
    numbered = {a.unit for a in legal_actions(state) if a.kind == "order" and a.token > 0}
    assert numbered == {n["lt"]}  # one order token left for one Personal Order unit


def test_a_card_played_before_acting_leaves_the_unit_its_action() -> None:
    state, n = make([
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"},  # out of sight: no shot
    ])
    state.sides[0].hand = ["us-aimed-shot"]
    activate(state, n["r"])
    apply(state, Action("card", unit=n["r"], mode="us-aimed-shot"))
    assert state.current == n["r"] and any(a.kind == "move" for a in legal_actions(state))
