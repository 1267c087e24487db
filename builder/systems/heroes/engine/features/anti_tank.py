"""Anti-tank shots fired instead of a unit's shot: the Panzerfaust equipment token
(000 core rules, Recruitment Options > Equipment > Panzerfaust) and the anti-tank
rocket action card (the Bazooka / Panzerfaust cards, effect ``anti-tank-shot``).

Equipment that allows a shot replaces the unit's shot: a unit never both fires
and uses it in one activation, and it goes with Firing on the Move (000 core
rules, Recruitment Options, the general rules above Equipment); a unit that may
take opportunity fire may fire its Panzerfaust so at a moving vehicle
(:mod:`builder.systems.heroes.engine.opportunity`). Both are
ordinary shots (:func:`builder.systems.heroes.engine.firing.plan_one`, mode ``panzerfaust`` or
``anti-tank``): the token's or card's combat bonus takes the place of the
weapon's, the target is at most 4 squares away and in line of sight, and
everything else (Suppressed markers, obscuring terrain, smoke, the moving
penalty, a heavy vehicle's front, side or rear defence, the damage table) is the
shot's. A Panzerfaust is fired by an infantry unit of the option's tile (or of
the army, for an officer's tile or a hero) with a token left, and the token is
discarded as it fires (or when an answering card, Jammed!, cancels the shot).

The token's printed combat bonuses were lost in transcription: the option's
``token_attack`` in the content holds placeholders (+4 against vehicles, X
against infantry, as the card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

PANZERFAUST = "panzerfaust"  # the option's effect key and the shot's mode
ROCKET = "anti-tank"  # the action card's shot mode
MODES = frozenset({PANZERFAUST, ROCKET})
R_PANZERFAUST = "000 core rules, Recruitment Options > Equipment > Panzerfaust"
R_ROCKET = "000 core rules, Action Card; card effect as the pack words it"
ROCKET_REACH = 4
ROCKET_BONUS = 4  # against vehicles (the card's wording; X against infantry)
DEFENCE_INDEX = {"infantry": 0, "light_vehicle": 1, "heavy_vehicle": 2}


class AntiTank(NamedTuple):
    """What an anti-tank shot uses in place of the weapon's values."""

    reach: int
    combat: tuple[int | None, int | None, int | None]  # vs infantry, light, heavy vehicle
    label: str
    rule: str

    def against(self, dtype: str | None) -> int | None:
        return self.combat[DEFENCE_INDEX[dtype]] if dtype is not None else None


CARD_SHOT = AntiTank(ROCKET_REACH, (None, ROCKET_BONUS, ROCKET_BONUS), "anti-tank rocket (action card)", R_ROCKET)


_TOKEN_ATTACKS: Final[Derived[dict[tuple[int, str], Any]]] = table(
    "anti_tank: the token attack of a side's option (None: none), by side and effect key")


def token_attack(state: "GameState", side: int, key: str) -> Any:
    """The pack's ``token_attack`` of the side's option ``key`` (the side's faction's
    option first; None without one), looked up once per game."""
    cache = derived(state, _TOKEN_ATTACKS)
    found = cache.get((side, key), False)
    if found is False:
        faction = state.static.sides[side].faction
        options = [o for o in state.static.pack.items["options"].values()
                   if (o.effect_key or o.id) == key and getattr(o, "token_attack", None) is not None]
        mine = [o for o in options if o.faction == faction] or options
        found = cache[(side, key)] = mine[0].token_attack if mine else None
    return found


def combat_values(values: Any) -> tuple[int | None, int | None, int | None]:
    """Content combat values as a tuple (None where the token shows X)."""
    return tuple(None if (v := getattr(values, d)) == "X" else int(v)  # type: ignore[return-value]
                 for d in ("infantry", "light_vehicle", "heavy_vehicle"))


_SHOTS: Final[Derived[dict[tuple[int, str], "AntiTank | None"]]] = table(
    "anti_tank: a side's anti-tank shot of a mode (None: none), by side and mode")


def shot_source(state: "GameState", side: int, mode: str) -> AntiTank | None:
    """The values of the anti-tank shot ``mode`` for ``side`` (None: the side has no
    such shot, e.g. a Panzerfaust option missing from the pack)."""
    if mode == ROCKET:
        return CARD_SHOT
    cache = derived(state, _SHOTS)
    if (side, mode) not in cache:
        attack = token_attack(state, side, mode)
        cache[(side, mode)] = None if attack is None or not attack.reach else AntiTank(
            attack.reach, combat_values(attack.combat), "Panzerfaust token", R_PANZERFAUST)
    return cache[(side, mode)]


register("option", PANZERFAUST, "Panzerfaust", "partial", R_PANZERFAUST,
         "the token's combat bonuses are placeholders (lost in transcription)")
