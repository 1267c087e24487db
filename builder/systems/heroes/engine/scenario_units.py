"""Units named by scenario effects, and the effects that put them somewhere:
selectors, ``place_unit`` with its square rules, ``move_toward``
(builder/systems/heroes/content/models/scenario_events.py; 002 Solo Mode, Family Meeting 1 and 2).

Distances are the engine's (:meth:`Battlefield.distance`); ties between units go to
the lower unit id, between squares to the order the scenario prints them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.kernel.events import Event
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.objectives import on_map
from builder.systems.heroes.engine.movement import facing_towards, infantry_moves, vehicle_reach
from builder.systems.heroes.engine.setup import place_somewhere
from builder.systems.heroes.engine.state import NO_ORDER
from builder.systems.heroes.engine.unit_actions import place

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState


def _nearest(state: "GameState", sq: int, targets: list[int]) -> int:
    bf = state.static.bf
    return min((bf.distance(sq, t) for t in targets), default=99)


def objective_squares(state: "GameState") -> list[int]:
    """Squares of the objectives on the battlefield now (builder/systems/heroes/engine/objectives.py:
    one a scenario places later is not there yet)."""
    return [state.static.objectives[i][1] for i in on_map(state)]


def enemies(state: "GameState", side: int) -> list["UnitState"]:
    """The other sides' units on the battlefield that can be seen (no decoys)."""
    return [e for e in state.units if e.side != side and e.active and not e.st.decoy]


def select(state: "GameState", sel: Any, side: int, decoys: bool = False) -> list["UnitState"]:
    """Units of ``side`` on the battlefield a selector names: of its unit type or
    counter; the ``count`` closest to an objective (or an enemy) with ``closest_to``,
    else the first ``count`` by id. Decoy counters stand for no unit and are left out
    unless ``decoys``."""
    units = [u for u in state.units if u.side == side and u.active and (decoys or not u.st.decoy)
             and (sel is None or sel.unit_type is None or u.type == sel.unit_type)
             and (sel is None or sel.unit is None or u.st.profile.id == sel.unit)]
    if sel is not None and sel.closest_to:
        if sel.closest_to == "objective":
            targets = objective_squares(state)
        else:
            targets = [sq for e in enemies(state, side) for sq in state.squares_of(e)]
        units.sort(key=lambda u: (min((_nearest(state, sq, targets) for sq in state.squares_of(u)), default=99),
                                  u.id))
    if sel is not None and sel.count:
        units = units[:sel.count]
    return units


def to_place(state: "GameState", sel: Any, side: int) -> list["UnitState"]:
    """Units a ``place_unit`` effect brings in: set-aside units not yet on the
    battlefield (not the Solo Mode's reinforcements-bag units, which only a draw brings
    in), and the counter the selector names when it has been destroyed (Family Meeting 1,
    turn 5: Ludwig comes back)."""
    out = []
    for u in state.units:
        if u.side != side or (sel is not None and sel.unit is not None and u.st.profile.id != sel.unit):
            continue
        if u.alive and u.sq < 0 and u.carried_by < 0 and u.st.set_aside and not u.st.reinforcement:
            out.append(u)
        elif not u.alive and sel is not None and sel.unit is not None:
            out.append(u)
    return out


def qualifying_squares(state: "GameState", unit: "UnitState", squares: list[int], rules: list[str]) -> list[int]:
    """The squares of ``squares`` meeting every square rule, best first: the most
    enemy units in line of sight, then the printed order (a documented choice for
    the scenario's 'choose one')."""
    bf = state.static.bf
    amph = unit.ability("amphibious") is not None
    foes = enemies(state, unit.side)
    scored = []
    for i, sq in enumerate(squares):
        if "free" in rules and (state.occ[sq] >= 0 or not bf.enterable(sq, unit.type, amph)):
            continue
        if "not_adjacent_to_enemy" in rules and any(bf.distance(sq, s) <= 1 for e in foes for s in state.squares_of(e)):
            continue
        seen = sum(1 for e in foes if not e.concealed and sees(state, sq, e.sq, unit, e))
        if "los_to_enemy" in rules and not seen:
            continue
        scored.append((-seen, i, sq))
    return [sq for _, _, sq in sorted(scored)]


