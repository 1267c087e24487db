"""Decoy counters on the battlefield (002 Solo Mode, 2.4 Anonymous Unit Counters,
2.5 Deployment, 3.2 Reveal a Concealed Unit; glossary: Decoy Unit).

One decoy joins the stack of anonymous and numbered counters for every three of them
(eight at most: builder.systems.heroes.engine.solo_mode.forces) and is deployed face down with them.
Each becomes an engine unit (``UnitStatic.decoy``, made with builder.systems.heroes.engine.decoys'
helpers, as the core rules' Ruse tokens are) at set-up: its one face copies the movement, defence and weapons of an anonymous unit
of the stack drawn at random, so that neither side's players can tell it from the
other concealed counters by reading its values; it carries no stars and no
abilities, and the engine never lets it fire, assault or throw anything.

They are made off the battlefield and deployed with the stack they belong to
(builder.systems.heroes.engine.solo_mode.deployment: staggered rows in the AI's zone, or by the arrow
squares during play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine.ambush import revealed_face
from builder.systems.heroes.engine.decoys import add_decoy, decoy_static

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules, SoloState
    from builder.systems.heroes.engine.state import GameState

DECOY_ID = "solo-decoy"


def make_decoys(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Make the stack's decoy counters, face down and off the battlefield; returns their
    unit ids. Each copies the shown face of a counter of the stack drawn at random."""
    stack = solo.forces.bagged + solo.forces.particular
    models = [state.units[uid] for uid in stack if state.units[uid].st.profile.footprint == 1] or \
        [state.units[uid] for uid in stack]
    if not models or solo.forces.decoys == 0:
        return []
    made: list[int] = []
    for _ in range(solo.forces.decoys):
        model = models[solo.rng.below(len(models))]
        u = add_decoy(state, rules.ai, decoy_static(model.st.profile, revealed_face(model), DECOY_ID, "Decoy Unit"))
        u.facing = model.facing
        made.append(u.id)
    return made
