"""The Tide of Iron rules engine: the whole turn sequence of 004, seeded and replayable.

A game is a :class:`State` (compact, cheap to clone) changed only by :func:`apply` with
one of :func:`legal_actions`. Actions are short tuples of strings and integers, so a
game log is plain JSON. Dice come from the state's own seeded generator.

Decisions follow the turn sequence (004 Tide of Iron, Turn sequence): in the Action
phase a player activates one fresh unit (Advance, Concentrated Fire, Prepare Op Fire,
Fire & Movement, Assault, Fatigue Unit, a medic's Heal, an engineer's Dig Entrenchment)
or a Strategy card; movement is decided one hex at a time (entering or leaving an
entrenchment, cutting wire) and, after each hex entered, the opponent decides whether
to Op Fire (the decision passes to him and back); the attacker picks each supporter of
an attack or assault and who moves into a won hex; owners choose their casualties, the
defender assigns an assault's hits to his units and picks the retreat hex; the Command
phase asks each player how to spend command; the Status phase asks for card draws, Op
Fire placement and squad transfers. Everything else (control, command, VPs,
initiative, token removal, condition transitions, reinforcements) follows the rules
without a decision, but the hex where each reinforcement arrives. A squad leading or
supporting an attack chooses which of its figures fire (a trailing 0/1 on ``attack``,
``react`` and ``support`` when the choice matters).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any

from builder.errors import UsageError
from builder.systems.tide_of_iron import fortifications as F
from builder.systems.tide_of_iron.hexes import SQUAD as SQUAD, VEHICLE as VEHICLE, Grid
from builder.systems.tide_of_iron.models import FigureRole, VehicleTrait
from builder.systems.tide_of_iron.pack import ToiPack

Action = tuple[Any, ...]
FRESH, FATIGUED, OPFIRE = 0, 1, 2
NORMAL, PINNED, DISRUPTED = 0, 1, 2
CLOSE, NORMAL_RANGE, LONG = 4, 5, 6  # success numbers on a die (004 Tide of Iron, Roll attack & determine hits)
STACK_UNITS, STACK_VEHICLES = 3, 2
P_SUCCESS = {CLOSE: 0.5, NORMAL_RANGE: 1 / 3, LONG: 1 / 6}
MAX_STARS = 3
"""Stars an experience token can reach (the summary does not print it: placeholder)."""
MP_PARTS = 6
"""Movement is counted in sixths of an MP: Effective Road Movement pays a third of an MP
on a road and a half on a dirt road (004 Tide of Iron, Road/dirt road)."""
CASUALTY_ORDER = {FigureRole.regular: 0, FigureRole.elite: 1, FigureRole.machine_gun: 2, FigureRole.mortar: 2,
                  FigureRole.officer: 3}


class Figure:
    """A figure type's numbers, flattened for the hot loops."""

    __slots__ = ("id", "range", "vrange", "inf", "veh", "mv", "heavy", "role", "mortar", "officer", "elite", "order")

    def __init__(self, model: Any) -> None:
        self.id: str = model.id
        self.range, self.vrange = model.range.infantry, model.range.vehicle  # per kind of target (004, Combat)
        self.inf, self.veh, self.mv = model.firepower.infantry, model.firepower.vehicle, model.movement
        self.heavy: bool = model.heavy_weapon
        self.role = model.role
        self.mortar = model.role is FigureRole.mortar
        self.officer = model.role is FigureRole.officer
        self.elite = model.role is FigureRole.elite
        self.order = CASUALTY_ORDER[model.role]


class VehicleType:
    """A vehicle type's numbers."""

    __slots__ = ("id", "range", "vrange", "inf", "veh", "mv", "av", "transport", "light", "heavy", "fragile", "sturdy",
                 "concussive", "road_fast", "thick", "overrun", "equipment")

    def __init__(self, model: Any) -> None:
        self.id: str = model.id
        self.range, self.vrange = model.range.infantry, model.range.vehicle  # per kind of target (004, Combat)
        self.inf, self.veh, self.mv = model.firepower.infantry, model.firepower.vehicle, model.movement
        self.av, self.transport = model.armour, model.transport
        t = set(model.traits)
        self.light = VehicleTrait.light in t
        self.heavy = VehicleTrait.heavy in t
        self.fragile = VehicleTrait.fragile in t
        self.sturdy = VehicleTrait.sturdy in t
        self.concussive = VehicleTrait.concussive in t
        self.road_fast = VehicleTrait.effective_road in t
        self.thick = VehicleTrait.thick_armor in t
        self.overrun = VehicleTrait.overrun in t
        self.equipment = VehicleTrait.equipment in t


class Unit:
    """A squad or vehicle on the board (``hex`` -1 when carried or not yet arrived)."""

    __slots__ = ("uid", "side", "kind", "hex", "figs", "spec", "vtype", "token", "cond", "dmg", "carrier", "alive",
                 "name", "cap", "fort", "hidden", "exp", "stars")
    uid: str
    side: int
    kind: int
    hex: int
    figs: list[Figure]
    spec: str | None
    vtype: VehicleType | None
    token: int
    cond: int
    dmg: int
    carrier: int
    alive: bool
    name: str
    cap: int
    fort: str | None
    hidden: bool
    exp: str | None
    stars: int

    def __init__(self, uid: str, side: int, kind: int, hex_: int, figs: list[Figure], spec: str | None,
                 vtype: VehicleType | None, name: str) -> None:
        self.uid, self.side, self.kind, self.hex = uid, side, kind, hex_
        self.figs, self.spec, self.vtype, self.name = figs, spec, vtype, name
        self.token, self.cond, self.dmg, self.carrier, self.alive = FRESH, NORMAL, 0, -1, True
        self.cap = len(figs)
        self.fort, self.hidden, self.exp, self.stars = None, False, None, 0

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        u.uid, u.side, u.kind, u.hex, u.figs, u.spec = self.uid, self.side, self.kind, self.hex, list(self.figs), self.spec
        u.vtype, u.name, u.token, u.cond, u.dmg, u.carrier, u.alive, u.cap = (
            self.vtype, self.name, self.token, self.cond, self.dmg, self.carrier, self.alive, self.cap)
        u.fort, u.hidden, u.exp, u.stars = self.fort, self.hidden, self.exp, self.stars
        return u

    @property
    def heavy_weapon(self) -> bool:
        return any(f.heavy for f in self.figs)

    @property
    def has_officer(self) -> bool:
        return any(f.officer for f in self.figs)

    def key(self) -> tuple[Any, ...]:
        return (self.uid, self.hex, tuple(f.id for f in self.figs), self.token, self.cond, self.dmg, self.carrier,
                self.alive, self.fort, self.hidden, self.stars)


class Static:
    """What never changes during a game: board tables, unit types, the scenario."""

    def __init__(self, pack: ToiPack, scenario: Any) -> None:
        self.pack, self.scenario = pack, scenario
        board = pack.items["boards"][scenario.board]
        terrain = {t.symbol: t for t in pack.items["terrain"].values()}
        self.grid = Grid(board.rows, terrain)
        self.figures = {fid: Figure(f) for fid, f in pack.items["figures"].items()}
        self.vehicles = {vid: VehicleType(v) for vid, v in pack.items["vehicles"].items()}
        self.sides = [s.id for s in scenario.sides]
        self.nations = [s.nation for s in scenario.sides]
        self.objectives = [(self.grid.hex(o.hex), o) for o in scenario.objectives]
        self.objective_hexes = [h for h, _ in self.objectives]
        self.cards = pack.items["cards"]
        self.apt = scenario.actions_per_turn
        self.zones = [[self.grid.hex(h) for h in s.reinforcement_zone] for s in scenario.sides]
        self.spec_effect = {sid: s.effect for sid, s in pack.items["specializations"].items()}
        self.capacity = {bid: b.capacity for bid, b in pack.items["bases"].items()}
        self.regular = {f.nation: self.figures[fid] for fid, f in sorted(pack.items["figures"].items())
                        if f.role is FigureRole.regular}
        self.no_long_rounds: list[frozenset[int]] = [frozenset(r) for r in operations_no_long_range(pack, scenario)]


class State:
    """A game in progress. Plain attributes; :meth:`clone` copies what changes."""

    __slots__ = ("static", "rng", "units", "round", "phase", "initiative", "active", "taken", "done", "command",
                 "pool", "vp", "control", "hands", "decks", "lasting", "pending", "events", "decisions", "result",
                 "control_log", "losses", "kills", "spent", "placed", "verbose", "warnings", "rapid", "transfers",
                 "owed", "drawn", "markers", "cause", "credits", "killers")
    static: Static
    rng: random.Random
    units: list[Unit]
    round: int
    phase: str
    initiative: int
    active: int
    taken: int
    done: list[bool]
    command: list[int]
    pool: list[int]
    vp: list[int]
    control: list[int]
    hands: list[list[str]]
    decks: list[list[list[str]]]
    lasting: list[list[str]]
    pending: list[Any] | None
    events: list[str]
    decisions: int
    result: dict[str, Any] | None
    control_log: list[dict[str, str | None]]
    losses: list[Counter[str]]
    kills: list[Counter[str]]
    spent: list[bool]
    placed: list[bool]
    verbose: bool
    warnings: list[str]
    rapid: dict[int, list[int]]
    transfers: dict[int, int]
    owed: list[list[int]]
    drawn: list[int]
    markers: dict[int, list[str]]
    cause: tuple[str, str]
    """The way and the unit type (or card) of the attack being resolved: what a loss is
    credited to (the playtest report's kill credit). Not part of :meth:`state_hash`."""
    credits: list[Counter[str]]
    """Per side, ``"way: unit type or card"`` -> figures and vehicles it removed."""
    killers: list[Counter[str]]
    """Per side, the unit type (figure type or vehicle type) -> figures and vehicles it removed."""

    def clone(self) -> State:
        s = State.__new__(State)
        s.static = self.static
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.units = [u.copy() for u in self.units]
        s.round, s.phase, s.initiative, s.active, s.taken = self.round, self.phase, self.initiative, self.active, self.taken
        s.done, s.command, s.pool, s.vp = list(self.done), list(self.command), list(self.pool), list(self.vp)
        s.control = list(self.control)
        s.hands = [list(h) for h in self.hands]
        s.decks = [[list(p) for p in d] for d in self.decks]
        s.lasting = [list(x) for x in self.lasting]
        s.pending = _copy_pending(self.pending)
        s.events = list(self.events)
        s.decisions, s.result = self.decisions, dict(self.result) if self.result else None
        s.control_log = [dict(c) for c in self.control_log]
        s.losses = [Counter(c) for c in self.losses]
        s.kills = [Counter(c) for c in self.kills]
        s.spent, s.placed = list(self.spent), list(self.placed)
        s.verbose, s.warnings = self.verbose, list(self.warnings)
        s.rapid = {k: list(v) for k, v in self.rapid.items()}
        s.transfers = dict(self.transfers)
        s.owed = [list(x) for x in self.owed]
        s.drawn = list(self.drawn)
        s.markers = {h: list(m) for h, m in self.markers.items()}
        s.cause = self.cause
        s.credits = [Counter(c) for c in self.credits]
        s.killers = [Counter(c) for c in self.killers]
        return s

    # --- the kernel's Game protocol (builder.kernel.Game): kernel.play drives it

    @property
    def to_act(self) -> int | None:
        """The side to decide, None once the game is over."""
        return None if self.result is not None else self.active

    def legal_actions(self) -> list[Action]:
        return legal_actions(self)

    def apply(self, action: Action | list[Any]) -> list[str]:
        """Play one decision (:func:`apply`); returns the events it noted (verbose games)."""
        before = len(self.events)
        apply(self, action)
        return self.events[before:]

    def observation(self, seat: int) -> Any:
        """What side ``seat`` may know (builder.systems.tide_of_iron.observation)."""
        from builder.systems.tide_of_iron.observation import observation
        return observation(self, seat)

    def determinize(self, seat: int, rng: Any) -> State:
        """A full game consistent with ``observation(seat)`` (builder.systems.tide_of_iron.observation)."""
        from builder.systems.tide_of_iron.observation import determinize
        return determinize(self, seat, rng)

    def note(self, text: str) -> None:
        if self.verbose:
            self.events.append(f"r{self.round} {text}")

    def state_hash(self) -> str:
        """sha256 of everything that decides the rest of the game (and the dice to come)."""
        payload = json.dumps([
            [u.key() for u in self.units], self.round, self.phase, self.initiative, self.active, self.taken, self.done,
            self.command, self.pool, self.vp, self.control, self.hands, self.decks, self.lasting, self.pending,
            self.spent, self.placed, self.result, sorted(self.rapid.items()), sorted(self.transfers.items()),
            self.owed, self.drawn, sorted(self.markers.items()),
            repr(self.rng.getstate()),
        ], default=str, separators=(",", ":"))
        return hashlib.sha256(payload.encode()).hexdigest()


