"""The AI's deployment in the Solo game mode (002 Solo Mode, 2.5 Deployment: Scouts,
Other Units, Units Deployment Example; 3.2 Far Far Away...).

The player deploys first (the engine's seeded deployment of the player's side stands);
then the AI's units are taken off the battlefield and deployed again by the book:

* a side the scenario brings on by arrow squares only (no deployment zone) waits off
  the battlefield, its counters stacked next to the arrows (Other Units): vehicles
  first, then the stack of anonymous, numbered and decoy counters in the order its
  shuffle gave; each enters later through a free arrow square
  (builder.systems.heroes.engine.solo_mode.rules.SoloModeRules.enter_unit: a reaction card's tactical
  movement, firing action or suppressive fire while units wait, Far Far Away...; the
  rest in the supply phase);
* otherwise, in the AI's zone: vehicles first, nearest their objective, out of the
  player units' sight where possible, kept at least two squares from one another,
  never hemmed in by impassable terrain;
  then the stack, unseen, one counter at a time along the front line (the zone's line
  nearest the player), in a terrain element with a defence bonus or a Transport
  vehicle of the line with room, else out of the player units' sight, one square
  apart from the line's other counters; once the line has no such square left, the
  next line back takes the rest, never straight behind a counter of the line before:
  staggered rows. With several objectives, the counters and vehicles take them in
  turn (the units are spread evenly among them).

Scouts go first (2.5 > Scouts): on the scenario's squares when it gives them, else at
the Scout ability's farthest reach from the zone, in a terrain element with a defence
bonus where possible, nearest an objective. Ties are broken by the Solo stream.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.setup import place_somewhere, scout_squares
from builder.systems.heroes.engine.transport import embark, has_room

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules, SoloState
    from builder.systems.heroes.engine.state import GameState, UnitState

INFANTRY = "infantry"


def by_arrows(state: "GameState", ai: int) -> bool:
    """Does the scenario bring the AI on by arrow squares only (no deployment zone)?"""
    spec = state.static.scenario.sides[ai]
    return bool(spec.entry) and not spec.deployment


def beside(bf: Any, entries: list[int], rings: int = 3) -> list[int]:
    """The squares around the arrow squares, nearest first (``rings`` deep), for units
    coming on in the supply phase when the arrows are taken."""
    seen, ring, out = set(entries), list(entries), []
    for _ in range(rings):
        ring = sorted({n for sq in ring for n in bf.adjacent(sq)} - seen)
        seen.update(ring)
        out.extend(ring)
    return out


def lift(state: "GameState", u: "UnitState") -> None:
    """Take ``u`` off the battlefield (to be deployed again or to wait by the arrows)."""
    for sq in state.squares_of(u):
        if state.occ[sq] == u.id:
            state.set_occupant(sq, -1)
    u.sq = -1


def stack(solo: "SoloState") -> list[int]:
    """The face-down stack: anonymous, numbered and decoy counters, shuffled (2.4
    Anonymous Unit Counters)."""
    counters = solo.forces.bagged + solo.forces.particular + solo.decoys
    solo.rng.shuffle(counters)
    return counters


def deploy(state: "GameState", rules: "SoloModeRules", solo: "SoloState", placed: set[int]) -> None:
    """Deploy the AI's scouts (those not ``placed`` on the scenario's squares), vehicles
    and stack by 2.5 (see the module's docstring); units the scenario sets aside are
    left off the battlefield."""
    scouts = [uid for uid in solo.forces.scouts if uid not in placed and state.units[uid].on_board]
    vehicles = [uid for uid in solo.forces.vehicles if state.units[uid].alive]
    counters = stack(solo)
    was = {uid: state.units[uid].sq for uid in scouts + vehicles + counters}
    for uid in scouts + vehicles + counters:
        lift(state, state.units[uid])
    if by_arrows(state, rules.ai):
        solo.offboard = scouts + vehicles + counters
        return
    zone = list(dict.fromkeys(solo.zone))
    targets = _objectives(state)
    for uid in scouts:
        u = state.units[uid]
        if not place_somewhere(state, u, _scout_squares(state, zone, u, targets, solo), u.facing):
            _no_room(state, u, was[uid], solo)
    seen = _seen_squares(state, rules, zone)
    for k, uid in enumerate(vehicles):
        u = state.units[uid]
        if not place_somewhere(state, u, _vehicle_squares(state, zone, seen, targets, k, vehicles), u.facing):
            _no_room(state, u, was[uid], solo)
    lines = _lines(state, rules, zone)
    rows: dict[int, set[int]] = {}  # line -> the laterals its counters stand on
    for k, uid in enumerate(counters):
        u = state.units[uid]
        target = targets[k % len(targets)] if targets else -1
        if not _deploy_counter(state, u, lines, rows, seen, target, solo):
            _no_room(state, u, was[uid], solo)
    if "infiltration" in state.static.sides[rules.ai].keys:
        infiltrate(state, rules, solo)


INFILTRATORS, INFILTRATION_SQUARES = 2, 3
"""002 Solo Mode, 4.2 Recruitment Options > Infiltration: after the AI's deployment, two
anonymous units move three squares toward the nearest objective."""


def infiltrate(state: "GameState", rules: "SoloModeRules", solo: "SoloState") -> list[int]:
    """Infiltration's moves (002 Solo Mode, 4.2): once the AI's units are deployed, two
    anonymous units (counters of the units bag on the battlefield, not decoys) move up
    to three squares toward the nearest objective. 002 does not say which two: the two
    nearest an objective go (the common sense rule), then the lowest unit id; each step
    goes to a free adjacent square its kind may enter that is nearer the objective (the
    nearest such, then the lowest square), and a unit stops when no step is nearer.
    Returns the units moved."""
    bf = state.static.bf
    targets = _objectives(state)
    if not targets:
        return []

    def near(sq: int) -> int:
        return min(bf.distance(sq, t) for t in targets)

    anonymous = [state.units[uid] for uid in solo.forces.bagged
                 if state.units[uid].sq >= 0 and state.units[uid].concealed and not state.units[uid].st.decoy]
    anonymous.sort(key=lambda u: (near(u.sq), u.id))
    moved = []
    for u in anonymous[:INFILTRATORS]:
        start = u.sq
        for _ in range(INFILTRATION_SQUARES):
            steps = [s for s in bf.adjacent(u.sq) if state.occ[s] < 0 and near(s) < near(u.sq)
                     and bf.enterable(s, u.type, False)]
            if not steps:
                break
            step = min(steps, key=lambda s: (near(s), s))
            state.set_occupant(u.sq, -1)
            u.sq = step
            state.set_occupant(step, u.id)
        if u.sq != start:
            moved.append(u.id)
            rules.rules_fired["solo/infiltration"] += 1
    return moved


def _no_room(state: "GameState", u: "UnitState", was: int, solo: "SoloState") -> None:
    """A unit the rules found no square for goes back where the engine's deployment had
    put it; failing that (and only when the scenario has arrow squares) it waits off the
    battlefield and comes on by them."""
    if was >= 0 and place_somewhere(state, u, [was], u.facing):
        return
    if solo.entry:
        solo.offboard.append(u.id)


def _scout_squares(state: "GameState", zone: list[int], u: "UnitState", targets: list[int],
                   solo: "SoloState") -> list[int]:
    """Squares for a scout, best first (2.5 > Scouts and the Units Deployment Example):
    the Scout ability's farthest reach from the zone (never on or next to an
    objective: 000 core rules, Special Abilities > Scout), in a terrain element with a
    defence bonus, nearest an objective; then nearer reaches, then the zone."""
    bf = state.static.bf
    reach = u.ability("scout") or 0
    squares = [sq for sq in scout_squares(state, zone, reach, solo.rng) if state.occ[sq] < 0]
    inside = set(zone)

    def key(sq: int) -> tuple[int, int, int]:
        out = 0 if sq in inside else min(bf.distance(sq, z) for z in zone)
        near = min((bf.distance(sq, t) for t in targets), default=0)
        return (-out, 0 if bf.terrain[sq].defence_bonus else 1, near)

    return sorted(dict.fromkeys(squares), key=key)


def _objectives(state: "GameState") -> list[int]:
    """Objective squares, primary first (the units are spread among them in turn)."""
    order = {"primary": 0, "secondary": 1}
    return [sq for _, sq, kind, _, _ in sorted(state.static.objectives, key=lambda o: (order.get(o[2], 2), o[1]))]


def _seen_squares(state: "GameState", rules: "SoloModeRules", zone: list[int]) -> set[int]:
    """The zone's squares some unit of the player sees (the player deployed first)."""
    eyes = [e.sq for e in state.units if e.side == rules.player and e.active]
    return {sq for sq in zone if any(sees(state, e, sq) for e in eyes)}


