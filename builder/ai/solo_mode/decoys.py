"""Decoy counters on the battlefield (002 Solo Mode, 2.4 Anonymous Unit Counters,
2.5 Deployment, 3.2 Reveal a Concealed Unit; glossary: Decoy Unit).

One decoy joins the stack of anonymous and numbered counters for every three of them
(eight at most: builder.ai.solo_mode.forces) and is deployed face down with them.
Each becomes an engine unit (``UnitStatic.decoy``, made with builder.engine.decoys'
helpers, as the core rules' Ruse tokens are) at set-up: its one face copies the movement, defence and weapons of an anonymous unit
of the stack drawn at random, so that neither side's players can tell it from the
other concealed counters by reading its values; it carries no stars and no
abilities, and the engine never lets it fire, assault or throw anything.

Deployment, as 2.5 asks of the stack: along the AI's front line (the zone's squares
nearest the player's units first), in terrain with a defence bonus where possible,
preferably one square apart from the AI's other counters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.ambush import revealed_face
from builder.engine.decoys import add_decoy, decoy_static
from builder.engine.setup import place_somewhere

if TYPE_CHECKING:
    from builder.ai.solo_mode.rules import SoloModeRules, SoloState
    from builder.engine import GameState

DECOY_ID = "solo-decoy"


def front_squares(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Free squares of the AI's zone, the front line first: nearest the player's
    units, terrain with a defence bonus before open ground, squares not next to an
    AI counter before the rest; ties in the Solo stream's order."""
    bf = state.static.bf
    enemies = [u.sq for u in state.units if u.side == rules.player and u.sq >= 0]
    squares = [sq for sq in dict.fromkeys(solo.zone) if state.occ[sq] < 0 and bf.enterable(sq, "infantry", False)]
    solo.rng.shuffle(squares)

    def key(sq: int) -> tuple[int, int, int]:
        front = min((bf.distance(sq, e) for e in enemies), default=0)
        crowded = any(state.occ[n] >= 0 and state.units[state.occ[n]].side == rules.ai for n in bf.adjacent(sq))
        return (int(crowded), 0 if bf.terrain[sq].defence_bonus else 1, front)

    squares.sort(key=key)
    return squares


def deploy_decoys(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Make the stack's decoy counters and deploy them face down; returns their unit ids
    (fewer than the stack calls for when the zone has no free square left)."""
    stack = solo.forces.bagged + solo.forces.particular
    models = [state.units[uid] for uid in stack if state.units[uid].st.profile.footprint == 1] or \
        [state.units[uid] for uid in stack]
    if not models or solo.forces.decoys == 0:
        return []
    made: list[int] = []
    for _ in range(solo.forces.decoys):
        squares = front_squares(state, rules, solo)
        if not squares:
            break
        model = models[solo.rng.below(len(models))]
        u = add_decoy(state, rules.ai, decoy_static(model.st.profile, revealed_face(model), DECOY_ID, "Decoy Unit"))
        if not place_somewhere(state, u, squares[:1], model.facing):
            state.units.pop()
            state.static.units.pop()
            break
        made.append(u.id)
    return made