def _copy_pending(p: list[Any] | None) -> list[Any] | None:
    """A copy of the decision in progress (an Op Fire reaction nests the move it interrupts)."""
    if p is None:
        return None
    return [_copy_pending(x) if isinstance(x, list) else x for x in p]


# ---------------------------------------------------------------- set-up

Forces = dict[int, Any]
"""Starting forces given instead of the scenario's, by side index: a checked squad list
(:class:`builder.systems.tide_of_iron.models.Army`, ``squads`` and ``vehicles``)."""


def new_game(pack: ToiPack, scenario_id: str, seed: int, verbose: bool = False, static: Static | None = None,
             forces: Forces | None = None) -> State:
    """Set up a scenario (004 Tide of Iron, Setup): units in their hexes, decks shuffled,
    one card drawn face up per deck granted, round 1, the scenario's initiative. A side
    in ``forces`` deploys that squad list's squads and vehicles instead of the
    scenario's (players build squads from the scenario's pool: 004, Setup)."""
    scenario = pack.scenario(scenario_id)
    st = static if static is not None and static.scenario.id == scenario_id else Static(pack, scenario)
    s = State.__new__(State)
    s.static, s.rng = st, random.Random(seed)
    s.units = []
    s.markers = {}
    F.setup(s, scenario)
    forces = forces or {}
    for si, side in enumerate(scenario.sides):
        force = forces.get(si, side)
        _place_force(s, si, force.squads, force.vehicles)
    s.round, s.phase, s.taken = 1, "action", 0
    s.initiative = st.sides.index(scenario.initiative)
    s.active = s.initiative
    s.done, s.command, s.pool, s.vp = [False, False], [side.command for side in scenario.sides], [0, 0], [0, 0]
    s.control = [-1] * len(st.objectives)
    s.hands, s.decks, s.lasting = [[], []], [[], []], [[], []]
    for si, side in enumerate(scenario.sides):
        for deck_id in side.decks:
            pile = list(pack.items["decks"][deck_id].cards)
            s.rng.shuffle(pile)
            s.decks[si].append(pile)
            if pile:
                s.hands[si].append(pile.pop())  # no '+' draw during set-up (004 Tide of Iron, Draw strategy cards)
    s.pending, s.events, s.decisions, s.result = None, [], 0, None
    s.control_log, s.losses, s.kills = [], [Counter(), Counter()], [Counter(), Counter()]
    s.cause, s.credits, s.killers = ("set-up", "scenario"), [Counter(), Counter()], [Counter(), Counter()]
    s.spent, s.placed, s.verbose = [False, False], [False, False], verbose
    s.warnings = unsimulated(pack, scenario, forces)
    _setup_operations(s, pack, scenario)
    s.rapid, s.transfers, s.owed, s.drawn = {}, {}, [], [2, 2]
    _settle(s)
    return s


def operations_no_long_range(pack: ToiPack, scenario: Any) -> list[set[int]]:
    """Per side, the rounds in which an Operations card granted by the scenario forbids its
    long-range attacks (e.g. Morning Fog: round 1). A card affects its owner, or "both
    players" when it says so (004 Tide of Iron, Setup: "some affect both players")."""
    rounds: list[set[int]] = [set(), set()]
    for si, side in enumerate(scenario.sides):
        for op_id in side.operations:
            e = pack.items["operations"][op_id].effect
            if e is not None and e.kind == "no-long-range":
                when = set(e.rounds) if e.rounds else set(range(1, scenario.rounds + 1))
                for affected in ((0, 1) if e.affects == "both" else (si,)):
                    rounds[affected] |= when
    return rounds


def _setup_operations(s: State, pack: ToiPack, scenario: Any) -> None:
    """Operations cards resolved at set-up (004 Tide of Iron, Setup: "Each player takes any
    Operations cards ... granted by the scenario"): a granted Strategy card goes face up
    into its owner's hand; command tokens are received."""
    for si, side in enumerate(scenario.sides):
        for op_id in side.operations:
            e = pack.items["operations"][op_id].effect
            if e is None or e.timing != "setup":
                continue
            if e.kind == "grant-card" and e.card is not None:
                s.hands[si].append(e.card)
            elif e.kind == "command":
                s.command[si] += e.strength


def unsimulated(pack: ToiPack, scenario: Any, forces: Forces | None = None) -> list[str]:
    """What this scenario's content (with the squad lists of ``forces``) asks of rules
    the engine does not play (code N716): Operations cards without an effect the engine
    resolves, equipment units (Op Fire at a gun moving with a companion targets the gun)."""
    out = [f"operations card '{op}' of side '{side.id}' is not simulated"
           for side in scenario.sides for op in side.operations if pack.items["operations"][op].effect is None]
    for si, side in enumerate(scenario.sides):
        force = (forces or {}).get(si, side)
        vehicles = list(force.vehicles) + [v for r in side.reinforcements for v in r.vehicles]
        for v in vehicles:
            vt = pack.items["vehicles"].get(v.vehicle)
            if vt is not None and VehicleTrait.equipment in vt.traits:
                out.append(f"'{v.id}' of side '{side.id}' is equipment: when it moves one hex with a friendly unit, "
                           "Op Fire is offered against the gun only, not its companion")
    return out


def _place_force(s: State, si: int, squads: Any, vehicles: Any, at: int | None = None) -> None:
    """Put squads and vehicles on their hexes (``at``: all on that hex, for a
    reinforcement); a squad ``in_vehicle`` rides that vehicle when it is placed too."""
    st, grid = s.static, s.static.grid
    ids: dict[str, int] = {}
    for v in vehicles:
        vt = st.vehicles[v.vehicle]
        ids[v.id] = len(s.units)
        s.units.append(Unit(v.id, si, VEHICLE, grid.hex(v.hex) if at is None else at, [], None, vt, vt.id))
    for q in squads:
        figs = [st.figures[f] for f, n in sorted(q.figures.items()) for _ in range(n)]
        if q.in_vehicle is not None:
            if q.in_vehicle not in ids:
                continue
            u = Unit(q.id, si, SQUAD, -1, figs, q.specialization, None, "squad")
            u.carrier = ids[q.in_vehicle]
        else:
            u = Unit(q.id, si, SQUAD, grid.hex(q.hex) if at is None else at, figs, q.specialization, None, "squad")
            if q.fortified:
                u.fort = next(iter(F.enterable_forts(s, u)), None)  # inside at set-up, when a place is free
        u.cap = st.capacity.get(q.base, len(figs))
        u.hidden, u.exp, u.stars = q.concealed, q.experience, 1 if q.experience else 0
        s.units.append(u)


def _arrival_hexes(s: State, si: int, vehicle: bool) -> list[int]:
    """Hexes of the side's reinforcement zone a reinforcement may be placed on: "Any
    reinforcements may only be placed in a nation's reinforcement zone (marked with an R).
    Reinforcements cannot exceed a hex's stacking limits or be placed in a hex occupied by
    enemy units" (004 Tide of Iron, Placing reinforcements). Which of them is the
    player's choice (an ``arrive`` decision)."""
    out = []
    for h in s.static.zones[si]:
        if _enemy_in(s, h, si) or not s.static.grid.enterable(h, VEHICLE if vehicle else SQUAD):
            continue
        units, vehicles = _stack(s, h)
        if units < STACK_UNITS and (not vehicle or vehicles < STACK_VEHICLES):
            out.append(h)
    return out


# ---------------------------------------------------------------- board queries

def _los(s: State, a: int, b: int) -> bool:
    """Line of sight on the board (cached per board) and through the smoke on it now."""
    return s.static.grid.los(a, b) and not (s.markers and F.smoke_blocks(s, a, b))


def _stack(s: State, h: int) -> tuple[int, int]:
    units = vehicles = 0
    for u in s.units:
        if u.alive and u.hex == h and u.carrier < 0:
            units += 1
            vehicles += u.kind
    return units, vehicles


def _over(s: State, h: int) -> bool:
    """More than three units or two vehicles in ``h`` (004 Tide of Iron, Setup: stacking)."""
    units, vehicles = _stack(s, h)
    return units > STACK_UNITS or vehicles > STACK_VEHICLES


def _enemy_in(s: State, h: int, side: int) -> bool:
    """An enemy unit in ``h``; equipment does not count: "Equipment units do not prevent
    enemy units from moving into the hex" (004 Tide of Iron, Anti-tank guns)."""
    for u in s.units:
        if u.alive and u.hex == h and u.side != side and u.carrier < 0 and not (u.vtype is not None and u.vtype.equipment):
            return True
    return False


def _officer_in(s: State, h: int, side: int) -> bool:
    return any(u.alive and u.hex == h and u.side == side and u.carrier < 0 and u.has_officer for u in s.units)


def _spec(s: State, u: Unit) -> str | None:
    """A specialization works only while the squad is neither pinned nor disrupted
    (004 Tide of Iron, Specialized squads)."""
    if u.spec is None or u.cond != NORMAL:
        return None
    return s.static.spec_effect.get(u.spec)


def movement_points(s: State, u: Unit, mode: str) -> int:
    """MPs of an activation (004 Tide of Iron, Fire & Movement, Assault, Officer, Recon,
    Normal attack results: damaged vehicles)."""
    if u.kind == VEHICLE:
        mp = u.vtype.mv - (1 if u.dmg == 1 else 0) if u.dmg < 2 else 0  # type: ignore[union-attr]
        return max(0, mp - (2 if mode == "fm" else 0))
    mp = min(f.mv for f in u.figs) + (1 if u.has_officer else 0) + (1 if _spec(s, u) == "recon" else 0)
    return max(0, int(mp) - (1 if mode in ("fm", "assault") else 0))


def attack_profile(s: State, u: Unit, t: Unit, src: int, halvings: int, no_long: bool = False,
                   mg_only: bool = False, figures: int | None = None) -> tuple[int, int] | None:
    """(FPR, success number) of ``u`` firing from ``src`` at ``t``, or None.

    Range and FPR are those against the target's kind: "The range and firepower (FPR)
    of a unit are dependent on whether the target is an infantry or a vehicle unit"
    (004 Tide of Iron, Combat); an anti-tank squad has "base range of 3 and +3 FPR" in
    all attacks against vehicles (Anti-tank). 004 Tide of Iron, Range: the squad's range
    is its lowest firing figure's and "not all figures in a squad must fire", so the
    figures that fire are the attacker's choice (``figures``: 0 all that reach, 1 only
    those at normal range; None: the better expected result, for listings and
    supporters); +1 range from higher ground; long range is up to twice the range.
    Halvings round up; halved twice, no attack (Opportunity fire)."""
    grid = s.static.grid
    th = t.hex
    # The same hex only during an Overrun: those in the hex fire at close range (Tanks, Overrun).
    d = max(1, grid.distance(src, th))
    up = 1 if grid.elevation[src] > grid.elevation[th] else 0
    vs_vehicle = t.kind == VEHICLE
    stealth = t.kind == SQUAD and _spec(s, t) == "recon"
    no_long = no_long or _fog(s, u.side)
    if F.halved_in(s, u, src):
        halvings += 1  # minefield, razor wire or smoke in the firer's hex (Fortifications & obstacles; Smoke)
    best: tuple[float, int, int] | None = None
    if u.kind == VEHICLE:
        vt = u.vtype
        assert vt is not None
        fpr, base = (vt.veh, vt.vrange) if vs_vehicle else (vt.inf, vt.range)
        if vt.concussive and not vs_vehicle and (grid.terrain[th].id == "building" or t.fort == "pillbox"):
            # Concussive Firepower: "+3 FPR and +3 range when attacking a squad in a building hex or pillbox"
            fpr, reach = fpr + 3, base + 3 + up
        else:
            reach = base + up
        if fpr <= 0 or d > 2 * reach:
            return None
        cls = CLOSE if d == 1 else (NORMAL_RANGE if d <= reach else LONG)
        halv = halvings + (1 if u.dmg == 2 else 0)
        if halv > 1 or (cls == LONG and (stealth or no_long)):
            return None
        for _ in range(halv):
            fpr = (fpr + 1) // 2
        return fpr, cls
    spec = _spec(s, u)
    anti_tank = vs_vehicle and spec == "anti-tank"
    for only_normal in ((False, True) if figures is None else (bool(figures),)):
        fpr, worst = 0, CLOSE
        for f in u.figs:
            if f.mortar or (mg_only and f.role is not FigureRole.machine_gun):
                continue  # mortars fire only area attacks, never with other figures (Mortar crew)
            reach = (3 if anti_tank else (f.vrange if vs_vehicle else f.range)) + up
            if d > (reach if only_normal else 2 * reach):
                continue
            fpr += f.veh if vs_vehicle else f.inf
            cls = CLOSE if d == 1 else (NORMAL_RANGE if d <= reach else LONG)
            worst = max(worst, cls)
        if fpr <= 0:
            continue
        if anti_tank:
            fpr += 3
        if spec == "flamethrower" and d == 1:
            fpr += 2
        if u.exp == "alpha" and not vs_vehicle:
            fpr += u.stars  # Alpha unit, Adept Marksmen: +1 FP against infantry a star
        if worst == LONG and (stealth or no_long):
            continue
        score = fpr * P_SUCCESS[worst]
        if best is None or score > best[0]:
            best = (score, fpr, worst)
    if best is None or halvings > 1:
        return None
    fpr = best[1]
    for _ in range(halvings):
        fpr = (fpr + 1) // 2
    return fpr, best[2]


