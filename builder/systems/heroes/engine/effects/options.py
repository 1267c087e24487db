"""Recruitment options with rules in the engine (000 core rules, Recruitment
Options: Equipment, Character Traits, Orders), keyed by ``effect_key``."""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine.damage import roll, suppress
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import (
    ACTS_FIRST, ASSAULT_ATTACK, ASSAULT_HEAVY, DEFENCE, EXTRA_DRAW, FIRING, HITS_INFLICTED, LONG_RANGE, OPPONENT_ASSAULT, PUSH_BACK, REACTIVATE, RECOVERY, REROLL, REVEALED, SHOT, TARGETED,
)
from builder.systems.heroes.engine.effects.cards import act_again, may_act_again
from builder.kernel.events import Event
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.tokens import spend_token, tokens_left

RO = "000 core rules, Recruitment Options > "


def belt_usable(state: Any, unit: Any, weapon: Any, target: Any) -> bool:
    """May the shot spend an Ammo Belt token? Only with the Burst ability (on the
    counter or the weapon firing), at infantry or a light vehicle, with a token
    left (000 core rules, Recruitment Options > Equipment > Ammo Belt). A shot
    offered a token (``extra``) spends an Ammo Belt token first when it may: it is
    worth more than an Ammo or APC token against the same targets."""
    return ((target.is_infantry or target.type == "light_vehicle")
            and ("burst" in weapon.abilities or unit.ability("burst") is not None)
            and tokens_left(state, unit, "ammo-belt") > 0)


def token_spent(state: Any, unit: Any, weapon: Any, target: Any) -> str:
    """The option whose token a shot with ``extra`` spends."""
    if belt_usable(state, unit, weapon, target):
        return "ammo-belt"
    return "ammo" if target.is_infantry else "apc-shells"


def _ammo(state: Any, unit: Any, plan: Any, weapon: Any) -> list[Term] | None:
    target = state.units[plan.target]
    if plan.extra and target.is_infantry and not belt_usable(state, unit, weapon, target):
        return [Term(plan.extra, f"{plan.extra} Ammo token(s)", RO + "Equipment > Ammo", bonus=True)]
    return None


def _apc(state: Any, unit: Any, plan: Any, weapon: Any) -> list[Term] | None:
    target = state.units[plan.target]
    if (plan.extra and target.is_vehicle and unit.type == "heavy_vehicle"
            and not belt_usable(state, unit, weapon, target)):
        return [Term(1, "APC shell", RO + "Equipment > APC Shells", bonus=True)]
    return None


def _ammo_belt(state: Any, unit: Any, plan: Any, weapon: Any) -> list[Term] | None:
    """Each Ammo Belt token adds 2 against infantry, 1 against a light vehicle."""
    target = state.units[plan.target]
    if plan.extra and belt_usable(state, unit, weapon, target):
        value = (2 if target.is_infantry else 1) * plan.extra
        return [Term(value, f"{plan.extra} Ammo Belt token(s)", RO + "Equipment > Ammo Belt", bonus=True)]
    return None


def _tankbuster(state: Any, unit: Any, plan: Any) -> list[Term] | None:
    if unit.is_infantry and state.units[plan.defender].type == "heavy_vehicle":
        return [Term(2, "Tankbuster", RO + "Character Traits > Tankbuster", bonus=True)]
    return None


def _guardian(state: Any, unit: Any, plan: Any) -> list[Term] | None:
    if plan.defence_terms and unit.is_infantry:
        return [Term(1, "Guardian", RO + "Orders > Guardian")]
    return None


def _basterds(state: Any, unit: Any, plan: Any) -> list[Term]:
    return [Term(1, "Nazi Basterds: +1 against them", RO + "Character Traits > Nazi Basterds")]


def _ace_driver(state: Any, unit: Any, plan: Any, weapon: Any) -> list[Term] | None:
    """Ace Driver takes 1 off the Firing on the Move penalty of vehicles (000 core
    rules, Recruitment Options > Character Traits > Ace Driver)."""
    if plan.move_penalty and unit.is_vehicle:
        return [Term(1, "Ace Driver", RO + "Character Traits > Ace Driver")]
    return None


def _veteran(state: Any, unit: Any, die: int, dice: int, need: int, why: str) -> int:
    """A Veteran token buys a second roll of the dice, which stands, and which
    another token may roll again (000 core rules, Recruitment Options > Character
    Traits > Veteran). The engine spends them for the player on the
    unit's own shot or assault roll that falls short of ``need``, as long as the
    roll can still reach it and tokens are left."""
    while die < need <= 6 and tokens_left(state, unit, "veteran"):
        spend_token(state, unit, "veteran")
        state.events.append(Event("reroll", {"unit": unit.id, "die": die, "why": "Veteran"}))
        die = max(roll(state, why + " (Veteran reroll)", unit.id) for _ in range(dice))
    return die


