"""Objective control (000 core rules, Setup > Victory Conditions: only infantry
control objectives; the Scenario booklet's control and contest, as read here).

A side's infantry on the objective's square or next to it (not across a
no-passage symbol) is present there. Present alone: that side controls it.
Both sides present: contested, no one controls it. No one present: the last
controller keeps it (the owner at the start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState


def presence(state: "GameState", sq: int) -> set[int]:
    bf = state.static.bf
    sides = set()
    for s in (sq, *bf.adjacent(sq)):
        o = state.occ[s]
        if o >= 0:
            u = state.units[o]
            if u.type == "infantry" and u.active and not u.st.decoy:  # a decoy is no unit (engine.decoys)
                sides.add(u.side)
    return sides


def update_control(state: "GameState") -> list[int]:
    """Recompute control after a round; returns it (side index or -1 per objective)."""
    for i, (_, sq, _, _, _) in enumerate(state.static.objectives):
        here = presence(state, sq)
        if len(here) == 1:
            state.control[i] = next(iter(here))
        elif len(here) > 1:
            state.control[i] = -1
    return state.control


def objective_control(state: "GameState") -> dict[str, str | None]:
    """Objective id -> controlling side id (None: nobody), evaluation helper."""
    ids = state.side_ids
    current = state.control[:]
    for i, (_, sq, _, _, _) in enumerate(state.static.objectives):
        here = presence(state, sq)
        if len(here) == 1:
            current[i] = next(iter(here))
        elif len(here) > 1:
            current[i] = -1
    return {o[0]: (ids[c] if c >= 0 else None) for o, c in zip(state.static.objectives, current)}
