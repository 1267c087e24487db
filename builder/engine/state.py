"""Game state: explicit, integer ids, cheap hand-written clone.

Static facts shared by every copy of a game (battlefield, profiles, groups, the
scenario) live in :class:`GameStatic`; everything that changes lives in
:class:`GameState`, :class:`UnitState` and :class:`SideState` (000 core rules,
Components and Action!: positions, facings, Suppressed and Activated markers,
damage locations, face-down order tokens, hands and decks, initiative, turn,
objective control, breaking points, victory points).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Final

from builder.engine.dice import Dice
from builder.engine.events import Event
from builder.engine.grid import Battlefield
from builder.engine.profiles import FaceProfile, UnitProfile

# Final: compiled modules (builder/native.py) inline these instead of looking them up
NO_ORDER: Final = -2
BLUFF: Final = -1
SPECIAL: Final = 0
DAMAGE_NAMES = {1: "crew", 2: "track", 4: "hull", 8: "primary-weapon"}


# state.memo key of what a side's units share while legal actions are listed
# (nothing changes then): builder.engine.api.core_legal_actions sets it
LISTING: Final = "listing"

@dataclass
class Group:
    """A recruitment tile or option whose units count towards one breaking point
    (000 core rules, Setup > Breaking Point)."""

    name: str
    kind: str  # tile / option / hero / unit
    units: list[int] = field(default_factory=list)
    breaking_units: int = 0
    breaking_vp: int = 0
    officer: bool = False


@dataclass
class UnitStatic:
    """What never changes about one unit in a game."""

    profile: UnitProfile
    granted: dict[str, int]  # abilities from tile/option/slot
    group: int  # index into the side's groups (-1 none)
    tile: int  # group index of the recruitment tile it belongs to (-1 none)
    set_aside: bool = False
    decoy: bool = False  # a counter standing for no unit (builder.engine.decoys)
    # made for the Solo Mode reinforcements bag at set-up: off the battlefield, counting
    # for nothing until drawn (builder.ai.solo_mode.reinforcements)
    reinforcement: bool = False


@dataclass
class SideStatic:
    id: str
    faction: str
    groups: list[Group]
    stars_fixed: int  # stars from tiles and options
    bluffs: int
    specials: int
    equipment: dict[tuple[int, str], int]  # (tile group or -1 army-wide, effect key) -> tokens
    traits: dict[tuple[int, str], int]  # (tile group or -1 army-wide, effect key) -> value
    keys: frozenset[str] = frozenset()  # order option effect keys of the army


@dataclass
class GameStatic:
    pack: Any
    scenario: Any
    bf: Battlefield  # typed: the compiled rules read its fields and call its methods directly
    sides: list[SideStatic]
    units: list[UnitStatic]
    objectives: list[tuple[str, int, str, int, int]]  # id, square, kind, vp, owner side (-1)
    seed: int
    hand_size: int = 4
    has_ambush: bool = False  # a counter has a concealed side or a deck a Camouflage card (spotting runs after moves)
    # Derived data shared by every copy of the game, keyed by everything it depends
    # on, so never stale (bounded: cleared when full).
    zoc_tables: dict[tuple[int, ...], Any] = field(default_factory=dict)  # by enemy (id << 16 | square)
    reach_cache: dict[int, Any] = field(default_factory=dict)  # unit id -> its last infantry reach
    move_cache: dict[int, Any] = field(default_factory=dict)  # unit id -> (reach, its move actions)
    card_modules: dict[tuple[tuple[str, ...], str], Any] = field(default_factory=dict)  # (hand, phase) -> playable
    _infantry: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # other rule modules' derived data, by module-chosen key (e.g. "_transports");
    # an explicit dict rather than attributes set on the fly, which compiled
    # classes (builder.native) do not allow
    caches: dict[str, Any] = field(default_factory=dict)

    def infantry_of(self, side: int, units: "list[UnitState]") -> tuple[int, ...]:
        """Ids of ``side``'s infantry and guns (the units a friendly move passes
        through), found once per game: units never change side or type."""
        ids = self._infantry.get(side)
        if ids is None:
            ids = self._infantry[side] = tuple(
                u.id for u in units if u.side == side and u.st.profile.type in ("infantry", "gun"))
        return ids


class UnitState:
    """One counter on (or off) the battlefield."""

    __slots__ = (
        "id", "side", "st", "face", "sq", "facing", "suppressed", "activated", "damage",
        "concealed", "alive", "wreck", "order", "acted", "supply_moved", "carried_by",
    )

    def __init__(self, uid: int, side: int, st: UnitStatic) -> None:
        self.id = uid
        self.side = side
        self.st = st
        self.face = 0
        self.sq = -1
        self.facing = 0
        self.suppressed = 0
        self.activated = False
        self.damage = 0
        self.concealed = False
        self.alive = True
        self.wreck = False
        self.order = NO_ORDER
        self.acted = False
        self.supply_moved = False
        self.carried_by = -1  # the Transport vehicle carrying it (off the grid then: sq -1)

    def clone(self) -> "UnitState":
        u = UnitState(self.id, self.side, self.st)
        u.face, u.sq, u.facing = self.face, self.sq, self.facing
        u.suppressed, u.activated, u.damage, u.concealed = self.suppressed, self.activated, self.damage, self.concealed
        u.alive, u.wreck, u.order, u.acted, u.supply_moved = self.alive, self.wreck, self.order, self.acted, self.supply_moved
        u.carried_by = self.carried_by
        return u

    @property
    def profile(self) -> UnitProfile:
        return self.st.profile

    @property
    def type(self) -> str:
        return self.st.profile.type

    @property
    def is_vehicle(self) -> bool:
        return self.st.profile.type in ("light_vehicle", "heavy_vehicle")

    @property
    def is_infantry(self) -> bool:
        return self.st.profile.type in ("infantry", "gun")

    @property
    def on_board(self) -> bool:
        return self.alive and self.sq >= 0

    @property
    def bagged(self) -> bool:
        """A unit of the Solo Mode reinforcements bag not drawn yet: not on the
        battlefield and counting for nothing (builder.ai.solo_mode.reinforcements)."""
        return self.st.reinforcement and self.alive and self.sq < 0 and self.carried_by < 0

    @property
    def active(self) -> bool:
        """On the battlefield, alive and not a wreck: it can take orders and act."""
        return self.alive and self.sq >= 0 and not self.wreck

    @property
    def ready(self) -> bool:
        """Active, or carried by a vehicle (000 core rules, Special Abilities >
        Transport: a carried unit takes orders and acts from the vehicle)."""
        return self.alive and not self.wreck and (self.sq >= 0 or self.carried_by >= 0)

    def face_profile(self) -> FaceProfile:
        return self.st.profile.faces[self.face]

    def ability(self, name: str) -> int | None:
        """Value of an ability on the current face or granted by its tile; None if absent."""
        face = self.st.profile.faces[self.face].abilities
        if name in face:
            return face[name]
        return self.st.granted.get(name)

    def to_key(self) -> list[Any]:
        return [self.id, self.side, self.face, self.sq, self.facing, self.suppressed, int(self.activated),
                self.damage, int(self.concealed), int(self.alive), int(self.wreck), self.order,
                int(self.acted), int(self.supply_moved)] + ([self.carried_by] if self.carried_by >= 0 else [])


class SideState:
    """A side's tokens, cards and score."""

    __slots__ = (
        "orders", "to_place", "bluffs_left", "specials_left", "hand", "deck", "discard", "vp",
        "equipment", "lost", "broken", "losses", "supply_done", "initiative_kept", "bombs",
        "concealed_tokens", "directive_turn", "directives_used",
    )

    def __init__(self) -> None:
        self.orders = 0
        self.to_place: list[int] = []
        self.bluffs_left = 0
        self.specials_left = 0
        self.hand: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.vp = 0
        self.equipment: dict[tuple[int, str], int] = {}
        self.lost: list[int] = []
        self.broken: list[bool] = []
        self.losses: dict[str, int] = {}
        self.supply_done = False
        self.initiative_kept = False
        self.bombs: list[int] = []  # order tokens placed on smoke bombs this round (builder/engine/smoke_bombs.py)
        self.concealed_tokens: tuple[int, ...] = ()  # units holding a Concealed token (builder/engine/concealment.py)
        # builder/engine/directives.py: the turn of the side's last directive decision, the directives placed
        self.directive_turn = 0
        self.directives_used: tuple[str, ...] = ()

    def clone(self) -> "SideState":
        s = SideState()
        s.orders, s.to_place, s.bluffs_left, s.specials_left = self.orders, self.to_place[:], self.bluffs_left, self.specials_left
        s.hand, s.deck, s.discard, s.vp = self.hand[:], self.deck[:], self.discard[:], self.vp
        s.equipment, s.lost, s.broken, s.losses = dict(self.equipment), self.lost[:], self.broken[:], dict(self.losses)
        s.supply_done, s.initiative_kept, s.bombs = self.supply_done, self.initiative_kept, self.bombs[:]
        s.concealed_tokens = self.concealed_tokens
        s.directive_turn, s.directives_used = self.directive_turn, self.directives_used
        return s

    def to_key(self) -> list[Any]:
        return [self.orders, self.to_place, self.bluffs_left, self.specials_left, self.hand, len(self.deck),
                self.deck[:8], self.discard, self.vp, sorted([list(k) + [v] for k, v in self.equipment.items()]),
                self.lost, self.broken, sorted(self.losses.items()), int(self.supply_done)] \
            + ([self.bombs] if self.bombs else []) \
            + (["concealed", list(self.concealed_tokens)] if self.concealed_tokens else []) \
            + ([self.directive_turn, list(self.directives_used)] if self.directive_turn else [])
        # the optional parts only when used (a smoke bomb ordered, a Concealed token held, a directive
        # decided): other games' hashes stay as they were