def _intrepid(state: Any, unit: Any) -> bool:
    """An Intrepid unit wins ties of order numbers against enemy units that are not
    intrepid; two intrepid units tie as usual, the initiative deciding (000 core
    rules, Recruitment Options > Character Traits > Intrepid)."""
    return True


def _hardboiled(state: Any, unit: Any) -> None:
    """Hardboiled tokens each take a Suppressed marker off a unit, several at once
    (000 core rules, Recruitment Options > Character Traits > Hardboiled). The
    engine spends them for the player when a suppressed unit of the tile is
    revealed, one per marker while tokens last, before it acts."""
    while unit.suppressed and tokens_left(state, unit, "hardboiled"):
        spend_token(state, unit, "hardboiled")
        unit.suppressed -= 1
        state.events.append(Event("rallied", {"unit": unit.id, "by": unit.id, "why": "Hardboiled"}))


def _triggerhappy(state: Any, unit: Any, target: Any) -> None:
    """Triggerhappy tokens are Suppressed markers a unit may put on the target it
    fires at, as it fires (000 core rules, Recruitment Options > Character Traits
    > Triggerhappy). The engine spends one for the player on each shot by the
    tile's units while they last."""
    if tokens_left(state, unit, "triggerhappy") and target.alive and not target.wreck:
        spend_token(state, unit, "triggerhappy")
        suppress(state, target, 1, "Triggerhappy")


def _shielding(state: Any, unit: Any, plan: Any) -> None:
    """Additional Shielding tokens add 1 to a heavy vehicle's defence against one
    attack, announced before the attacker rolls (000 core rules, Recruitment
    Options > Equipment > Additional Shielding). The engine spends one for the
    player on each shot at a heavy vehicle of the tile that could hit it."""
    if (unit.type == "heavy_vehicle" and plan.mode != "sniper" and plan.need <= 6
            and tokens_left(state, unit, "additional-shielding")):
        spend_token(state, unit, "additional-shielding")
        plan.defence_terms.append(Term(1, "Additional Shielding", RO + "Equipment > Additional Shielding"))


def _heroic(state: Any, unit: Any) -> bool:
    """Heroic tokens each let the unit just activated act once more, without an
    order (000 core rules, Recruitment Options > Character Traits > Heroic): the
    unit acting has moved or fired, a token of its tile (or of the army) is left,
    and it has had no second action in this activation (never a third activation:
    a Heroic Action card and a token do not add up, see ``cards.may_act_again``).
    The second action follows the first at once, so no special order comes
    between the two."""
    return tokens_left(state, unit, "heroic") > 0 and may_act_again(state, unit)


def heroic_token(state: Any, unit: Any) -> None:
    """Discard a Heroic token; the unit acts once more."""
    spend_token(state, unit, "heroic")
    act_again(state, unit, "Heroic token")


def _light_sabers(state: Any, unit: Any, plan: Any) -> list[Term]:
    """Family Meeting 2's Geek Option: +3 to the unit's assaults (the option's two
    Assault grants share one ability value, so the +3 is this module's term)."""
    return [Term(3, "Light Sabers", LIGHT_SABERS, bonus=True)]


LIGHT_SABERS = "002 Solo Mode, Scenarios > Family Meeting - Chapter 2 > Composition of the Armies (Geek Option)"


def keep_initiative(state: Any, held: int, due: int) -> int:
    """The side with the Initiative order keeps the initiative once instead of
    handing it over (000 core rules, Recruitment Options > Orders > Initiative;
    003 Battle for Normandy, Orders Options > Initiative). The order is spent the
    first time the initiative would pass; the turn track then alternates from the
    side that kept it (``Rules.initiative_for_turn``), so the opponent has the
    initiative the turn after."""
    side = state.sides[held]
    if due == held or side.initiative_kept or "initiative" not in state.static.sides[held].keys:
        return due
    side.initiative_kept = True
    state.events.append(Event("initiative-kept", {"side": held}))
    return held


for _key in ("us-light-sabers", "de-light-sabers"):
    register("option", _key, "Light Sabers", "simulated", LIGHT_SABERS,
             hooks=[ASSAULT_ATTACK.by(_light_sabers), ASSAULT_HEAVY.by(lambda s, u: True)])