def figure_choices(s: State, u: Unit, t: Unit, src: int, halvings: int, no_long: bool = False,
                   mg_only: bool = False) -> tuple[int, ...]:
    """(0, 1) when the squad may fire with all its figures that reach or with only those at
    normal range and the two differ ("You may always choose to have some figures in a
    squad not participate in an attack", 004 Tide of Iron, Combat); () when there is no
    choice to make."""
    if u.kind != SQUAD:
        return ()
    every = attack_profile(s, u, t, src, halvings, no_long, mg_only, figures=0)
    near = attack_profile(s, u, t, src, halvings, no_long, mg_only, figures=1)
    return (0, 1) if every is not None and near is not None and every != near else ()


def _fog(s: State, side: int) -> bool:
    """Whether an Operations card in play forbids ``side`` long-range attacks this round."""
    return s.round in s.static.no_long_rounds[side]


def defence_dice(s: State, t: Unit, suppressive: bool, attacker: Unit | None, assault: bool = False) -> int:
    """Red dice: cover of the hex plus armour, with the bonuses of 004 Tide of Iron,
    Unit special abilities (elite Battle-Hardened, officer Determination, medic
    Bandage, flamethrower Flaming Death, Bravo's Adept Defenders), Normal attack results
    (damaged armour) and the markers of :mod:`.fortifications` (entrenchment, pillbox,
    tank trap, smoke)."""
    grid = s.static.grid
    cover = grid.cover[t.hex] + F.cover(s, t) + (t.stars if t.exp == "bravo" else 0)  # Bravo: +1 cover a star
    if t.kind == VEHICLE:
        av = t.vtype.av - (1 if t.dmg else 0)  # type: ignore[union-attr]
        return max(0, int(av)) + int(cover)
    if suppressive:
        cover += sum(1 for f in t.figs if f.elite)
        if _officer_in(s, t.hex, t.side):
            cover += 1
    else:
        for o in s.units:
            if o.alive and o.side == t.side and o.hex == t.hex and o.carrier < 0 and _spec(s, o) == "medic":
                cover += 1
                break
    if attacker is not None and _spec(s, attacker) == "flamethrower" and grid.distance(attacker.hex, t.hex) == 1:
        cover = max(0, cover - 5)
    return int(cover)


def _roll(s: State, dice: int, need: int) -> int:
    r = s.rng.random
    return sum(1 for _ in range(dice) if int(r() * 6) + 1 >= need)


def _roll_faces(s: State, dice: int) -> list[int]:
    """The faces of ``dice`` dice, for logs that show every roll (same draws as :func:`_roll`)."""
    r = s.rng.random
    return [int(r() * 6) + 1 for _ in range(dice)]


def _count(faces: list[int], need: int) -> int:
    return sum(1 for f in faces if f >= need)


def _faces(faces: list[int]) -> str:
    return "[" + " ".join(map(str, faces)) + "]"


# ---------------------------------------------------------------- combat

