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

A decoy is a unit of ``state.units`` whose static part has ``decoy`` set; its
profile is built by the variant that deploys it (builder.ai.solo_mode.decoys).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.events import Event
from builder.engine.state import NO_ORDER

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState

DECOY_REVEALED = "decoy-revealed"


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
