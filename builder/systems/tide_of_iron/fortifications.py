"""Fortifications, obstacles and smoke: the markers of 004 Tide of Iron, Fortifications &
obstacles (entrenchments, pillboxes, minefields, razor wire, tank traps) and Smoke.

Markers lie on hexes (``State.markers``: hex -> kinds, one entry a marker); a squad
inside an entrenchment or pillbox has ``Unit.fort`` set. The engine asks this module
what a marker changes: cover, halved FPR, where a unit may step, what entering a hex
does. Plain functions of the state; the rules core does no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.tide_of_iron.hexes import SQUAD, VEHICLE

if TYPE_CHECKING:
    from builder.systems.tide_of_iron.engine import State, Unit

FORT_COVER = {"entrenchment": 2, "pillbox": 6}
"""Cover of a squad inside: "Entrenchments +2 cover. Pillboxes +6 cover" (004 Tide of Iron,
Entrenchments & pillboxes)."""
SMOKE_COVER = 2
""""Any hex with a smoke marker is blocking terrain and +2 cover" (004 Tide of Iron, Smoke)."""
NO_DIG = ("stream", "deep-stream", "flooded-stream", "pond", "building")
"""Dig Entrenchment: "not a stream, pond or building hex" (004 Tide of Iron, Engineer)."""


def markers(s: State, h: int) -> list[str]:
    return s.markers.get(h, [])


def has(s: State, h: int, kind: str) -> bool:
    return kind in s.markers.get(h, ())


def add(s: State, h: int, kind: str) -> None:
    s.markers[h] = sorted(s.markers.get(h, []) + [kind])


def remove(s: State, h: int, kind: str) -> None:
    left = list(s.markers.get(h, []))
    left.remove(kind)
    if left:
        s.markers[h] = left
    else:
        del s.markers[h]


def setup(s: State, scenario: Any) -> None:
    """The scenario's markers at set-up."""
    grid = s.static.grid
    for m in scenario.markers:
        for _ in range(m.count):
            add(s, grid.hex(m.hex), m.kind)


def fort_places(s: State, h: int, kind: str) -> int:
    """Free places of ``kind`` in ``h``: each entrenchment or pillbox holds one squad
    ("One squad in the same hex may spend 1 MP to enter an entrenchment/pillbox")."""
    used = sum(1 for u in s.units if u.alive and u.hex == h and u.carrier < 0 and u.fort == kind)
    return markers(s, h).count(kind) - used


def enterable_forts(s: State, u: Unit) -> list[str]:
    """The kinds of fortification ``u`` (a squad not already inside) could enter in its hex."""
    if u.kind != SQUAD or u.fort is not None:
        return []
    return [k for k in ("entrenchment", "pillbox") if fort_places(s, u.hex, k) > 0]


def cover(s: State, t: Unit) -> int:
    """Cover the markers give ``t`` against a normal or suppressive attack: its
    entrenchment or pillbox (squads only; an equipment unit gets +1 in an entrenchment
    hex and nothing from a pillbox: Anti-tank guns, Cover), a tank trap's +1 to squads,
    smoke's +2 to every unit."""
    h = t.hex
    out = FORT_COVER.get(t.fort or "", 0)
    ms = markers(s, h)
    if not ms:
        return out
    if t.kind == SQUAD and "tank-trap" in ms:
        out += 1  # "Tank traps give squads +1 cover"
    if t.kind == VEHICLE and t.vtype is not None and t.vtype.equipment and "entrenchment" in ms:
        out += 1
    if "smoke" in ms:
        out += SMOKE_COVER
    return out


def assault_cover(s: State, h: int, defenders: list[Unit]) -> int:
    """The markers' share of an assault's red dice ("the defender's terrain/fortifications.
    Cover bonuses are cumulative"): the best entrenchment or pillbox a defending squad
    holds, a tank trap's +1; smoke gives no cover against an assault ("A unit assaulting
    ... against a smoke hex has its FPR halved but does not get +2 cover", read as the
    defender not getting it, 004 Tide of Iron, Smoke)."""
    best = max((FORT_COVER.get(d.fort or "", 0) for d in defenders if d.kind == SQUAD), default=0)
    return best + (1 if has(s, h, "tank-trap") and any(d.kind == SQUAD for d in defenders) else 0)


