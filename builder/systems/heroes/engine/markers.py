"""Markers scenario effects, danger tiles and reaction cards put on units, kept in
the game state (the rule field :data:`MARKERS`: ``(unit, marker, count)`` triples, an
immutable tuple shared by clones until it changes; hashed only when not empty).

- ``life_point``: discarded to cancel a hit just taken, two for a kill shot; a hit
  stands for each marker missing (002 Solo Mode, Life Points). Engine state, so the
  core rules (a two-player game of a Solo scenario) honour them as the Solo game mode
  does (:meth:`builder.systems.heroes.engine.rules.Rules.hits_taken`).
- ``avert_suppression``: discarded to cancel one Suppressed marker placed on the unit;
  the engine always discards it when a marker is placed (002 Solo Mode, Family
  Meeting 2, roll table result A).
- ``opportunity_fire``: the unit may take opportunity fire while not activated,
  wherever it stands; discarded once that fire is resolved, the unit being marked
  activated (result B; builder/systems/heroes/engine/opportunity.py).
- ``defence_bonus``: +1 to the unit's defence; discarded once a shot has been
  resolved against it (result C; builder/systems/heroes/engine/firing.py).
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.kernel.events import Event
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
from builder.systems.heroes.engine.terms import Term

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

LIFE_POINT = "life_point"
AVERT_SUPPRESSION = "avert_suppression"
OPPORTUNITY_FIRE = "opportunity_fire"
DEFENCE_BONUS = "defence_bonus"
R_LIFE = "002 Solo Mode, Life Points"
R_EVENTS = "002 Solo Mode, Scenarios > Family Meeting - Chapter 2, roll table"

MARKERS: Final[RuleField[tuple[tuple[int, str, int], ...]]] = declare_field("markers", __name__, key=key_rows)
"""The markers on units: sorted ``(unit, marker, count)`` triples (``MARKERS in
state.rule_fields``: some unit has one, the cheap test of the hot paths)."""


def count(state: "GameState", uid: int, marker: str) -> int:
    """How many ``marker`` markers unit ``uid`` has."""
    for u, m, n in rule_field(state, MARKERS):
        if u == uid and m == marker:
            return n
    return 0


def add(state: "GameState", uid: int, marker: str, n: int = 1) -> None:
    """Put ``n`` more ``marker`` markers on unit ``uid``."""
    if n <= 0:
        return
    total = count(state, uid, marker) + n
    rest = tuple(t for t in rule_field(state, MARKERS) if not (t[0] == uid and t[1] == marker))
    set_rule_field(state, MARKERS, tuple(sorted(rest + ((uid, marker, total),))))
    state.events.append(Event("marker", {"unit": uid, "marker": marker, "count": n}))


def spend(state: "GameState", uid: int, marker: str, wanted: int) -> int:
    """Discard up to ``wanted`` ``marker`` markers of unit ``uid``; returns how many."""
    have = count(state, uid, marker)
    spent = min(have, wanted)
    if spent <= 0:
        return 0
    rest = tuple(t for t in rule_field(state, MARKERS) if not (t[0] == uid and t[1] == marker))
    set_rule_field(state, MARKERS, tuple(sorted(rest + ((uid, marker, have - spent),) if have > spent else rest)))
    state.events.append(Event("marker-discarded", {"unit": uid, "marker": marker, "count": spent}))
    return spent


def clear_unit(state: "GameState", uid: int) -> None:
    """A unit leaving the game loses its markers."""
    set_rule_field(state, MARKERS, tuple(t for t in rule_field(state, MARKERS) if t[0] != uid))


def life_points_spent(state: "GameState", unit: "UnitState", hits: int) -> int:
    """Life points the unit discards against ``hits`` just taken (002 Solo Mode,
    Life Points: one per hit, two for a kill shot)."""
    spent = spend(state, unit.id, LIFE_POINT, hits)
    for _ in range(spent):
        state.events.append(Event("life-point", {"unit": unit.id}))
    return spent


def averted(state: "GameState", unit: "UnitState", placed: int) -> int:
    """Suppressed markers of ``placed`` that avert-suppression markers cancel."""
    return spend(state, unit.id, AVERT_SUPPRESSION, placed)


def defence_terms(state: "GameState", target: "UnitState") -> list[Term]:
    """+1 defence per defence-bonus marker on the target."""
    n = count(state, target.id, DEFENCE_BONUS)
    return [Term(n, "defence bonus marker", R_EVENTS)] if n else []


def fired_at(state: "GameState", target: "UnitState") -> None:
    """A shot has been resolved against the target: its defence-bonus markers go."""
    n = count(state, target.id, DEFENCE_BONUS)
    if n:
        spend(state, target.id, DEFENCE_BONUS, n)
