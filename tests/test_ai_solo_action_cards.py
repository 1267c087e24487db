"""The AI's action cards with their printed effects (002 Solo Mode, 2.3 Cards > Action
Cards; 3.1 Order Phase > AI Orders; 3.2 Description of the Effects > Action Card), on
the bundled Family Meeting 1 (US player, German AI)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.ai.players import get_player, parse_spec
from builder.systems.heroes.engine.solo_mode import action_cards, bonuses, modifiers, reaction
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import apply, legal_actions
from builder.systems.heroes.engine.unit_actions import fire_actions


@pytest.fixture(scope="module")
def core():
    return load_pack()


def new_game(core, seed=2):
    return SoloModeRules.new_game(core, "family-meeting-1", seed=seed,
                                  options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})


def card_with(state, key, side=1):
    """A card id of ``side``'s faction deck with effect ``key``."""
    cards = state.static.pack.items["cards"]
    faction = state.static.sides[side].faction
    return next(c.id for c in cards.values() if c.effect_key == key and c.faction == faction)


def stack(state, *cids):
    """Put ``cids`` on top of the AI's deck, first drawn first."""
    deck = state.sides[state.rules.ai].deck
    for cid in reversed(cids):
        deck.insert(0, cid)


def test_the_reserve_is_the_ais_hand_and_holds_three_cards(core):
    """A drawn card goes to the reserve; with three there the next is discarded and its
    effect ignored (002, Description of the Effects > Action Card)."""
    state = new_game(core)
    rules, ai = state.rules, state.sides[state.rules.ai]
    ai.hand.clear()
    aimed = card_with(state, "fire-bonus")
    stack(state, aimed, aimed, aimed, aimed)
    outcomes = [action_cards.draw(rules, state) for _ in range(4)]
    assert outcomes == ["reserve", "reserve", "reserve", "discarded-reserve-full"]
    assert ai.hand == [aimed] * 3 and ai.discard[-1] == aimed


def test_opportunistic_gives_slot_x_and_losing_it_discards_the_fourth_card(core):
    state = new_game(core)
    rules, solo, ai = state.rules, state.variant, state.sides[state.rules.ai]
    ai.hand.clear()
    aimed = card_with(state, "fire-bonus")
    stack(state, *[aimed] * 4)
    bonuses.ai_takes(rules, state, "opportunistic")
    assert solo.reserve_cap == 4
    assert [action_cards.draw(rules, state) for _ in range(4)] == ["reserve"] * 4
    bonuses.discard_from_dashboard(rules, state, "opportunistic")
    assert len(ai.hand) == 3


def test_an_exhausted_deck_is_reshuffled_from_the_discard_pile(core):
    state = new_game(core)
    rules, ai = state.rules, state.sides[state.rules.ai]
    ai.hand.clear()
    aimed = card_with(state, "fire-bonus")
    ai.deck, ai.discard = [], [aimed]
    assert action_cards.draw(rules, state) == "reserve" and ai.hand == [aimed] and ai.discard == []


def test_cards_the_ai_never_plays_are_discarded_when_drawn(core):
    """The AI takes no special orders in the Solo Mode: a High Command is of no use."""
    state = new_game(core)
    rules, ai = state.rules, state.sides[state.rules.ai]
    ai.hand.clear()
    stack(state, card_with(state, "high-command"))
    assert action_cards.draw(rules, state) == "discarded-unplayable" and not ai.hand


def test_the_players_initiative_cards_leave_his_deck(core):
    """002, 2.3 Cards: the player always has the initiative."""
    state = new_game(core)
    cards = state.static.pack.items["cards"]
    player = state.sides[state.rules.player]
    assert not [c for c in player.hand + player.deck if cards[c].effect_key == "keep-initiative"]
    assert any(cards[c].effect_key == "keep-initiative" for c in cards if cards[c].faction == "us")