def halved_in(s: State, u: Unit, h: int) -> bool:
    """Whether ``u`` on ``h`` fights at half FPR: "A unit in the hex fights at half FPR"
    (Minefields, Smoke), "A squad in the hex fights at half FPR" (Razor wire)."""
    ms = markers(s, h)
    if not ms:
        return False
    return "minefield" in ms or "smoke" in ms or (u.kind == SQUAD and "razor-wire" in ms)


def step_allowed(s: State, u: Unit, src: int, dst: int, start: int) -> bool:
    """Obstacles on a step from ``src`` to ``dst`` of a move begun on ``start``:
    vehicles never enter a hex with entrenchments or pillboxes; a vehicle enters a tank
    trap hex only when it began its move adjacent to it; "A unit moving from a minefield
    hex may only move to an adjacent hex" (one step, read as: the move that leaves it)."""
    ms = markers(s, dst)
    if u.kind == VEHICLE and ms:
        if "entrenchment" in ms or "pillbox" in ms:
            return False
        if "tank-trap" in ms and s.static.grid.distance(start, dst) != 1:
            return False
    if has(s, start, "minefield") and src != start:
        return False
    return True


def leave_cost(u: Unit) -> int:
    """MPs to leave an entrenchment or pillbox before stepping out of the hex ("1 MP to leave")."""
    return 1 if u.fort is not None else 0


def on_enter(s: State, u: Unit, engineer: bool) -> tuple[bool, bool, list[int]]:
    """What entering ``u``'s new hex does: (movement ends, no assault this activation,
    minefield dice rolled). Minefields: the unit ends its movement, is fatigued (the
    activation ends) and rolls 4 dice, hits on 4-6 with no defence dice; engineers roll
    nothing. Razor wire: non-engineer squads and light vehicles end their movement. Tank
    traps: a vehicle ends its movement. "An assaulting unit entering a hex with a
    minefield or razor wire during its move may not assault that activation"."""
    ms = markers(s, u.hex)
    if not ms:
        return False, False, []
    stop = no_assault = False
    faces: list[int] = []
    light = u.kind == VEHICLE and u.vtype is not None and u.vtype.light
    if "minefield" in ms:
        stop = no_assault = True
        if not engineer:
            r = s.rng.random
            faces = [int(r() * 6) + 1 for _ in range(4)]
    if "razor-wire" in ms and ((u.kind == SQUAD and not engineer) or light):
        stop = no_assault = True
    if "tank-trap" in ms and u.kind == VEHICLE:
        stop = True
    return stop, no_assault, faces


def can_dig(s: State, u: Unit) -> bool:
    """Dig Entrenchment: not on a stream, pond or building hex, and "A hex may not contain
    more than 3 entrenchment/pillbox markers"."""
    ms = markers(s, u.hex)
    return (s.static.grid.terrain[u.hex].id not in NO_DIG
            and ms.count("entrenchment") + ms.count("pillbox") < 3)


def can_cut_wire(u: Unit, engineer: bool, s: State) -> bool:
    """"an active tank or engineer squad may spend 2 MP to remove a razor wire marker in
    the same hex" (004 Tide of Iron, Razor wire)."""
    tank = u.kind == VEHICLE and u.vtype is not None and u.vtype.overrun
    return has(s, u.hex, "razor-wire") and (tank or (u.kind == SQUAD and engineer))


def smoke_blocks(s: State, a: int, b: int) -> bool:
    """Smoke is blocking terrain for line of sight, not for units in the smoke hex itself
    ("BT does not block LOS to units in that hex"): a step of the line between ``a`` and
    ``b`` whose hexes all hold smoke or blocking terrain blocks (the edge rule)."""
    grid = s.static.grid
    smoke = {h for h, ms in s.markers.items() if "smoke" in ms}
    if not smoke or grid.distance(a, b) <= 1:
        return False
    for step in grid.line(a, b):
        if any(h in smoke for h in step) and all(h in smoke or grid.blocks[h] for h in step):
            return True
    return False


def expire_smoke(s: State) -> None:
    """Status phase, Remove tokens: "Remove any expired markers (eg. smoke)"."""
    for h in [h for h, ms in s.markers.items() if "smoke" in ms]:
        while has(s, h, "smoke"):
            remove(s, h, "smoke")
