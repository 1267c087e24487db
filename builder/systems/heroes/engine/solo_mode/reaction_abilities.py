"""What a reaction effect lends the AI unit it picks (002 Solo Mode, 3.2 Description
of the Effects):

- Suppressive Fire: the picked unit fires suppressively even without the Suppressive
  Fire ability; its combat value is then not doubled, every other bonus is (the
  engine's suppressive shot doubles the terms marked ``bonus``: this module's ``shot``
  hook takes the combat value back out once). The effect's +2 to the die is the
  reaction bonus of builder/systems/heroes/engine/solo_mode/modifiers.py.
- Tactical Movement with the window icon: the unit has Urban Fighter for that move
  (builder/systems/heroes/engine/features/urban_fighter.py: into or out of a building through a window).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import SHOT
from builder.systems.heroes.engine.actions import interned
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.unit_actions import fire_actions
from builder.systems.heroes.engine.features.urban_fighter import URBAN

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState

R = "002 Solo Mode, 3.2 Description of the Effects > Suppressive Fire"
ID = "solo-lent-suppressive-fire"
SUPPRESSIVE = "suppressive-fire"
T = TypeVar("T")


def _has_ability(unit: Any, weapon: Any) -> bool:
    return unit.ability(SUPPRESSIVE) is not None or SUPPRESSIVE in weapon.abilities


def shots(state: "GameState", uid: int) -> list["Action"]:
    """The unit's shots, with a suppressive one beside each plain shot of a weapon
    that cannot fire suppressively (ammunition tokens are not spent on it). A decoy
    counter lists the shots its face seems to allow (002 Solo Mode, 5.3)."""
    u = state.units[uid]
    out = fire_actions(state, u, moving=False, counter=True)
    weapons = u.st.profile.faces[u.face].weapons
    lent = [interned("fire", a.unit, a.weapon, a.target, "suppressive") for a in out
            if a.kind == "fire" and a.mode == "normal" and not a.extra and a.target >= 0
            and 0 <= a.weapon < len(weapons) and not _has_ability(u, weapons[a.weapon])]
    return out + lent


def _shot(state: "GameState", unit: Any, plan: Any, weapon: Any) -> list[Term]:
    """A suppressive shot by a unit without the ability: its combat value counts once."""
    if plan.mode != "suppressive" or weapon is None or _has_ability(unit, weapon):
        return []
    target = state.units[plan.target]
    combat = weapon.against(target.st.profile.faces[target.face].defence_type)
    if not combat:
        return []
    return [Term(-combat, "combat value not doubled (suppressive fire without the ability)", R)]


effects.register("ability", ID, "Suppressive fire lent by a Solo Mode reaction effect", "simulated", R,
                 hooks=[SHOT.by(_shot)])


def grant(state: "GameState", side: int) -> None:
    """Give the module to every unit of the AI side."""
    for u in state.units:
        if u.side == side:
            u.st.granted[ID] = 1
    effects.invalidate(state)


def with_urban_fighter(state: "GameState", unit: "UnitState", lend: bool, move: Callable[[], T]) -> T:
    """Run ``move`` (the unit's whole movement action) with Urban Fighter lent to the
    unit when ``lend`` (002 3.2 Tactical Movement, the window icon); a unit that has
    the ability keeps it.

    The loan is this game's alone: the unit's static part is shared by every copy of the
    game (and by the games a search plays from it), so the unit takes a copy of it with
    the ability granted for the move and its own back after; the module lists worked
    out while it holds the loan are forgotten both ways."""
    if not lend or unit.ability(URBAN) is not None:
        return move()
    own = unit.st
    unit.st = dataclasses.replace(own, granted={**own.granted, URBAN: 1})
    effects.invalidate(state)
    try:
        return move()
    finally:
        unit.st = own
        effects.invalidate(state)
