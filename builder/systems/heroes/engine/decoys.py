"""Decoy counters: face-down counters that stand for no unit (002 Solo Mode, 2.4
Anonymous Unit Counters and the glossary's Decoy Unit; 000 core rules, Character
Traits > Tricky, whose Ruse tokens work the same way).

While face down a decoy is a concealed infantry counter like any other: it stands on
its square (stacking, movement and zones of control treat it as a concealed enemy
infantry counter), cannot be targeted by shots or blast patterns (000 core rules,
Special Abilities > Ambush) and can be assaulted. It never fires, assaults or
throws anything: it has nothing to do but move. Once revealed (spotted, assaulted,
picked by an effect or activated) its counter is discarded: it leaves the map with
a ``decoy-revealed`` event and no loss is counted (no victory points, no breaking
point, no "destroyed unit"), since no unit was lost.

Because it is no unit, a decoy neither controls nor contests an objective (only
infantry units do: 000 core rules, Setup > Victory Conditions) and does not keep a
side in the game (a side left with decoys only has no units).

A decoy is a unit of ``state.units`` whose static part has ``decoy`` set. Its
profile copies one face of a real counter (:func:`decoy_profile`), so that what the
opponent reads on it is what a real counter shows; the core rules deploy the
Tricky trait's Ruse tokens at set-up (builder.systems.heroes.engine.features.ruses), the Solo Mode its
decoy counters (builder.systems.heroes.engine.solo_mode.decoys), both through :func:`add_decoy`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.kernel.events import Event
from builder.systems.heroes.engine.state import INFANTRY, NO_ORDER, UnitState, UnitStatic

if TYPE_CHECKING:
    from builder.systems.heroes.engine.profiles import UnitProfile
    from builder.systems.heroes.engine.state import GameState

DECOY_REVEALED = "decoy-revealed"


SHOWN = "shown_abilities"
"""Key of a decoy profile's ``extra``: the abilities printed on the face it copies."""


def decoy_profile(model: "UnitProfile", face: int, id: str, name: str) -> "UnitProfile":
    """A one-sided 1-square profile showing what face ``face`` of ``model`` shows,
    with no stars. The abilities the face shows are kept apart (``extra[SHOWN]``,
    read by :func:`shown_abilities`): the engine gives the decoy none to use (it has
    nothing to do but move), while a reader of the counter sees them."""
    shown = model.faces[face]
    return replace(model, id=id, name=name, footprint=1, extra={SHOWN: dict(shown.abilities)},
                   faces=(replace(shown, stars=0, abilities={}),))


def shown_abilities(u: "UnitState") -> dict[str, int]:
    """The abilities a counter shows: a decoy's copied face's (002 Solo Mode, 2.4
    Anonymous Unit Counters: a decoy must not be told from the others by reading it),
    any other unit's current face's."""
    if u.st.decoy:
        shown: dict[str, int] = u.st.profile.extra.get(SHOWN, {})
        return shown
    return u.st.profile.faces[u.face].abilities


def decoy_static(model: "UnitProfile", face: int, id: str, name: str) -> UnitStatic:
    """The static part of a decoy counter copying ``model``'s face ``face``: in no
    group or tile, so no loss or breaking point can ever count it."""
    return UnitStatic(decoy_profile(model, face, id, name), {}, -1, -1, decoy=True)


def add_decoy(state: "GameState", side: int, st: UnitStatic) -> UnitState:
    """A new face-down decoy unit of ``side`` in the game (off the map: the caller
    deploys it, or pops it from ``state.units`` and ``static.units`` if it cannot)."""
    u = UnitState(len(state.units), side, st)
    u.concealed = True
    state.static.units.append(st)
    state.units.append(u)
    state.static.derived.forget(INFANTRY)  # the side's infantry list now has the decoy too
    return u


def discard(state: "GameState", u: "UnitState", why: str) -> None:
    """Turn the decoy over and take it off the map; nothing is counted as lost."""
    for sq in state.squares_of(u):
        if state.occ[sq] == u.id:
            state.set_occupant(sq, -1)
    u.concealed = False
    u.alive = False
    u.order = NO_ORDER
    state.events.append(Event(DECOY_REVEALED, {"unit": u.id, "square": u.sq, "why": why}))
    u.sq = -1
