"""Position files hold the support tiles in play (issue 27, item 4; 003 Battle for
Normandy, Recruitment Options > Support Tile): write, load, compare; what the engine
would not keep is a located E696."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine.features.support_tiles import PATTERN, SUPPORT, UNITS
from builder.systems.heroes.engine.state import rule_field
from builder.errors import InvalidInputError
from builder.systems.heroes.tools.position import PositionFile, position_state
from builder.systems.heroes.tools.position_write import position_data

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"


@pytest.fixture(scope="module")
def bfn() -> Any:
    return load_pack(BFN)


def _position(support: list[dict[str, Any]], phase: str = "orders", order: int | None = None) -> dict[str, Any]:
    """Trading Blows with a unit a side, written out as position_data writes it."""
    unit = {"facing": "n", "face": 0, "suppressed": 0, "activated": False, "concealed": False, "damage": [],
            "markers": {}}
    cw = {"name": "r1", "unit": "cw-rifle-section", "side": "cw", "at": "H6", **unit}
    if order is not None:
        cw["order"] = order
    return {
        "scenario": "trading-blows", "seed": 1, "turn": 1, "initiative": "cw",
        "orders": {"cw": 3, "de": 2}, "specials": {"cw": 0, "de": 0}, "bluffs": {"cw": 1, "de": 1}, "phase": phase,
        "units": [cw, {"name": "g1", "unit": "de-pak-40", "side": "de", "at": "AA5", **unit}],
        "options": [], "hands": {}, "decks": {},
        "smoke": [], "passages": [], "positions": [], "demolition": {}, "charges": [], "support": support}


def _load(pack: Any, data: dict[str, Any]) -> tuple[Any, dict[str, int]]:
    return position_state(pack, PositionFile.model_validate(data))


FLAK = {"side": "de", "tile": "de-support-flak-88", "at": "AE3", "uses": 2, "order": 2}
ARTILLERY = {"side": "cw", "option": "cw-artillery-support", "uses": 1}


def test_support_tiles_are_in_play_as_written(bfn: Any) -> None:
    state, _ = _load(bfn, _position([FLAK, ARTILLERY]))
    bf = state.static.bf
    assert rule_field(state, SUPPORT) == ((1, UNITS, "de-support-flak-88", 2, bf.square("AE3"), 2),
                                          (0, PATTERN, "cw-artillery-support", 1, -1, 0))
    assert 2 not in state.sides[1].to_place  # the token on the tile is not the units' to place


@pytest.mark.parametrize("rows", [
    [FLAK], [ARTILLERY], [FLAK, ARTILLERY], [dict(FLAK, uses=None)], [{k: v for k, v in FLAK.items() if k != "order"}],
])
def test_write_load_compare_round_trips_the_tiles(bfn: Any, rows: list[dict[str, Any]]) -> None:
    data = _position(rows)
    state, names = _load(bfn, data)
    written = position_data(state, names)
    assert written == copy.deepcopy(data)
    again, names2 = _load(bfn, written)
    assert position_data(again, names2) == written


def test_the_activation_phase_uses_the_tile_with_its_token(bfn: Any) -> None:
    """Written in the orders phase, the tile's token is used as the next Activation phase starts."""
    from builder.systems.heroes.engine.features.support_tiles import use

    state, _ = _load(bfn, _position([FLAK]))
    use(state)
    assert rule_field(state, SUPPORT)[0][3:] == (1, state.static.bf.square("AE3"), 0)
    assert any(e.kind == "support-fire" for e in state.events)


@pytest.mark.parametrize(("rows", "phase", "order", "code"), [
    ([dict(FLAK, tile="no-such-tile")], "orders", None, "E696"),
    ([{k: v for k, v in FLAK.items() if k != "at"}], "orders", None, "E696"),
    ([dict(FLAK, option="cw-artillery-support")], "orders", None, "E696"),
    ([dict(ARTILLERY, option="cw-rifle-section")], "orders", None, "E696"),
    ([FLAK], "activation", None, "E696"),
    ([dict(FLAK, order=3)], "orders", None, "E696"),
    ([dict(FLAK, side="fr")], "orders", None, "E696"),
    ([dict(FLAK, side="cw", order=1)], "orders", 1, "E671"),
])
def test_what_the_engine_would_not_keep_is_a_located_error(bfn: Any, rows: list[dict[str, Any]], phase: str,
                                                            order: int | None, code: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        _load(bfn, _position(rows, phase, order))
    assert code in [d.code for d in err.value.diagnostics]


def test_no_tile_in_play_is_written_too_where_the_scenario_brings_tiles_in(bfn: Any) -> None:
    """Trading Blows brings its tiles in on turn 1: an empty 'support' is kept as written,
    and a position without it keeps what the round's start put in play."""
    data = _position([])
    state, names = _load(bfn, data)
    assert rule_field(state, SUPPORT) == ()
    assert position_data(state, names)["support"] == []
    del data["support"]
    state, names = _load(bfn, data)
    written = position_data(state, names)
    assert written["support"]
    again, names2 = _load(bfn, written)
    assert position_data(again, names2) == written
