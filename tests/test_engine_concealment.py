"""Concealment options (builder/systems/heroes/engine/features/ruses.py, builder/systems/heroes/engine/features/concealment.py):
the Tricky trait's Ruse tokens, the Concealed order's tokens and Infiltration
(000 core rules, Recruitment Options > Character Traits > Tricky; Orders >
Concealed; Orders > Infiltration; Special Abilities > Ambush and Scout).

The fixture battlefield (tests/fixtures/engine/pack/boards/field.yaml): forest on
D3:E4, a house on F7:G8, open ground elsewhere; the US side deploys on rows 1-2,
the German side on rows 7-8."""

from __future__ import annotations

import dataclasses

import pytest

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine import Action, IllegalAction, Rules, apply, legal_actions
from builder.systems.heroes.engine.ambush import spot
from builder.systems.heroes.engine.features.concealment import CONCEALED, TOKENS, tokens_free, tokens_total
from builder.systems.heroes.engine.effects import get
from builder.systems.heroes.engine.phases.supply import start_supply
from builder.systems.heroes.engine.features.ruses import RUSE_ID
from builder.systems.heroes.engine.state import side_field
from builder.systems.heroes.engine.unit_actions import fire_actions

from engine_helpers import activate, fixture_pack, make

US_TRICKY = [{"tile": "us-command"}, {"tile": "us-platoon"}, {"option": "us-tricky", "on": "us-platoon"}]
DE_TRICKY = [{"tile": "de-platoon"}, {"unit": "de-scouts"}, {"option": "de-tricky", "on": "de-platoon"}]
US, DE = 0, 1


def tricky_game(seed: int = 3):  # type: ignore[no-untyped-def]
    return Rules.new_game(fixture_pack(), "skirmish", seed=seed, armies=[US_TRICKY, DE_TRICKY])


def ruses(state, side: int) -> list:  # type: ignore[no-untyped-def]
    return [u for u in state.units if u.side == side and u.st.decoy]


def move_to(state, u, sq: int) -> None:  # type: ignore[no-untyped-def]
    state.set_occupant(u.sq, -1)
    u.sq = sq
    state.set_occupant(sq, u.id)


def tally(state) -> tuple:  # type: ignore[no-untyped-def]
    """Everything a loss would change: victory points, losses by type, breaking points."""
    return [s.vp for s in state.sides], [dict(s.losses) for s in state.sides], [list(s.lost) for s in state.sides]


def give(state, side: int, key: str, tokens: int = 2) -> None:  # type: ignore[no-untyped-def]
    """Give ``side`` the army-wide order option ``key`` with ``tokens`` (a position
    file has no options)."""
    static = state.static.sides[side]
    state.static.sides[side] = dataclasses.replace(static, keys=static.keys | {key})
    state.sides[side].equipment[(-1, key)] = tokens
    state.static.has_ambush = True


# --- Tricky: Ruse tokens --------------------------------------------------------------------


def test_tricky_deploys_two_ruse_tokens_face_down_where_the_army_deploys() -> None:
    state = tricky_game()
    zone = set(state.bf.area_squares("A7:L8"))
    for side in (US, DE):
        tokens = ruses(state, side)
        assert len(tokens) == 2
        for u in tokens:
            assert u.concealed and u.active and state.occ[u.sq] == u.id and u.type == "infantry"
            assert u.st.profile.id == RUSE_ID and u.face_profile().stars == 0 and not u.face_profile().abilities
            assert u.st.group == -1  # in no group: its loss can never count
    assert all(u.sq in zone for u in ruses(state, DE))
    # the German army has a concealed infantry counter (Scouts): the token shows its concealed side
    scouts = next(u for u in state.units if u.st.profile.id == "de-scouts")
    shown = ruses(state, DE)[0].face_profile()
    assert shown.role == "concealed" and shown.movement == scouts.st.profile.faces[0].movement
    # the US army has none: a copy of its most common infantry's revealed side (placeholder)
    rifles = next(u for u in state.units if u.st.profile.id == "us-rifles")
    assert ruses(state, US)[0].face_profile().weapons == rifles.st.profile.faces[0].weapons
    assert state.static.has_ambush


def test_ruse_tokens_add_no_order_token() -> None:
    plain = Rules.new_game(fixture_pack(), "skirmish", seed=3, armies=[US_TRICKY[:2], DE_TRICKY[:2]])
    state = tricky_game()
    assert [s.orders for s in state.sides] == [s.orders for s in plain.sides]


def test_a_ruse_token_takes_an_order_and_moves_and_does_nothing_else() -> None:
    state = tricky_game()
    ruse = ruses(state, state.to_act)[0]
    assert any(a.kind == "order" and a.unit == ruse.id for a in legal_actions(state))
    activate(state, ruse.id)
    actions = legal_actions(state)
    assert {a.kind for a in actions if a.unit == ruse.id} - {"card"} == {"move", "hold"}
    move = next(a for a in actions if a.kind == "move" and a.unit == ruse.id)
    apply(state, move, check=True)
    assert ruse.sq == move.square and state.occ[move.square] == ruse.id


