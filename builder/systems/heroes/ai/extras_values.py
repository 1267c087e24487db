"""What the greedy player makes of Passage tokens, Goliath detonations and the MG
nest (000 core rules, Recruitment Options > Equipment > Culling Hedgerow Cutter,
Goliath; Orders > MG Nest), on the scale of :mod:`builder.systems.heroes.ai.evaluate`.

- A move cutting through a hedgerow is worth the square it reaches, less
  :data:`PASSAGE_COST`: a token is spent only when the gap leads somewhere
  better than every ordinary move.
- A detonation is worth each unit in the square times its odds of a hit or a
  kill (friends counting against), less :data:`DETONATION_COST`: the Goliath is
  a charge on tracks, worth what it blows up, so its loss costs only the chance
  of a better target later.
- An MG nest is valued as an advanced position on the square
  (:func:`builder.systems.heroes.ai.token_values.position_value`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.ai.evaluate import move_value, target_value
from builder.systems.heroes.engine.features.blast import blast_plan
from builder.systems.heroes.engine.features.goliath import charge

if TYPE_CHECKING:
    from builder.systems.heroes.engine import Action, GameState

PASSAGE_COST = 0.3
DETONATION_COST = 0.5


def passage_value(state: "GameState", action: "Action") -> float:
    """A heavy vehicle's move through a hedgerow on a Passage token."""
    return move_value(state, state.units[action.unit], action.square) - PASSAGE_COST


def detonation_value(state: "GameState", action: "Action") -> float:
    """A Goliath blowing up in ``action.square``."""
    gol = state.units[action.unit]
    p = charge(gol)
    value = -DETONATION_COST
    for t in state.units:
        if t.alive and t.sq >= 0 and t.id != gol.id and not t.wreck and action.square in state.squares_of(t):
            plan = blast_plan(state, gol, t, p)
            if plan.ok:
                p_hit, p_kill = plan.odds()
                value += (p_hit + p_kill) * target_value(state, t) * (1 if t.side != gol.side else -1)
    return value