register("option", "overwatch", "Overwatch", "partial",
         "002 Solo Mode, Scenarios > Family Meeting - Chapter 1 > Composition of the Armies; "
         "003 Battle for Normandy, Special Abilities > Overwatch; builder/systems/heroes/engine/opportunity.py",
         "the option grants the Overwatch ability, which takes opportunity fire as if always on its active "
         "side (no turning over)")
register("option", "nazi-basterds", "Nazi Basterds", "partial", RO + "Character Traits > Nazi Basterds",
         "the 30 extra army points are the army checker's; the engine applies the opponent's +1",
         hooks=[OPPONENT_ASSAULT.by(_basterds)])
register("option", "ferocious", "Ferocious", "simulated", RO + "Character Traits > Ferocious",
         hooks=[PUSH_BACK.by(lambda s, u: True)])
register("option", "heroic", "Heroic", "simulated", RO + "Character Traits > Heroic", hooks=[REACTIVATE.by(_heroic)])
register("option", "ammo", "Ammo", "simulated", RO + "Equipment > Ammo", hooks=[SHOT.by(_ammo)])
register("option", "apc-shells", "APC Shells", "simulated", RO + "Equipment > APC Shells", hooks=[SHOT.by(_apc)])
register("option", "bloodthirsty", "Bloodthirsty", "simulated", RO + "Character Traits > Bloodthirsty",
         hooks=[HITS_INFLICTED.by(lambda s, u: 2)])
register("option", "courageous", "Courageous", "simulated", RO + "Character Traits > Courageous",
         hooks=[RECOVERY.by(lambda s, u: 2)])
register("option", "tankbuster", "Tankbuster", "simulated", RO + "Character Traits > Tankbuster",
         hooks=[ASSAULT_ATTACK.by(_tankbuster)])
register("option", "sharpshooters", "Sharpshooters", "simulated", RO + "Character Traits > Sharpshooters",
         hooks=[LONG_RANGE.by(lambda s, u: 9)])
register("option", "guardian", "Guardian", "simulated", RO + "Orders > Guardian", hooks=[DEFENCE.by(_guardian)])
register("option", "hardened", "Hardened", "partial", RO + "Character Traits > Hardened",
         "the extra order token (the option's stars) is counted; it is not tied to the tile's units")
register("option", "planning", "Planning", "simulated", RO + "Orders > Planning")
register("option", "battle-plan", "Battle Plan", "simulated", RO + "Orders > Battle Plan")
register("option", "bluff", "Bluff", "simulated", RO + "Orders > Bluff")
register("option", "support", "Support", "simulated", "000 core rules, Army Creation > Support")
register("option", "ace-driver", "Ace Driver", "simulated", RO + "Character Traits > Ace Driver", hooks=[SHOT.by(_ace_driver)])
register("option", "initiative", "Initiative", "partial", RO + "Orders > Initiative",
         "the order is used automatically, the first time the initiative would pass to the opponent")
register("option", "improvisation", "Improvisation", "partial", RO + "Orders > Improvisation",
         "one card more each Supply phase, not for the starting hand; the discard is chosen automatically",
         hooks=[EXTRA_DRAW.by(lambda s, u: 1)])
register("option", "veteran", "Veteran", "partial", RO + "Character Traits > Veteran",
         "spent automatically on the unit's own missed shots and losing assault rolls while tokens last; "
         "not on other rolls (damage location, Sniper table, the opponent's dice)",
         hooks=[REROLL.by(_veteran)])
register("option", "intrepid", "Intrepid", "partial", RO + "Character Traits > Intrepid",
         "the intrepid unit acts before the enemy unit with the same number, but the sides then alternate "
         "from it: the engine keeps no memory of the swapped pair, so that side leads the later numbers",
         hooks=[ACTS_FIRST.by(_intrepid)])
register("option", "ammo-belt", "Ammo Belt", "partial", RO + "Equipment > Ammo Belt",
         "one token per shot is offered (the rules allow several)", hooks=[SHOT.by(_ammo_belt)])
register("option", "hardboiled", "Hardboiled", "partial", RO + "Character Traits > Hardboiled",
         "spent automatically on the tile's suppressed units as their orders are revealed, not at other times",
         hooks=[REVEALED.by(_hardboiled)])
register("option", "triggerhappy", "Triggerhappy", "partial", RO + "Character Traits > Triggerhappy",
         "a token is spent automatically on each shot by the tile's units while they last", hooks=[FIRING.by(_triggerhappy)])
register("option", "additional-shielding", "Additional Shielding", "partial",
         RO + "Equipment > Additional Shielding",
         "one token is spent automatically on each shot that could hit the vehicle, while they last "
         "(the rules allow several per attack); not in assaults", hooks=[TARGETED.by(_shielding)])