@dataclass
class GameResult:
    """How a game ended (see docs/engine.md, Victory)."""

    winner: str | None
    level: str
    victory_points: dict[str, int]
    rounds: int
    end_reason: str
    losses: dict[str, dict[str, int]]
    objective_control: list[dict[str, str | None]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner, "level": self.level, "victory_points": self.victory_points,
            "rounds": self.rounds, "end_reason": self.end_reason, "losses": self.losses,
            "objective_control": self.objective_control,
        }


class GameState:
    """A game in progress; ``apply`` (builder.engine.api) moves it on."""

    __slots__ = (
        "rules", "static", "dice", "turn", "phase", "initiative", "to_act", "units", "occ", "sides",
        "queues", "turn_side", "current", "fired", "moved", "pending", "control", "control_history",
        "result", "events", "decisions", "supply_side", "memo", "boosts", "path", "occupied", "smoke",
        "vehicle_bombs", "fuelled", "directives", "positions", "markers", "postponed", "demolition", "charges",
        "passages", "autonomous",
    )

    def __init__(self, rules: Any, static: GameStatic, dice: Dice) -> None:
        self.rules = rules
        self.static = static
        self.dice = dice
        self.turn = 1
        self.phase = "orders"
        self.initiative = 0
        self.to_act: int | None = 0
        self.units: list[UnitState] = []
        self.occ: list[int] = [-1] * static.bf.size  # unit id by square, -1 for none
        self.occupied = 0  # the same as a bitboard (builder.engine.bitboard)
        self.sides: list[SideState] = []
        self.queues: list[list[tuple[int, int]]] = [[], []]
        self.turn_side = 0
        self.current = -1  # unit being activated
        self.fired: tuple[int, ...] = ()  # weapons the current unit has fired
        self.moved = False
        self.pending: list[tuple[str, int, int, tuple[int, ...], tuple[int, ...]]] = []  # kind, side, unit, options, data
        self.control: list[int] = [o[4] for o in static.objectives]
        self.control_history: list[list[int]] = []
        self.result: GameResult | None = None
        self.events: list[Event] = []
        self.decisions = 0
        self.supply_side = 0
        self.memo: dict[Any, Any] = {}  # derived data valid for this decision only
        self.boosts: dict[tuple[str, int], int] = {}  # card bonuses for the current activation
        self.path: tuple[int, ...] = ()  # squares of the current unit's move (Firing on the Move)
        self.smoke: tuple[tuple[int, int, int], ...] = ()  # (intersection, radius, penalty), builder/engine/smoke.py
        # sticky bombs and magnetic mines: (vehicle, side placing, option), builder/engine/vehicle_bombs.py
        self.vehicle_bombs: tuple[tuple[int, int, str], ...] = ()
        self.fuelled: tuple[int, ...] = ()  # vehicles with a Fuel token spent this round (builder/engine/fuel.py)
        # directives on officers until the end of the Supply phase: (side, officer, directive), builder/engine/directives.py
        self.directives: tuple[tuple[int, int, str], ...] = ()
        self.positions: tuple[int, ...] = ()  # squares of advanced positions (builder/engine/advanced_positions.py)
        # scenario markers on units: (unit, marker, count), builder/engine/markers.py
        self.markers: tuple[tuple[int, str, int], ...] = ()
        # scenario events postponed: (event index, first effect left), builder/engine/scenario_events.py
        self.postponed: tuple[tuple[int, int], ...] = ()
        # demolition points on standing structures: (overlay area, points), builder/engine/structures.py
        self.demolition: tuple[tuple[int, int], ...] = ()
        # demolition charges laid: (structure square, side), builder/engine/demolition_charges.py
        self.charges: tuple[tuple[int, int], ...] = ()
        self.passages: tuple[int, ...] = ()  # hedgerow squares with a Passage token (builder/engine/hedgerow_cutter.py)
        self.autonomous = -1  # the unit acting without an order token, -1 none (builder/engine/autonomy.py)

    # --- public views ------------------------------------------------------------

    @property
    def bf(self) -> Any:
        return self.static.bf

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def side_ids(self) -> list[str]:
        return [s.id for s in self.static.sides]

    def set_occupant(self, sq: int, uid: int) -> None:
        """Put unit ``uid`` on ``sq`` in the occupancy (-1: clear it). Every change of
        ``occ`` goes through here, keeping ``occupied`` the same set of squares."""
        self.occ[sq] = uid
        if uid >= 0:
            self.occupied |= 1 << sq
        else:
            self.occupied &= ~(1 << sq)

    def squares_of(self, unit: UnitState) -> tuple[int, ...]:
        """Squares a counter covers: one, or front and back for a 2-square vehicle."""
        if unit.sq < 0:
            return ()
        if unit.st.profile.footprint == 2:
            back = self.static.bf.offset(unit.sq, (unit.facing + 4) % 8)
            return (unit.sq, back) if back >= 0 else (unit.sq,)
        return (unit.sq,)

    # --- cloning and hashing -------------------------------------------------------

    def clone(self) -> "GameState":
        g = GameState(self.rules, self.static, self.dice.clone())
        g.turn, g.phase, g.initiative, g.to_act = self.turn, self.phase, self.initiative, self.to_act
        g.units = [u.clone() for u in self.units]
        g.occ, g.occupied = self.occ[:], self.occupied
        g.sides = [s.clone() for s in self.sides]
        g.queues = [q[:] for q in self.queues]
        g.turn_side, g.current, g.fired, g.moved = self.turn_side, self.current, self.fired, self.moved
        g.pending = self.pending[:]
        g.control = self.control[:]
        g.control_history = [c[:] for c in self.control_history]
        g.result, g.events, g.decisions, g.supply_side = self.result, [], self.decisions, self.supply_side
        g.memo = {}
        g.boosts = dict(self.boosts)
        g.path = self.path
        g.smoke = self.smoke
        g.vehicle_bombs = self.vehicle_bombs
        g.fuelled, g.directives, g.positions = self.fuelled, self.directives, self.positions
        g.markers, g.postponed = self.markers, self.postponed
        g.demolition, g.charges = self.demolition, self.charges
        g.passages = self.passages
        g.autonomous = self.autonomous
        return g

    def canonical(self) -> dict[str, Any]:
        out = {
            "turn": self.turn, "phase": self.phase, "initiative": self.initiative, "to_act": self.to_act,
            "dice": self.dice.state, "units": [u.to_key() for u in self.units],
            "sides": [s.to_key() for s in self.sides], "queues": self.queues, "turn_side": self.turn_side,
            "current": self.current, "fired": list(self.fired), "moved": self.moved,
            "pending": [[p[0], p[1], p[2], list(p[3]), list(p[4])] for p in self.pending], "control": self.control,
            "result": self.result.to_dict() if self.result else None, "supply_side": self.supply_side,
            "boosts": sorted([k[0], k[1], v] for k, v in self.boosts.items()), "path": list(self.path),
        }
        if self.smoke:  # only when some lies on the battlefield: hashes of games without smoke stay as they were
            out["smoke"] = [list(s) for s in self.smoke]
        if self.vehicle_bombs:  # likewise for bombs and mines on vehicles
            out["vehicle_bombs"] = [list(b) for b in self.vehicle_bombs]
        if self.fuelled:  # likewise for Fuel tokens spent, directives placed and advanced positions
            out["fuelled"] = list(self.fuelled)
        if self.directives:
            out["directives"] = [list(d) for d in self.directives]
        if self.positions:
            out["positions"] = list(self.positions)
        if self.markers:  # likewise for scenario markers and postponed events
            out["markers"] = [list(m) for m in self.markers]
        if self.postponed:
            out["postponed"] = [list(p) for p in self.postponed]
        if self.demolition:  # likewise for demolition points, charges laid and structures destroyed
            out["demolition"] = [list(d) for d in self.demolition]
        if self.charges:
            out["charges"] = [list(c) for c in self.charges]
        if self.static.bf.ruined:
            out["ruined"] = [[a, r or ""] for a, r in self.static.bf.ruined]
        if self.passages:
            out["passages"] = list(self.passages)
        if self.autonomous >= 0:  # an Autonomous unit acting without an order token
            out["autonomous"] = self.autonomous
        return out

    def state_hash(self) -> str:
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()
