"""Ambush: concealed counters and spotting (000 core rules, Special Abilities >
Ambush).

A unit on its concealed side cannot be targeted and does not block lines of
sight. It is spotted (turned to its revealed side) by an enemy infantry or light
vehicle with a clear line of sight to it, from at most 2 squares when it stands in
a terrain element or overlay; heavy vehicles cannot spot. The check runs after
each move between the mover and the enemy units, from the square it ends on (the
rule checks every square of the move: partial). A concealed unit that fires or assaults, or is assaulted, is
revealed first. A decoy counter revealed leaves the map (builder.systems.heroes.engine.decoys); a
unit concealed by a Concealed token gives it back (builder.systems.heroes.engine.features.concealment).
Units with Ambush turn over with a move of 0 squares (``move`` with mode ``ambush``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import steps
from builder.kernel.events import Event
from builder.systems.heroes.board.los import CLEAR, sight_kind
from builder.systems.heroes.engine.decoys import discard

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

SPOTTERS = ("infantry", "gun", "light_vehicle")


def revealed_face(u: "UnitState") -> int:
    for i, f in enumerate(u.st.profile.faces):
        if f.role != "concealed":
            return i
    return u.face


def concealed_face(u: "UnitState") -> int:
    for i, f in enumerate(u.st.profile.faces):
        if f.role == "concealed":
            return i
    return -1


def reveal(state: "GameState", u: "UnitState", why: str) -> None:
    """Turn a concealed counter over; a decoy revealed is discarded (builder.systems.heroes.engine.decoys)."""
    if not u.concealed:
        return
    if u.st.decoy:
        discard(state, u, why)
        return
    u.concealed = False
    if u.st.profile.faces[u.face].role == "concealed":  # a unit hidden without a concealed side keeps its face
        u.face = revealed_face(u)
    state.events.append(Event("revealed", {"unit": u.id, "why": why}))
    if state.sides[u.side].rule_fields:  # a side's rule may hold a token on the unit (a Concealed token)
        steps.token_back(state, u)


def flip(state: "GameState", u: "UnitState") -> None:
    """Turn an Ambush unit over: to its concealed side, or back."""
    if u.concealed:
        reveal(state, u, "turned over")
        return
    face = concealed_face(u)
    if face >= 0:
        u.face, u.concealed = face, True
        state.events.append(Event("concealed", {"unit": u.id}))


def in_cover(state: "GameState", sq: int) -> bool:
    t = state.static.bf.terrain[sq]
    return state.static.bf.area[sq] >= 0 or bool(t.defence_bonus or t.obscures or t.blocks_los or t.difficult)


def spots(state: "GameState", spotter: "UnitState", hidden: "UnitState") -> bool:
    bf = state.static.bf
    if spotter.st.profile.type not in SPOTTERS or spotter.concealed or not spotter.active:
        return False
    near = in_cover(state, hidden.sq)
    for a in state.squares_of(spotter):
        if near and bf.distance(a, hidden.sq) > 2:
            continue
        if sight_kind(state, a, hidden.sq, spotter, hidden) == CLEAR:
            return True
    return False


def spot(state: "GameState", mover: "UnitState") -> None:
    """After ``mover``'s move: reveal it if an enemy now spots it, or the concealed
    enemies it spots (the rule checks the squares of the concealed unit's move or
    of the enemy's)."""
    if not mover.active:
        return
    if mover.concealed:
        for e in state.units:
            if e.side != mover.side and spots(state, e, mover):
                reveal(state, mover, f"spotted by unit {e.id}")
                return
        return
    if mover.st.profile.type not in SPOTTERS:
        return
    for h in state.units:
        if h.concealed and h.side != mover.side and h.active and spots(state, mover, h):
            reveal(state, h, f"spotted by unit {mover.id}")