def test_a_tactician_in_reserve_gives_one_more_numbered_token(core):
    """002, 3.1 AI Orders: a Tactician action card in reserve is one more numbered
    order token on the dashboard for the turn; the card is spent."""
    from builder.systems.heroes.engine.phases.orders import start_round

    state = new_game(core)
    solo, ai = state.variant, state.sides[state.rules.ai]
    state.turn += 1
    start_round(state)
    usual = len(solo.available) + sum(1 for u in state.units if u.side == state.rules.ai and u.order > 0)
    state = new_game(core)
    solo, ai = state.variant, state.sides[state.rules.ai]
    tactician = card_with(state, "extra-order")
    ai.hand[:] = [tactician]
    stack(state, card_with(state, "high-command"))  # the turn's green-level draw is of no use
    state.turn += 1
    start_round(state)
    given = len(solo.available) + sum(1 for u in state.units if u.side == state.rules.ai and u.order > 0)
    assert given == usual + 1 and tactician not in ai.hand and tactician in ai.discard


def test_a_reaction_firing_effect_plays_an_aimed_shot_from_the_reserve(core):
    """The card's own rule (the core Aimed Shot, +1 to the unit's shots this activation)
    applies to the shot a reaction effect chooses."""
    state = new_game(core, seed=1)
    rules, ai = state.rules, state.sides[state.rules.ai]
    aimed = card_with(state, "fire-bonus")
    for _ in range(40):  # play on until a reaction firing effect has a target
        shooters = [a for u in reaction.free_units(rules, state) for a in fire_actions(state, state.units[u], moving=False)]
        if shooters and state.phase == "activation":
            break
        players = [get_player(parse_spec("greedy"), 2, 0), get_player(parse_spec("solo-mode:aggressive:medium"), 2, 1)]
        apply(state, players[state.to_act].choose(state, legal_actions(state)))
    else:
        pytest.skip("no AI shot within reach in this game")
    ai.hand[:] = [aimed]
    state.sides[state.rules.player].hand[:] = []  # no No! to answer it
    mark = len(state.events)
    assert reaction.firing(rules, state) == "done"
    played = [e for e in state.events[mark:] if e.kind == "card"]
    shot = next(e for e in state.events[mark:] if e.kind == "shot")
    assert played and played[0].data["card"] == aimed and aimed not in ai.hand
    assert played[0].data["unit"] == shot.data["unit"]
    assert state.boosts.get(("fire", shot.data["unit"])) == 1


def test_the_ai_plays_the_bonus_card_of_the_action_its_tables_chose(core):
    """In its own activation the AI plays an aimed shot before the shot its tables
    chose, battle rage before an assault, double time before a move."""
    state = new_game(core)
    aimed, rage = card_with(state, "fire-bonus"), card_with(state, "assault-bonus")
    from builder.systems.heroes.engine import Action

    cards = [Action("card", unit=3, mode=aimed), Action("card", unit=3, mode=rage)]
    assert action_cards.in_activation(state, cards, Action("fire", unit=3, target=9)).mode == aimed
    assert action_cards.in_activation(state, cards, Action("assault", unit=3, target=9)).mode == rage
    assert action_cards.in_activation(state, cards, Action("end", unit=3)) is None


def test_the_generic_plus_one_is_gone(core):
    """A card in reserve is no +1 on its own any more: its effect is the card's."""
    state = new_game(core, seed=1)
    rules = state.rules
    state.sides[rules.ai].hand[:] = [card_with(state, "fire-bonus")] * 3
    ai = next(u for u in state.units if u.side == rules.ai and u.active)
    assert modifiers.attack_bonus(state, ai) == []


def test_solo_games_with_action_cards_replay_identically(core):
    from builder.systems.heroes.playtests.game import play_game

    specs = [parse_spec("greedy"), parse_spec("solo-mode:aggressive:medium")]
    a = play_game(core, "family-meeting-1", 3, specs)
    assert a == play_game(core, "family-meeting-1", 3, specs)
    assert any(k.startswith("action-card/") for k in a["rules"])
