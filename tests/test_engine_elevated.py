"""Line of sight from an Elevated Position (003 Battle for Normandy, Battlefield >
Elevated Positions, examples A-D), traced from the Flak 88's red dot on the Rauray
heights in Trading Blows, and by units standing on elevated squares.
builder/systems/heroes/board/elevation.py."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.army.model import ArmyList, SlotChoice, TileEntry
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.board.elevation import high_sight, levels
from builder.systems.heroes.board.los import trace

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(BFN)


# The German army: infantry and a Kubelwagen, the vehicle of example A
GERMANS = ArmyList(name="elevated examples", faction="de", points=185, tiles=[
    TileEntry(tile="de-regiment-304", options=[SlotChoice(slot=1, option="de-kubelwagen")])])


def empty_trading_blows():  # type: ignore[no-untyped-def]
    """Trading Blows with every unit taken off the battlefield."""
    state = Rules.new_game(bfn(), "trading-blows", seed=2, armies=[None, GERMANS])
    for u in state.units:
        for s in state.squares_of(u):
            state.set_occupant(s, -1)
        u.sq = -1
    return state


def put(state, uid: int, sq: int) -> None:  # type: ignore[no-untyped-def]
    u = state.units[uid]
    u.sq = sq
    state.set_occupant(sq, uid)


def lines_from_the_dot(state):  # type: ignore[no-untyped-def]
    """(target square, squares crossed) of the lines from the red dot down to ground squares
    that cross no other square of the crest, longest first."""
    bf, level = state.static.bf, levels(state.static.bf)
    dot = bf.square("AC3")
    out = []
    for b in range(bf.size):
        crossed, _ = trace(bf, dot, b)
        if level[b] == 0 and len(crossed) >= 3 and all(level[s] < level[dot] for s in crossed):
            out.append((b, crossed))
    return dot, sorted(out, key=lambda x: (-len(x[1]), x[0]))


def test_the_red_dot_is_an_elevated_position() -> None:
    state = empty_trading_blows()
    assert levels(state.static.bf)[state.static.bf.square("AC3")] == 2


def test_infantry_never_blocks_an_elevated_line_but_a_vehicle_right_before_the_target_does() -> None:
    """Example D, then A: a vehicle is an obstacle only for the square directly after it."""
    state = empty_trading_blows()
    dot, lines = lines_from_the_dot(state)
    bf = state.static.bf
    b, crossed = next((b, c) for b, c in lines if all(not bf.terrain[s].blocks_los and not bf.terrain[s].obscures
                                                      for s in c))
    infantry = next(u for u in state.units if u.is_infantry)
    vehicle = next(u for u in state.units if u.is_vehicle)
    put(state, infantry.id, crossed[-1])
    assert high_sight(state, dot, b).kind == "clear"
    state.set_occupant(crossed[-1], -1)
    put(state, vehicle.id, crossed[1])  # far from the target: the squares beyond are not affected (C)
    assert high_sight(state, dot, b).kind == "clear"
    state.set_occupant(crossed[1], -1)
    put(state, vehicle.id, crossed[-1])  # directly before the target (A)
    assert high_sight(state, dot, b).kind == "blocked"


def test_an_obscuring_element_counts_only_directly_before_the_target() -> None:
    """Examples A and C with terrain: the same element hinders the square right after it,
    not a square further on."""
    state = empty_trading_blows()
    dot, lines = lines_from_the_dot(state)
    bf = state.static.bf
    hindered = [(b, c) for b, c in lines if bf.terrain[c[-1]].obscures and not bf.terrain[c[-1]].blocks_los
                and not any(bf.terrain[s].blocks_los or bf.terrain[s].obscures for s in c[:-1])]
    assert hindered, "no line from the red dot ends behind an obscuring square"
    b, crossed = hindered[0]
    seen = high_sight(state, dot, b)
    assert seen.kind == "obscured" and seen.penalty == bf.terrain[crossed[-1]].obscures
    obstacle = [(b2, c2) for b2, c2 in lines
                if any(bf.terrain[x].blocks_los or bf.terrain[x].obscures for x in c2[:-1])
                and not (bf.terrain[c2[-1]].blocks_los or bf.terrain[c2[-1]].obscures)]
    assert obstacle, "no line from the red dot crosses an obstacle further back"
    assert high_sight(state, dot, obstacle[0][0]).kind == "clear"  # squares beyond are not affected (C)


def test_looking_down_across_the_crest_is_blocked() -> None:
    state = empty_trading_blows()
    bf, level = state.static.bf, levels(state.static.bf)
    dot = bf.square("AC3")
    across = next(b for b in range(bf.size) if level[b] == 0
                  and any(level[s] >= level[dot] for s in trace(bf, dot, b)[0]))
    assert "steep down-angle" in high_sight(state, dot, across).blocker
