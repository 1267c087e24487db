"""Anti-tank equipment tokens (builder/systems/heroes/engine/features/anti_tank.py, builder/systems/heroes/engine/features/vehicle_bombs.py):
the Panzerfaust shot and sticky bombs / magnetic mines on vehicles (000 core
rules, Recruitment Options > Equipment > Panzerfaust, Sticky Bomb/Magnetic Mine).
The fixture pack's Panzerfaust and Sticky Bomb tokens hit +3 against light and +4
against heavy vehicles, X against infantry (placeholder values)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine import Action, Rules, apply, legal_actions
from builder.systems.heroes.engine.effects import get
from builder.systems.heroes.engine.effects.cards import rocket_plan
from builder.systems.heroes.engine.effects.options import tokens_left
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.phases.supply import finish_supply
from builder.systems.heroes.engine.features.vehicle_bombs import VEHICLE_BOMBS, supply_bomb_actions
from builder.systems.heroes.engine.state import rule_field

from engine_helpers import Scripted, activate, arm, core_pack, make

PF = "panzerfaust"
BOMB = "sticky-bomb"


def panzerfausts(state) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "fire" and a.mode == PF]


def bombs(state) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "token" and a.mode == BOMB]


# --- Panzerfaust ----------------------------------------------------------------------------


def test_family_meeting_2_gives_the_regiment_three_panzerfaust_tokens() -> None:
    """The option puts 3 tokens on its tile; only the tile's units (and heroes) may
    spend them."""
    state = Rules.new_game(core_pack(), "family-meeting-2", seed=1)
    side = next(i for i, s in enumerate(state.static.sides) if PF in s.keys)
    assert sum(v for (_, k), v in state.sides[side].equipment.items() if k == PF) == 3
    counts = {tokens_left(state, u, PF) for u in state.units if u.side == side}
    assert 3 in counts
    assert get("option", PF).status == "partial"


def test_panzerfaust_reaches_four_squares_in_sight_and_only_vehicles() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "near", "unit": "de-halftrack", "side": "de", "at": "A5"},
                     {"name": "far", "unit": "de-panzer", "side": "de", "at": "K2", "facing": "e"},
                     {"name": "inf", "unit": "de-grenadiers", "side": "de", "at": "B2"}])
    arm(state, 0, PF)
    activate(state, n["r"])
    offered = panzerfausts(state)
    assert offered == [Action("fire", unit=n["r"], weapon=0, target=n["near"], mode=PF)]
    plan = plan_shot(state, state.units[n["r"]], 0, state.units[n["far"]], PF)
    assert not plan.ok and "beyond the 4" in plan.reason
    assert not plan_shot(state, state.units[n["r"]], 0, state.units[n["inf"]], PF).ok  # X vs infantry


def test_not_offered_without_the_option_or_a_token() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A4"}])
    activate(state, n["r"])
    assert panzerfausts(state) == []
    arm(state, 0, PF, tokens=0)
    assert panzerfausts(state) == []


def test_panzerfaust_hits_a_heavy_vehicle_and_rolls_on_the_damage_table() -> None:
    """Side defence 7, +4 for the token: a 3 hits; the damage location roll of 6
    destroys the tank. The token is discarded and the unit's shot is spent."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F6"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    arm(state, 0, PF)
    activate(state, n["r"])
    rifles, tank = state.units[n["r"]], state.units[n["tank"]]
    plan = plan_shot(state, rifles, 0, tank, PF)
    assert plan.ok and plan.defence_label == "side defence" and plan.defence == 7 and plan.need == 3
    assert any(t.label == "Panzerfaust token vs heavy vehicle" and t.value == 4 for t in plan.terms)
    state.dice = Scripted(3, 6)
    events = apply(state, panzerfausts(state)[0], check=True)
    shot = next(e.data for e in events if e.kind == "shot")
    assert shot["mode"] == PF and shot["total"] == 7 and shot["defence"] == 7
    assert any(e.kind == "damage" and e.data["location"] == "destroyed" for e in events)
    assert tank.wreck
    assert tokens_left(state, rifles, PF) == 2
    assert state.current != n["r"]  # the shot was its action: the activation is over