def resolve_attack(s: State, attackers: list[tuple[Unit, int, int]], t: Unit, suppressive: bool,
                   solo_action: bool = False) -> dict[str, Any]:
    """One attack (004 Tide of Iron, Resolving an attack): black dice = leader's FPR plus
    half of each supporter's; success number = the least favourable range; red dice =
    defence; hits = black successes minus red successes (5-6)."""
    lead_fpr = attackers[0][1]
    s.cause = ("fire", unit_type(attackers[0][0]))
    dice = lead_fpr + sum((fpr + 1) // 2 for _, fpr, _ in attackers[1:])
    need = max(cls for _, _, cls in attackers)
    red = defence_dice(s, t, suppressive, attackers[0][0])
    black, reds = _roll_faces(s, dice), _roll_faces(s, red)
    black_hits, red_hits = _count(black, need), _count(reds, 5)
    if t.kind == VEHICLE and t.vtype is not None and t.vtype.thick and red_hits < red:
        red_hits += 1  # Thick Armor: one defence die turned to a 6 (004 Tide of Iron, Tanks)
    hits = max(0, black_hits - red_hits)
    for a, _, _ in attackers:
        a.token = FATIGUED  # every participant, Op Fire ones included (004 Tide of Iron, Combined fire)
        a.hidden = False  # a concealed squad firing or supporting is revealed (Concealed squads)
    lead = attackers[0][0]
    if solo_action and lead.exp == "alpha" and black_hits >= 2:
        _upgrade(s, lead)  # Alpha unit: a solo Concentrated Fire or F&M with 2+ attack successes
    if t.exp == "bravo" and black_hits >= 2 and t.alive:
        _upgrade(s, t)  # Bravo unit: attacked with 2+ attack successes
    before = (t.cond, t.dmg, len(t.figs))
    outcome = apply_hits(s, t, hits, suppressive, attackers[0][0].side)
    support = f" supported by {', '.join(a.uid for a, _, _ in attackers[1:])}" if len(attackers) > 1 else ""
    s.note(f"{attackers[0][0].uid} {'suppressive' if suppressive else 'normal'} attack on {t.uid}{support}: {dice} dice "
           f"need {need}+ {_faces(black)}, {red} defence dice {_faces(reds)}: {black_hits}-{red_hits} = {hits} hit(s), "
           f"{outcome}")
    return {"hits": hits, "outcome": outcome, "before": before}


def _upgrade(s: State, u: Unit) -> None:
    """An experience token gains a star (004 Tide of Iron, Experience; Alpha/Bravo unit)."""
    if u.stars < MAX_STARS:
        u.stars += 1
        s.note(f"{u.uid} gains an experience star ({u.stars})")


def apply_hits(s: State, t: Unit, hits: int, suppressive: bool, by: int, choose: bool = True) -> str:
    """004 Tide of Iron, Normal attack results and Suppressive attack results. With
    ``choose``, a squad of several figure types losing some of its figures leaves the
    choice of which to its owner (a ``casualty`` decision right after this one)."""
    if hits <= 0:
        return "no effect"
    if t.kind == VEHICLE:
        vt = t.vtype
        assert vt is not None
        if t.dmg == 0:
            t.dmg = 0 if hits == 0 else (1 if hits <= 2 else (2 if hits == 3 else 3))
        elif t.dmg == 1:
            t.dmg = 2 if hits <= 2 else 3
        else:
            t.dmg = 3
        if t.dmg == 2 and vt.fragile:
            t.dmg = 3
        if t.dmg == 3:
            _destroy(s, t, by)
            return "destroyed"
        return "lightly damaged" if t.dmg == 1 else "heavily damaged"
    if suppressive:
        if t.cond == NORMAL:
            level = PINNED if hits <= 2 else (DISRUPTED if hits == 3 else 3)
        elif t.cond == PINNED:
            level = DISRUPTED if hits <= 2 else 3
        else:
            level = 3
        if level >= 3:
            _destroy(s, t, by)
            return "routed"
        t.cond = level
        if t.token == OPFIRE:
            t.token = FATIGUED  # a pinned or disrupted squad in Op Fire mode is fatigued at once (Squad conditions)
        return "pinned" if level == PINNED else "disrupted"
    if choose and hits < len(t.figs) and len({f.id for f in t.figs}) > 1:
        s.owed.append([s.units.index(t), hits, by])
        return f"{hits} casualt{'y' if hits == 1 else 'ies'}, chosen by the owner"
    t.figs.sort(key=lambda f: f.order)
    removed = min(hits, len(t.figs))
    for f in t.figs[:removed]:
        _lose(s, t.side, f.id, by)
    del t.figs[:removed]
    if not t.figs:
        t.alive = False
        return "destroyed"
    return f"{removed} casualt{'y' if removed == 1 else 'ies'}"


def unit_type(u: Unit) -> str:
    """What a unit is for the playtest report's units table: a vehicle's type, or a
    squad's most numerous figure type (the first placed on a tie)."""
    if u.kind == VEHICLE or not u.figs:
        return u.name
    return Counter(f.id for f in u.figs).most_common(1)[0][0]


def _lose(s: State, side: int, what: str, by: int) -> None:
    """One figure or vehicle of ``side`` removed by side ``by``: counted as a loss, a kill
    of side ``by``, and credited to the attack being resolved (:attr:`State.cause`; a
    casualty chosen later by its owner goes to the attack that caused it, the last one)."""
    s.losses[side][what] += 1
    s.kills[by][what] += 1
    way, killer = s.cause
    s.credits[by][f"{way}: {killer}"] += 1
    s.killers[by][killer] += 1


def _destroy(s: State, t: Unit, by: int) -> None:
    t.alive = False
    if t.kind == VEHICLE:
        _lose(s, t.side, t.name, by)
        me = s.units.index(t)
        for c in s.units:
            if c.alive and c.carrier == me:  # 004 Tide of Iron, Transporting squads: destroyed with it
                _destroy(s, c, by)
    else:
        for f in t.figs:
            _lose(s, t.side, f.id, by)


def _fire_targets(s: State, u: Unit, src: int, halvings: int, no_long: bool = False) -> list[tuple[int, int, int]]:
    """(target index, FPR, success number) for every enemy ``u`` can attack from ``src``."""
    out = []
    for ti, t in enumerate(s.units):
        if not t.alive or t.side == u.side or t.carrier >= 0 or t.hidden:
            continue  # a concealed squad cannot be fired upon (Concealed squads)
        if not _los(s, src, t.hex):
            continue
        prof = attack_profile(s, u, t, src, halvings, no_long)
        if prof is not None:
            out.append((ti, prof[0], prof[1]))
    return out


def _mortar_profile(s: State, u: Unit, h: int, halvings: int) -> tuple[int, int, int] | None:
    """(FPR vs infantry, FPR vs vehicles, success number) of the squad's mortar crews on
    hex ``h`` (004 Tide of Iron, Mortar crew): an area attack succeeding on 5-6, 6 at
    long range; never adjacent; never from a building; no LOS needed when a friendly
    unit that is not fatigued sees the hex (Ballistic Fire)."""
    grid = s.static.grid
    mortars = [f for f in u.figs if f.mortar]
    if (not mortars or u.kind != SQUAD or u.carrier >= 0 or grid.terrain[u.hex].id == "building" or u.fort == "pillbox"
            or halvings > 1):  # "Mortars cannot fire if they are in a building hex or pillbox"
        return None
    d = grid.distance(u.hex, h)
    if d <= 1:
        return None
    up = 1 if grid.elevation[u.hex] > grid.elevation[h] else 0
    reach = min(f.range for f in mortars) + up
    if d > 2 * reach or (d > reach and _fog(s, u.side)):
        return None
    if not _los(s, u.hex, h) and not any(
            o.alive and o.side == u.side and o.carrier < 0 and o.token != FATIGUED and _los(s, o.hex, h)
            for o in s.units):
        return None
    inf, veh = sum(f.inf for f in mortars), sum(f.veh for f in mortars)
    for _ in range(halvings):
        inf, veh = (inf + 1) // 2, (veh + 1) // 2
    return inf, veh, (NORMAL_RANGE if d <= reach else LONG)


def _mortar_targets(s: State, u: Unit, halvings: int) -> list[int]:
    if not any(f.mortar for f in u.figs):
        return []
    hexes = sorted({t.hex for t in s.units if t.alive and t.side != u.side and t.carrier < 0})
    return [h for h in hexes if _mortar_profile(s, u, h, halvings) is not None]


def _mortar_attack(s: State, u: Unit, h: int, suppressive: bool) -> None:
    """A mortar's area attack on hex ``h`` (004 Tide of Iron, Mortar crew; Area attacks)."""
    prof = _mortar_profile(s, u, h, _halvings(s, u, "fire"))
    if prof is None:
        return
    u.hidden = False
    area_attack(s, u.side, h, prof[0], prof[1], prof[2], suppressive, f"{u.uid} mortar", u)


def area_attack(s: State, side: int, h: int, inf_dice: int, veh_dice: int, need: int, suppressive: bool,
                source: str, attacker: Unit | None = None) -> None:
    """An area attack on hex ``h``: "Area attacks affect all units in a hex, may be normal
    or suppressive ... Each individual unit rolls its defense dice and resolves its damage
    separately" (004 Tide of Iron, Area attacks): the attack dice are rolled once (once for
    the squads and once for the vehicles when the FPR differs by kind of target), each
    unit then rolls its own defence. A recon squad is not attacked at long range
    (Recon, Stealth: "Cannot be attacked at long range"). The log shows every die."""
    grid = s.static.grid
    s.cause = ("card", source) if attacker is None else (  # a mortar crew's area attack (004, Mortar crew)
        "mortar", next((f.id for f in attacker.figs if f.mortar), unit_type(attacker)))
    targets = [t for t in s.units if t.alive and t.hex == h and t.carrier < 0 and not t.hidden
               and not (need == LONG and t.kind == SQUAD and _spec(s, t) == "recon")]
    rolls: dict[int, list[int]] = {}
    for kind, dice in ((SQUAD, inf_dice), (VEHICLE, veh_dice)):
        if any(t.kind == kind for t in targets) or (kind == SQUAD and F.has(s, h, "razor-wire")):
            rolls[kind] = _roll_faces(s, dice)
            s.note(f"{source} on {grid.label(h)}: {dice} dice vs {'squads' if kind == SQUAD else 'vehicles'} "
                   f"{_faces(rolls[kind])} at {need}+ = {_count(rolls[kind], need)} success(es)")
    if F.has(s, h, "razor-wire") and _count(rolls[SQUAD], need) >= 3:
        F.remove(s, h, "razor-wire")  # "If an area attack causes 3 or more successes ... it is removed"
        s.note(f"  razor wire on {grid.label(h)} removed")
    for t in targets:
        if not t.alive:
            continue
        black = _count(rolls[t.kind], need)
        supp = suppressive and t.kind == SQUAD
        if t.exp == "bravo" and black >= 2:
            _upgrade(s, t)
        red = _roll_faces(s, defence_dice(s, t, supp, attacker))
        outcome = apply_hits(s, t, max(0, black - _count(red, 5)), supp, side)
        s.note(f"  {t.uid}: {len(red)} defence dice {_faces(red)} at 5+, {outcome}")


def _any_target(s: State, u: Unit, halvings: int) -> bool:
    """Whether ``u`` could attack anything now (the first target found is enough)."""
    for t in s.units:
        if (t.alive and t.side != u.side and t.carrier < 0 and not t.hidden and _los(s, u.hex, t.hex)
                and attack_profile(s, u, t, u.hex, halvings) is not None):
            return True
    return False


def _supporters(s: State, lead: Unit, t: Unit, opfire: bool) -> list[tuple[Unit, int, int]]:
    """Units that may join ``lead``'s attack with combined fire (004 Tide of Iron, Combined
    fire / Opportunity fire): fresh friendly units (in Op Fire mode for an Op Fire
    attack) in range and LOS of the target. A supporter uses half its FPR, and "if a
    unit's FPR would be halved more than once it cannot attack" (Opportunity fire): a
    heavily damaged vehicle, whose FPR is already halved (Normal attack results), does
    not support. Which of them join is the attacker's decision (:func:`_support_actions`)."""
    out = []
    for o in s.units:
        if o is lead or not o.alive or o.side != lead.side or o.carrier >= 0:
            continue
        if o.token != (OPFIRE if opfire else FRESH) or o.cond != NORMAL or (o.kind == VEHICLE and o.dmg >= 2):
            continue
        if F.halved_in(s, o, o.hex):
            continue  # already at half FPR: halved again as a supporter, it cannot attack
        if not _los(s, o.hex, t.hex):
            continue
        prof = attack_profile(s, o, t, o.hex, 0)
        if prof is not None:
            out.append((o, prof[0], prof[1]))
    return out


def _halvings(s: State, u: Unit, mode: str) -> int:
    h = 1 if mode == "fm" else 0
    if u.kind == SQUAD and u.cond == PINNED:
        h += 1  # the officer's Rally: a pinned squad fires at half FPR
    return h


def _step_cost(s: State, u: Unit, src: int, dst: int) -> int:
    """Sixths of an MP to step from ``src`` to ``dst``: "1/3 on a road, 1/2 on a dirt road"
    from road to contiguous road for vehicles with Effective Road Movement (004 Tide of
    Iron, Road/dirt road; Trucks)."""
    grid = s.static.grid
    if u.vtype is not None and u.vtype.road_fast and grid.terrain[src].road and grid.terrain[dst].road:
        dirt = grid.terrain[src].dirt_road or grid.terrain[dst].dirt_road
        return MP_PARTS // 2 if dirt else MP_PARTS // 3
    cost = grid.cost(src, dst, u.kind)
    return 999 if cost is None else MP_PARTS * cost


def _reactors(s: State, mover: Unit) -> list[tuple[int, int, int]]:
    """(index, FPR, success number) of every enemy unit in Op Fire mode that could
    attack ``mover`` where it now stands: in range and LOS, neither pinned nor disrupted."""
    h = mover.hex
    out: list[tuple[int, int, int]] = []
    if mover.hidden:
        return out  # a concealed squad cannot be fired upon (Concealed squads)
    for ei, e in enumerate(s.units):
        if not e.alive or e.side == mover.side or e.token != OPFIRE or e.carrier >= 0 or e.cond != NORMAL:
            continue
        if not _los(s, e.hex, h):
            continue
        prof = attack_profile(s, e, mover, e.hex, 0)
        if prof is not None:
            out.append((ei, prof[0], prof[1]))
    return out


def _offer_op_fire(s: State, ui: int) -> None:
    """After the active unit enters a hex, the opponent may Op Fire at it once there
    (004 Tide of Iron, Moving and opportunity fire): the decision passes to him."""
    mover = s.units[ui]
    if s.pending is not None and _reactors(s, mover):
        s.pending = ["react", ui, s.pending]
        s.active = 1 - mover.side


def _react_actions(s: State, p: list[Any]) -> list[Action]:
    """``react LEADER SUPPORT SUPPRESSIVE RAPID``: RAPID fires a squad's machine gun crews
    alone, without fatigue, once per target a round (004 Tide of Iron, Machine gun crew)."""
    mover = s.units[p[1]]
    modes = (0, 1) if mover.kind == SQUAD else (0,)
    out: list[Action] = [("hold",)]
    for ei, _, _ in _reactors(s, mover):
        lead = s.units[ei]
        supports = (0, 1) if _supporters(s, lead, mover, True) else (0,)
        figs = figure_choices(s, lead, mover, lead.hex, 0)
        for support in supports:
            for supp in modes:
                out.extend([("react", ei, support, supp, 0, f) for f in figs] if figs else [("react", ei, support, supp, 0)])
        if (lead.kind == SQUAD and p[1] not in s.rapid.get(ei, ())
                and attack_profile(s, lead, mover, lead.hex, 0, mg_only=True) is not None):
            out.extend(("react", ei, 0, supp, 1) for supp in modes)
    return out


def _apply_react(s: State, p: list[Any], a: Action) -> None:
    """Decline an Op Fire attack, make it, or (``react LEADER 1 ...``) first choose the
    units in Op Fire mode that support it (a ``support`` decision)."""
    mover = s.units[p[1]]
    if a[0] == "hold":
        s.pending, s.active = p[2], mover.side
        return
    figures = a[5] if len(a) > 5 else None
    if a[2]:
        s.pending = ["support", a[1], p[1], a[3], 1, [], p, figures]
        return
    _react_fire(s, p, a[1], [], bool(a[3]), bool(a[4]), figures)


def _react_fire(s: State, p: list[Any], li: int, chosen: list[list[int]], suppressive: bool, rapid: bool,
                figures: int | None = None) -> None:
    """Resolve an Op Fire attack, then hand the move back. The mover stops, fatigued,
    when pinned, disrupted or damaged (a sturdy tank lightly damaged goes on); after no
    hits, or casualties from a normal attack, it may go on (004 Tide of Iron, Moving and
    opportunity fire)."""
    mover = s.units[p[1]]
    s.pending, s.active = p[2], mover.side
    lead = s.units[li]
    prof = attack_profile(s, lead, mover, lead.hex, 0, mg_only=rapid, figures=figures)
    assert prof is not None
    group = [(lead, prof[0], prof[1])] + _support_group(s, lead, mover, True, chosen)
    suppressive = suppressive and mover.kind == SQUAD
    before = mover.cond
    res = resolve_attack(s, group, mover, suppressive)
    if rapid:
        lead.token = OPFIRE
        s.rapid.setdefault(li, []).append(p[1])
    if not mover.alive:
        stop = True
    elif res["hits"] == 0:
        stop = False
    elif mover.kind == VEHICLE:
        stop = not (mover.dmg == 1 and mover.vtype is not None and mover.vtype.sturdy)
    else:
        stop = mover.cond != before
    if stop:
        if s.pending is not None:
            _return_if_overstacked(s, mover, s.pending)
        _end_activation(s, mover)


# ---------------------------------------------------------------- legal actions

def legal_actions(s: State) -> list[Action]:
    """Every decision open to the player to move (``to_move``)."""
    if s.result is not None:
        return []
    p = s.pending
    if p is not None:
        return _pending_actions(s, p)
    if s.phase == "action":
        return _activations(s, s.active)
    if s.phase == "command":
        return _spend_actions(s, s.active)
    if s.phase == "opfire":
        return _placement_actions(s, s.active)
    if s.phase == "draw":
        return _draw_actions(s, s.active)
    return []


def to_move(s: State) -> int:
    """Index of the side whose decision it is."""
    return s.active


def _activations(s: State, side: int) -> list[Action]:
    out: list[Action] = []
    grid = s.static.grid
    for i, u in enumerate(s.units):
        if not u.alive or u.side != side or u.token != FRESH:
            continue
        if u.carrier >= 0:
            # "Fresh squads inside a vehicle may be activated, but cannot fire"; "An active
            # squad may exit a vehicle for 2 MPs, as long as it does not then exceed
            # stacking limits" (004 Tide of Iron, Transporting squads): any activation
            # that moves (Advance, Fire & Movement, Assault) may begin by getting out.
            carrier = s.units[u.carrier]
            if _stack(s, carrier.hex)[0] < STACK_UNITS and u.cond == NORMAL:
                out.append(("advance", i))
                if not u.heavy_weapon:
                    out.append(("fm", i))
                    out.append(("assault", i))
            out.append(("fatigue", i))
            continue
        if u.kind == SQUAD:
            if u.cond == NORMAL:
                out.append(("advance", i))
                if _any_target(s, u, 0) or _mortar_targets(s, u, 0):
                    out.append(("fire", i))
                out.append(("opfire", i))
                if not u.heavy_weapon:
                    out.append(("fm", i))
                    out.append(("assault", i))
                if _spec(s, u) == "medic" and s.static.nations[side] in s.static.regular:
                    # "replace one regular infantry figure in the squad, or in any squad in
                    # the same hex" (Medic, Heal): which squad is the player's choice
                    out.extend(("heal", i, s.units.index(x)) for x in _heal_takers(s, u))
                if _spec(s, u) == "engineer" and F.can_dig(s, u):
                    out.append(("dig", i, 0))
                    if u.fort is None:
                        out.append(("dig", i, 1))  # "May enter the entrenchment as part of this action"
            elif u.cond == PINNED and _officer_in(s, u.hex, side) and (
                    _any_target(s, u, 1) or _mortar_targets(s, u, 1)):
                out.append(("fire", i))
        else:
            crew = _equipment_crew(s, u)
            if crew is not None:
                if u.dmg < 2:  # Anti-tank guns, Advance: with a friendly fresh unit, as one action
                    out.extend(("advance", i, ci) for ci in _tow_companions(s, u))
            elif u.dmg < 2 and movement_points(s, u, "advance") > 0 and grid.steps[1][u.hex]:
                out.append(("advance", i))
            armed = u.vtype is not None and (u.vtype.inf > 0 or u.vtype.veh > 0)
            if armed and _any_target(s, u, 0) and crew is not False:
                out.append(("fire", i))
            if armed:
                out.append(("opfire", i))
                if u.dmg < 2 and movement_points(s, u, "fm") > 0 and crew is None:
                    out.append(("fm", i))
        out.append(("fatigue", i))
    for k, cid in enumerate(s.hands[side]):
        card = s.static.cards[cid]
        if card.phase.value == "action" and card.cost <= s.command[side] and _card_has_use(s, side, card):
            out.append(("card", k))
    if out:
        out.append(("end",))
    return out


def _equipment_crew(s: State, u: Unit) -> bool | None:
    """None: not equipment. For an equipment unit (004 Tide of Iron, Anti-tank guns):
    whether a friendly squad in its hex can work it, "fresh or in op fire mode", or in an
    entrenchment there."""
    if u.vtype is None or not u.vtype.equipment:
        return None
    return any(o.alive and o.side == u.side and o.kind == SQUAD and o.carrier < 0 and o.hex == u.hex
               and (o.token in (FRESH, OPFIRE) or o.fort == "entrenchment") for o in s.units)


def _tow_companions(s: State, gun: Unit) -> list[int]:
    """Friendly fresh units in the gun's hex that may move with it: "The unit can only move
    1 hex, and must move with a friendly fresh unit (moving both units counts as a single
    action)" (004 Tide of Iron, Anti-tank guns)."""
    return [i for i, o in enumerate(s.units) if o is not gun and o.alive and o.side == gun.side and o.carrier < 0
            and o.hex == gun.hex and o.token == FRESH and o.cond == NORMAL and o.dmg < 2
            and not (o.vtype is not None and o.vtype.equipment)]


def _heal_takers(s: State, medic: Unit) -> list[Unit]:
    """Squads a medic can heal: its own or one in its hex, below its base's capacity."""
    return [x for x in s.units if x.alive and x.kind == SQUAD and x.side == medic.side and x.carrier < 0
            and x.hex == medic.hex and len(x.figs) < x.cap]


def _can_act(s: State, side: int) -> bool:
    """Whether the side has any activation left: every fresh unit can at least be
    fatigued; otherwise a playable action card."""
    if any(u.alive and u.side == side and u.token == FRESH for u in s.units):
        return True
    return any(s.static.cards[c].phase.value == "action" and s.static.cards[c].cost <= s.command[side]
               and _card_has_use(s, side, s.static.cards[c]) for c in s.hands[side])


def _card_has_use(s: State, side: int, card: Any) -> bool:
    if card.effect.kind in ("area-attack", "rally", "smoke"):
        return bool(_card_targets(s, side, card))
    return True


def _card_targets(s: State, side: int, card: Any) -> list[Action]:
    """Target hexes of a card: friendly hexes with conditions to rally; hexes with units
    for smoke (no building, no smoke yet); hexes with enemies not concealed for an area
    attack (Concealed squads cannot be "affected by area attacks")."""
    kind = card.effect.kind
    grid = s.static.grid
    if kind == "rally":
        return sorted({("target", x.hex) for x in s.units
                       if x.alive and x.side == side and x.cond != NORMAL and x.carrier < 0})
    if kind == "smoke":
        return sorted({("target", x.hex) for x in s.units if x.alive and x.carrier < 0 and not x.hidden
                       and grid.terrain[x.hex].id != "building" and not F.has(s, x.hex, "smoke")})
    return sorted({("target", x.hex) for x in s.units if x.alive and x.side != side and x.carrier < 0 and not x.hidden})


def _pending_actions(s: State, p: list[Any]) -> list[Action]:
    mode, ui = p[0], p[1]
    if mode == "react":
        return _react_actions(s, p)
    if mode == "casualty":
        return [("casualty", fid) for fid in sorted({f.id for f in s.units[ui].figs})]
    if mode == "retreat":
        return [("retreat", h2) for h2 in _retreat_options(s, p[2], s.units[ui].side)]
    if mode == "assault-support":
        return _assault_support_actions(s, p)
    if mode == "arrive":
        head = p[2][0]
        return [("arrive", h) for h in _arrival_hexes(s, head[0], head[2] == VEHICLE)]
    if mode == "assign":
        return [("assign", di) for di in _assignable(s, p)]
    if mode == "advance-in":
        return [("stay",)] + [("enter", i) for i in p[3] if _can_advance_in(s, s.units[i], p[2])]
    u = s.units[ui]
    grid = s.static.grid
    if mode == "target":
        return _card_targets(s, s.active, s.static.cards[p[2]])
    if mode == "support":
        return _support_actions(s, p)
    if mode == "fire":
        halvings = _halvings(s, u, "fire")
        out: list[Action] = []
        for ti, _, _ in _fire_targets(s, u, u.hex, halvings):
            t = s.units[ti]
            figs = figure_choices(s, u, t, u.hex, halvings)
            for sup in ((0, 1) if _supporters(s, u, t, False) else (0,)):
                for supp in ((0, 1) if t.kind == SQUAD else (0,)):
                    out.extend([("attack", ti, sup, supp, f) for f in figs] if figs else [("attack", ti, sup, supp)])
        return out + [("area", h, supp) for h in _mortar_targets(s, u, halvings) for supp in (0, 1)]
    out = []
    mp, moved, move_done, attacked = p[2], p[3], p[4], p[5]
    can_move = not move_done and not (mode == "assault" and attacked)
    if can_move and len(p) > 9:
        # the gun and its companion move one hex together, whatever the terrain's cost
        # (read from "can only move 1 hex"), where both may stand
        if not moved:
            mate = s.units[p[9]]
            out.extend(("step", dst) for dst, _ in grid.steps[VEHICLE][u.hex]
                       if grid.enterable(dst, mate.kind) and not _enemy_in(s, dst, u.side)
                       and _stack(s, dst)[0] + 2 <= STACK_UNITS and F.step_allowed(s, u, u.hex, dst, p[8])
                       and F.step_allowed(s, mate, u.hex, dst, p[8]))
    elif can_move:
        leave = MP_PARTS * F.leave_cost(u)
        for dst, _ in grid.steps[u.kind][u.hex]:
            if (leave + _step_cost(s, u, u.hex, dst) + _overrun_cost(s, u, dst) <= mp
                    and F.step_allowed(s, u, u.hex, dst, p[8])):
                out.append(("step", dst))  # through full friendly hexes too; only the stop is limited
        if mp >= MP_PARTS and not _enemy_in(s, u.hex, u.side):
            out.extend(("entrench", k) for k in F.enterable_forts(s, u))  # 1 MP (Entrenchments & pillboxes)
        if mp >= 2 * MP_PARTS and F.can_cut_wire(u, _spec(s, u) == "engineer", s):
            out.append(("cut-wire",))
        # "A squad may enter a vehicle in its hex for 2 MPs. The squad is immediately fatigued
        # and its action complete" (Transporting squads): from any activation that moves
        if u.kind == SQUAD and mp >= 2 * MP_PARTS:
            for vi, v in enumerate(s.units):
                if (v.alive and v.kind == VEHICLE and v.side == u.side and v.hex == u.hex and v.vtype.transport  # type: ignore[union-attr]
                        and v.dmg < 2 and sum(1 for c in s.units if c.alive and c.carrier == vi) < v.vtype.transport):  # type: ignore[union-attr]
                    out.append(("embark", vi))
    if mode == "fm" and not attacked and (not moved or move_done):
        halvings = _halvings(s, u, "fm")
        for ti, _, _ in _fire_targets(s, u, u.hex, halvings, True):
            figs = figure_choices(s, u, s.units[ti], u.hex, halvings, True)
            for supp in ((0, 1) if s.units[ti].kind == SQUAD else (0,)):  # no support in F&M
                out.extend([("attack", ti, 0, supp, f) for f in figs] if figs else [("attack", ti, 0, supp)])
    if mode == "assault" and not attacked:
        seen = set()
        for dst in grid.neighbours[u.hex]:
            if dst in seen or not _enemy_in(s, dst, u.side):
                continue
            seen.add(dst)
            if not any(x.alive and x.hex == dst and x.carrier < 0 and x.kind == VEHICLE and x.vtype.heavy  # type: ignore[union-attr]
                       for x in s.units):
                out.append(("assault", dst))
    if not out or not (_over(s, u.hex) or _enemy_in(s, u.hex, u.side)):
        out.append(("stop",))  # with nowhere to go from a full or enemy hex, stopping sends the unit back
    return out


def _spend_actions(s: State, side: int) -> list[Action]:
    out: list[Action] = []
    for k, cid in enumerate(s.hands[side]):
        card = s.static.cards[cid]
        if card.phase.value == "command" and card.cost <= s.command[side]:
            out.append(("card", k))
    out.extend(("bid", n) for n in range(s.command[side] + 1))
    return out


def _placement_actions(s: State, side: int) -> list[Action]:
    """Status phase steps 3 and 4: Op Fire placement and squad transfers, until ``done``.
    "Players assign any number of their units to Op Fire mode" (004 Tide of Iron, Place
    units in Op Fire mode): any unit able to fire, a heavily damaged vehicle too (it
    fires at half FPR, as in the Action phase's Prepare Op Fire)."""
    out: list[Action] = [("done",)]
    for i, u in enumerate(s.units):
        if u.alive and u.side == side and u.token == FRESH and u.carrier < 0 and u.cond == NORMAL:
            if (u.kind == SQUAD and any(f.inf or f.veh for f in u.figs if not f.mortar)) or (
                    u.kind == VEHICLE and (u.vtype.inf or u.vtype.veh)):  # type: ignore[union-attr]
                out.append(("opfire", i))
    out.extend(_transfer_actions(s, side))
    return out


def _can_transfer(u: Unit) -> bool:
    """Figures move only between unspecialized squads that are neither pinned, disrupted,
    transported nor in entrenchments or pillboxes (004 Tide of Iron, Squad transfers)."""
    return u.alive and u.kind == SQUAD and u.carrier < 0 and u.cond == NORMAL and u.spec is None and u.fort is None


def _transfer_actions(s: State, side: int) -> list[Action]:
    """Moving one figure between squads in the same hex: "Players may move any number of
    figures between friendly squads in the same hex" (004 Tide of Iron, Squad transfers),
    swaps included. So that transfers end, a hex sees at most as many moves in one Status
    phase as its transferable squads hold figures (every figure could move once)."""
    out: list[Action] = []
    squads = [(i, u) for i, u in enumerate(s.units) if u.side == side and _can_transfer(u)]
    room: dict[int, int] = {}
    for _, u in squads:
        room[u.hex] = room.get(u.hex, 0) + len(u.figs)
    for fi, giver in squads:
        if s.transfers.get(giver.hex, 0) >= room[giver.hex]:
            continue
        for ti, taker in squads:
            if ti == fi or taker.hex != giver.hex or len(taker.figs) >= taker.cap:
                continue
            for fid in sorted({f.id for f in giver.figs}):
                out.append(("transfer", fi, ti, fid))
    return out


# ---------------------------------------------------------------- apply

def apply(s: State, action: Action | list[Any]) -> None:
    """Play one decision; raise :class:`UsageError` when it is not legal now."""
    action = tuple(action)
    if action not in legal_actions(s):
        raise UsageError(f"illegal action {list(action)} in round {s.round}, {s.phase} phase")
    s.decisions += 1
    p = s.pending
    if p is not None:
        _apply_pending(s, p, action)
    elif s.phase == "action":
        _apply_activation(s, action)
    elif s.phase == "command":
        _apply_spend(s, action)
    elif s.phase == "opfire":
        _apply_placement(s, action)
    elif s.phase == "draw":
        _apply_draw(s, action)
    _settle(s)


def _apply_activation(s: State, a: Action) -> None:
    kind = a[0]
    side = s.active
    if kind == "end":
        s.done[side] = True
        s.note(f"{s.static.sides[side]} ends its Action phase")
        _next_turn(s)
        return
    if kind == "card":
        cid = s.hands[side][a[1]]
        card = s.static.cards[cid]
        s.command[side] -= card.cost
        s.hands[side].pop(a[1])
        if card.effect.kind in ("area-attack", "rally", "smoke"):
            s.pending = ["target", -1, cid]
            return
        _card_effect(s, side, card, None)
        _finish_action(s)
        return
    ui = a[1]
    u = s.units[ui]
    if kind == "fatigue":
        u.token = FATIGUED
        _finish_action(s)
    elif kind == "dig":
        u.token = FATIGUED
        F.add(s, u.hex, "entrenchment")
        if a[2]:
            u.fort = "entrenchment"
        s.note(f"{u.uid} digs an entrenchment on {s.static.grid.label(u.hex)}" + (" and enters it" if a[2] else ""))
        _finish_action(s)
    elif kind == "heal":
        u.token = FATIGUED
        die = int(s.rng.random() * 6) + 1
        taker = s.units[a[2]]
        if die >= 4:  # Medic, Heal: a 4-6 replaces one regular figure
            taker.figs.append(s.static.regular[s.static.nations[u.side]])
        s.note(f"{u.uid} heals {taker.uid}: die {die}" + (", a regular figure rejoins it" if die >= 4 else ", no effect"))
        _finish_action(s)
    elif kind == "opfire":
        u.token = OPFIRE
        s.note(f"{u.uid} prepares Op Fire")
        _finish_action(s)
    elif kind == "fire":
        s.pending = ["fire", ui]
    else:
        mp = MP_PARTS * movement_points(s, u, kind)  # in sixths of an MP while moving (effective road movement)
        s.pending = [kind, ui, mp, False, False, False, u.hex, u.hex, u.hex]
        if len(a) > 2:
            s.pending.append(a[2])  # an equipment unit's companion (Anti-tank guns, Advance)
        if u.carrier >= 0:
            # Exiting a vehicle costs 2 MPs and may draw Op Fire (004 Tide of Iron, Transporting squads).
            u.hex = s.units[u.carrier].hex
            s.pending[6] = s.pending[7] = s.pending[8] = u.hex
            u.carrier = -1
            s.pending[2] = max(0, mp - 2 * MP_PARTS)
            s.pending[3] = True
            s.note(f"{u.uid} leaves its vehicle")
            _offer_op_fire(s, ui)


def _card_effect(s: State, side: int, card: Any, target: int | None) -> None:
    """Strategy card effects the engine resolves (004 Tide of Iron, Strategy cards)."""
    e = card.effect
    if card.lasting:
        s.lasting[side].append(card.id)
    if e.kind == "command":
        s.command[side] += e.strength
    elif e.kind == "victory-points":
        s.vp[side] += e.strength
    elif e.kind == "rally":
        for u in s.units:
            if u.alive and u.side == side and u.hex == target:
                u.cond = NORMAL
    elif e.kind == "smoke" and target is not None:
        h = _drift(s, side, target)
        if h is not None and s.static.grid.terrain[h].id != "building" and not F.has(s, h, "smoke"):
            F.add(s, h, "smoke")  # at most 1 smoke marker a hex, never on a building (Smoke)
        s.note(f"{card.id} on {s.static.grid.label(target)}: smoke on {s.static.grid.label(h) if h is not None else 'nothing'}")
    elif e.kind == "area-attack" and target is not None:
        h = _drift(s, side, target)
        s.note(f"{card.id} on {s.static.grid.label(target)} lands on {s.static.grid.label(h) if h is not None else 'nothing'}")
        if h is not None:
            # "Make an area attack against the final target hex using the strength given
            # ... The attack scores successes on a 5 or 6" (004 Tide of Iron, Strategy cards)
            area_attack(s, side, h, e.strength, e.strength, NORMAL_RANGE, e.suppressive, card.id)
    s.note(f"{s.static.sides[side]} plays {card.id}")


def _drift(s: State, side: int, target: int) -> int | None:
    """004 Tide of Iron, Strategy cards > Determine drift."""
    grid = s.static.grid
    number = 6
    for u in s.units:
        if u.alive and u.side == side and u.carrier < 0 and u.token != FATIGUED and _los(s, u.hex, target):
            number = 4
            if u.has_officer or grid.distance(u.hex, target) <= 1:
                number = 3
                break
    red, black = int(s.rng.random() * 6), int(s.rng.random() * 6) + 1
    s.note(f"drift: red die {red + 1}, black die {black} against drift number {number}")
    if black >= number:
        return target
    h: int | None = target
    for _ in range(black):
        if h is None:
            return None
        h = grid.neighbour_in(h, red)
    return h


def _apply_pending(s: State, p: list[Any], a: Action) -> None:
    mode = p[0]
    if mode == "casualty":
        _apply_casualty(s, p, a[1])
        return
    if mode == "retreat":
        _apply_retreat(s, p, a[1])
        return
    if mode in ("assault-support", "assign", "advance-in"):
        _apply_assault_step(s, p, a)
        return
    if mode == "arrive":
        _apply_arrival(s, p, a[1])
        return
    if mode == "react":
        _apply_react(s, p, a)
        return
    if mode == "support":
        _apply_support(s, p, a)
        return
    if mode == "target":
        s.pending = None
        _card_effect(s, s.active, s.static.cards[p[2]], a[1])
        _finish_action(s)
        return
    u = s.units[p[1]]
    if mode == "fire":
        s.pending = None
        if a[0] == "area":
            _mortar_attack(s, u, a[1], bool(a[2]))
        elif a[2]:
            # the attacker picks his supporters next
            s.pending = ["support", p[1], a[1], a[3], 0, [], None, a[4] if len(a) > 4 else None]
            return
        else:
            _attack(s, u, a, "fire")
        _end_activation(s, u)
        return
    kind = a[0]
    if kind == "step" and len(p) > 9:
        mate = s.units[p[9]]
        u.hex = mate.hex = p[6] = p[7] = dst = a[1]
        mate.fort, mate.token = None, FATIGUED
        p[2], p[3] = 0, True
        s.note(f"{u.uid} moves to {s.static.grid.label(dst)} with {mate.uid}")
        _offer_op_fire(s, p[1])
    elif kind == "step":
        dst = a[1]
        p[2] -= MP_PARTS * F.leave_cost(u) + _step_cost(s, u, u.hex, dst) + _overrun_cost(s, u, dst)
        p[3] = True
        u.fort = None
        src = u.hex
        if not _over(s, src):
            p[6] = src
        u.hex = dst
        if not _over(s, dst):
            p[6] = dst
        if _enemy_in(s, src, u.side):
            _overrun_pin(s, u, src)
        if not _enemy_in(s, dst, u.side):
            p[7] = dst
        _steal_equipment(s, dst, u.side)
        if u.hidden and dst in s.static.objective_hexes:
            u.hidden = False  # revealed moving into an objective hex (Concealed squads)
            s.note(f"{u.uid} is revealed")
        _reveal(s)
        if _enter_markers(s, u, p, mode):
            return
        _offer_op_fire(s, p[1])
    elif kind == "entrench":
        p[2] -= MP_PARTS
        p[3] = True
        u.fort = a[1]
        s.note(f"{u.uid} enters the {a[1]} on {s.static.grid.label(u.hex)}")
    elif kind == "cut-wire":
        p[2] -= 2 * MP_PARTS
        p[3] = True
        F.remove(s, u.hex, "razor-wire")
        s.note(f"{u.uid} removes the razor wire on {s.static.grid.label(u.hex)}")
    elif kind == "embark":
        u.carrier, u.hex = a[1], -1
        s.note(f"{u.uid} enters {s.units[a[1]].uid}")
        _end_activation(s, u)
    elif kind == "stop":
        if mode == "fm" and p[3] and not p[4] and not p[5]:
            _return_if_overstacked(s, u, p)
            p[4] = True
            if not _pending_actions(s, p)[:-1]:
                _end_activation(s, u)
            return
        _return_if_overstacked(s, u, p)
        _end_activation(s, u)
    elif kind == "attack":
        p[5] = True
        if p[3]:
            p[4] = True
        _attack(s, u, a, "fm")
        if not u.alive or p[4]:
            _end_activation(s, u)
    elif kind == "assault":
        p[5] = True
        if _assault_supporters(s, u, a[1]):
            s.pending = ["assault-support", p[1], a[1], []]  # the attacker picks up to 2 supporters
        else:
            _assault(s, u, a[1], [])


def _enter_markers(s: State, u: Unit, p: list[Any], mode: str) -> bool:
    """Markers of the hex just entered (:func:`.fortifications.on_enter`): movement ends
    (no MPs left), a minefield ends the activation after its dice, an assault is off.
    True when the unit died of the mines (its activation is over)."""
    stop, no_assault, faces = F.on_enter(s, u, _spec(s, u) == "engineer")
    if faces:
        hits = _count(faces, 4)
        s.cause = ("marker", "minefield")
        outcome = apply_hits(s, u, hits, False, 1 - u.side)
        s.note(f"{u.uid} enters a minefield: 4 dice {_faces(faces)} at 4+ = {hits} hit(s), {outcome}")
    if stop:
        p[2] = 0
    if no_assault and mode == "assault":
        p[5] = True
    if F.has(s, u.hex, "minefield"):
        p[4] = p[5] = True  # "must end their movement and become fatigued": the activation ends
    if not u.alive:
        _end_activation(s, u)
        return True
    return False


def _steal_equipment(s: State, h: int, side: int) -> None:
    """"If an enemy unit is in the same hex as the equipment, it is treated as if it is a
    unit of their nation" (004 Tide of Iron, Anti-tank guns: Stealing equipment)."""
    for x in s.units:
        if x.alive and x.hex == h and x.side != side and x.vtype is not None and x.vtype.equipment and x.carrier < 0:
            if not any(o.alive and o.hex == h and o.side == x.side and o is not x and o.carrier < 0 for o in s.units):
                x.side = side
                s.note(f"{x.uid} is taken over")


def _reveal(s: State) -> None:
    """"The squad is revealed if it fires or supports an attack, moves into an objective
    hex or at any time it is within LOS of an enemy unit and not in cover-providing
    terrain (except smoke)" (004 Tide of Iron, Concealed squads): the last, checked here."""
    grid = s.static.grid
    for u in s.units:
        if u.alive and u.hidden and u.carrier < 0 and not grid.cover[u.hex]:
            if any(e.alive and e.side != u.side and e.carrier < 0 and _los(s, e.hex, u.hex) for e in s.units):
                u.hidden = False
                s.note(f"{u.uid} is revealed")


def _apply_casualty(s: State, p: list[Any], figure: str) -> None:
    """The owner removes one figure of his choice (004 Tide of Iron, Normal attack results)."""
    u = s.units[p[1]]
    fig = next(f for f in u.figs if f.id == figure)
    u.figs.remove(fig)
    _lose(s, u.side, fig.id, p[3])
    p[2] -= 1
    if p[2] > 0 and len({f.id for f in u.figs}) > 1:
        return
    if p[2] > 0:
        apply_hits(s, u, p[2], False, p[3], choose=False)
    s.pending, s.active = p[4], p[5]


def _return_if_overstacked(s: State, u: Unit, p: list[Any]) -> None:
    """A unit stopped in a full hex goes back to the last non-full hex it left (004 Tide of
    Iron, Setup: stacking); a tank stopped in an enemy hex retreats to its last
    enemy-free hex, pinning nobody (Tanks, Overrun)."""
    if u.alive and u.hex >= 0 and _enemy_in(s, u.hex, u.side):
        u.hex = p[7]
    if u.alive and u.hex >= 0 and _over(s, u.hex):
        u.hex = p[6]


def _overrun_cost(s: State, u: Unit, dst: int) -> int:
    """Extra cost of entering ``dst``: +1 MP a unit for a tank's Overrun; other units
    never enter enemy hexes (004 Tide of Iron, Movement; Tanks, Overrun), except that
    "Enemy units can move through hexes containing only concealed squads" (Concealed
    squads) and "Equipment units do not prevent enemy units from moving into the hex"
    (Anti-tank guns)."""
    enemies = sum(1 for x in s.units if x.alive and x.hex == dst and x.side != u.side and x.carrier < 0
                  and not x.hidden and not (x.vtype is not None and x.vtype.equipment))
    if not enemies:
        return 0
    if u.vtype is None or not u.vtype.overrun:
        return 999
    return MP_PARTS * enemies


def _overrun_pin(s: State, tank: Unit, h: int) -> None:
    """A tank leaving an overrun hex pins the enemy squads there that were neither pinned
    nor disrupted (vehicles, transported squads, squads in entrenchments/pillboxes and
    concealed squads are not affected: Tanks, Overrun; Concealed squads)."""
    for x in s.units:
        if (x.alive and x.hex == h and x.side != tank.side and x.carrier < 0 and x.kind == SQUAD and x.cond == NORMAL
                and x.fort is None and not x.hidden):  # not squads in entrenchments/pillboxes, nor concealed ones
            x.cond = PINNED
            if x.token == OPFIRE:
                x.token = FATIGUED
            s.note(f"{tank.uid} overruns {x.uid}: pinned")


def _attack(s: State, u: Unit, a: Action, mode: str, chosen: list[list[int]] | None = None) -> None:
    """A Concentrated Fire or Fire & Movement attack, with the supporters ``chosen``."""
    ti, suppressive = a[1], a[3]
    t = s.units[ti]
    prof = attack_profile(s, u, t, u.hex, _halvings(s, u, mode), mode == "fm", figures=a[4] if len(a) > 4 else None)
    if prof is None:
        return
    group = [(u, prof[0], prof[1])] + _support_group(s, u, t, False, chosen or [])
    resolve_attack(s, group, t, bool(suppressive) and t.kind == SQUAD, solo_action=len(group) == 1)


def _support_group(s: State, lead: Unit, t: Unit, opfire: bool,
                   chosen: list[list[int]]) -> list[tuple[Unit, int, int]]:
    """The chosen supporters ``[unit, figures]`` still eligible, with their FPR and success
    number (figures: 0 all that reach, 1 only those at normal range, -1 no choice)."""
    eligible = {id(o) for o, _, _ in _supporters(s, lead, t, opfire)}
    out = []
    for i, figs in chosen:
        o = s.units[i]
        prof = attack_profile(s, o, t, o.hex, 0, figures=None if figs < 0 else figs) if id(o) in eligible else None
        if prof is not None:
            out.append((o, prof[0], prof[1]))
    return out


def _support_actions(s: State, p: list[Any]) -> list[Action]:
    """``support UNIT`` adds one more eligible unit to the attack, ``resolve`` fires: "other
    fresh friendly units eligible to attack the target may support that attack"
    (004 Tide of Iron, Combined fire), so each supporter is the attacker's choice."""
    lead, t = s.units[p[1]], s.units[p[2]]
    out: list[Action] = [("resolve",)]
    taken = {c[0] for c in p[5]}
    for o, _, _ in _supporters(s, lead, t, bool(p[4])):
        oi = s.units.index(o)
        if oi not in taken:
            figs = figure_choices(s, o, t, o.hex, 0)  # its figures that fire: the attacker's choice too
            out.extend([("support", oi, f) for f in figs] if figs else [("support", oi)])
    return out


def _apply_support(s: State, p: list[Any], a: Action) -> None:
    if a[0] == "support":
        p[5].append([a[1], a[2] if len(a) > 2 else -1])
        return
    lead = s.units[p[1]]
    if p[4]:
        _react_fire(s, p[6], p[1], [list(c) for c in p[5]], bool(p[3]), False, p[7])
        return
    s.pending = None
    _attack(s, lead, ("attack", p[2], 1, p[3]) + (() if p[7] is None else (p[7],)), "fire", [list(c) for c in p[5]])
    _end_activation(s, lead)


def expected_hits(s: State, group: list[tuple[Unit, int, int]], t: Unit, suppressive: bool) -> float:
    """Mean hits of a combined attack: black dice at the least favourable range's success
    chance less a third of the defence dice (004 Tide of Iron, Resolving an attack)."""
    dice = group[0][1] + sum((f + 1) // 2 for _, f, _ in group[1:])
    need = max(c for _, _, c in group)
    return dice * P_SUCCESS[need] - defence_dice(s, t, suppressive and t.kind == SQUAD, group[0][0]) / 3


def _assault_supporters(s: State, a: Unit, h: int) -> list[int]:
    """Squads that may support ``a``'s assault on ``h``: "Up to 2 friendly squads in hexes
    adjacent to the target hex may support the attack, even fatigued squads (but not
    pinned or disrupted)"; "Only squads without heavy infantry weapons figures may make
    assault attacks" (004 Tide of Iron, Assault attacks), read as covering supporters too."""
    grid = s.static.grid
    if F.has(s, h, "smoke"):
        return []  # "Squads cannot support an assault against a smoke hex" (Smoke)
    return [i for i, o in enumerate(s.units)
            if o is not a and o.alive and o.side == a.side and o.kind == SQUAD and o.carrier < 0
            and o.cond == NORMAL and not o.heavy_weapon and grid.distance(o.hex, h) == 1]


def _assault_support_actions(s: State, p: list[Any]) -> list[Action]:
    out: list[Action] = [("resolve",)]
    if len(p[3]) < 2:
        out += [("support", i) for i in _assault_supporters(s, s.units[p[1]], p[2]) if i not in p[3]]
    return out


def assault_cover(s: State, h: int, side: int) -> int:
    """Red dice of an assault on ``h``: "red dice equal to the defender's
    terrain/fortifications. Cover bonuses are cumulative. Light vehicles do not contribute
    their AV" (004 Tide of Iron, Assault attacks). An assault is "always normal", so a
    medic's Bandage (+1 cover vs normal attacks to its squad and any squad in its hex)
    counts when a defending squad is there."""
    defenders = [u for u in s.units if u.alive and u.hex == h and u.side == side and u.carrier < 0]
    cover = s.static.grid.cover[h] + F.assault_cover(s, h, defenders)
    if any(u.kind == SQUAD and _spec(s, u) == "medic" for u in defenders):
        cover += 1
    cover += max((u.stars for u in defenders if u.exp == "bravo"), default=0)  # Bravo: Adept Defenders
    return int(cover)


def _assault(s: State, a: Unit, h: int, chosen: list[int]) -> None:
    """004 Tide of Iron, Assault attacks: the attacker rolls his FPR against infantry (plus
    half of each chosen supporter's) at 4-6 less the cover of the hex at 5-6; the
    defenders roll their FPR at 4-6. The attacker takes his casualties on his active squad
    first, then his supporters; the defender assigns his hits to his units (a decision);
    then :func:`_assault_outcome`."""
    grid = s.static.grid
    side = a.side
    sup = [s.units[i] for i in chosen]
    fresh = [i for i in chosen if s.units[i].token == FRESH]
    strength, cover, dstrength = assault_dice(s, a, h, sup)
    defenders = [d for d in s.units if d.alive and d.hex == h and d.carrier < 0]
    black, red = _roll_faces(s, strength), _roll_faces(s, cover)
    att_hits = max(0, _count(black, 4) - _count(red, 5))
    dfaces = _roll_faces(s, dstrength)
    def_hits = _count(dfaces, 4)
    s.note(f"{a.uid} assaults {grid.label(h)}" + (f" with {', '.join(o.uid for o in sup)}" if sup else "")
           + f": {strength} dice {_faces(black)} at 4+, {len(red)} cover dice {_faces(red)} at 5+ = {att_hits} "
           f"attack hit(s); defence {dstrength} dice {_faces(dfaces)} at 4+ = {def_hits} hit(s)")
    left = def_hits
    s.cause = ("assault defence", unit_type(defenders[0]) if defenders else "defenders")
    a.hidden = False
    for o in sup:
        o.hidden = False
    for o in [a] + sup:
        if left and o.alive:
            n = min(left, len(o.figs))
            apply_hits(s, o, n, False, 1 - side)
            left -= n
        o.token = FATIGUED
    assigned: list[list[int]] = []
    p: list[Any] = ["assign", s.units.index(a), h, att_hits, assigned, att_hits, def_hits, fresh]
    if att_hits and len(_assignable(s, p)) > 1 and att_hits < sum(_hit_room(s, d) for d in defenders):
        s.pending = p  # "the defender removes casualties from any combination of his defending units"
        s.active = 1 - side
        return
    left = att_hits
    for d in defenders:
        if left and d.alive:
            n = min(left, _hit_room(s, d))
            assigned.append([s.units.index(d), n])
            left -= n
    _assault_outcome(s, p)


def _hit_room(s: State, d: Unit) -> int:
    """Hits a defending unit can take: its figures, or for a (light) vehicle "up to the
    number required to destroy it" (004 Tide of Iron, Assault attacks); equipment
    "cannot be assigned hits" (Anti-tank guns)."""
    if d.kind == SQUAD:
        return len(d.figs)
    return 0 if d.vtype is not None and d.vtype.equipment else (4, 3, 1)[min(d.dmg, 2)]


def assault_dice(s: State, a: Unit, h: int, sup: list[Unit]) -> tuple[int, int, int]:
    """The dice of ``a``'s assault on hex ``h`` with supporters ``sup`` (004 Tide of Iron,
    Assault attacks): the attacker's black dice (its FPR against infantry plus half of each
    supporter's; halved from a minefield or razor wire, and into smoke), the defender's
    red cover dice (:func:`assault_cover`) and the defenders' dice (each squad's FPR, halved
    when pinned without an officer in the hex, none when disrupted; a light vehicle's
    infantry FPR, halved when heavily damaged; halved again in a smoke, minefield or razor
    wire hex). Pure: ``heroes explain assault`` asks it too."""
    smoke = 1 if F.has(s, h, "smoke") else 0  # assaulting a smoke hex: half FPR (Smoke)
    strength = _halve(_assault_fpr(a), _mired(s, a) + smoke) + sum(
        _halve(_assault_fpr(o), 1 + _mired(s, o) + smoke) for o in sup)
    defenders = [d for d in s.units if d.alive and d.hex == h and d.carrier < 0]
    officer = any(d.has_officer for d in defenders if d.kind == SQUAD)
    dstrength = 0
    for d in defenders:
        # a defending unit in a smoke, minefield (or, a squad, razor wire) hex: half FPR
        mired = 1 if F.halved_in(s, d, h) else 0
        if d.kind == SQUAD:
            if d.cond != DISRUPTED:
                dstrength += _halve(_assault_fpr(d), mired + (1 if d.cond == PINNED and not officer else 0))
        elif d.vtype.light and not d.vtype.equipment:  # type: ignore[union-attr]  # equipment adds no dice
            dstrength += _halve(d.vtype.inf, mired + (1 if d.dmg == 2 else 0))  # type: ignore[union-attr]
    return strength, assault_cover(s, h, 1 - a.side), dstrength


def _assault_fpr(u: Unit) -> int:
    """A squad's FPR against infantry in an assault: mortars add nothing adjacent or in
    their own hex (Mortar crew, Minimum distance)."""
    return sum(f.inf for f in u.figs if not f.mortar)


def _mired(s: State, u: Unit) -> int:
    """1 when ``u`` assaults from a minefield or (a squad) razor wire hex, where it
    "fights at half FPR"; smoke does not halve an assault made from it (Smoke)."""
    ms = F.markers(s, u.hex)
    return 1 if "minefield" in ms or "razor-wire" in ms else 0


def _halve(fpr: int, times: int) -> int:
    """FPR halved ``times`` times, rounding up; "if a unit's FPR would be halved more than
    once it cannot attack" (004 Tide of Iron, Opportunity fire)."""
    if times > 1:
        return 0
    return (fpr + 1) // 2 if times else fpr


def _assignable(s: State, p: list[Any]) -> list[int]:
    taken = {di: n for di, n in p[4]}
    return [i for i, d in enumerate(s.units) if d.alive and d.hex == p[2] and d.carrier < 0
            and d.side != s.units[p[1]].side and taken.get(i, 0) < _hit_room(s, d)]


def _assault_outcome(s: State, p: list[Any]) -> None:
    """Apply the defender's assigned hits, then: "If the defender's hits equal to or exceed
    the attacker's, the attack is unsuccessful"; if the attacker's exceed them, the
    defender retreats (his choice of hex) and the active unit and the supporters fresh
    at the start "may now move into the vacated hex" (each a decision of the attacker)."""
    a, h, att_hits, def_hits = s.units[p[1]], p[2], p[5], p[6]
    side = a.side
    s.cause = ("assault", unit_type(a))
    for di, n in p[4]:
        if s.units[di].alive and n:
            apply_hits(s, s.units[di], n, False, side)
    s.active = side
    if att_hits <= def_hits:
        _end_activation(s, a)
        return
    survivors = [d for d in s.units if d.alive and d.hex == h and d.carrier < 0 and d.side != side
                 and not (d.vtype is not None and d.vtype.equipment)]  # equipment does not retreat
    movers = [p[1]] + list(p[7])
    if survivors:
        options = _retreat_options(s, h, side)
        if len(options) > 1:
            s.pending = ["retreat", p[1], h, movers]
            s.active = 1 - side
            return
        _retreat(s, survivors, h, side, options[0] if options else None)
    _offer_advance(s, p[1], h, movers)


def _offer_advance(s: State, ai: int, h: int, movers: list[int]) -> None:
    a = s.units[ai]
    s.active = a.side
    if any(_can_advance_in(s, s.units[i], h) for i in movers):
        s.pending = ["advance-in", ai, h, movers]
        return
    _end_activation(s, a)


def _can_advance_in(s: State, u: Unit, h: int) -> bool:
    return (u.alive and u.hex != h and not _enemy_in(s, h, u.side) and _stack(s, h)[0] < STACK_UNITS
            and s.static.grid.enterable(h, SQUAD))


def _apply_assault_step(s: State, p: list[Any], a: Action) -> None:
    mode = p[0]
    if mode == "assault-support":
        if a[0] == "support":
            p[3].append(a[1])
            return
        s.pending = None
        _assault(s, s.units[p[1]], p[2], list(p[3]))
    elif mode == "assign":
        for row in p[4]:
            if row[0] == a[1]:
                row[1] += 1
                break
        else:
            p[4].append([a[1], 1])
        p[3] -= 1
        if p[3] <= 0 or not _assignable(s, p):
            s.pending = None
            _assault_outcome(s, p)
    elif a[0] == "enter":
        u = s.units[a[1]]
        u.hex, u.fort = p[2], None
        u.token = FATIGUED
        _steal_equipment(s, p[2], u.side)
        s.note(f"{u.uid} moves into {s.static.grid.label(p[2])}")
        if not any(_can_advance_in(s, s.units[i], p[2]) for i in p[3]):
            _end_activation(s, s.units[p[1]])
    else:
        _end_activation(s, s.units[p[1]])


def _retreat_options(s: State, h: int, enemy: int) -> list[int]:
    """Adjacent hexes free of the assaulting side's units that squads can enter."""
    grid = s.static.grid
    return [h2 for h2 in grid.neighbours[h] if grid.enterable(h2, SQUAD)
            and not any(x.alive and x.hex == h2 and x.side == enemy and x.carrier < 0 for x in s.units)]


def _apply_retreat(s: State, p: list[Any], dest: int) -> None:
    """The defender's chosen retreat; the attacker then decides who moves into the hex."""
    attacker = s.units[p[1]]
    h = p[2]
    s.cause = ("assault", unit_type(attacker))
    survivors = [d for d in s.units if d.alive and d.hex == h and d.carrier < 0 and d.side != attacker.side
                 and not (d.vtype is not None and d.vtype.equipment)]
    _retreat(s, survivors, h, attacker.side, dest)
    s.pending = None
    _offer_advance(s, p[1], h, p[3])


def _retreat(s: State, units: list[Unit], h: int, enemy: int, dest: int | None) -> None:
    """The defender moves all survivors into ``dest``, an adjacent enemy-free hex (none:
    all are destroyed); excess over stacking, and disrupted units, are destroyed; pinned
    ones become disrupted (004 Tide of Iron, Assault attacks)."""
    for d in units:
        if dest is None or (d.kind == SQUAD and d.cond == DISRUPTED):
            _destroy(s, d, enemy)
            continue
        units_n, veh_n = _stack(s, dest)
        if units_n >= STACK_UNITS or (d.kind == VEHICLE and veh_n >= STACK_VEHICLES):
            _destroy(s, d, enemy)
            continue
        d.hex, d.fort = dest, None
        if d.kind == SQUAD and d.cond == PINNED:
            d.cond = DISRUPTED


def _end_activation(s: State, u: Unit) -> None:
    s.pending = None
    if u.token != OPFIRE:
        u.token = FATIGUED
    _finish_action(s)


def _finish_action(s: State) -> None:
    s.pending = None
    s.taken += 1
    if s.taken >= s.static.apt:
        _next_turn(s)


def _next_turn(s: State) -> None:
    other = 1 - s.active
    s.taken = 0
    if not s.done[other]:
        s.active = other


def _settle(s: State) -> None:
    """Run the rules that need no decision until a player must decide again."""
    if any(u.hidden for u in s.units):
        _reveal(s)
    while s.owed and not (s.pending is not None and s.pending[0] == "casualty"):
        ui, hits, by = s.owed.pop(0)
        u = s.units[ui]
        if u.alive and hits < len(u.figs) and len({f.id for f in u.figs}) > 1:
            s.pending = ["casualty", ui, hits, by, s.pending, s.active]
            s.active = u.side
            return
        if u.alive:
            apply_hits(s, u, hits, False, by, choose=False)
    while s.result is None and s.pending is None:
        if s.phase == "action":
            if not s.done[s.active] and not _can_act(s, s.active):
                s.done[s.active] = True
            if s.done[s.active]:
                other = 1 - s.active
                if s.done[other]:
                    _command_phase(s)
                    continue
                s.active, s.taken = other, 0
                continue
            return
        if s.phase == "command":
            if s.spent[s.active]:
                other = 1 - s.active
                if s.spent[other]:
                    _determine_initiative(s)
                    continue
                s.active = other
                continue
            return
        if s.phase == "draw":
            if s.drawn[s.active] < 2 and not _draw_actions(s, s.active):
                s.drawn[s.active] = 2
            if s.drawn[s.active] == 2:
                other = 1 - s.active
                if s.drawn[other] == 2:
                    _draws_done(s)
                    continue
                s.active = other
                continue
            return
        if s.phase == "opfire":
            if s.placed[s.active]:
                other = 1 - s.active
                if s.placed[other]:
                    _status_rest(s)
                    continue
                s.active = other
                continue
            return
        return


def _command_phase(s: State) -> None:
    """004 Tide of Iron, Command phase steps 1 and 2: control, command and VPs."""
    st = s.static
    for k, (h, _) in enumerate(st.objectives):
        here = {u.side for u in s.units if u.alive and u.hex == h and u.carrier < 0}
        if len(here) == 1:
            s.control[k] = here.pop()
    for k, (_, obj) in enumerate(st.objectives):
        owner = s.control[k]
        if owner < 0:
            continue
        if obj.kind == "command" and (obj.nation is None or obj.nation == st.nations[owner]):
            s.command[owner] += obj.command
        s.vp[owner] += obj.vp
    s.control_log.append({st.grid.label(h): (st.sides[s.control[k]] if s.control[k] >= 0 else None)
                          for k, (h, _) in enumerate(st.objectives)})
    s.note(f"command phase: VP {s.vp}, command {s.command}")
    target = st.scenario.vp_to_win
    if target is not None and max(s.vp) >= target:
        leader = 0 if s.vp[0] > s.vp[1] else (1 if s.vp[1] > s.vp[0] else s.initiative)
        _finish(s, leader, "victory points")
        return
    s.phase, s.spent, s.active = "command", [False, False], s.initiative


def _apply_spend(s: State, a: Action) -> None:
    side = s.active
    if a[0] == "card":
        cid = s.hands[side].pop(a[1])
        card = s.static.cards[cid]
        s.command[side] -= card.cost
        _card_effect(s, side, card, None)
        return
    s.command[side] -= a[1]
    s.pool[side] += a[1]
    s.spent[side] = True


def _determine_initiative(s: State) -> None:
    """004 Tide of Iron, Determine initiative: the larger pool; a tie goes to the player
    without initiative. Then the Status phase begins."""
    if s.pool[0] != s.pool[1]:
        s.initiative = 0 if s.pool[0] > s.pool[1] else 1
    else:
        s.initiative = 1 - s.initiative
    target = s.static.scenario.vp_to_win
    if target is not None and max(s.vp) >= target:  # VPs scored by command-phase cards
        _finish(s, 0 if s.vp[0] > s.vp[1] else (1 if s.vp[1] > s.vp[0] else s.initiative), "victory points")
        return
    _status_start(s)


def _status_start(s: State) -> None:
    """004 Tide of Iron, Status phase step 1: each player, initiative first, draws a card
    from the deck of his choice; a first card with the '+' mark lets him draw one more."""
    s.phase, s.drawn, s.active = "draw", [0, 0], s.initiative


def _draw_actions(s: State, side: int) -> list[Action]:
    stage = s.drawn[side]
    if stage == 2:
        return []
    out: list[Action] = [("draw", d) for d, pile in enumerate(s.decks[side]) if pile]
    if stage == 1 and out:
        out.append(("pass",))
    return out


def _apply_draw(s: State, a: Action) -> None:
    side = s.active
    if a[0] == "pass":
        s.drawn[side] = 2
        return
    card = s.decks[side][a[1]].pop()
    s.hands[side].append(card)
    s.drawn[side] = 1 if s.drawn[side] == 0 and s.static.cards[card].draw_again else 2


def _draws_done(s: State) -> None:
    """Status phase step 2 (remove tokens, pinned and disrupted transitions), then the
    Op Fire placement and squad transfer decisions."""
    status_transitions(s)
    s.rapid, s.transfers = {}, {}
    s.phase, s.placed, s.active = "opfire", [False, False], s.initiative


def status_transitions(s: State) -> None:
    """Remove activation tokens; pinned squads recover; disrupted become pinned, or
    recover with an officer in their hex (004 Tide of Iron, Remove tokens: "If there is
    an officer in the same hex, the condition token is removed instead"; Officer, Fast
    Recovery says "may", played as always: no player would keep the token); expired
    markers (smoke) go."""
    officers = {(u.side, u.hex) for u in s.units if u.alive and u.carrier < 0 and u.has_officer}
    F.expire_smoke(s)
    for u in s.units:
        u.token = FRESH
        if u.cond == PINNED:
            u.cond = NORMAL
        elif u.cond == DISRUPTED:
            u.cond = NORMAL if (u.side, u.hex) in officers else PINNED


def _apply_placement(s: State, a: Action) -> None:
    if a[0] == "done":
        s.placed[s.active] = True
    elif a[0] == "transfer":
        giver, taker = s.units[a[1]], s.units[a[2]]
        fig = next(f for f in giver.figs if f.id == a[3])
        giver.figs.remove(fig)
        taker.figs.append(fig)
        s.transfers[giver.hex] = s.transfers.get(giver.hex, 0) + 1
        if not giver.figs:
            giver.alive = False  # an empty squad base leaves the game (not a loss)
        s.note(f"{fig.id} moves from {giver.uid} to {taker.uid}")
    else:
        s.units[a[1]].token = OPFIRE


def _status_rest(s: State) -> None:
    """Status phase step 5: this round's reinforcements, initiative first, each placed on a
    hex of the zone its owner chooses (``arrive HEX``); then :func:`_status_end`."""
    st = s.static
    queue: list[list[int]] = []
    for si in (s.initiative, 1 - s.initiative):
        side = st.scenario.sides[si]
        for ri, reinf in enumerate(side.reinforcements):
            if reinf.round == s.round:
                s.note(f"reinforcements for {side.id}: {reinf.event or 'arrive'}")
                queue += [[si, ri, VEHICLE, k] for k in range(len(reinf.vehicles))]
                queue += [[si, ri, SQUAD, k] for k, q in enumerate(reinf.squads) if q.in_vehicle is None]
    s.pending = ["arrive", -1, queue]
    _next_arrival(s)


def _next_arrival(s: State) -> None:
    """Skip the reinforcements with no hex left ("Any reinforcements missed in prior game
    rounds remain lost"); the next one's owner decides; none left: the round ends."""
    p = s.pending
    assert p is not None
    queue = p[2]
    while queue and not _arrival_hexes(s, queue[0][0], queue[0][2] == VEHICLE):
        si, ri, kind, k = queue.pop(0)
        side = s.static.scenario.sides[si]
        item = (side.reinforcements[ri].vehicles if kind == VEHICLE else side.reinforcements[ri].squads)[k]
        s.note(f"reinforcement {item.id} of {side.id} is lost: no hex of the zone can take it")
    if queue:
        s.active = queue[0][0]
        return
    s.pending = None
    _status_end(s)


def _apply_arrival(s: State, p: list[Any], h: int) -> None:
    si, ri, kind, k = p[2].pop(0)
    reinf = s.static.scenario.sides[si].reinforcements[ri]
    if kind == VEHICLE:
        v = reinf.vehicles[k]
        _place_force(s, si, [q for q in reinf.squads if q.in_vehicle == v.id], [v], at=h)
    else:
        _place_force(s, si, [reinf.squads[k]], [], at=h)
    s.note(f"a reinforcement arrives on {s.static.grid.label(h)}")
    _next_arrival(s)


def _status_end(s: State) -> None:
    """Status phase end: concealed squads next to enemies are revealed; the round marker
    advances, or the game ends after the last round."""
    st = s.static
    for u in s.units:
        if u.alive and u.hidden and any(e.alive and e.side != u.side and e.carrier < 0
                                        and st.grid.distance(e.hex, u.hex) <= 1 for e in s.units):
            u.hidden = False  # "always revealed if is adjacent to an enemy unit at the end of the Status Phase"
    if s.round >= st.scenario.rounds:
        winner = 0 if s.vp[0] > s.vp[1] else (1 if s.vp[1] > s.vp[0] else s.initiative)
        _finish(s, winner, "rounds")
        return
    s.round += 1
    s.phase, s.done, s.taken, s.active = "action", [False, False], 0, s.initiative


def _finish(s: State, winner: int, reason: str) -> None:
    st = s.static
    s.phase = "over"
    s.result = {
        "winner": st.sides[winner], "level": "victory", "end_reason": reason, "rounds": s.round,
        "victory_points": {st.sides[i]: s.vp[i] for i in (0, 1)},
        "losses": {st.sides[i]: dict(sorted(s.losses[i].items())) for i in (0, 1)},
    }


def result(s: State) -> dict[str, Any] | None:
    return s.result


def clone(s: State) -> State:
    return s.clone()


def state_hash(s: State) -> str:
    return s.state_hash()
