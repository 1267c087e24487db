"""Hits, eliminations, wrecks and heavy-vehicle damage.

000 core rules, Firing > Shot Resolution (flip where the counter can take a hit,
else eliminate; light vehicles become wrecks, an obstacle), Damage on Heavy
Vehicles (1 crew, 2 track, 3-4 hull + two Suppressed, 5 primary weapon, 6+
destroyed; a second damage of the same kind destroys), Special Abilities >
Substitute (a heavy weapon's hits taken by a unit nearby), Setup > Breaking Point
(losses count against the option, else the tile; the opponent scores its VP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import effects, markers, steps
from builder.systems.heroes.engine.effects.hooks import DAMAGE_ROLL, SUPPRESSED
from builder.kernel.events import Event
from builder.systems.heroes.engine.features.substitute import applies as substitutes, stand_in

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

DAMAGE_TABLE = {1: (1, "crew"), 2: (2, "track"), 3: (4, "hull"), 4: (4, "hull"), 5: (8, "primary weapon")}


def roll(state: "GameState", why: str, unit: int = -1) -> int:
    """One die, through the game's seeded generator, logged."""
    value = state.dice.d6()
    state.events.append(Event("die", {"value": value, "for": why, "unit": unit}))
    return value


def record_loss(state: "GameState", unit: "UnitState") -> None:
    side = state.sides[unit.side]
    side.losses[unit.type] = side.losses.get(unit.type, 0) + 1
    group = unit.st.group
    if group < 0:
        return
    g = state.static.sides[unit.side].groups[group]
    side.lost[group] += 1
    if g.breaking_units and not side.broken[group] and side.lost[group] >= g.breaking_units:
        side.broken[group] = True
        for i, other in enumerate(state.sides):
            if i != unit.side:
                other.vp += g.breaking_vp
        state.events.append(Event("breaking-point", {"side": unit.side, "group": g.name, "vp": g.breaking_vp}))


def eliminate(state: "GameState", unit: "UnitState", why: str) -> None:
    """Remove the counter from the game."""
    for sq in state.squares_of(unit):
        if state.occ[sq] == unit.id:
            state.set_occupant(sq, -1)
    was_wreck = unit.wreck
    unit.alive = False
    if markers.MARKERS in state.rule_fields:
        markers.clear_unit(state, unit.id)
    unit.order = -2
    state.events.append(Event("eliminated", {"unit": unit.id, "why": why}))
    if not was_wreck:
        record_loss(state, unit)
        if unit.is_vehicle:
            steps.vehicle_lost(state, unit)  # builder/systems/heroes/engine/transport.py


def wreck(state: "GameState", unit: "UnitState", why: str) -> None:
    """Flip a vehicle to its wreck side: it stays as an obstacle."""
    unit.wreck = True
    unit.order = -2
    unit.suppressed = 0
    faces = unit.st.profile.faces
    for i, f in enumerate(faces):
        if f.role == "wreck":
            unit.face = i
    state.events.append(Event("wrecked", {"unit": unit.id, "why": why}))
    record_loss(state, unit)
    steps.vehicle_lost(state, unit)  # builder/systems/heroes/engine/transport.py


def kill_shot(state: "GameState", unit: "UnitState", source: "UnitState | None", why: str) -> None:
    """A kill shot eliminates the unit whatever side it shows (000 core rules, Firing >
    Kill Shot); a variant may cancel it as two hits (002 Solo Mode, 2.2 Life Points:
    two markers cancel it, one leaves a single hit)."""
    if not unit.alive or unit.wreck:
        return
    if substitutes(state, unit):  # a heavy weapon's hits may go to a unit nearby (builder/systems/heroes/engine/features/substitute.py)
        unit = stand_in(state, unit, 2, why)
    left = state.rules.hits_taken(state, unit, 2)
    if left >= 2:
        eliminate(state, unit, why)
    elif left == 1:
        _hit(state, unit, source, why)


def take_hit(state: "GameState", unit: "UnitState", source: "UnitState | None", why: str) -> None:
    """One hit: flip, eliminate, wreck, or a damage location roll (unless a variant
    cancels it: Solo Mode life points)."""
    if not unit.alive or unit.wreck:
        return
    if substitutes(state, unit):
        unit = stand_in(state, unit, 1, why)
    if state.rules.hits_taken(state, unit, 1):
        _hit(state, unit, source, why)


def _hit(state: "GameState", unit: "UnitState", source: "UnitState | None", why: str) -> None:
    t = unit.type
    if t == "light_vehicle":
        wreck(state, unit, why)
    elif t == "heavy_vehicle":
        damage_location(state, unit, source)
    elif unit.st.profile.faces[unit.face].flips and unit.face + 1 < len(unit.st.profile.faces):
        unit.face += 1
        state.events.append(Event("flipped", {"unit": unit.id, "why": why}))
    else:
        eliminate(state, unit, why)


def damage_location(state: "GameState", unit: "UnitState", source: "UnitState | None") -> None:
    """Roll the damage location of a hit heavy vehicle (the attacker rolls)."""
    value = roll(state, "damage location", unit.id)
    if unit.ability("positive-waves") is not None:
        value = min(value, roll(state, "damage location (Positive Waves)", unit.id))
    if source is not None:
        for shift in effects.hook_functions(state, source, DAMAGE_ROLL):
            value += shift(state, source, unit, value)
    if value >= 6:
        state.events.append(Event("damage", {"unit": unit.id, "location": "destroyed", "roll": value}))
        wreck(state, unit, "damage location 6+")
        return
    bit, name = DAMAGE_TABLE[max(1, value)]
    state.events.append(Event("damage", {"unit": unit.id, "location": name, "roll": value}))
    if unit.damage & bit:
        wreck(state, unit, f"second {name} damage")
        return
    unit.damage |= bit
    if bit == 4:
        unit.suppressed += markers_taken(state, unit, 2)


def markers_taken(state: "GameState", unit: "UnitState", count: int) -> int:
    """How many of ``count`` Suppressed markers placed on ``unit`` it keeps: all,
    unless a rule module says otherwise (003 Battle for Normandy, Special Abilities >
    Unshakable: markers it ignores are not placed at all), less those its
    avert-suppression markers cancel (builder/systems/heroes/engine/markers.py)."""
    if effects.in_game(state, SUPPRESSED):
        for taken in effects.hook_functions(state, unit, SUPPRESSED):
            count = taken(state, unit, count)
    if markers.MARKERS in state.rule_fields and count > 0:
        count -= markers.averted(state, unit, count)
    return count


def suppress(state: "GameState", unit: "UnitState", count: int, why: str) -> None:
    if count <= 0 or not unit.alive or unit.wreck:
        return
    count = markers_taken(state, unit, count)
    if count <= 0:
        return
    unit.suppressed += count
    state.events.append(Event("suppressed", {"unit": unit.id, "count": count, "why": why}))