def test_a_kill_shot_needs_twice_the_defence() -> None:
    """A light vehicle (defence 5) with +3: a 6 makes 9, a hit (the halftrack is
    wrecked), not a kill shot (10)."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A3"}])
    arm(state, 0, PF)
    activate(state, n["r"])
    state.dice = Scripted(1)
    events = apply(state, panzerfausts(state)[0], check=True)
    assert not any(e.kind in ("wrecked", "eliminated") for e in events)  # 1 + 3 < 5: a miss
    assert tokens_left(state, state.units[n["r"]], PF) == 2  # discarded all the same


def test_tokens_run_out_and_are_part_of_the_state() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A3"}])
    arm(state, 0, PF, tokens=1)
    activate(state, n["r"])
    before = state.clone()
    state.dice = Scripted(1)
    apply(state, panzerfausts(state)[0], check=True)
    assert state.state_hash() != before.state_hash()
    assert tokens_left(before, before.units[n["r"]], PF) == 1  # the copy keeps its token
    activate(state, n["r"])
    assert panzerfausts(state) == []
    assert panzerfausts(before)


def test_replaces_the_shot_and_fires_on_the_move_only_with_the_ability() -> None:
    """Equipment is used instead of the unit's shot: rifles that have moved (no
    Firing on the Move) cannot fire it; a unit that fired cannot use it."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A4"}])
    arm(state, 0, PF)
    activate(state, n["r"])
    state.moved = True
    assert panzerfausts(state) == []
    state.moved, state.fired = False, (0,)
    assert panzerfausts(state) == []


def test_the_rocket_card_is_the_same_shot_with_the_cards_bonus() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F6"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    arm(state, 0, PF)
    activate(state, n["r"])
    rifles, tank = state.units[n["r"]], state.units[n["tank"]]
    card, token = rocket_plan(state, rifles, tank), plan_shot(state, rifles, 0, tank, PF)
    assert card.defence_total == token.defence_total and card.need == token.need  # both +4 vs heavy
    assert card.terms[0].label.startswith("anti-tank rocket (action card)")


def test_greedy_and_solo_players_fire_the_panzerfaust() -> None:
    """Rifles show X against a heavy vehicle: the Panzerfaust is their only shot at
    it; the greedy player values it by its odds, the Solo Mode firing choice takes it."""
    from builder.systems.heroes.ai.solo_mode.policy import SoloPlayer
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F6"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    arm(state, 0, PF)
    activate(state, n["r"])
    shot = panzerfausts(state)[0]
    assert ev.shot_value(state, shot) == pytest.approx(4 / 6 * 1.5)  # P(hit) x a vehicle's value
    actions = [a for a in legal_actions(state) if a.kind != "move"]  # moves are valued on another scale
    player = GreedyPlayer(1, 0)
    scores = player.scores(state, actions)
    assert actions[scores.index(max(scores))] == shot
    solo = SoloPlayer(1, 0)
    assert solo.brain(state).fire(state, actions) == shot


# --- sticky bombs and magnetic mines ---------------------------------------------------------


def _bomb_position():  # type: ignore[no-untyped-def]
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F4"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    arm(state, 0, BOMB)
    activate(state, n["r"])
    return state, n


def test_bomb_offered_at_the_end_of_a_move_next_to_a_vehicle() -> None:
    state, n = _bomb_position()
    assert bombs(state) == []  # not before moving
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("G6")), check=True)
    offered = bombs(state)
    assert offered == [Action("token", unit=n["r"], target=n["tank"], mode=BOMB)]
    apply(state, offered[0], check=True)
    assert rule_field(state, VEHICLE_BOMBS) == ((n["tank"], 0, BOMB),)
    assert tokens_left(state, state.units[n["r"]], BOMB) == 2
    copy = state.clone()
    assert rule_field(copy, VEHICLE_BOMBS) == rule_field(state, VEHICLE_BOMBS) and copy.state_hash() == state.state_hash()
    apply(state, bombs(state)[0], check=True)  # several at once
    assert len(rule_field(state, VEHICLE_BOMBS)) == 2 and rule_field(copy, VEHICLE_BOMBS) != rule_field(state, VEHICLE_BOMBS)


def test_no_bomb_away_from_vehicles_or_without_the_option() -> None:
    state, n = _bomb_position()
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("F5")), check=True)
    assert state.current == -1 or bombs(state) == []  # not next to the tank: nothing to wait for
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F4"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("G6")), check=True)
    assert state.current == -1 or bombs(state) == []


def test_bomb_rides_with_the_vehicle_and_explodes_at_the_end_of_supply() -> None:
    """The tank drives off with the bomb; at the end of the Supply phase it explodes
    against the side defence (7): 3 + 4 hits, the damage roll of 6 wrecks it."""
    state, n = _bomb_position()
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("G6")), check=True)
    apply(state, bombs(state)[0], check=True)
    tank = state.units[n["tank"]]
    state.set_occupant(tank.sq, -1)
    state.set_occupant(state.squares_of(tank)[1], -1)
    tank.sq, tank.facing = state.static.bf.square("J6"), 4
    for sq in state.squares_of(tank):
        state.set_occupant(sq, tank.id)
    state.phase, state.current = "supply", -1
    state.dice = Scripted(3, 6)
    state.events = []
    finish_supply(state)
    shot = next(e.data for e in state.events if e.kind == "shot")
    assert shot["unit"] == -1 and shot["mode"] == BOMB and shot["total"] == 7 and shot["defence"] == 7
    assert tank.wreck and rule_field(state, VEHICLE_BOMBS) == ()