def bring_back(state: "GameState", unit: "UnitState") -> None:
    """A destroyed counter returns fresh (healthy side, no markers nor damage)."""
    unit.alive, unit.wreck, unit.face, unit.damage, unit.suppressed = True, False, 0, 0, 0
    unit.order, unit.activated, unit.acted, unit.concealed = NO_ORDER, False, False, False


def place_units(state: "GameState", eff: Any, side: int) -> bool:
    """Put the units of a ``place_unit``/``reinforce`` effect on its squares; False
    when one could not be placed and the effect is postponed (``if_impossible``)."""
    bf = state.static.bf
    squares = [s for area in eff.at for s in bf.area_squares(area)]
    placed_all = True
    for u in to_place(state, eff.selector, side):
        candidates = qualifying_squares(state, u, squares, list(eff.square_rules)) if eff.square_rules else squares
        facing = u.facing
        if candidates and eff.square_rules:
            foes = enemies(state, side)
            if foes:
                (x, y) = bf.xy(candidates[0])
                near = min(foes, key=lambda e: (bf.distance(candidates[0], e.sq), e.id))
                nx, ny = bf.xy(near.sq)
                facing = facing_towards(nx - x, ny - y)
        was_alive = u.alive
        if not was_alive:
            bring_back(state, u)
        if place_somewhere(state, u, candidates, facing):
            state.events.append(Event("reinforcement", {"unit": u.id, "square": u.sq}))
            continue
        if not was_alive:
            u.alive = False
        placed_all = False
    return placed_all or eff.if_impossible != "postpone"


def move_toward(state: "GameState", eff: Any, side: int, bonus_squares: list[int]) -> None:
    """Every selected unit moves up to ``count`` squares nearer the closest of what
    ``toward`` names, ending in a terrain element (a square with a defence bonus) when
    one is in reach, never on an occupied square (no assault); a unit no move brings
    nearer stays (002 Solo Mode, Family Meeting 2, roll table result D)."""
    bf = state.static.bf
    for u in select(state, eff.selector, side, decoys=True):
        targets: list[int] = []
        if "objective" in eff.toward:
            targets += objective_squares(state)
        if "tactical_bonus" in eff.toward:
            targets += bonus_squares
        if "enemy" in eff.toward:
            targets += [s for e in enemies(state, side) for s in state.squares_of(e)]
        if not targets or u.sq < 0:
            continue
        goal = min(targets, key=lambda t: (bf.distance(u.sq, t), t))
        start = bf.distance(u.sq, goal)
        if start == 0:
            continue
        best = None
        for sq, facing, steps in _ends(state, u, eff.count or 0):
            d = bf.distance(sq, goal)
            if d >= start:
                continue
            key = (bf.terrain[sq].defence_bonus <= 0, d, steps, sq, facing)
            if best is None or key < best:
                best = key
        if best is None:
            continue
        _, _, _, sq, facing = best
        state.events.append(Event("moved", {"unit": u.id, "from": u.sq, "to": sq, "why": "scenario"}))
        place(state, u, sq, facing)


def _ends(state: "GameState", u: "UnitState", mp: int) -> list[tuple[int, int, int]]:
    """(square, facing, steps) where a move of ``mp`` squares may end, on free squares."""
    if u.is_vehicle:
        out = []
        for (sq, facing), steps in vehicle_reach(state, u, mp).items():
            u_sq, u_f = u.sq, u.facing
            u.sq, u.facing = sq, facing
            cover = state.squares_of(u)
            u.sq, u.facing = u_sq, u_f
            if len(cover) == u.st.profile.footprint and all(state.occ[c] in (-1, u.id) for c in cover):
                out.append((sq, facing, steps))
        return out
    reach = infantry_moves(state, u, mp)
    dist = reach.dist()
    return [(sq, u.facing, dist.get(sq, mp)) for sq in reach.free_squares]
