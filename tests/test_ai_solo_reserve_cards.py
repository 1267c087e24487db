"""The AI plays every card of its reserve it has a use for (002 Solo Mode, 2.3 Cards >
Action Cards; builder/systems/heroes/engine/solo_mode/action_cards.py), each with the core
card's effect, and the player's No! answers an AI card or discards one from the
reserve (002 2.3), on the bundled Family Meeting 1 (US player, German AI)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai.players import get_player, parse_spec
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import apply, legal_actions
from builder.systems.heroes.engine.solo_mode import action_cards
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules


@pytest.fixture(scope="module")
def core():
    return load_pack()


def card_with(state, key, side=1):
    cards = state.static.pack.items["cards"]
    faction = state.static.sides[side].faction
    return next(c.id for c in cards.values() if c.effect_key == key and c.faction == faction)


def players():
    return [get_player(parse_spec("greedy"), 2, 0), get_player(parse_spec("solo-mode:aggressive:medium"), 2, 1)]


def play_until(core, pred, seed=2):
    """A seeded Solo game played on until ``pred(state)``."""
    state = SoloModeRules.new_game(core, "family-meeting-1", seed=seed,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    ps = players()
    for _ in range(400):
        if pred(state):
            return state, ps
        if state.result is not None:
            break
        apply(state, ps[state.to_act].choose(state, legal_actions(state)))
    return None, ps


def ai_activation_start(state):
    u = state.units[state.current] if state.current >= 0 else None
    return (state.phase == "activation" and u is not None and u.side == state.rules.ai and not state.pending
            and not state.moved and not state.fired)


def ai_plays(state, ps, cid):
    """The AI holds ``cid`` alone in reserve (the player no No!) and decides."""
    state.sides[state.rules.ai].hand[:] = [cid]
    state.sides[state.rules.player].hand[:] = []
    chosen = ps[state.rules.ai].choose(state, legal_actions(state))
    apply(state, chosen)
    return chosen, [e.kind for e in state.events]  # the events of this decision


def test_burst_into_action_sends_table_5_1s_unit_first(core):
    """Burst into Action: another AI unit with no order acts now, the one table 5.1
    names; the unit whose order was revealed waits."""
    def ready(state):
        return ai_activation_start(state) and any(
            u.side == state.rules.ai and u.active and u.id != state.current and u.order <= 0
            and not u.activated and not u.acted for u in state.units)

    state, ps = play_until(core, ready)
    waiting = state.current
    burst = card_with(state, "extra-activation")
    chosen, kinds = ai_plays(state, ps, burst)
    assert chosen.mode == burst and chosen.unit != waiting
    assert "burst-into-action" in kinds and state.current == chosen.unit
    assert state.boosts[("resume", chosen.unit)] == waiting


@pytest.mark.parametrize("key", ["artillery-barrage", "airstrike", "dive-bombing", "artillery-shot"])
def test_an_artillery_or_aviation_card_is_played_on_an_enemy(core, key):
    """As soon as it may be played (the Common Sense rule), on the enemy the chosen
    shot aims at, else the first enemy it may be played on; the card's own rule
    module resolves it."""
    state, ps = play_until(core, ai_activation_start)
    cid = card_with(state, key)
    chosen, kinds = ai_plays(state, ps, cid)
    if chosen.kind != "card":
        pytest.skip(f"{key} not playable in this position")
    assert chosen.mode == cid and state.units[chosen.unit].side == state.rules.player
    assert cid not in state.sides[state.rules.ai].hand and kinds.count("card") == 1
    assert len(kinds) > 2, kinds  # the card's effect made events beyond the decision and the card


def test_speed_setup_conceals_an_ambush_counter_in_the_supply_phase(core):
    from builder.systems.heroes.engine.effects import REGISTRY

    playable = REGISTRY[("card", "speed-setup")].hooks["card_playable"]

    def ready(state):
        return (state.phase == "supply" and state.to_act == state.rules.ai and not state.pending
                and any(u.side == state.rules.ai and u.ability("ambush") is not None and not u.concealed
                        and playable(state, u) for u in state.units))

    state, ps = next(found for seed in range(1, 9) if (found := play_until(core, ready, seed))[0] is not None)
    setup = card_with(state, "speed-setup")
    chosen, kinds = ai_plays(state, ps, setup)
    assert chosen.mode == setup
    assert state.units[chosen.unit].concealed


def test_camouflage_is_played_in_the_supply_phase(core):
    from builder.systems.heroes.engine.effects import REGISTRY

    playable = REGISTRY[("card", "conceal")].hooks["card_playable"]

    def ready(state):
        return (state.phase == "supply" and state.to_act == state.rules.ai and not state.pending
                and any(u.side == state.rules.ai and playable(state, u) for u in state.units))

    state, ps = play_until(core, ready)
    camo = card_with(state, "conceal")
    chosen, kinds = ai_plays(state, ps, camo)
    assert chosen.mode == camo and "concealed" in kinds and state.units[chosen.unit].concealed


def test_the_players_no_cancels_a_card_the_ai_has_just_played(core):
    """000 core rules, Action Card (No!), kept by 002 2.3: the AI's card waits for the
    answer and has no effect once answered."""
    state, ps = play_until(core, ai_activation_start)
    burst = card_with(state, "extra-activation")
    no = card_with(state, "cancel-card", side=0)
    waiting = state.current
    state.sides[state.rules.ai].hand[:] = [burst]
    state.sides[state.rules.player].hand[:] = [no]
    chosen = ps[1].choose(state, legal_actions(state))
    if chosen.mode != burst:
        pytest.skip("no unit for Burst into Action in this position")
    apply(state, chosen)
    assert state.pending and state.to_act == state.rules.player
    answer = next(a for a in legal_actions(state) if a.kind == "card" and a.mode == no)
    apply(state, answer)
    if state.pending:  # the AI may answer the No! in turn: it passes, holding none
        apply(state, legal_actions(state)[-1])
    assert any(e.kind == "card-cancelled" for e in state.events)
    assert state.current == waiting and no in state.sides[state.rules.player].discard


def test_the_players_no_discards_a_card_of_the_ai_reserve(core):
    """002 2.3: a No! may instead discard a card of the player's choice from the
    AI's reserve; offered before the player's unit acts."""
    def ready(state):
        u = state.units[state.current] if state.current >= 0 else None
        return (state.phase == "activation" and u is not None and u.side == state.rules.player
                and not state.pending and not state.moved and not state.fired)

    state, ps = play_until(core, ready)
    aimed, rage = card_with(state, "fire-bonus"), card_with(state, "assault-bonus")
    no = card_with(state, "cancel-card", side=0)
    state.sides[state.rules.ai].hand[:] = [aimed, rage]
    state.sides[state.rules.player].hand[:] = [no]
    offers = [a for a in legal_actions(state) if a.kind == action_cards.NO_RESERVE]
    assert sorted(a.mode for a in offers) == sorted([aimed, rage])
    apply(state, next(a for a in offers if a.mode == rage))
    assert state.sides[state.rules.ai].hand == [aimed] and rage in state.sides[state.rules.ai].discard
    assert state.sides[state.rules.player].hand == [] and no in state.sides[state.rules.player].discard
    assert not [a for a in legal_actions(state) if a.kind == action_cards.NO_RESERVE]


def test_a_smoke_barrage_covers_a_move_and_never_the_ais_own_target(core):
    """Laid before a move, on the enemy nearest the unit moving; before a shot it
    stays in reserve (its smoke would hinder the AI's own shot)."""
    from builder.systems.heroes.engine import Action

    state, _ = play_until(core, ai_activation_start)
    smoke = card_with(state, "smoke-barrage")
    mover = state.units[state.current]
    enemies = sorted((u for u in state.units if u.side == state.rules.player and u.active and u.sq >= 0),
                     key=lambda u: (state.static.bf.distance(mover.sq, u.sq), u.id))
    cards = [Action("card", unit=u.id, mode=smoke) for u in reversed(enemies)]
    move = Action("move", unit=mover.id, square=mover.sq)
    assert action_cards.in_activation(state, cards, move).unit == enemies[0].id
    shot = Action("fire", unit=mover.id, target=enemies[0].id)
    assert action_cards.in_activation(state, cards, shot) is None


def test_speed_setup_turns_a_packed_tripod_to_fire_unless_it_moves():
    """A Tripod counter on its packed side is turned over by the card
    before it acts, when the tables did not choose a move; the core card turns it."""
    from engine_helpers import core_pack, position_state

    from builder.systems.heroes.engine import Action
    from builder.systems.heroes.engine.effects.cards import card_effect
    from builder.systems.heroes.tools.position import PositionFile

    state, n = position_state(core_pack(), PositionFile.model_validate({"scenario": "clash", "units": [
        {"name": "hmg", "unit": "us-50-cal", "side": "us", "at": "O5"}]}))
    hmg = state.units[n["hmg"]]
    state.current = hmg.id
    setup = next(c.id for c in state.static.pack.items["cards"].values() if c.effect_key == "speed-setup")
    cards = [Action("card", unit=hmg.id, mode=setup)]
    assert action_cards.in_activation(state, cards, Action("move", unit=hmg.id, square=hmg.sq)) is None
    played = action_cards.in_activation(state, cards, Action("hold", unit=hmg.id))
    assert played is not None and played.mode == setup
    card_effect(state, setup, hmg)
    assert hmg.st.profile.faces[hmg.face].role == "deployed"
    assert action_cards.in_activation(state, cards, Action("hold", unit=hmg.id)) is None  # deployed now
