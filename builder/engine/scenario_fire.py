"""A scenario's ``fire`` effect: the named unit takes a firing action at once, out of
the order sequence (002 Solo Mode, Family Meeting 1, turn 3: Ludwig's Alternative
Fire Action with his Sniper ability, the AI using every bonus it has).

The shot is the engine's (:func:`builder.engine.firing.plan_shot` and
:func:`resolve_shot`, the ``sniper`` mode for the Sniper ability: 000 core rules,
Special Abilities > Sniper). Every bonus the firer's rule modules give applies (in the
Solo game mode the AI's danger-tile, lasting-effect and reserve action card bonuses:
builder/ai/solo_mode/modifiers.py), which is what ``all_bonuses`` asks. The target is
chosen by a documented policy rather than asked of a player: the enemy unit with the
best odds of a hit, then of a kill shot (for a sniper: of a 4+ and of a 6+ on the
sniper table), then the lowest unit id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.engine.ambush import reveal
from builder.engine.events import Event
from builder.engine.firing import ShotPlan, plan_shot, resolve_shot, weapon_usable
from builder.engine.scenario_units import enemies, select
from builder.engine.terms import odds_at_least

if TYPE_CHECKING:
    from builder.engine.state import GameState, UnitState

SNIPER_HIT, SNIPER_BEST = 4, 6  # 000 core rules, Special Abilities > Sniper: 4-5 a hit, 6+ a hit and suppressed


def odds(plan: ShotPlan) -> tuple[float, float]:
    """(chance of a hit, chance of the best result) of a planned shot."""
    if not plan.ok:
        return 0.0, 0.0
    if plan.mode == "sniper":
        return (odds_at_least(SNIPER_HIT - plan.modifier, plan.dice),
                odds_at_least(SNIPER_BEST - plan.modifier, plan.dice))
    return plan.odds()


def best_shot(state: "GameState", unit: "UnitState", ability: str | None) -> ShotPlan | None:
    """The shot with the best odds ``unit`` could take now, or None."""
    mode = "sniper" if ability == "sniper" else "normal"
    weapons = unit.st.profile.faces[unit.face].weapons
    best: tuple[tuple[float, float, int], ShotPlan] | None = None
    for t in enemies(state, unit.side):
        if t.concealed:
            continue
        for wi in range(len(weapons)):
            if mode == "sniper" and wi > 0:
                break
            if not weapon_usable(state, unit, wi):
                continue
            plan = plan_shot(state, unit, wi, t, mode)
            if not plan.ok:
                continue
            hit, top = odds(plan)
            key = (hit, top, -t.id)
            if best is None or key > best[0]:
                best = (key, plan)
    return best[1] if best else None


def fire(state: "GameState", eff: Any, side: int) -> list[int]:
    """Each selected unit (with the effect's ability, when it names one) fires its best
    shot; returns the ids of the units that fired."""
    fired = []
    for u in select(state, eff.selector, side):
        if eff.ability and u.ability(eff.ability) is None:
            state.events.append(Event("scenario-fire", {"unit": u.id, "target": -1, "why": f"no {eff.ability}"}))
            continue
        plan = best_shot(state, u, eff.ability)
        if plan is None:
            state.events.append(Event("scenario-fire", {"unit": u.id, "target": -1, "why": "no target"}))
            continue
        reveal(state, u, "fired")
        state.events.append(Event("scenario-fire", {"unit": u.id, "target": plan.target, "mode": plan.mode}))
        resolve_shot(state, plan)
        fired.append(u.id)
    return fired
