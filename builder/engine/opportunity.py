"""Opportunity fire (000 core rules, Terrain and Terrain Overlays > Opportunity
Fire; Special Abilities > Opportunity Fire).

During the activation phase only, an infantry unit not yet activated (by a revealed
order or an Activated marker), standing on terrain with the opportunity-fire
symbol, may fire at an enemy whose move crosses its clear or obscured line of
sight. It then loses its order token and takes an Activated marker; the mover does
not stop. The engine applies the move, then offers the moving side's opponent a
pending choice: one ``opfire`` per eligible unit and weapon, at the square of the
path where that shot is best for it, or ``pass``. Not offered during assault moves.
A unit whose current side shows Opportunity Fire fires too; Overwatch (003, granted
by an option) counts as always on its active side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.actions import Action
from builder.engine.events import Event
from builder.engine.firing import plan_one, resolve_shot, weapon_usable
from builder.engine.state import NO_ORDER

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState

OPFIRE = "opfire"


def may_opportunity_fire(state: "GameState", u: "UnitState") -> bool:
    """Infantry not yet activated, on opportunity-fire terrain or showing the
    Opportunity Fire ability (or Overwatch, 003, which grants it)."""
    if not (u.active and u.is_infantry and not u.activated and not u.acted and u.id != state.current
            and not u.concealed):
        return False
    return (state.static.bf.terrain[u.sq].opportunity_fire or u.ability("opportunity-fire") is not None
            or u.ability("overwatch") is not None)


def watchers(state: "GameState", mover: "UnitState") -> bool:
    """Is any enemy of ``mover`` able to take an opportunity shot at all?"""
    return state.phase == "activation" and any(
        u.side != mover.side and may_opportunity_fire(state, u) for u in state.units)


def best_shots(state: "GameState", mover: "UnitState", path: list[int]) -> list[Action]:
    out = []
    for u in state.units:
        if u.side == mover.side or not may_opportunity_fire(state, u):
            continue
        for wi, _ in enumerate(u.st.profile.faces[u.face].weapons):
            if not weapon_usable(state, u, wi):
                continue
            best = None
            for sq in path:
                plan = plan_one(state, u, wi, mover, u.sq, sq)
                if plan.ok and (best is None or plan.need < best[0]):
                    best = (plan.need, sq)
            if best is not None:
                out.append(Action(OPFIRE, unit=u.id, weapon=wi, target=mover.id, square=best[1]))
    return out


def offer(state: "GameState", mover: "UnitState", path: list[int]) -> None:
    """Queue the opponent's opportunity-fire choice after ``mover``'s move."""
    if state.phase != "activation" or not path or not mover.active or mover.concealed:
        return
    shots = best_shots(state, mover, path)
    if shots:
        codes = tuple((a.unit << 24) | (a.weapon << 16) | a.square for a in shots)
        state.pending.append((OPFIRE, 1 - mover.side, mover.id, codes, tuple(path)))


def choices(pending: tuple) -> list[Action]:  # type: ignore[type-arg]
    _, _, mover, codes, _ = pending
    acts = [Action(OPFIRE, unit=c >> 24, weapon=(c >> 16) & 0xFF, target=mover, square=c & 0xFFFF) for c in codes]
    acts.append(Action("pass"))
    return acts


def resolve(state: "GameState", pending: tuple, action: Action) -> None:  # type: ignore[type-arg]
    """Fire (then offer the remaining units again) or pass."""
    if action.kind == "pass":
        return
    mover, path = state.units[pending[2]], list(pending[4])
    firer = state.units[action.unit]
    plan = plan_one(state, firer, action.weapon, mover, firer.sq, action.square)
    state.events.append(Event("opportunity-fire", {"unit": firer.id, "target": mover.id, "square": action.square}))
    firer.activated = True
    firer.order = NO_ORDER
    resolve_shot(state, plan)
    offer(state, mover, path)