def test_bomb_on_a_light_vehicle_can_miss() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A3"}])
    arm(state, 0, BOMB)
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("A2")), check=True)
    apply(state, bombs(state)[0], check=True)
    state.phase, state.current = "supply", -1
    state.dice = Scripted(1)
    state.events = []
    finish_supply(state)
    assert not state.units[n["ht"]].wreck and rule_field(state, VEHICLE_BOMBS) == ()


def test_bombs_in_the_supply_phase_and_valued_by_the_greedy_player() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F4"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    arm(state, 0, BOMB)
    state.phase, state.current = "supply", -1
    state.supply_side = state.to_act = 0
    for s in state.sides:
        s.supply_done = False
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("G6")), check=True)
    offered = bombs(state)
    assert offered == [Action("token", unit=n["r"], target=n["tank"], mode=BOMB)]
    actions = legal_actions(state)
    scores = GreedyPlayer(1, 0).scores(state, actions)
    assert actions[scores.index(max(scores))] == offered[0]
    apply(state, offered[0], check=True)
    assert rule_field(state, VEHICLE_BOMBS) and supply_bomb_actions(state, 0) == offered  # another may follow


def test_solo_mode_places_a_bomb_as_soon_as_it_can() -> None:
    """Gear is used as soon as possible (002 Solo Mode, Reveal a Concealed Unit)."""
    from builder.systems.heroes.ai.solo_mode.policy import SoloPlayer
    state, n = _bomb_position()
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("G6")), check=True)
    actions = legal_actions(state)
    assert SoloPlayer(1, 0).brain(state).activation(state, actions) == bombs(state)[0]


def test_solo_view_counts_a_panzerfaust_against_an_exposed_heavy_vehicle() -> None:
    """002 Solo Mode, 5.3 Firing Action > Choose a Target, priority 4: a heavy
    vehicle showing its side to a unit that can fire a Panzerfaust is exposed."""
    from builder.systems.heroes.ai.solo_mode.view import EngineView
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F6"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    view = EngineView(state, 0, "balanced")
    assert not view.exposed_heavy_vehicle(n["tank"])  # rifles show X against heavy vehicles
    arm(state, 0, PF)
    assert EngineView(state, 0, "balanced").exposed_heavy_vehicle(n["tank"])


def test_a_jammed_panzerfaust_is_used_up() -> None:
    """A shot cancelled by the target's card (Jammed!) has used its token."""
    from builder.systems.heroes.engine.reactions import MODES, _shot_goes_on
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F6"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "H6", "facing": "n"}])
    arm(state, 0, PF)
    state.boosts[("jammed", n["tank"])] = 1
    held = ("react", 1, n["tank"], (), (0, n["r"], 0, n["tank"], MODES.index(PF), 0, -1))
    _shot_goes_on(state, held)
    assert tokens_left(state, state.units[n["r"]], PF) == 2
    assert not state.units[n["tank"]].damage


def test_no_bomb_across_a_wall() -> None:
    """The fixture's wall between J1 and J2: from J1 the halftrack on J2 is out of
    reach; from I1, round the wall's end, it is next to it."""
    from builder.systems.heroes.engine.features.vehicle_bombs import bomb_actions
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "J1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "J2"}])
    arm(state, 0, BOMB)
    assert bomb_actions(state, state.units[n["r"]]) == []
    state.set_occupant(state.units[n["r"]].sq, -1)
    state.units[n["r"]].sq = state.static.bf.square("I1")
    state.set_occupant(state.units[n["r"]].sq, n["r"])
    assert bomb_actions(state, state.units[n["r"]]) == [Action("token", unit=n["r"], target=n["ht"], mode=BOMB)]


def test_panzerfaust_as_opportunity_fire_at_a_moving_vehicle() -> None:
    """A squad in the foxhole (opportunity-fire terrain) may fire its Panzerfaust at
    a halftrack driving across its sight; the token is spent, the squad activated."""
    state, n = make([{"name": "w", "unit": "us-rifles", "side": "us", "at": "A4"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "B2", "facing": "e"}],
                    scenario="lane")
    arm(state, 0, PF)
    activate(state, n["ht"])
    apply(state, Action("move", unit=n["ht"], square=state.static.bf.square("F2"), facing=2), check=True)
    choices = legal_actions(state)
    pf = [a for a in choices if a.kind == "opfire" and a.extra == 1]
    assert len(pf) == 1 and pf[0].unit == n["w"] and any(a.kind == "opfire" and not a.extra for a in choices)
    assert ev.opfire_value(state, pf[0]) > max(ev.opfire_value(state, a) for a in choices
                                               if a.kind == "opfire" and not a.extra)
    state.dice = Scripted(2)
    events = apply(state, pf[0], check=True)
    shot = next(e.data for e in events if e.kind == "shot")
    assert shot["mode"] == PF and shot["total"] == 5  # 2 + 3 against defence 5: a hit
    assert state.units[n["ht"]].wreck and state.units[n["w"]].activated
    assert tokens_left(state, state.units[n["w"]], PF) == 2
