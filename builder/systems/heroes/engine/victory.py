"""Victory (000 core rules, Setup > Victory Conditions and Breaking Point;
builder/systems/heroes/content/models/scenario.py: declarative victory levels).

The game ends after the scenario's turns (8 by default), or at the end of a round
in which a side has no units or no order tokens left, or in which a scenario event
declared sudden death (builder.systems.heroes.engine.sudden_death). Objectives then score their
victory points for their controller; the scenario's victory levels are checked
in order and the first that holds gives the result. A side left without units or
orders has lost: its opponent wins at the best level the scenario prints for it
(plain "regular" where it prints none), never a level the scenario lacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.content.models.scenario_conditions import condition_tag
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import OUT_OF_PLAY
from builder.systems.heroes.engine.state import GameResult

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState


def side_index(state: "GameState", side_id: str) -> int:
    ids = state.side_ids
    return ids.index(side_id) if side_id in ids else -1


def has_forces(state: "GameState", side: int) -> bool:
    """Has ``side`` a unit on the battlefield? Decoy counters are no units (builder.systems.heroes.engine.decoys)."""
    return any(u.side == side and u.active and not u.st.decoy for u in state.units)


_KIND_OF_TYPE: dict[type, str] = {}


def condition_kind(cond: Any) -> str:
    """Which condition of the vocabulary ``cond`` is: the content models' tag for it
    (builder.systems.heroes.content.models.scenario_conditions), '' for none. Worked out once per class:
    a missing attribute of a content model costs a raised and caught error, and scenario
    events are checked at every activation."""
    kind = _KIND_OF_TYPE.get(type(cond))
    if kind is None:
        kind = _KIND_OF_TYPE[type(cond)] = condition_tag(cond) or ""
    return kind


def holds(state: "GameState", cond: Any) -> bool:
    """Evaluate one condition of the scenario's vocabulary."""
    kind = condition_kind(cond)
    if kind == "otherwise":
        return True
    if kind == "all":
        return all(holds(state, c) for c in cond.all)
    if kind == "any":
        return any(holds(state, c) for c in cond.any)
    if kind == "not":
        return not holds(state, cond.not_)
    if kind == "controls":
        spec = cond.controls
        si = side_index(state, spec.side)
        chosen = [i for i, o in enumerate(state.static.objectives)
                  if (not spec.objectives or o[0] in spec.objectives)
                  and (spec.kind is None or o[2] == spec.kind.value)]
        count = sum(1 for i in chosen if state.control[i] == si)
        if spec.at_least is None and spec.at_most is None:
            return bool(chosen) and count == len(chosen)
        return (spec.at_least is None or count >= spec.at_least) and (spec.at_most is None or count <= spec.at_most)
    if kind == "victory_points":
        spec = cond.victory_points
        si = side_index(state, spec.side)
        vp = state.sides[si].vp if si >= 0 else 0
        if spec.at_least is not None and vp < spec.at_least:
            return False
        if spec.more_than_opponent and not all(vp > s.vp for i, s in enumerate(state.sides) if i != si):
            return False
        return True
    if kind == "destroyed":
        spec = cond.destroyed
        si = side_index(state, spec.side)
        gone: set[int] = set()  # units out of the game otherwise (got out by an exit square)
        for out_of_play in effects.game_hooks(state, OUT_OF_PLAY):
            gone.update(out_of_play(state, si))
        mine = [u for u in state.units if u.side == si and u.st.profile.id == spec.unit and not u.bagged
                and u.id not in gone]
        return bool(mine) and all(not u.alive or u.wreck for u in mine)
    if kind == "no_units":
        si = side_index(state, cond.no_units)
        return si >= 0 and (not has_forces(state, si) or state.sides[si].orders == 0)
    evaluate = effects.condition(state, kind)  # a feature's condition (exited, demolished)
    return evaluate is not None and bool(evaluate(state, cond))


_RANK = {"minor": 1, "regular": 2, "major": 3}


def best_level(state: "GameState", side_id: str) -> str:
    """The highest victory level the scenario prints for ``side_id``: what winning by
    eliminating the enemy is worth (000 Setup > Victory Conditions: a player without
    units or orders has lost); "regular" when the scenario prints no level for it."""
    printed = [lvl.level for lvl in state.static.scenario.victory if lvl.winner == side_id]
    return max(printed, key=lambda lv: _RANK.get(lv, 0)) if printed else "regular"


def finish(state: "GameState", reason: str, winner_id: str | None = None,
           declared_level: str | None = None) -> GameResult:
    """Score objectives, evaluate the victory levels, and close the game. A sudden death
    that declares its winner and level (``winner_id``, ``declared_level``) gives them
    instead of the victory levels."""
    for i, (_, _, _, vp, _) in enumerate(state.static.objectives):
        if state.control[i] >= 0:
            state.sides[state.control[i]].vp += vp
    ids = state.side_ids
    winner, level = None, "draw"
    for lvl in state.static.scenario.victory:
        if holds(state, lvl.when):
            winner, level = lvl.winner, lvl.level
            break
    if winner_id is not None and declared_level is not None:
        winner, level = winner_id, declared_level
    elif declared_level == "draw":  # a turn marker pushed beyond the last turn (builder/systems/heroes/engine/features/turn_track.py)
        winner, level = None, "draw"
    if reason in ("no_units", "no_orders"):  # a side without units or orders has lost
        alive = [i for i in range(len(ids)) if has_forces(state, i) and state.sides[i].orders > 0]
        if len(alive) == 1:
            winner, level = ids[alive[0]], best_level(state, ids[alive[0]])
    result = GameResult(
        winner=winner, level=level if winner else "draw",
        victory_points={ids[i]: s.vp for i, s in enumerate(state.sides)},
        rounds=min(state.turn, state.static.scenario.turns), end_reason=reason,
        losses={ids[i]: dict(sorted(s.losses.items())) for i, s in enumerate(state.sides)},
        objective_control=[{o[0]: (ids[c] if c >= 0 else None) for o, c in zip(state.static.objectives, row)}
                           for row in state.control_history],
    )
    state.result = result
    state.to_act = None
    state.phase = "over"
    return result
