"""The Trap tactical bonus: every unit next to the token takes a hit with the
combat values printed on it (002 Solo Mode, Set Up > Tactical Bonus Descriptions >
Trap). The printed values were lost in transcription; the content's are placeholders.

The hit is an attack with no firer, resolved like a blast (builder.systems.heroes.engine.features.blast):
the token's combat value against the unit's defence type, the terrain bonus for
infantry, a heavy vehicle's side defence; no range, sight or suppression terms. A
hidden counter is turned over first: the Trap is no shot aimed at it but a charge
going off under it (an anonymous AI counter taking the token shows its unit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine.ambush import reveal
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import ShotPlan, resolve_shot
from builder.systems.heroes.engine.terms import Term

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState
    from builder.systems.heroes.engine.state import UnitState

RULE = "002 Solo Mode, Tactical Bonus Descriptions > Trap"
TERRAIN = "000 core rules, Terrain and Terrain Overlays > Defense"


def trap_plan(state: "GameState", target: "UnitState", combat: object) -> ShotPlan:
    """The Trap's attack on one unit (``combat`` has infantry / light_vehicle /
    heavy_vehicle values, 'X' where it cannot attack)."""
    plan = ShotPlan(-1, target.id, -1, "trap", target_sq=target.sq)
    face = target.st.profile.faces[target.face]
    dtype = face.defence_type
    value = getattr(combat, dtype, "X") if dtype else "X"
    if value == "X":
        plan.ok, plan.reason = False, f"the trap shows X against {str(dtype).replace('_', ' ')} defence"
        return plan
    if target.st.profile.type == "heavy_vehicle" and isinstance(face.defence, tuple):
        plan.defence, plan.defence_label = face.defence[1], "side defence"
    else:
        plan.defence, plan.defence_label = int(face.defence or 0), "defence"  # type: ignore[arg-type]
    terrain = state.static.bf.terrain[target.sq]
    if target.is_infantry and terrain.defence_bonus:
        plan.defence_terms.append(Term(terrain.defence_bonus, f"{terrain.id} at {state.static.bf.name(target.sq)}",
                                       TERRAIN))
    plan.terms.append(Term(int(value), f"trap vs {(dtype or 'no defence').replace('_', ' ')}", RULE, bonus=True))
    return plan


def spring(state: "GameState", square: int, combat: object) -> int:
    """Every unit on or next to ``square`` (either side's) takes the Trap's hit;
    returns the number of units attacked."""
    bf = state.static.bf
    seen: list[int] = []
    for sq in (square, *bf.adjacent(square)):
        uid = state.occ[sq]
        if uid >= 0 and uid not in seen:
            seen.append(uid)
    state.events.append(Event("trap", {"square": square, "units": list(seen)}))
    attacked = 0
    for uid in seen:
        u = state.units[uid]
        if not u.alive or u.wreck:
            continue
        reveal(state, u, "trap")
        if not u.alive:
            continue  # a decoy turned over leaves the map (builder.systems.heroes.engine.decoys)
        plan = trap_plan(state, u, combat)
        if plan.ok:
            resolve_shot(state, plan)
            attacked += 1
    return attacked
