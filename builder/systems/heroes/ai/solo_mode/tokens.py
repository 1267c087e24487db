"""How the AI places Directive and Position markers (002 Solo Mode, 4.2 Recruitment
Options > Directives, Position), over the engine's options (builder/systems/heroes/engine/features/directives.py,
builder/systems/heroes/engine/features/advanced_positions.py). Used by the decision-table player, so by the AI
side of the Solo game mode and by ``solo:ATTITUDE`` in the two-player game.

- Directives: the markers lie face down; from turn 2, while they last, one is drawn at
  random at the end of each Order phase (the engine's directive decision) and goes on
  the AI officer (yellow outline) with the most AI units within 3 squares (the engine's
  directive range; ties: the lowest id). The draw uses the Solo apparatus's seeded
  stream in the Solo game mode, the player's own stream in the two-player game. On
  turn 1 the AI places none.
- Position: in the supply phase (where the engine places advanced positions, instead
  of a unit's supply move), an AI unit outside a terrain element (no defence bonus
  where it stands) and in the line of sight of at least one enemy unit (the tables'
  reading of sight) places the marker instead of moving; the lowest id first when
  several may.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine.features.advanced_positions import POSITION
from builder.systems.heroes.engine.features.directives import KINDS, RANGE

if TYPE_CHECKING:
    from builder.systems.heroes.ai.solo_mode.view import EngineView
    from builder.systems.heroes.engine import Action, GameState

FIRST_TURN = 2


def stream(state: "GameState", side: int, fallback: Any) -> Any:
    """The random stream for the AI's draws: the Solo apparatus's in the Solo game
    mode (when ``side`` is the AI), else ``fallback`` (anything with ``choice``)."""
    rules = state.rules
    solo = state.variant  # the Solo game mode's dashboard, None in the core rules
    if solo is not None and getattr(rules, "ai", -1) == side:
        return solo.rng
    return fallback


def directive(state: "GameState", actions: list["Action"], side: int, rng: Any) -> "Action | None":
    """The directive decision (``token`` actions naming an officer and a directive,
    and ``done``): the AI's choice, or None when no directive is offered."""
    placing = [a for a in actions if a.kind == "token" and a.mode in KINDS]
    if not placing:
        return None
    done = next((a for a in actions if a.kind == "done"), None)
    if state.turn < FIRST_TURN and done is not None:
        return done
    kinds = [k for k in KINDS if any(a.mode == k for a in placing)]
    kind = kinds[0] if len(kinds) == 1 else stream(state, side, rng).choice(kinds)
    officers = sorted({a.unit for a in placing if a.mode == kind})
    best = max(officers, key=lambda o: (units_near(state, o), -o))
    return next(a for a in placing if a.mode == kind and a.unit == best)


def units_near(state: "GameState", officer: int) -> int:
    """The officer's side's units (not decoys) within 3 squares of it."""
    o = state.units[officer]
    distance = state.static.bf.distance
    return sum(1 for u in state.units if u.side == o.side and u.id != officer and u.active and not u.st.decoy
               and any(distance(o.sq, sq) <= RANGE for sq in state.squares_of(u)))


def position(actions: list["Action"], view: "EngineView") -> "Action | None":
    """The advanced position an AI unit places instead of its supply move, if any."""
    for a in sorted((a for a in actions if a.kind == "token" and a.mode == POSITION), key=lambda a: a.unit):
        if not view.in_terrain(a.unit) and view.sees_enemy(a.unit):
            return a
    return None
