"""Support tiles entering play (003 Battle for Normandy, Recruitment Options > Support
Tile; Campaign > 1 Trading Blows: the Flak 88 fires from the red dot three times in the
game, the Royal Artillery's order sits on the Commonwealth tile; 5 Charon the Ferryman:
the Initiative order from turn 5). builder/systems/heroes/engine/features/support_tiles.py."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine.effects import get
from builder.systems.heroes.board.los import sight
from builder.systems.heroes.engine.state import rule_field, set_rule_field
from builder.systems.heroes.engine.features.support_tiles import PATTERN, SUPPORT, UNITS, place_orders, use

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(BFN)


def trading_blows():  # type: ignore[no-untyped-def]
    """Trading Blows as turn 1's orders phase begins, the tiles' tokens of turn 1 taken back."""
    state = Rules.new_game(bfn(), "trading-blows", seed=2)
    set_rule_field(state, SUPPORT, tuple((*e[:5], 0) for e in rule_field(state, SUPPORT)))
    return state


def flak(state):  # type: ignore[no-untyped-def]
    return next(e for e in rule_field(state, SUPPORT) if e[1] == UNITS)


def put_in_sight(state) -> int:  # type: ignore[no-untyped-def]
    """Move one Commonwealth infantry unit to the free square nearest the red dot that
    the red dot sees clearly; returns its id."""
    dot = flak(state)[4]
    bf = state.static.bf
    cw = next(u for u in state.units if u.side == 0 and u.active and u.is_infantry)
    squares = sorted((s for s in range(bf.size) if state.occ[s] < 0 and bf.enterable(s, cw.type, False)
                      and s != dot and sight(state, dot, s).kind == "clear"), key=lambda s: (bf.distance(dot, s), s))
    for s in state.squares_of(cw):
        state.set_occupant(s, -1)
    cw.sq = squares[0]
    state.set_occupant(cw.sq, cw.id)
    return cw.id


def hide_everyone(state) -> None:  # type: ignore[no-untyped-def]
    """Take every Commonwealth unit off the battlefield."""
    for u in state.units:
        if u.side == 0 and u.active:
            for s in state.squares_of(u):
                state.set_occupant(s, -1)
            u.sq = -1


def test_trading_blows_puts_both_support_tiles_in_play_on_turn_1() -> None:
    state = trading_blows()
    kinds = {(e[0], e[1], e[2], e[3]) for e in rule_field(state, SUPPORT)}
    assert kinds == {(0, PATTERN, "cw-artillery-support", 3), (1, UNITS, "de-support-flak-88", 3)}
    assert flak(state)[4] == state.static.bf.square("AC3")


def test_the_flak_takes_the_highest_numbered_order_and_fires_from_the_red_dot() -> None:
    state = trading_blows()
    target = put_in_sight(state)
    side = state.sides[1]
    side.to_place = [1, 2, 3, 4]
    set_rule_field(state, SUPPORT, tuple(e for e in rule_field(state, SUPPORT) if e[1] == UNITS))
    place_orders(state)
    assert side.to_place == [1, 2, 3] and flak(state)[5] == 4
    before = len(state.events)
    use(state)
    fired = [e for e in state.events[before:] if e.kind == "support-fire"]
    assert fired and fired[0].data["target"] == target and fired[0].data["uses_left"] == 2
    assert flak(state)[3:] == (2, state.static.bf.square("AC3"), 0)
    assert any(e.kind == "shot" for e in state.events[before:]), [e.kind for e in state.events[before:]]


def test_no_target_in_sight_no_order_is_spent() -> None:
    state = trading_blows()
    hide_everyone(state)
    set_rule_field(state, SUPPORT, tuple(e for e in rule_field(state, SUPPORT) if e[1] == UNITS))
    state.sides[1].to_place = [1, 2, 3]
    place_orders(state)
    assert state.sides[1].to_place == [1, 2, 3] and flak(state)[5] == 0


def test_three_uses_and_no_more() -> None:
    state = trading_blows()
    put_in_sight(state)
    set_rule_field(state, SUPPORT, tuple(e for e in rule_field(state, SUPPORT) if e[1] == UNITS))
    spent = 0
    for _ in range(5):
        state.sides[1].to_place = [1, 2, 3]
        place_orders(state)
        spent += flak(state)[5] != 0
        use(state)
        if not any(u.side == 0 and u.active for u in state.units):
            break
        put_in_sight(state)
    assert spent <= 3 and flak(state)[3] == 3 - spent


def test_the_royal_artillery_drops_its_pattern_near_an_enemy() -> None:
    state = trading_blows()
    set_rule_field(state, SUPPORT, tuple(e for e in rule_field(state, SUPPORT) if e[1] == PATTERN))
    state.sides[0].to_place = [1, 2, 3, 4, 5]
    place_orders(state)
    assert state.sides[0].to_place == [1, 2, 3, 4]
    before = len(state.events)
    use(state)
    blasts = [e for e in state.events[before:] if e.kind == "blast" and e.data["mode"] == "artillery-support"]
    assert blasts and blasts[0].data["at"] >= 0
    assert rule_field(state, SUPPORT)[0][3] == 2


def test_charon_grants_the_initiative_order_from_turn_5_copy_on_write() -> None:
    state = Rules.new_game(bfn(), "charon-the-ferryman", seed=1)
    assert "initiative" not in state.static.sides[0].keys
    twin = state.clone()
    from builder.systems.heroes.engine.scenario_events import effect
    eff = next(e for ev in state.static.scenario.events for e in ev.effects if e.do == "support_tile")
    effect(state, eff, "cw")
    assert "initiative" in state.static.sides[0].keys
    assert "initiative" not in twin.static.sides[0].keys  # the clone made before keeps its army


def test_coverage_lists_support_tiles_as_partial() -> None:
    module = get("scenario-rule", "support-tile")
    assert module is not None and module.status == "partial" and "red dot" in module.missing
    assert get("option", "artillery-support") is not None
