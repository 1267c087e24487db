"""The Solo game mode: the booklet's worked examples and rules (002 Solo Mode)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.heroes.ai.players import get_player, parse_spec
from builder.systems.heroes.engine.solo_mode import reaction
from builder.systems.heroes.engine.solo_mode.danger import DangerGauge
from builder.systems.heroes.engine.solo_mode.forces import decoys_for
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import apply, legal_actions
from builder.errors import UsageError

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK)


def new_game(pack, seed=1, attitude="aggressive", difficulty="medium"):
    return SoloModeRules.new_game(pack, "meeting", seed=seed,
                                  options={"ai_side": 1, "attitude": attitude, "difficulty": difficulty})


def test_eleven_counters_give_three_decoys():
    """002, Units Set Up Example: 8 anonymous + 3 numbered counters -> 3 decoys (14 in all)."""
    assert decoys_for(8 + 3) == 3
    assert decoys_for(7 + 1) == 2  # Family Meeting 1: 10 counters in the stack
    assert decoys_for(5 + 2) == 2  # Family Meeting 2
    assert decoys_for(40) == 8  # never more than eight


def test_danger_gauge_example_second_loss_turns_yellow():
    """002, Danger Gauge example: medium difficulty, the AI's second loss reveals the yellow tile."""
    gauge = DangerGauge({"yellow": 3, "red": 6, "black": 9}, {"yellow": "Y", "red": "R", "black": "B"})
    assert gauge.level == "green" and gauge.climb() == []
    assert gauge.climb() == ["Y"] and gauge.level == "yellow"
    assert gauge.climb(4) == ["R"]
    assert gauge.set_level("red", {"medium": 6}, "medium", "black") == ["B"]


def test_ai_places_no_orders_and_the_player_keeps_the_initiative(pack):
    state = new_game(pack)
    rules = state.rules
    assert state.phase == "orders" and state.initiative == rules.player
    assert state.sides[rules.ai].to_place == [] and state.variant.available
    while state.phase == "orders":
        assert state.to_act == rules.player
        apply(state, legal_actions(state)[0])
    assert state.phase == "activation"


def test_a_reaction_card_is_drawn_before_each_player_activation_but_not_on_a_special_order(pack):
    state = new_game(pack, seed=3)
    player = get_player("greedy", 3, 0)
    drawn_after_activation = 0
    while state.phase != "supply" and not state.is_over:
        actions = legal_actions(state)
        action = player.choose(state, actions) if state.to_act == 0 else get_player("solo-mode", 3, 1).choose(state, actions)
        events = apply(state, action)
        kinds = [e.kind for e in events]
        for i, e in enumerate(events):
            if e.kind == "activate" and e.data["side"] == 0:
                token = e.data["token"]
                following = kinds[i + 1:i + 2]
                if token > 0:
                    assert following == ["reaction-card"]
                    drawn_after_activation += 1
                else:
                    assert following != ["reaction-card"]
    assert drawn_after_activation >= 1


def test_place_order_gives_the_lowest_token_to_the_table_choice(pack):
    state = new_game(pack)
    rules = state.rules
    for uid in state.variant.decoys:
        state.units[uid].activated = True  # out of the table's reach
    low = state.variant.available[0]
    assert reaction.place_order(rules, state) == "done"
    (token, uid), = state.queues[rules.ai]
    assert token == low and state.units[uid].order == low and state.units[uid].side == rules.ai


def test_effects_gated_by_difficulty_and_attitude(pack):
    state = new_game(pack, attitude="defensive", difficulty="easy")
    card = state.variant.cards["hold-the-line"]
    gated = [e for e in list(card.effects) + list(card.special) if reaction.applies(state.rules, e)]
    assert [e.attitude for e in gated] == [[], [], ["defensive"]]
    aimed = state.variant.cards["aimed-fire"].effects[0]
    assert not reaction.applies(state.rules, aimed)