def _vehicle_squares(state: "GameState", zone: list[int], seen: set[int], targets: list[int], k: int,
                     vehicles: list[int]) -> list[int]:
    """Squares for the ``k``-th vehicle, best first: not hemmed in by impassable
    terrain (a square around it open to the vehicle), not next to a vehicle already
    deployed, out of sight, nearest its objective."""
    bf = state.static.bf
    kind = state.units[vehicles[k]].type
    target = targets[k % len(targets)] if targets else -1
    others = [s for uid in vehicles[:k] for s in state.squares_of(state.units[uid]) if state.units[uid].sq >= 0]

    def key(sq: int) -> tuple[int, int, int, int, int]:
        blocked = not any(bf.enterable(n, kind, False) for n in bf.adjacent(sq))
        close = any(bf.distance(sq, o) < 2 for o in others)
        return (int(blocked), int(close), int(sq in seen), bf.distance(sq, target) if target >= 0 else 0, sq)

    return sorted((sq for sq in zone if state.occ[sq] < 0), key=key)


def _lines(state: "GameState", rules: "SoloModeRules", zone: list[int]) -> list[list[tuple[int, int]]]:
    """The zone's lines, the front line (nearest the player's side) first; each line a
    list of (lateral position, square). Lines run across the direction from the
    zone's centre to the player's units (or zone)."""
    bf = state.static.bf
    w = bf.width
    theirs = [e.sq for e in state.units if e.side == rules.player and e.active]
    if not theirs:
        spec = state.static.scenario.sides[rules.player]
        theirs = [s for area in spec.deployment for s in bf.area_squares(area)] + [bf.square(s) for s in spec.entry]
    if not zone:
        return []
    zx, zy = sum(s % w for s in zone) / len(zone), sum(s // w for s in zone) / len(zone)
    px = sum(s % w for s in theirs) / len(theirs) if theirs else zx
    py = sum(s // w for s in theirs) / len(theirs) if theirs else zy
    across = abs(px - zx) >= abs(py - zy)  # the player lies left or right: lines are columns
    sign = 1 if (px > zx if across else py > zy) else -1
    rows: dict[int, list[tuple[int, int]]] = {}
    for sq in zone:
        y, x = divmod(sq, w)
        depth, lateral = (x, y) if across else (y, x)
        rows.setdefault(-sign * depth, []).append((lateral, sq))
    return [sorted(rows[d]) for d in sorted(rows)]


def _deploy_counter(state: "GameState", u: "UnitState", lines: list[list[tuple[int, int]]],
                    placed: dict[int, set[int]], seen: set[int], target: int, solo: "SoloState") -> bool:
    """Put one counter of the stack on the first line with room by the spacing rules
    (then on any free square of the zone, front first); True once it is deployed."""
    bf = state.static.bf
    for strict in (True, False):
        for li, line in enumerate(lines):
            used, before = placed.setdefault(li, set()), placed.get(li - 1, set())
            options: list[tuple[tuple[int, int, int], int, int]] = []
            order = list(range(len(line)))
            solo.rng.shuffle(order)
            for rank, (lateral, sq) in zip(order, line):
                if strict and (lateral - 1 in used or lateral + 1 in used or lateral in used or lateral in before):
                    continue
                occupant = state.occ[sq]
                if occupant >= 0:
                    carrier = state.units[occupant]
                    if carrier.is_vehicle and has_room(state, carrier, u):
                        options.append(((0, bf.distance(sq, target) if target >= 0 else 0, rank), lateral, sq))
                    continue
                if not bf.enterable(sq, u.type if not u.st.decoy else INFANTRY, False):
                    continue
                cover = 0 if bf.terrain[sq].defence_bonus else (1 if sq not in seen else 2)
                options.append(((cover, bf.distance(sq, target) if target >= 0 else 0, rank), lateral, sq))
            for _, lateral, sq in sorted(options):
                occupant = state.occ[sq]
                if occupant >= 0:
                    embark(state, u, state.units[occupant])
                elif not place_somewhere(state, u, [sq], u.facing):
                    continue
                used.add(lateral)
                return True
    return False
