"""The Solo Mode's bonuses on AI rolls, as an engine rule module granted to every AI
unit: danger-tile combat bonuses, lasting effects, a reaction effect's +1 (+2 to the
die of a suppressive fire) (002 Solo Mode, Reaction Cards > Lasting Effects;
Description of the Effects). The AI's action cards play their own effects
(builder/systems/heroes/engine/solo_mode/action_cards.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import ASSAULT_ATTACK, DEFENCE, SHOT, SUPPRESSED
from builder.systems.heroes.engine.solo_mode.clarifications import hardboiled_at_once
from builder.systems.heroes.engine.terms import Term

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

R = "002 Solo Mode, Activation Phase > Description of the Effects"
ID = "solo-ai"


def _solo(state: "GameState") -> Any:
    return state.variant  # the Solo game mode's dashboard, None in the core rules


def attack_bonus(state: "GameState", unit: Any, suppressive: bool = False) -> list[Term]:
    solo = _solo(state)
    if solo is None or unit.side != state.rules.ai:
        return []
    terms = []
    if solo.combat:
        terms.append(Term(solo.combat, "danger tile", R))
    if solo.lasting == "combat":
        terms.append(Term(1, "lasting effect", R))
    if unit.id == solo.effect_unit and solo.effect_bonus:
        terms.append(Term(solo.effect_bonus, "reaction card", R))
    return terms


def _shot(state: "GameState", unit: Any, plan: Any, weapon: Any) -> list[Term]:
    return attack_bonus(state, unit, plan.mode == "suppressive")


def _assault(state: "GameState", unit: Any, plan: Any) -> list[Term]:
    return attack_bonus(state, unit)


def _defence(state: "GameState", unit: Any, plan: Any) -> list[Term]:
    solo = _solo(state)
    if solo is None or unit.side != state.rules.ai or solo.lasting != "defence":
        return []
    return [Term(1, "lasting effect", R)]


def _suppressed(state: "GameState", unit: Any, count: int) -> int:
    return hardboiled_at_once(state, unit, count)


effects.register("ability", ID, "Solo Mode AI bonuses", "simulated", "002 Solo Mode", "",
                 hooks=[SHOT.by(_shot), ASSAULT_ATTACK.by(_assault), DEFENCE.by(_defence), SUPPRESSED.by(_suppressed)])


def grant(state: "GameState", side: int) -> None:
    """Give the module to every unit of the AI side (and forget cached module lists)."""
    for u in state.units:
        if u.side == side:
            u.st.granted[ID] = 1
    effects.invalidate(state)
