"""Smoke patterns on the battlefield (000 core rules, Recruitment Options >
Orders > Smoke; the pack's smoke barrage cards).

A smoke pattern lies on an intersection on its -4 side; every shot whose line
crosses it, or that is fired from or at a square under it, takes the penalty
(each pattern once). At the end of the Supply phase patterns already on their
-2 side go, the others turn to -2. The rule field :data:`SMOKE` holds them as
``(intersection, radius, penalty)``.
"""

from __future__ import annotations

from typing import Final, TYPE_CHECKING

from builder.kernel.events import Event
from builder.systems.heroes.board.intersections import pattern_squares
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
from builder.systems.heroes.engine.terms import Term

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

R_SMOKE = "000 core rules, Recruitment Options > Orders > Smoke"
FRESH, FADING = 4, 2
SMOKE: Final[RuleField[tuple[tuple[int, int, int], ...]]] = declare_field("smoke", __name__, key=key_rows)
"""The smoke patterns on the battlefield: ``(intersection, radius, penalty)``."""

_COVER: dict[tuple[int, int, int, int], frozenset[int]] = {}


def _covered(bf: object, i: int, radius: int) -> frozenset[int]:
    key = (bf.width, bf.height, i, radius)  # type: ignore[attr-defined]
    out = _COVER.get(key)
    if out is None:
        out = _COVER[key] = frozenset(pattern_squares(bf, i, radius))
    return out


def lay(state: "GameState", i: int, radius: int) -> None:
    """Place a smoke pattern on intersection ``i``, its -4 side up."""
    set_rule_field(state, SMOKE, rule_field(state, SMOKE) + ((i, radius, FRESH),))
    state.events.append(Event("smoke", {"at": i, "penalty": FRESH}))


def smoke_terms(state: "GameState", fsq: int, tsq: int, line: tuple[int, ...]) -> list[Term]:
    """The penalties of the smoke patterns a shot from ``fsq`` to ``tsq`` (crossing
    ``line``) leaves, enters or crosses."""
    bf = state.static.bf
    out = []
    for i, radius, penalty in rule_field(state, SMOKE):
        covered = _covered(bf, i, radius)
        if fsq in covered or tsq in covered or not covered.isdisjoint(line):
            out.append(Term(-penalty, f"smoke ({penalty})", R_SMOKE))
    return out


def fade(state: "GameState") -> None:
    """End of the Supply phase: -2 patterns go, -4 patterns turn to -2."""
    laid = rule_field(state, SMOKE)
    kept = tuple((i, r, FADING) for i, r, p in laid if p == FRESH)
    if len(kept) != len(laid):
        state.events.append(Event("smoke-gone", {"count": len(laid) - len(kept)}))
    set_rule_field(state, SMOKE, kept)