def test_concealed_units_are_spotted_by_a_close_enemy(pack):
    state = new_game(pack)
    rules = state.rules
    hidden = [u for u in state.units if u.side == rules.ai and u.concealed]
    assert hidden, "the AI's infantry starts behind anonymous counters"
    enemy = next(u for u in state.units if u.side == rules.player and u.active)
    target = hidden[0]
    near = next(sq for sq in state.bf.adjacent(target.sq) if state.occ[sq] < 0)
    state.occ[enemy.sq], enemy.sq, state.occ[near] = -1, near, enemy.id
    rules.spot(state)
    assert not target.concealed


def test_whole_solo_games_end_and_replay_identically(pack):
    from builder.systems.heroes.playtests.game import play_game

    specs = [parse_spec("greedy"), parse_spec("solo-mode:aggressive:hard")]
    a = play_game(pack, "meeting", 11, specs)
    b = play_game(pack, "meeting", 11, specs)
    assert a == b and a["winner"] in ("us", "de", None)
    assert any(k.startswith("reaction-card/") for k in a["rules"])


def test_player_specs_are_checked():
    assert parse_spec("solo-mode:aggressive:hard").text == "solo-mode:aggressive:hard"
    assert parse_spec("SOLO:defensive").text == "solo:defensive"
    for bad in ("solo:angry", "solo-mode:aggressive:insane", "minimax", "greedy:x"):
        with pytest.raises(UsageError):
            parse_spec(bad)


def test_tactical_bonus_tokens_laid_outside_deployment_zones():
    """002, 2.2: the scenario's number of tokens, spread outside the deployment zones."""
    core = load_pack()
    state = SoloModeRules.new_game(core, "family-meeting-1", seed=2,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "hard"})
    laid = state.variant.bonuses
    assert len(laid) == 3
    bf = state.bf
    zones = {s for spec in state.static.scenario.sides for a in spec.deployment for s in bf.area_squares(a)}
    assert not zones & set(laid)


def test_tactical_bonus_works_differently_for_ai_and_player(pack):
    from builder.systems.heroes.engine.solo_mode import bonuses

    state = new_game(pack)
    rules, solo = state.rules, state.variant
    ai_inf = next(u for u in state.units if u.side == rules.ai and u.type == "infantry" and u.active)
    solo.bonuses = {ai_inf.sq: "tactician"}
    bonuses.check_taken(rules, state)
    assert solo.tactician == 1 and solo.dashboard == ["tactician"] and not solo.bonuses
    player_inf = next(u for u in state.units if u.side == rules.player and u.type == "infantry" and u.active)
    solo.gauge.position = 3
    solo.bonuses = {player_inf.sq: "danger"}
    bonuses.check_taken(rules, state)
    assert solo.gauge.position == 2
    solo.bonuses = {player_inf.sq: "advantage"}
    bonuses.check_taken(rules, state)
    assert solo.dashboard == [] and solo.tactician == 0


def test_tactical_bonus_spread_is_the_farthest_square_each_time():
    """002, 2.2: each next token goes on the free square farthest from the objectives and
    the tokens already laid (ties: the lowest square)."""
    from builder.systems.heroes.engine.solo_mode.bonuses import _candidates, _spread

    core = load_pack()
    state = SoloModeRules.new_game(core, "family-meeting-2", seed=5,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    bf = state.bf
    free, nearest = _candidates(state)
    free = [sq for sq in free if state.occ[sq] < 0]
    laid: list[int] = []
    for _ in range(4):
        far = max(min([nearest[s]] + [bf.distance(s, t) for t in laid]) for s in free if s not in laid)
        best = min(s for s in free if s not in laid and min([nearest[s]] + [bf.distance(s, t) for t in laid]) == far)
        laid.append(best)
    assert _spread(state, 4) == laid
    assert _spread(state, 2) == laid[:2]
    assert list(state.variant.bonuses) == laid
    # the squares are kept per batch, but not past a unit standing on one of them
    state.set_occupant(laid[0], 0)
    assert laid[0] not in _spread(state, 4)
    state.set_occupant(laid[0], -1)
    assert _spread(state, 4) == laid
