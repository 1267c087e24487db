"""Destruction dice and the Destroyer (000 core rules, Special Abilities > Destruction;
003 Battle for Normandy, Firing Special Abilities > Destroyer).

A unit with Destruction (on the weapon fired or on the unit) that fires at a unit
inside a structure, or at the structure itself, rolls as many dice as the
ability's value after the shot: each result of 4 or more is a demolition point on
the structure (:func:`builder.systems.heroes.engine.structures.damage`). A unit with Destroyer
adds 2 to every Destruction die rolled by the friendly units in its zone of
control (its own rolls are not in its zone: the rule names the units around it),
so those score on 2 or more; several Destroyers do not add up.

Firing at a structure directly is a ``fire`` decision with ``mode`` "structure",
``square`` a square of the structure and no target unit. To keep the lists short
it is offered only to a unit whose weapon has Destruction, at a structure with an
enemy unit inside, once per weapon and structure (at the nearest square of it the
weapon reaches). The shot needs the weapon's arc and range, fires out of a building
only through an opening, and a line of sight to the wall: the line to the last
square outside the structure on the way must be clear of blocking terrain and
units, that square next to the structure square aimed at (the structure's own
walls do not hide it).

Blast patterns (000 core rules, Special Abilities > Indirect Fire, Howitzer; 003,
Destruction (Breach): templates can destroy structures when the weapon has
Destruction): a blast fired with a Destruction weapon rolls its dice once against
each standing structure the pattern covers (builder/systems/heroes/engine/features/blast.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.ambush import reveal
from builder.systems.heroes.engine.damage import roll
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.board.intersections import pattern_squares
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import ACTIVATION_ACTIONS, DECIDE, IN_PLAY
from builder.kernel.events import Event
from builder.systems.heroes.engine.steps import AFTER_SHOT
from builder.systems.heroes.engine.firing import building_reason, in_arc
from builder.systems.heroes.board.los import static_line, trace
from builder.systems.heroes.engine.structures import damage, structure_at, structure_squares, units_inside
from builder.systems.heroes.engine.zoc import zone_of

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

R_DESTRUCTION = "000 core rules, Special Abilities > Destruction"
R_DESTROYER = "003 Battle for Normandy, Firing Special Abilities > Destroyer"
SCORES = 4
DESTROYER_BONUS = 2
STRUCTURE = "structure"  # the mode of a shot at a structure


def destruction_dice(unit: "UnitState", weapon: Any) -> int:
    """Destruction dice of a shot by ``unit`` with ``weapon`` (None: the unit's own)."""
    if weapon is not None and "destruction" in weapon.abilities:
        return int(weapon.abilities["destruction"] or 0)
    return int(unit.ability("destruction") or 0)


def destroyer_bonus(state: "GameState", unit: "UnitState") -> int:
    """+2 when a friendly unit with Destroyer has ``unit`` in its zone of control."""
    for d in state.units:
        if d.side == unit.side and d.id != unit.id and d.active and d.ability("destroyer") is not None \
                and unit.sq in zone_of(state, d):
            return DESTROYER_BONUS
    return 0


def roll_destruction(state: "GameState", unit: "UnitState", dice: int, square: int, why: str) -> int:
    """Roll ``dice`` Destruction dice of ``unit`` against the structure on ``square``;
    returns the demolition points scored (inflicted on the structure)."""
    if dice <= 0 or structure_at(state.static.bf, square) < 0:
        return 0
    bonus = destroyer_bonus(state, unit) if unit.sq >= 0 else 0
    scored = sum(1 for _ in range(dice) if roll(state, "destruction", unit.id) + bonus >= SCORES)
    state.events.append(Event("destruction", {"unit": unit.id, "dice": dice, "bonus": bonus, "scored": scored}))
    damage(state, square, scored, why)
    return scored


def after_shot(state: "GameState", firer: "UnitState", weapon: int, square: int) -> None:
    """The Destruction dice of a shot just resolved at a unit on ``square``."""
    face = firer.st.profile.faces[firer.face]
    w = face.weapons[weapon] if 0 <= weapon < len(face.weapons) else None
    dice = destruction_dice(firer, w)
    if dice:
        roll_destruction(state, firer, dice, square, "destruction")


def blast_structures(state: "GameState", firer: "UnitState", i: int, radius: int, weapon: int) -> None:
    """The Destruction dice of a blast pattern on intersection ``i``: once against
    each standing structure it covers, even partly."""
    face = firer.st.profile.faces[firer.face]
    w = face.weapons[weapon] if 0 <= weapon < len(face.weapons) else None
    dice = destruction_dice(firer, w)
    if not dice:
        return
    bf = state.static.bf
    hit: dict[int, int] = {}
    for sq in pattern_squares(bf, i, radius):
        area = structure_at(bf, sq)
        if area >= 0 and area not in hit:
            hit[area] = sq
    for sq in hit.values():
        if structure_at(state.static.bf, sq) >= 0:
            roll_destruction(state, firer, dice, sq, "blast")


def _wall_in_sight(state: "GameState", fsq: int, tsq: int, squares: tuple[int, ...]) -> bool:
    """Does the line from ``fsq`` reach the structure square ``tsq`` (see the module)?"""
    bf = state.static.bf
    crossed, _ = trace(bf, fsq, tsq)
    last = fsq
    for sq in crossed:
        if sq in squares:
            return False  # the line runs through another part of the structure first
        last = sq
    if last != fsq:
        line = static_line(bf, fsq, last)
        if line.blocker or bf.terrain[last].blocks_los:
            return False
        if line.board & state.occupied and any(state.occ[s] >= 0 for s in line.squares):
            return False
        if state.occ[last] >= 0 and state.occ[last] != state.occ[fsq]:
            return False
    return tsq in bf.adjacent(last) or bf.distance(last, tsq) == 1


def structure_shots(state: "GameState", u: "UnitState") -> list["Action"]:
    """``fire`` decisions of ``u`` at structures with enemy units inside (see the module)."""
    bf = state.static.bf
    if not bf.structures or u.sq < 0 or u.st.decoy:
        return []
    face = u.st.profile.faces[u.face]
    weapons = [wi for wi, w in enumerate(face.weapons) if wi not in state.fired and destruction_dice(u, w)
               and not (w.role == "primary" and u.damage & 8)]
    if not weapons:
        return []
    out: list[Action] = []
    for area in bf.structures:
        if not any(t.side != u.side for t in units_inside(state, area)):
            continue
        squares = structure_squares(bf, area)
        if u.sq in squares:
            continue
        for wi in weapons:
            square = aim(state, u, wi, squares)
            if square >= 0:
                out.append(Action("fire", unit=u.id, weapon=wi, square=square, mode=STRUCTURE))
    return out


def aim(state: "GameState", u: "UnitState", wi: int, squares: tuple[int, ...]) -> int:
    """The nearest square of the structure ``u``'s weapon ``wi`` may fire at, -1 none."""
    bf = state.static.bf
    w = u.st.profile.faces[u.face].weapons[wi]
    limit = int(w.abilities.get("limited-range") or u.ability("limited-range") or 10**6)
    for sq in sorted(squares, key=lambda s: (bf.distance(u.sq, s), s)):
        if bf.distance(u.sq, sq) > limit or not in_arc(state, u, w.arc, u.sq, sq):
            continue
        if bf.terrain[u.sq].building and building_reason(bf, u.sq, sq).startswith("firing out"):
            continue
        if _wall_in_sight(state, u.sq, sq, squares):
            return sq
    return -1


def fire_at_structure(state: "GameState", action: "Action") -> None:
    """Apply a ``fire`` decision at a structure (the unit's shot)."""
    u = state.units[action.unit]
    if action not in structure_shots(state, u):
        raise IllegalAction(f"no shot at a structure there: {action.describe(state)}")
    reveal(state, u, "fired")
    state.events.append(Event("shot-at-structure", {"unit": u.id, "weapon": action.weapon,
                                                    "square": action.square}))
    after_shot(state, u, action.weapon, action.square)


def offered_shots(state: "GameState", u: "UnitState") -> list["Action"]:
    """Shots at structures offered to the unit being activated (none on a battlefield
    without structures)."""
    if not state.static.bf.structures:
        return []
    return structure_shots(state, u)


def structure_fired(state: "GameState", action: "Action") -> None:
    """A shot at a structure: the weapon has fired."""
    fire_at_structure(state, action)
    state.fired = state.fired + (action.weapon,)


register("ability", "destruction", "Destruction", "partial", R_DESTRUCTION,
         "a shot at a structure itself is offered only at structures with an enemy unit inside, with a "
         "simplified line of sight to the wall; wrecks are not structures in the engine (a heavy vehicle "
         "driving over one scores nothing); the Breach variant (003) is not simulated",
         rank=10, decides=("fire:" + STRUCTURE,), hooks=[IN_PLAY.by(lambda state: bool(state.static.bf.structures)),
                                                         ACTIVATION_ACTIONS.by(offered_shots), DECIDE.by(structure_fired)])
register("ability", "destroyer", "Destroyer", "partial", R_DESTROYER,
         "the stun of units in bunkers on 3 or more is not simulated")


AFTER_SHOT.provide(after_shot)  # builder.systems.heroes.engine.firing calls it after a shot near structures
