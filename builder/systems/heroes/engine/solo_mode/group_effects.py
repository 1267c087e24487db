"""Special abilities that spread a reaction effect to other AI units (002 Solo Mode,
4.1 Special Abilities > Barrage Order; Heroic Charge).

- Barrage Order: when a firing action effect picks a unit with the ability, up to
  three other units apply the same effect (its bonus too). They are heavy weapons of
  one group the unit could order a barrage to in the core rules (red outline, one
  same name, unactivated, at most 3 squares away: builder/systems/heroes/engine/features/barrage.py), without
  a numbered order token; each is picked by table 5.3 as for the effect itself. The
  booklet words it as Heroic Charge's, where the unit leads the others: the unit
  picked fires first.
- Heroic Charge: when an assault effect picks a unit with the ability, one to three
  other units apply the same effect, each picked by table 5.4 (the AI uses its
  abilities whenever it can: as many as can assault, up to three).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from builder.systems.heroes.engine.features.barrage import calls_barrages, groups
from builder.kernel.events import Event
from builder.systems.heroes.engine.unit_actions import fire_actions, move_actions

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState

FOLLOWERS = 3
HEROIC_CHARGE = "heroic-charge"

Attack = Callable[["SoloModeRules", "GameState", "Action | None", int], str]


def barrage(rules: "SoloModeRules", state: "GameState", caller: int, bonus: int, attack: Attack,
            free: Callable[[], list[int]]) -> int:
    """Up to three heavy weapons of one of ``caller``'s barrage groups fire with the
    effect's ``bonus``; returns how many fired."""
    unit = state.units[caller]
    if not calls_barrages(unit) or state.result is not None:
        return 0
    solo = rules.solo_state(state)
    group_of = {m: name for name, members in groups(state, unit).items() for m in members}
    fired, group = 0, ""
    while fired < FOLLOWERS and state.result is None:
        guns = [m for m in free() if m in group_of and group in ("", group_of[m])]
        actions = [a for m in guns for a in fire_actions(state, state.units[m], moving=False)]
        action = solo.brain.fire(state, actions, from_reaction=True)
        if action is None:
            break
        group = group_of[action.unit]
        state.events.append(Event("ai-barrage", {"unit": caller, "gun": action.unit, "group": group}))
        attack(rules, state, action, bonus)
        fired += 1
    if fired:
        rules.rules_fired["clarification/barrage-order"] += fired
    return fired


def heroic_charge(rules: "SoloModeRules", state: "GameState", leader: int, bonus: int, attack: Attack,
                  free: Callable[[], list[int]]) -> int:
    """Up to three other units assault with the effect's ``bonus``; returns how many."""
    if state.units[leader].ability(HEROIC_CHARGE) is None:
        return 0
    solo = rules.solo_state(state)
    charged = 0
    while charged < FOLLOWERS and state.result is None:
        actions = [a for uid in free() for a in move_actions(state, state.units[uid], assaults=True)
                   if a.kind == "assault"]
        action = solo.brain.assault(state, actions, from_reaction=True)
        if action is None:
            break
        state.events.append(Event("ai-heroic-charge", {"unit": leader, "follower": action.unit}))
        attack(rules, state, action, bonus)
        charged += 1
    if charged:
        rules.rules_fired["clarification/heroic-charge"] += charged
    return charged
