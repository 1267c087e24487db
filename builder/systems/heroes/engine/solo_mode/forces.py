"""The AI's forces in the Solo game mode (002 Solo Mode, Set Up > AI Units, Units Bag,
Anonymous Unit Counters, Reinforcements Bag).

The AI army splits into particular units (characters and counters larger than one
square), vehicles, scouts, and the combat-group infantry that goes into the units bag.
One anonymous counter stands for each bagged unit, one numbered anonymous counter for
each particular unit, and one decoy joins the stack for every three of those counters,
eight at most.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

MAX_DECOYS = 8


def decoys_for(counters: int) -> int:
    """Decoy counters added to a stack of ``counters`` anonymous and numbered counters."""
    return min(MAX_DECOYS, max(0, counters) // 3)


@dataclass
class Forces:
    """Engine unit ids of the AI side, sorted as the Solo Mode set-up sorts them."""

    particular: list[int] = field(default_factory=list)
    vehicles: list[int] = field(default_factory=list)
    scouts: list[int] = field(default_factory=list)
    bagged: list[int] = field(default_factory=list)
    # numbered anonymous counters: unit id -> its numbered marker (the stack's particular
    # units 1, 2...; then those put in the reinforcements bag)
    markers: dict[int, int] = field(default_factory=dict)

    @property
    def counters(self) -> int:
        """Anonymous plus numbered anonymous counters in the stack."""
        return len(self.bagged) + len(self.particular)

    @property
    def decoys(self) -> int:
        return decoys_for(self.counters)


def is_particular(unit: "UnitState", named: set[str]) -> bool:
    """A character (officer, hero) or a counter bigger than one square, or a unit the
    scenario names as particular."""
    p = unit.st.profile
    return p.id in named or p.outline in ("officer", "hero") or p.footprint > 1 or unit.type == "gun"


def sort_forces(state: "GameState", side: int, solo_notes: Any = None) -> Forces:
    """Sort the AI side's units; set-aside units (entering by scenario events) stay out."""
    named = set(getattr(solo_notes, "particular_units", []) or [])
    scouts = set(getattr(solo_notes, "scouts", []) or [])
    forces = Forces()
    for u in state.units:
        if u.side != side or not u.alive or u.st.set_aside or u.st.decoy:
            continue
        if u.is_vehicle:
            forces.vehicles.append(u.id)
        elif u.ability("scout") is not None or u.st.profile.id in scouts:
            forces.scouts.append(u.id)
        elif is_particular(u, named):
            forces.particular.append(u.id)
        else:
            forces.bagged.append(u.id)
    forces.markers = {uid: k for k, uid in enumerate(forces.particular, start=1)}
    return forces
