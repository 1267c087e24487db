"""Substitute (000 core rules, Special Abilities > Substitute).

When a heavy weapons unit (red outline) takes hits, its owner may have a unit
with Substitute at most 2 squares from it take them instead; not when the heavy
weapon is killed in an assault.

The engine does not ask the owner: the hits always go to a Substitute unit when
one stands close enough (the reading 002 Solo Mode, 4.1 Clarifications >
Bodyguard / Substitute gives the AI: the ability is used as soon as it can be).
The stand-in is the nearest (king-move distance, the engine's range), then the
lowest id; it must be of the weapon's side, on the battlefield, not a decoy,
and the weapon on the battlefield too. Each hit is judged on its own, before
Solo Mode life points (they protect the unit that takes the hit): a kill shot
goes to the stand-in whole; a hit of an assault (won against the weapon, or
lost by it) that would eliminate the weapon stays on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects import hooks
from builder.systems.heroes.engine.effects import register
from builder.kernel.events import Event

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

SUBSTITUTE = "substitute"
HEAVY_WEAPON = "heavy_weapon"  # the red outline
RULE = "000 core rules, Special Abilities > Substitute"
RANGE = 2
ASSAULT_HITS = frozenset({"assault", "lost assault"})  # the ``why`` of hits an assault inflicts (builder/systems/heroes/engine/assault.py)


def applies(state: "GameState", unit: "UnitState") -> bool:
    """Is ``unit`` a heavy weapon in a game where some unit has Substitute? (cheap)"""
    return unit.st.profile.outline == HEAVY_WEAPON and effects.in_game(state, hooks.SUBSTITUTE)


def stand_in(state: "GameState", weapon: "UnitState", hits: int, why: str) -> "UnitState":
    """The unit that takes ``hits`` (2: a kill shot) meant for heavy weapon
    ``weapon``: a Substitute unit nearby, or the weapon itself."""
    if weapon.sq < 0 or (why in ASSAULT_HITS and killed(weapon, hits)):
        return weapon
    distance = state.static.bf.distance
    best: "UnitState | None" = None
    best_d = RANGE + 1
    for u in state.units:
        if (u.side != weapon.side or u.id == weapon.id or not u.active or u.st.decoy
                or not any(f(state, u) for f in effects.hook_functions(state, u, hooks.SUBSTITUTE))):
            continue
        d = min(distance(weapon.sq, sq) for sq in state.squares_of(u))
        if d < best_d:
            best, best_d = u, d
    if best is None:
        return weapon
    state.events.append(Event("substituted", {"unit": best.id, "for": weapon.id, "hits": hits, "why": why}))
    return best


def killed(unit: "UnitState", hits: int) -> bool:
    """Would ``hits`` eliminate ``unit`` (each hit flips a counter that can take
    one, else eliminates it)?"""
    faces = unit.st.profile.faces
    face = unit.face
    while hits > 0 and faces[face].flips and face + 1 < len(faces):
        face += 1
        hits -= 1
    return hits > 0


register("ability", SUBSTITUTE, "Substitute", "partial", RULE,
         "the owner is not asked: the hits always go to the nearest Substitute unit within 2 squares "
         "(the Solo Mode AI's reading, 002 4.1); allied units of 3-4 player games are not asked",
         hooks=[hooks.SUBSTITUTE.by(lambda state, unit: True)])