def test_a_ruse_token_cannot_be_shot_and_leaves_no_loss_when_spotted() -> None:
    state = tricky_game()
    ruse = ruses(state, DE)[0]
    rifle = next(u for u in state.units if u.st.profile.id == "us-rifles")
    near = next(sq for sq in state.bf.adjacent(ruse.sq) if state.occ[sq] < 0)
    assert all(a.target != ruse.id for a in fire_actions(state, rifle, moving=False))
    move_to(state, rifle, near)
    assert all(a.target != ruse.id for a in fire_actions(state, rifle, moving=False))
    before, square = tally(state), ruse.sq
    state.events = []
    spot(state, rifle)  # the Ambush check after the rifle's move
    assert not ruse.alive and ruse.sq < 0 and state.occ[square] < 0
    assert [e.kind for e in state.events if e.data["unit"] == ruse.id] == ["decoy-revealed"]
    assert tally(state) == before


# --- Concealed tokens -----------------------------------------------------------------------


def supply_position():  # type: ignore[no-untyped-def]
    """Grenadiers in the wood (E3, out of the rifles' sight: more than 2 squares in
    cover) and on open ground in the rifles' clear sight (B1); the German side has the
    Concealed order; the supply phase starts, the US side (initiative) first."""
    state, names = make([
        {"name": "hidden", "unit": "de-grenadiers", "side": "de", "at": "E3"},
        {"name": "seen", "unit": "de-grenadiers", "side": "de", "at": "B1"},
        {"name": "r", "unit": "us-rifles", "side": "us", "at": "K1"},
    ])
    give(state, DE, "concealed")
    start_supply(state)
    apply(state, Action("end"), check=True)  # the US side is done moving
    assert state.to_act == DE
    return state, names


def conceal_offers(state) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in legal_actions(state) if a.kind == "token" and a.mode == CONCEALED]


def test_a_concealed_token_conceals_an_unseen_infantry_unit_in_the_supply_phase() -> None:
    state, names = supply_position()
    hidden, seen, rifle = (state.units[names[n]] for n in ("hidden", "seen", "r"))
    offers = conceal_offers(state)
    assert [a.unit for a in offers] == [hidden.id]  # the unit in the rifles' sight is not offered
    before = state.state_hash()
    apply(state, offers[0], check=True)
    assert hidden.concealed and side_field(state.sides[DE], TOKENS) == (hidden.id,)
    assert tokens_total(state, DE) == 2 and tokens_free(state, DE) == 1
    assert state.state_hash() != before
    copy = state.clone()
    assert side_field(copy.sides[DE], TOKENS) == (hidden.id,) and copy.state_hash() == state.state_hash()
    assert not conceal_offers(state)  # nothing else eligible: the unit seen stays seen
    # concealed: never a target
    move_to(state, rifle, state.bf.square("H3"))
    assert all(a.target != hidden.id for a in fire_actions(state, rifle, moving=False))


def test_a_spotted_unit_gives_its_concealed_token_back() -> None:
    state, names = supply_position()
    hidden, rifle = state.units[names["hidden"]], state.units[names["r"]]
    apply(state, conceal_offers(state)[0], check=True)
    move_to(state, rifle, state.bf.square("F3"))  # next to the wood's edge: within 2 squares, clear sight
    state.events = []
    spot(state, rifle)
    assert not hidden.concealed and hidden.alive
    assert [e.kind for e in state.events] == ["revealed", "concealed-token-free"]
    assert side_field(state.sides[DE], TOKENS) == () and tokens_free(state, DE) == 2


def test_an_ineligible_unit_cannot_take_a_concealed_token() -> None:
    state, names = supply_position()
    seen, hidden = state.units[names["seen"]], state.units[names["hidden"]]
    with pytest.raises(IllegalAction):
        apply(state, Action("token", unit=seen.id, mode=CONCEALED))
    hidden.activated = True  # an Activated marker: it cannot move, so cannot turn over
    assert not conceal_offers(state)


def test_no_free_token_no_offer() -> None:
    state, names = supply_position()
    state.sides[DE].equipment[(-1, "concealed")] = 0
    assert not conceal_offers(state)


def test_the_greedy_player_conceals_an_eligible_unit_before_ending_its_supply() -> None:
    state, names = supply_position()
    for n in ("hidden", "seen"):
        state.units[names[n]].supply_moved = True  # both have made their supply move
    actions = legal_actions(state)
    assert {a.kind for a in actions} == {"token", "end"}
    choice = GreedyPlayer(1, DE).choose(state, actions)
    assert choice.kind == "token" and choice.unit == names["hidden"]


# --- Infiltration ---------------------------------------------------------------------------


def test_infiltration_gives_the_tile_scout_6_and_concealed_tokens() -> None:
    armies = [US_TRICKY[:2], [{"tile": "de-platoon"}, {"unit": "de-scouts"},
                               {"option": "de-infiltration", "on": "de-platoon"}]]
    state = Rules.new_game(fixture_pack(), "skirmish", seed=5, armies=armies)
    platoon = [u for u in state.units if u.st.profile.id == "de-grenadiers"]
    assert platoon and all(u.ability("scout") == 6 for u in platoon)
    scouts = next(u for u in state.units if u.st.profile.id == "de-scouts")
    assert scouts.ability("scout") == 2  # not of the tile: its own Scout 2 only
    zone = state.bf.area_squares("A7:L8")
    for u in platoon:
        assert min(state.bf.distance(u.sq, z) for z in zone) <= 6
        for _, sq, _, _, _ in state.static.objectives:
            assert u.sq != sq and u.sq not in state.bf.adjacent(sq)
    assert tokens_total(state, DE) == 2 and state.static.has_ambush


def test_the_options_are_registered_and_no_longer_in_the_catalogue() -> None:
    for key in ("tricky", "concealed", "infiltration"):
        m = get("option", key)
        assert m is not None and m.status == "partial" and m.missing
