"""A scenario's ``fire`` effect: the named unit takes a firing action at once, out of
the order sequence (002 Solo Mode, Family Meeting 1, turn 3: Ludwig's Alternative
Fire Action with his Sniper ability, the AI using every bonus it has).

The shot is the engine's (:func:`builder.systems.heroes.engine.firing.plan_shot` and
:func:`resolve_shot`, the ``sniper`` mode for the Sniper ability: 000 core rules,
Special Abilities > Sniper). Every bonus the firer's rule modules give applies (in the
Solo game mode the AI's danger-tile and lasting-effect bonuses:
builder/systems/heroes/engine/solo_mode/modifiers.py), which is what ``all_bonuses`` asks. The target is
the variant's choice (:meth:`Rules.scenario_fire_target`: the Solo game mode asks its
firing table, 002 Solo Mode 5.3); the core rules take the enemy unit with the best odds
of a hit, then of a kill shot (for a sniper: of a 4+ and of a 6+ on the sniper table),
then the lowest unit id, rather than asking the side's player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine.ambush import reveal
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import ShotPlan, plan_shot, resolve_shot, weapon_usable
from builder.systems.heroes.engine.scenario_units import enemies, select
from builder.systems.heroes.engine.terms import odds_at_least

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

SNIPER_HIT, SNIPER_BEST = 4, 6  # 000 core rules, Special Abilities > Sniper: 4-5 a hit, 6+ a hit and suppressed


def odds(plan: ShotPlan) -> tuple[float, float]:
    """(chance of a hit, chance of the best result) of a planned shot."""
    if not plan.ok:
        return 0.0, 0.0
    if plan.mode == "sniper":
        return (odds_at_least(SNIPER_HIT - plan.modifier, plan.dice),
                odds_at_least(SNIPER_BEST - plan.modifier, plan.dice))
    return plan.odds()


def shots(state: "GameState", unit: "UnitState", ability: str | None) -> list[ShotPlan]:
    """The best possible shot of ``unit`` at each enemy unit it can fire at now."""
    mode = "sniper" if ability == "sniper" else "normal"
    weapons = unit.st.profile.faces[unit.face].weapons
    out = []
    for t in enemies(state, unit.side):
        if t.concealed:
            continue
        best: ShotPlan | None = None
        for wi in range(len(weapons)):
            if mode == "sniper" and wi > 0:
                break
            if not weapon_usable(state, unit, wi):
                continue
            plan = plan_shot(state, unit, wi, t, mode)
            if plan.ok and (best is None or odds(plan) > odds(best)):
                best = plan
        if best is not None:
            out.append(best)
    return out


def best_odds(plans: list[ShotPlan]) -> ShotPlan:
    """The shot with the best odds of a hit, then of the best result, then at the
    lowest unit id."""
    return max(plans, key=lambda p: (*odds(p), -p.target))


def fire(state: "GameState", eff: Any, side: int) -> list[int]:
    """Each selected unit (with the effect's ability, when it names one) fires its best
    shot; returns the ids of the units that fired."""
    fired = []
    for u in select(state, eff.selector, side):
        if eff.ability and u.ability(eff.ability) is None:
            state.events.append(Event("scenario-fire", {"unit": u.id, "target": -1, "why": f"no {eff.ability}"}))
            continue
        plans = shots(state, u, eff.ability)
        if not plans:
            state.events.append(Event("scenario-fire", {"unit": u.id, "target": -1, "why": "no target"}))
            continue
        plan = state.rules.scenario_fire_target(state, u, plans)
        reveal(state, u, "fired")
        state.events.append(Event("scenario-fire", {"unit": u.id, "target": plan.target, "mode": plan.mode}))
        resolve_shot(state, plan)
        fired.append(u.id)
    return fired
