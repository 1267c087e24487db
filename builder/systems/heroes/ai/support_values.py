"""What the greedy player expects of fire support: attack cards played on an enemy
unit (artillery shot, aviation, barrage patterns) and a Barrage Order's guns
(builder/systems/heroes/engine/features/artillery_shot.py, aviation.py, blast.py, barrage.py). Scored as
the unit's own shots are (builder.systems.heroes.ai.evaluate): the odds of a hit or a kill shot
times what the target is worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.ai.evaluate import blast_value, shot_value, target_value
from builder.systems.heroes.engine.features.blast import BLASTERS, blast_actions, blast_plan, under

if TYPE_CHECKING:
    from builder.systems.heroes.engine import Action, GameState

CARD_SPENT = 0.1  # what a card in hand is worth kept: an attack must beat it to be played


def card_value(state: "GameState", action: "Action") -> float:
    """Expected damage of an attack card played on an enemy unit, for the side to
    act: a one-unit attack (artillery-shot, airstrike, rocket-strike) by its odds
    times what the target is worth; a pattern (artillery-barrage, dive-bombing)
    by what it covers where the engine aims it, halved when it scatters; aviation
    by the chance it passes the anti-aircraft check. Other cards: 0 (the greedy
    player plays them only when nothing scores better, or in answer to a shot)."""
    from builder.systems.heroes.engine.features import aviation
    from builder.systems.heroes.engine.features.artillery_shot import card_pattern as shot_pattern

    side = state.to_act
    card = state.static.pack.items["cards"].get(action.mode)
    key = getattr(card, "effect_key", None)
    target = state.units[action.unit]
    if side is None or key is None:
        return 0.0
    p = None
    if key == "artillery-shot":
        p = shot_pattern(state, side)
    elif key in aviation.ATTACKS:
        p = aviation.attack_pattern(state, side, key)
    if p is not None:
        p_hit, p_kill = blast_plan(state, None, target, p).odds()
        value = (p_hit + p_kill) * target_value(state, target)
    elif key in ("artillery-barrage", aviation.DIVE_BOMBING):
        from builder.systems.heroes.engine.features.blast import _card_pattern, aim_at

        pattern = _card_pattern(state, side, key)
        i = aim_at(state, side, target, pattern.radius) if pattern is not None else -1
        if pattern is None or i < 0:
            return 0.0
        value = 0.0
        for t in under(state, i, pattern.radius):
            plan = blast_plan(state, None, t, pattern)
            if plan.ok:
                value += sum(plan.odds()) * target_value(state, t) * (1 if t.side != side else -1)
        if pattern.scatter > 0:
            value *= 0.5
    else:
        return 0.0
    if key in aviation.ATTACKS or key == aviation.DIVE_BOMBING:
        needed = getattr(card, "aaa", None) or 7
        bonus = aviation.anti_aircraft_bonus(state, 1 - side)
        value *= max(0, min(6, needed - 1 - bonus)) / 6  # the opponent's die must stay below the number
    return value - CARD_SPENT


def barrage_value(state: "GameState", action: "Action") -> float:
    """What a ``barrage`` is worth (builder/systems/heroes/engine/features/barrage.py): each gun of the group
    taking its best shot or pattern, as the greedy player would, one after the
    other without counting on the earlier ones' results."""
    from builder.systems.heroes.engine.features.barrage import groups
    from builder.systems.heroes.engine.unit_actions import fire_actions

    total = 0.0
    for uid in groups(state, state.units[action.unit]).get(action.mode, ()):
        gun = state.units[uid]
        values = [shot_value(state, a) for a in fire_actions(state, gun, moving=False)]
        if gun.st.profile.type in BLASTERS:
            values += [blast_value(state, a) for a in blast_actions(state, gun)]
        total += max([0.0, *values])
    return total
