"""Action cards with rule modules (builder/systems/heroes/engine/effects/cards.py) and the answers to
the opponent's shots and moves (builder/systems/heroes/engine/reactions.py): one position per card
where it changes the outcome. Hands hold the core pack's cards (000 core rules,
Action Card; each card's effect as the pack words it)."""

from __future__ import annotations

from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.cards import kept_by_card, scramble_orders
from builder.systems.heroes.engine.state import NO_ORDER

from engine_helpers import Scripted, activate, core_pack, make, with_core_cards


def game(units: list[dict], hands: tuple[list[str], list[str]] = ([], [])):  # type: ignore[no-untyped-def]
    """A fixture position whose pack also knows the core pack's cards."""
    state, n = make(units)
    with_core_cards(state)
    for side, hand in zip(state.sides, hands):
        side.hand, side.deck, side.discard = list(hand), [], []
    return state, n


def cards(state) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "card"]


RIFLES_AND_GRENADIERS = [
    {"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
    {"name": "r2", "unit": "us-rifles", "side": "us", "at": "C1"},
    {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A4"},
]


def test_speed_setup_turns_a_tripod_over_as_a_free_action_once() -> None:
    state, n = game([{"name": "hmg", "unit": "us-hmg", "side": "us", "at": "A1"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"}],
                    (["us-speed-setup", "us-speed-setup"], []))
    activate(state, n["hmg"])
    hmg = state.units[n["hmg"]]
    face = hmg.face
    apply(state, next(a for a in cards(state) if a.mode == "us-speed-setup"))
    assert hmg.face == 1 - face and state.current == n["hmg"] and not state.moved  # it still acts
    assert not [a for a in cards(state) if a.mode == "us-speed-setup"]  # once per move


def test_burst_into_action_lets_a_unit_without_order_act_first() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-burst-into-action"], []))
    activate(state, n["r"])
    state.units[n["r"]].order = 1
    burst = cards(state)
    assert burst == [Action("card", unit=n["r2"], mode="us-burst-into-action")]
    apply(state, burst[0])
    assert state.current == n["r2"] and state.to_act == 0
    apply(state, Action("hold", unit=n["r2"]))
    r2 = state.units[n["r2"]]
    assert r2.activated and r2.acted
    assert state.current == n["r"] and state.to_act == 0 and not state.moved  # the revealed unit acts now


def test_heroic_action_lets_the_unit_that_acted_act_again() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-heroic-action"], []))
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.bf.square("B2")))
    # the move would end the activation: it waits for the card instead
    assert state.current == n["r"] and {a.kind for a in legal_actions(state)} == {"end", "card"}
    apply(state, cards(state)[0])
    assert state.current == n["r"] and not state.moved
    assert any(a.kind == "move" for a in legal_actions(state))
    apply(state, Action("hold", unit=n["r"]))
    assert state.current != n["r"]


def test_anti_tank_rocket_hits_a_vehicle_within_four_squares() -> None:
    state, n = game([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "ht", "unit": "de-halftrack", "side": "de", "at": "A4", "facing": "n"},
                     {"name": "far", "unit": "de-halftrack", "side": "de", "at": "H7", "facing": "n"}],
                    (["us-bazooka"], []))
    activate(state, n["r"])
    rocket = cards(state)
    assert rocket == [Action("card", unit=n["r"], target=n["ht"], mode="us-bazooka")]  # the far one: out of reach
    state.dice = Scripted(1)  # 1 + 4 = 5 >= defence 5: a hit wrecks a light vehicle
    events = apply(state, rocket[0])
    assert [e.data["need"] for e in events if e.kind == "shot"] == [1]
    assert state.units[n["ht"]].wreck and state.current != n["r"]  # the rocket was its action


def test_initiative_card_keeps_the_initiative_once() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-initiative"], []))
    state.initiative = 0
    card = effects.get("card", "keep-initiative")
    assert card is not None
    state.static.scenario = state.static.scenario.model_copy(
        update={"initiative": state.static.scenario.initiative.model_copy(update={"rule": "alternate"})})
    r = state.units[n["r"]]
    assert card.hooks["card_playable"](state, r) and not card.hooks["card_playable"](state, state.units[n["r2"]])
    assert kept_by_card(state, 0, 1) == 1
    card.hooks["card_play"](state, r)
    assert not card.hooks["card_playable"](state, r)
    assert kept_by_card(state, 0, 1) == 0


def test_communications_scrambled_discards_the_opponents_lowest_token_after_orders() -> None:
    state, n = game(RIFLES_AND_GRENADIERS + [{"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "C4"}],
                    (["us-communications-scrambled"], []))
    assert state.phase == "orders" and state.to_act == 0
    apply(state, next(a for a in cards(state) if a.mode == "us-communications-scrambled"))
    g, g2 = state.units[n["g"]], state.units[n["g2"]]
    g.order, g2.order = 2, 1
    scramble_orders(state)
    assert g2.order == NO_ORDER and g.order == 2
    scramble_orders(state)  # played once: nothing more
    assert g.order == 2


def test_confusion_swaps_two_enemy_tokens() -> None:
    state, n = game(RIFLES_AND_GRENADIERS + [{"name": "g2", "unit": "de-grenadiers", "side": "de", "at": "C4"}],
                    (["us-confusion"], []))
    g, g2 = state.units[n["g"]], state.units[n["g2"]]
    assert not cards(state)  # no enemy token placed yet
    g.order, g2.order = 1, 3
    swap = cards(state)
    assert swap == [Action("card", unit=n["g"], target=n["g2"], mode="us-confusion")]
    apply(state, swap[0])
    assert (g.order, g2.order) == (3, 1) and state.to_act == 0


def test_get_moving_moves_an_order_token_to_a_unit_without_one() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, (["us-get-moving"], []))
    r, r2 = state.units[n["r"]], state.units[n["r2"]]
    r.order = 1
    move = cards(state)
    assert move == [Action("card", unit=n["r"], target=n["r2"], mode="us-get-moving")]
    apply(state, move[0])
    assert (r.order, r2.order) == (NO_ORDER, 1)


def test_camouflage_conceals_infantry_in_cover_out_of_enemy_sight() -> None:
    state, n = game([{"name": "r", "unit": "us-rifles", "side": "us", "at": "D3"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "L8"}], (["us-camouflage"], []))
    card = effects.get("card", "conceal")
    assert card is not None
    r = state.units[n["r"]]
    assert card.hooks["card_playable"](state, r)  # in the forest, the grenadiers too far to spot it
    card.hooks["card_play"](state, r)
    assert r.concealed and r.face == 0
    state.units[n["g"]].sq = -1
    state.set_occupant(state.bf.square("L8"), -1)
    state.units[n["g"]].sq = state.bf.square("E3")
    state.set_occupant(state.bf.square("E3"), n["g"])
    r.concealed = False
    assert not card.hooks["card_playable"](state, r)  # an enemy next to it spots it


def _shot(hand: list[str]):  # type: ignore[no-untyped-def]
    state, n = game(RIFLES_AND_GRENADIERS, ([], hand))
    activate(state, n["r"])
    events = apply(state, Action("fire", unit=n["r"], weapon=0, target=n["g"], mode="normal"))
    return state, n, events


def test_take_cover_adds_one_to_the_defence_against_the_shot() -> None:
    state, n, events = _shot(["de-take-cover"])
    assert not [e for e in events if e.kind == "shot"] and state.to_act == 1  # the shot waits for the answer
    assert legal_actions(state) == [Action("card", unit=n["g"], mode="de-take-cover"), Action("pass")]
    state.dice = Scripted(3)  # 3 + 2 = 5 would hit defence 5; covered, it needs 4 on the die
    events = apply(state, legal_actions(state)[0])
    assert [(e.data["defence"], e.data["need"]) for e in events if e.kind == "shot"] == [(6, 4)]
    assert state.units[n["g"]].face == 0 and not state.boosts.get(("cover", n["g"]))


def test_jammed_cancels_the_shot_before_the_roll() -> None:
    state, n, _ = _shot(["de-jammed"])
    state.dice = Scripted()
    events = apply(state, Action("card", unit=n["g"], mode="de-jammed"))
    assert [e.kind for e in events if e.kind in ("shot", "die", "shot-cancelled")] == ["shot-cancelled"]
    assert state.current != n["r"]  # the firer still counts as having fired


def test_passing_on_an_answer_rolls_the_shot() -> None:
    state, n, _ = _shot(["de-jammed"])
    state.dice = Scripted(6)
    events = apply(state, Action("pass"))
    assert [e.kind for e in events if e.kind == "shot"] == ["shot"] and state.sides[1].hand == ["de-jammed"]


def test_mine_attacks_a_unit_ending_its_move_on_open_ground() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, ([], ["de-mine"]))
    activate(state, n["r"])
    apply(state, Action("move", unit=n["r"], square=state.bf.square("B2")))
    assert legal_actions(state) == [Action("card", unit=n["r"], mode="de-mine"), Action("pass")]
    state.dice = Scripted(1)  # 1 + 4 = 5 >= defence 5: a hit
    events = apply(state, legal_actions(state)[0])
    assert [e.data["total"] for e in events if e.kind == "mine"] == [5] and state.units[n["r"]].face == 1


def test_no_mine_offered_in_cover() -> None:
    state, n = game(RIFLES_AND_GRENADIERS, ([], ["de-mine"]))
    activate(state, n["r"])
    state.units[n["r"]].sq, _ = state.bf.square("C2"), state.set_occupant(state.bf.square("A1"), -1)
    state.set_occupant(state.bf.square("C2"), n["r"])
    apply(state, Action("move", unit=n["r"], square=state.bf.square("D3")))  # into the forest
    assert not state.pending


def test_light_sabers_add_three_and_reach_heavy_vehicles() -> None:
    from builder.systems.heroes.engine.assault import plan_assault

    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "B2"},
                     {"name": "tank", "unit": "de-panzer", "side": "de", "at": "C2", "facing": "n"}])
    r, tank = state.units[n["r"]], state.units[n["tank"]]
    assert not plan_assault(state, r, tank, r.sq).ok  # rifles show X against heavy vehicles
    r.st.granted["us-light-sabers"] = 1
    effects.invalidate(state)
    plan = plan_assault(state, r, tank, r.sq)
    assert plan.ok and any(t.label == "Light Sabers" and t.value == 3 for t in plan.attack_terms)


def test_overwatch_option_is_reported_with_its_ability() -> None:
    from builder.systems.heroes.tools.coverage import coverage

    rows = {(r["kind"], r["id"]): r["status"] for r in coverage(core_pack())}
    assert rows[("option", "overwatch")] == rows[("ability", "overwatch")] == "partial"
    assert rows[("option", "us-light-sabers")] == "simulated"
