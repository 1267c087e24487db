"""Objective control (000 core rules, Setup > Victory Conditions: only infantry
control objectives; the Scenario booklet's control and contest, as read here).

A side's infantry on the objective's square or next to it (not across a
no-passage symbol) is present there. Present alone: that side controls it.
Both sides present: contested, no one controls it. No one present: the last
controller keeps it (the owner at the start).

An objective a scenario places during the game (``placed: false``; 003 Campaign >
1 Trading Blows, 2 Charge of the Light Brigade) is off the battlefield until a
``place_objective`` effect puts it there (builder/systems/heroes/engine/features/placed_objectives.py):
until then nobody controls it, and no presence counts. The rule field ``objectives_placed``
(declared here, where control is settled) holds the indexes of those put on the battlefield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from builder.systems.heroes.engine.state import RuleField, declare_field, rule_field
from builder.systems.heroes.engine.derived import Derived, derived

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

PLACED: Final[RuleField[tuple[int, ...]]] = declare_field("objectives_placed", __name__)


def _placed_later(state: "GameState") -> frozenset[int]:
    return frozenset(i for i, o in enumerate(state.static.scenario.objectives) if not o.placed)


_PLACED_LATER: Final = Derived("objectives: the objectives the scenario places later", _placed_later)


def off_map(state: "GameState") -> frozenset[int]:
    """Indexes of the objectives not on the battlefield now: placed later by the scenario
    and not yet put there."""
    later = derived(state, _PLACED_LATER)
    if not later:
        return later
    return later - frozenset(rule_field(state, PLACED))


def on_map(state: "GameState") -> list[int]:
    """Indexes of the objectives on the battlefield now (what players may go for)."""
    gone = off_map(state)
    return [i for i in range(len(state.static.objectives)) if i not in gone]


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
    gone = off_map(state)
    for i, (_, sq, _, _, _) in enumerate(state.static.objectives):
        if i in gone:
            continue
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
    gone = off_map(state)
    for i, (_, sq, _, _, _) in enumerate(state.static.objectives):
        if i in gone:
            continue
        here = presence(state, sq)
        if len(here) == 1:
            current[i] = next(iter(here))
        elif len(here) > 1:
            current[i] = -1
    return {o[0]: (ids[c] if c >= 0 else None) for o, c in zip(state.static.objectives, current)}
