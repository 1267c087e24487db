"""Special abilities with rules in the engine (000 core rules, Special Abilities).

Abilities whose effect lives in a core rule module (Assault in assault.py,
Amphibious in movement.py, Suppressive Fire and Sniper as firing modes) are
registered here with their status; the others hook the named points.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine.damage import DAMAGE_TABLE, suppress
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import (
    AFTER_MISS, ASSAULT_ATTACK, ASSAULT_DEFENCE, ASSAULT_LOST, ASSAULT_WON, DAMAGE_ROLL, DICE, EXTRA_DRAW, LONG_RANGE, MIN_ORDERS, ORDER_RECEIVED, ORDER_TOKENS, RANGE_LIMIT, SUPPRESSED,
)
from builder.kernel.events import Event
from builder.systems.heroes.board.los import CLEAR, sight
from builder.systems.heroes.engine.terms import Term

SA = "000 core rules, Special Abilities > "
BFN = "003 Battle for Normandy, Special Abilities > "
NCO_REACH = 3


def _limited_range(state: Any, unit: Any, weapon: Any) -> int | None:
    value = weapon.abilities.get("limited-range")
    if value is None:
        value = unit.ability("limited-range")
    if value is None:
        return None
    side = state.static.sides[unit.side]
    if ("sharpshooters" in side.keys) and any(k[1] == "sharpshooters" and k[0] in (-1, unit.st.tile)
                                                for k in side.traits):
        value += 2
    return value


def _assault_bonus(state: Any, unit: Any, plan: Any) -> list[Term] | None:
    value = unit.ability("assault")
    if value:
        return [Term(value, "Assault bonus", SA + "Assault", bonus=True)]
    return None


def _terrifying_won(state: Any, unit: Any, other: Any) -> None:
    if other.alive and not other.wreck:
        suppress(state, other, 2, "Terrifying")


def _terrifying_lost(state: Any, unit: Any, other: Any) -> None:
    if other.alive and not other.wreck:
        suppress(state, other, 1, "Terrifying")


def _frightening(state: Any, unit: Any, target: Any) -> bool:
    suppress(state, target, 1, "Frightening Shot")
    return True


def _tank_hunter(state: Any, unit: Any, target: Any, value: int) -> int:
    """Tank Hunter moves the damage-location roll by one, up or down (003 Battle
    for Normandy, Special Abilities > Firing Special Abilities > Tank Hunter).

    The firer would pick the worse result for the vehicle: a shift that destroys
    it (a roll of 6 or more, or a location already damaged) if one does, else the
    higher roll, the damage table growing worse towards 6."""
    def destroys(roll: int) -> bool:
        return roll >= 6 or bool(target.damage & DAMAGE_TABLE[max(1, roll)][0])

    return -1 if destroys(value - 1) and not destroys(value + 1) else 1


def _unshakable(state: Any, unit: Any, count: int) -> int:
    """Suppressed markers have no effect on an Unshakable unit (003 Battle for
    Normandy, Special Abilities > Defense Special Abilities > Unshakable). A marker that changes
    nothing (roll, movement, zone of control, recovery) is the same as none, so
    the engine places none on them."""
    return 0


def _nco_rally(state: Any, unit: Any, token: int) -> None:
    """An NCO given an order token takes one Suppressed marker off another friendly
    unit within 3 squares in clear sight (003 Battle for Normandy, Special Abilities >
    Command Special Abilities > NCO). Bluffs are not order tokens. The unit to rally
    is chosen for the owner: the most suppressed in reach, the lowest id on a tie."""
    if token < 0 or unit.sq < 0:
        return
    bf = state.static.bf
    best = None
    for other in state.units:
        if (other.side != unit.side or other.id == unit.id or not other.suppressed or not other.active
                or (best is not None and other.suppressed <= best.suppressed)):
            continue
        if any(bf.distance(unit.sq, sq) <= NCO_REACH and sight(state, unit.sq, sq, unit, other).kind == CLEAR
               for sq in state.squares_of(other)):
            best = other
    if best is not None:
        best.suppressed -= 1
        state.events.append(Event("rallied", {"unit": best.id, "by": unit.id, "why": "NCO"}))


register("ability", "assault", "Assault", "simulated", SA + "Assault",
         hooks=[ASSAULT_ATTACK.by(_assault_bonus), ASSAULT_DEFENCE.by(_assault_bonus)])
register("ability", "limited-range", "Limited Range", "partial", SA + "Limited Range",
         "the limit applies to normal shots and, counted in intersections, to blast patterns (builder/systems/heroes/engine/"
         "blast.py) alike: the printed symbol telling which is not in the content", hooks=[RANGE_LIMIT.by(_limited_range)])
register("ability", "hawkeye", "Hawkeye", "simulated", SA + "Hawkeye", hooks=[LONG_RANGE.by(lambda s, u: 10**6)])
register("ability", "dual-weapon", "Dual Weapon", "simulated", SA + "Dual Weapon", hooks=[DICE.by(lambda s, u, w: 2)])
register("ability", "suppressive-fire", "Suppressive Fire", "partial", SA + "Suppressive Fire",
         "not combined with Machine Gunner")
register("ability", "sniper", "Sniper", "simulated", SA + "Sniper")
register("ability", "perforating", "Perforating", "simulated", SA + "Perforating",
         hooks=[DAMAGE_ROLL.by(lambda s, u, target, value: 1)])
register("ability", "frightening-shot", "Frightening Shot", "simulated", SA + "Frightening Shot",
         hooks=[AFTER_MISS.by(_frightening)])
register("ability", "terrifying", "Terrifying", "simulated", SA + "Terrifying",
         hooks=[ASSAULT_WON.by(_terrifying_won), ASSAULT_LOST.by(_terrifying_lost)])
register("ability", "amphibious", "Amphibious", "simulated", SA + "Amphibious")
register("ability", "orders", "Order(s)", "simulated", SA + "Order(s)",
         hooks=[ORDER_TOKENS.by(lambda s, u: max(1, u.ability("orders") or 0))])
register("ability", "personal-order", "Personal Order", "simulated", SA + "Personal Order",
         hooks=[ORDER_TOKENS.by(lambda s, u: 1)])
register("ability", "fire-on-the-move", "Firing on the Move", "partial", SA + "Firing on the Move",
         "fires after the move from the best square of its path (a 2-square vehicle from its front "
         "square); the arc is checked with the final facing")
register("ability", "positive-waves", "Positive Waves", "partial", SA + "Positive Waves",
         "the owner's choice of the two damage dice is automatic: the lower one")
register("ability", "opportunity-fire", "Opportunity Fire", "partial", SA + "Opportunity Fire",
         "simulated from terrain with the symbol and for units whose current side shows the ability "
         "(builder/systems/heroes/engine/opportunity.py); turning over to that side and shots during assault moves are not")
register("ability", "overwatch", "Overwatch", "partial", "003 Battle for Normandy, Special Abilities > Overwatch",
         "grants Opportunity Fire as if always on its active side (no turning over)")
register("ability", "tripod", "Tripod", "partial", SA + "Tripod",
         "the counter flips as a move of 0 squares (a `move` with mode `tripod`); flipping at the "
         "start or end of a longer move is not offered")
register("ability", "ambush", "Ambush", "partial", SA + "Ambush",
         "spotting is checked where units end their moves, not on every square crossed; turning over "
         "is a move of 0 squares (builder/systems/heroes/engine/ambush.py); concealed units are never hit by blast patterns")
register("ability", "scout", "Scout", "partial", SA + "Scout",
         "the seeded deployment puts Scouts as far ahead as allowed (builder/systems/heroes/engine/setup.py); "
         "the Transport clause never applies: no unit is deployed inside a vehicle")
register("ability", "tank-hunter", "Tank Hunter", "partial", BFN + "Firing Special Abilities > Tank Hunter",
         "the firer's choice of +1 or -1 is automatic: a destroying result if either gives one, else +1",
         hooks=[DAMAGE_ROLL.by(_tank_hunter)])
register("ability", "unshakable", "Unshakable", "simulated", BFN + "Defense Special Abilities > Unshakable",
         hooks=[SUPPRESSED.by(_unshakable)])
register("ability", "nco", "NCO", "partial", BFN + "Command Special Abilities > NCO",
         "the unit that loses a Suppressed marker is chosen automatically (the most suppressed in reach)",
         hooks=[MIN_ORDERS.by(lambda s, u: 1 if u.sq >= 0 else None), ORDER_RECEIVED.by(_nco_rally)])
register("ability", "improvisation", "Improvisation", "partial", BFN + "Command Special Abilities > Improvisation",
         "one card more each Supply phase while the unit is on the board, not for the starting hand; "
         "the discard is chosen automatically",
         hooks=[EXTRA_DRAW.by(lambda s, u: 1 if u.sq >= 0 else None)])
register("ability", "burst", "Burst", "simulated", "000 core rules, Recruitment Options > Equipment > Ammo Belt; "
         "its only rule: the unit may spend Ammo Belt tokens (builder/systems/heroes/engine/effects/options.py, belt_usable)")
register("ability", "machine-gunner", "Machine Gunner", "partial", SA + "Machine Gunner",
         "split between two targets only, the bonus halved (the first target named takes the odd point); "
         "not combined with Suppressive Fire (builder/systems/heroes/engine/firing.py, split_share)")
register("ability", "transport", "Transport", "partial", SA + "Transport",
         "getting in and out (as moves), moving with the vehicle, room, assaults launched from the vehicle "
         "and the troops put out of a destroyed vehicle are simulated (builder/systems/heroes/engine/transport.py); "
         "shooting from the vehicle, retreating into it after an assault, opportunity fire at a unit "
         "getting in and deploying units inside at set-up are not; the greedy player values a unit "
         "getting in as if it stood on the vehicle's square")
