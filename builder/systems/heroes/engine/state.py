"""Game state: explicit, integer ids, cheap hand-written clone.

Static facts shared by every copy of a game (battlefield, profiles, groups, the
scenario) live in :class:`GameStatic`; everything that changes lives in
:class:`GameState`, :class:`UnitState` and :class:`SideState` (000 core rules,
Components and Action!: positions, facings, Suppressed and Activated markers,
damage locations, face-down order tokens, hands and decks, initiative, turn,
objective control, breaking points, victory points).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

from builder.kernel.dice import Dice
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.board.grid import Battlefield
from builder.systems.heroes.engine.derived import Derived, DerivedData, derived
from builder.systems.heroes.engine.profiles import FaceProfile, UnitProfile

# Final: compiled modules (builder/native.py) inline these instead of looking them up
NO_ORDER: Final = -2
BLUFF: Final = -1
SPECIAL: Final = 0
DAMAGE_NAMES = {1: "crew", 2: "track", 4: "hull", 8: "primary-weapon"}
MAX_ORDERS: Final = 10  # numbered order tokens a side places at most (000 core rules, Order Phase > Order Tokens)


_CANONICAL_JSON: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
"""The state hash's encoder, made once (``json.dumps`` with options makes one per call:
a third of the encoding's time for a small state); the same text as
``json.dumps(..., sort_keys=True, separators=(",", ":"))``."""


# state.memo key of what a side's units share while legal actions are listed
# (nothing changes then): builder.systems.heroes.engine.api.core_legal_actions sets it
LISTING: Final = "listing"


# --- the field tables: one per state class ------------------------------------------
# Each state class lists its fields once, in a table of StateField; its __slots__,
# its clone and its canonical form (what the state hash covers) are all read from
# that table, so a field added to a game cannot be forgotten by the copy or the hash
# (issue 19, "the state is whole": perft, clone-based search and replay hashes rely
# on a clone being a copy and the hash covering everything a game's future depends on).


def _same(v: Any) -> Any:
    return v  # immutable (int, str, tuple) or shared by every copy (rules, static)


def _list(v: Any) -> Any:
    return v[:]


def _lists(v: Any) -> Any:
    return [x[:] for x in v]


def _dict(v: Any) -> Any:
    return dict(v)


def _clones(v: Any) -> Any:
    return [x.clone() for x in v]


def _clone(v: Any) -> Any:
    return None if v is None else v.clone()


def _empty_list(v: Any) -> Any:
    return []


def _empty_dict(v: Any) -> Any:
    return {}


def _as_list(v: Any) -> Any:
    return list(v)


def _rows(v: Any) -> Any:
    return [list(x) for x in v]


def _key(v: Any) -> Any:
    return v.to_key()


def _words(v: Any) -> Any:
    return " ".join(v)


@dataclass(frozen=True)
class StateField:
    """One field of a state class: how a clone copies it and how the canonical form
    writes it.

    ``copy`` makes the clone's value from the original's (``_same`` for immutable
    values and what every copy shares); ``key`` gives its canonical form, None when
    it is not hashed (derived data such as the occupancy, or per-decision scratch);
    ``when`` (of the owning object) puts it in the canonical form only when it holds:
    a rule's field enters the hash once used, so games without that rule keep their
    hashes; ``spread`` splices a list-shaped key into a list canonical form (units
    and sides are hashed as lists); ``as_`` names it in a dict canonical form when
    the name differs."""

    name: str
    copy: Callable[[Any], Any] = _same
    key: Callable[[Any], Any] | None = _same
    when: Callable[[Any], bool] | None = None
    spread: bool = False
    as_: str = ""


def slots(table: tuple[StateField, ...]) -> tuple[str, ...]:
    """The ``__slots__`` of a state class: its table's field names."""
    return tuple(f.name for f in table)


def copy_fields(table: tuple[StateField, ...], source: Any, target: Any) -> None:
    """Set every field of ``target`` to the copy of ``source``'s (clone)."""
    for f in table:
        setattr(target, f.name, f.copy(getattr(source, f.name)))


def key_list(table: tuple[StateField, ...], obj: Any) -> list[Any]:
    """The canonical form of ``obj`` as a list (units, sides), in table order."""
    out: list[Any] = []
    for f in table:
        if f.key is None or (f.when is not None and not f.when(obj)):
            continue
        value = f.key(getattr(obj, f.name))
        if f.spread:
            out.extend(value)
        else:
            out.append(value)
    return out


def key_dict(table: tuple[StateField, ...], obj: Any) -> dict[str, Any]:
    """The canonical form of ``obj`` as a dict (the game), by field name."""
    return {f.as_ or f.name: f.key(getattr(obj, f.name)) for f in table
            if f.key is not None and (f.when is None or f.when(obj))}


# --- fields a rule module declares for itself ---------------------------------------
# A feature's own state (the vehicles on a Fuel token, the Passage tokens laid) is not
# a slot of GameState: its module declares it here, which gives it a typed key, and keeps
# it in ``GameState.rule_fields`` (``SideState.rule_fields`` for a side's) under that key.
# Values are immutable tuples, so a clone copies the dict; a field is dropped when
# emptied, so a game that never used it hashes as if it did not exist (and
# ``if state.rule_fields`` is the cheap test that none is used).

V = TypeVar("V", bound=tuple[Any, ...])


class RuleField(Generic[V]):
    """A field of the game declared by a rule module, and the typed key its module reads
    and writes it by (:func:`rule_field`, :func:`set_rule_field`): its name (as the state
    hash writes it), its canonical form, whether it lasts the game or ends with the round
    (cleared as the Orders phase starts), and what its module does with it, while it is
    set, as the Supply phase starts and at its step 5 (000 core rules, Supply Phase).
    Its value, of type ``V``, is a tuple, the empty tuple until set (so ``V`` admits it).
    Compared by identity: a key is made once, by :func:`declare_field`."""

    __slots__ = ("name", "key", "module", "lasts", "supply_start", "supply_end")

    def __init__(self, name: str, key: Callable[[Any], Any], module: str, lasts: str = "game",
                 supply_start: Callable[[Any], None] | None = None,
                 supply_end: Callable[[Any], None] | None = None) -> None:
        self.name = name
        self.key = key
        self.module = module
        self.lasts = lasts
        self.supply_start = supply_start
        self.supply_end = supply_end

    def __repr__(self) -> str:
        return f"RuleField({self.name!r})"


def key_rows(value: Any) -> Any:
    """The canonical form of a tuple of tuples: a list of lists."""
    return [list(x) for x in value]


RULE_FIELDS: dict[str, RuleField[Any]] = {}
"""Every rule field declared, by name, in the order of declaration."""


def declare_field(name: str, module: str, key: Callable[[Any], Any] = list, lasts: str = "game",
                  supply_start: Callable[[Any], None] | None = None,
                  supply_end: Callable[[Any], None] | None = None) -> RuleField[V]:
    """Declare a game field of rule module ``module``: the typed key its module reads and
    writes it by, whose declaration names the value's type
    (``FUELLED: Final[RuleField[tuple[int, ...]]] = declare_field("fuelled", __name__)``).
    ``lasts``: ``game`` or ``round``; ``supply_start``/``supply_end``: what the module
    does, while the field is set, as the Supply phase starts and at its step 5 (called
    with the game)."""
    if lasts not in ("game", "round"):
        raise ValueError(f"a rule field lasts the game or the round, not {lasts!r}")
    if any(f.name == name for f in GAME_FIELDS):
        raise ValueError(f"{name!r} is already a field of the game")
    known = RULE_FIELDS.get(name)
    if known is not None:
        if known.module != module:
            raise ValueError(f"rule field {name!r} is already declared by {known.module}")
        return known  # the module imported again (a test's example): the same key
    declared: RuleField[V] = RuleField(name, key, module, lasts, supply_start, supply_end)
    RULE_FIELDS[name] = declared
    return declared


def rule_field(state: "GameState", field: RuleField[V]) -> V:
    """The value of a declared rule field (an empty tuple until set)."""
    value: Any = state.rule_fields.get(field, ())  # set through the key: a V (no cast, a call in pure Python)
    return value


def set_rule_field(state: "GameState", field: RuleField[V], value: V) -> None:
    """Set a declared rule field to the immutable ``value`` (an empty one drops it)."""
    if RULE_FIELDS.get(field.name) is not field:
        raise KeyError(f"undeclared rule field {field.name!r}: declare it with "
                       "builder.systems.heroes.engine.state.declare_field")
    if value:
        state.rule_fields[field] = value
    else:
        state.rule_fields.pop(field, None)


class SideRuleField(Generic[V]):
    """A field of a side declared by a rule module, and the typed key its module reads
    and writes it by (:func:`side_field`, :func:`set_side_field`): its name, its
    canonical form (the list of entries it adds to the side's canonical list), and
    whether it lasts the game or ends with the round (dropped as the Orders phase
    starts). Its value, of type ``V``, is a tuple, the empty tuple until set."""

    __slots__ = ("name", "key", "module", "lasts")

    def __init__(self, name: str, key: Callable[[Any], list[Any]], module: str, lasts: str = "game") -> None:
        self.name = name
        self.key = key
        self.module = module
        self.lasts = lasts

    def __repr__(self) -> str:
        return f"SideRuleField({self.name!r})"


def _one_list(value: Any) -> list[Any]:
    return [list(value)]


SIDE_RULE_FIELDS: dict[str, SideRuleField[Any]] = {}


def declare_side_field(name: str, module: str, key: Callable[[Any], list[Any]] = _one_list,
                       lasts: str = "game") -> SideRuleField[V]:
    """Declare a field of each side of rule module ``module``: the typed key its module
    reads and writes it by, whose declaration names the value's type; ``key`` gives the
    entries it adds to the side's canonical list once set; ``lasts``: ``game`` or
    ``round``. Kept in ``SideState.rule_fields``, cloned with the side, hashed in the
    order of the fields' names."""
    if lasts not in ("game", "round"):
        raise ValueError(f"a side rule field lasts the game or the round, not {lasts!r}")
    if any(f.name == name for f in SIDE_FIELDS):
        raise ValueError(f"{name!r} is already a field of a side")
    known = SIDE_RULE_FIELDS.get(name)
    if known is not None:
        if known.module != module:
            raise ValueError(f"side rule field {name!r} is already declared by {known.module}")
        return known
    declared: SideRuleField[V] = SideRuleField(name, key, module, lasts)
    SIDE_RULE_FIELDS[name] = declared
    return declared


def side_field(side: "SideState", field: SideRuleField[V]) -> V:
    """The value of a declared side rule field (an empty tuple until set)."""
    value: Any = side.rule_fields.get(field, ())  # set through the key: a V
    return value


def set_side_field(side: "SideState", field: SideRuleField[V], value: V) -> None:
    """Set a declared side rule field to the immutable ``value`` (an empty one drops it)."""
    if SIDE_RULE_FIELDS.get(field.name) is not field:
        raise KeyError(f"undeclared side rule field {field.name!r}: declare it with "
                       "builder.systems.heroes.engine.state.declare_side_field")
    if value:
        side.rule_fields[field] = value
    else:
        side.rule_fields.pop(field, None)


def end_round_side_fields(side: "SideState") -> None:
    """Drop the side's rule fields that last the round (as the next round starts)."""
    for f in [f for f in side.rule_fields if f.lasts == "round"]:
        del side.rule_fields[f]


def _side_rule_keys(fields: dict[SideRuleField[Any], Any]) -> list[Any]:
    """The canonical entries of a side's rule fields, in the order of the fields' names."""
    out: list[Any] = []
    for f in sorted(fields, key=_field_name):
        out.extend(f.key(fields[f]))
    return out


def _field_name(f: SideRuleField[Any]) -> str:
    return f.name


def supply_steps(state: "GameState", when: str) -> None:
    """Run the ``supply_start`` or ``supply_end`` step of every rule field set, in the
    order the fields were declared."""
    for f in list(RULE_FIELDS.values()):
        fn = f.supply_start if when == "supply_start" else f.supply_end
        if fn is not None and f in state.rule_fields:
            fn(state)


def end_round_fields(state: "GameState") -> None:
    """Drop the rule fields that last the round (as the next round starts)."""
    for f in [f for f in state.rule_fields if f.lasts == "round"]:
        del state.rule_fields[f]


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
    # stars of a tile or option set aside at start (reinforcements): they count from the
    # supply phase after one of its units entered the battlefield (000 Supply Phase: as
    # many order tokens as the stars you have)
    aside_stars: int = 0


@dataclass
class UnitStatic:
    """What never changes about one unit in a game."""

    profile: UnitProfile
    granted: dict[str, int]  # abilities from tile/option/slot
    group: int  # index into the side's groups (-1 none)
    tile: int  # group index of the recruitment tile it belongs to (-1 none)
    set_aside: bool = False
    decoy: bool = False  # a counter standing for no unit (builder.systems.heroes.engine.decoys)
    # made for the Solo Mode reinforcements bag at set-up: off the battlefield, counting
    # for nothing until drawn (builder.systems.heroes.engine.solo_mode.reinforcements)
    reinforcement: bool = False
    # the player (seat) it belongs to in a game of three or four players (000 core rules,
    # Multiplayer Rules 3-4 Players); -1 in a two-player game, where the side is the player
    seat: int = -1


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
    # the players of a game of three or four players, in seating order: (player id, side =
    # alliance index); empty in a two-player game (builder/systems/heroes/engine/alliances.py)
    seats: tuple[tuple[str, int], ...] = ()
    has_ambush: bool = False  # a counter has a concealed side or a deck a Camouflage card (spotting runs after moves)
    # what the rules work out from the facts above and keep, by typed key (shared by every
    # copy of the game; builder/systems/heroes/engine/derived.py)
    derived: DerivedData = field(default_factory=DerivedData)

    def renewed(self, **changes: Any) -> "GameStatic":
        """A copy of the static facts with ``changes`` (``bf``: the battlefield once a
        structure is destroyed; ``sides``: the armies once a support tile gives an option)
        and no derived data: the one way a game's static facts change while it is played.
        The game takes the copy; copies of the game made before keep theirs."""
        return dataclasses.replace(self, derived=DerivedData(), **changes)


def _infantry(state: "GameState") -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(u.id for u in state.units if u.side == side and u.st.profile.type in ("infantry", "gun"))
                 for side in range(len(state.sides)))


INFANTRY: Final = Derived("state: each side's infantry and guns", _infantry)
"""Ids of each side's infantry and guns (the units a friendly move passes through):
units never change side or type; forgotten when units are added to a game."""


def infantry_of(state: "GameState", side: int) -> tuple[int, ...]:
    """Ids of ``side``'s infantry and guns."""
    return derived(state, INFANTRY)[side]


UNIT_FIELDS: Final = (
    StateField("id"), StateField("side"), StateField("st", key=None), StateField("face"), StateField("sq"),
    StateField("facing"), StateField("suppressed"), StateField("activated", key=int), StateField("damage"),
    StateField("concealed", key=int), StateField("alive", key=int), StateField("wreck", key=int),
    StateField("order"), StateField("acted", key=int), StateField("supply_moved", key=int),
    # the Transport vehicle carrying it: hashed only when carried
    StateField("carried_by", when=lambda u: u.carried_by >= 0),
)
"""The fields of :class:`UnitState`, in the order of its canonical list."""


class UnitState:
    """One counter on (or off) the battlefield."""

    __slots__ = slots(UNIT_FIELDS)

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
        copy_fields(UNIT_FIELDS, self, u)
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
        battlefield and counting for nothing (builder.systems.heroes.engine.solo_mode.reinforcements)."""
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
        return key_list(UNIT_FIELDS, self)


SIDE_FIELDS: Final = (
    StateField("orders", copy=_same), StateField("to_place", copy=_list), StateField("bluffs_left"),
    StateField("specials_left"), StateField("hand", copy=_list),
    # every card in its order, two games that differ only in a deep card differ (issue 35);
    # as one string of the card ids (which hold no space: content ids, builder/systems/heroes/
    # content/models/base.py), a third of the cost of a list of strings to the hash
    StateField("deck", copy=_list, key=_words),
    StateField("discard", copy=_list), StateField("vp"),
    StateField("equipment", copy=_dict, key=lambda e: sorted([list(k) + [v] for k, v in e.items()])),
    StateField("lost", copy=_list), StateField("broken", copy=_list),
    StateField("losses", copy=_dict, key=lambda d: sorted(d.items())), StateField("supply_done", key=int),
    # an Initiative order kept shifts the turn track for the rest of the game (Rules.initiative_for_turn)
    StateField("initiative_kept", key=int),
    # the rules' fields enter the canonical list only when used (a token held, a decision
    # made): other games' hashes stay as they were
    # the fields rule modules declare for a side (declare_side_field), by name
    StateField("rule_fields", copy=_dict, key=_side_rule_keys, when=lambda s: bool(s.rule_fields), spread=True),
)
"""The fields of :class:`SideState`, in the order of its canonical list."""


class SideState:
    """A side's tokens, cards and score."""

    __slots__ = slots(SIDE_FIELDS)

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
        self.rule_fields: dict[SideRuleField[Any], Any] = {}  # rule modules' own fields of the side (declare_side_field)

    def clone(self) -> "SideState":
        s = SideState()
        copy_fields(SIDE_FIELDS, self, s)
        return s

    def to_key(self) -> list[Any]:
        return key_list(SIDE_FIELDS, self)


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


class SupplyMoves:
    """The move actions of the supply phase's movers, kept from one supply decision to
    the next (builder/systems/heroes/engine/phases/supply.py): at each decision the side
    to act lists every unit's moves again, and one infantry move changes few of them.
    Derived data: never hashed, and a clone starts without it (``_none``); it is read
    only at the decision it was kept for (``decision``), with the units where they
    stood then (``occupied``), by the side it was listed for (``side``)."""

    __slots__ = ("side", "decision", "occupied", "lists", "entered")

    def __init__(self, side: int, decision: int, occupied: int) -> None:
        self.side = side
        self.decision = decision
        self.occupied = occupied
        self.lists: dict[int, tuple[Any, ...]] = {}  # unit id -> its move actions, in listing order
        self.entered: dict[int, int] = {}  # unit id -> the squares its move enters (Reach.entered)


def _none(v: Any) -> Any:
    return None


GAME_FIELDS: Final = (
    StateField("rules", key=None), StateField("static", key=None),
    StateField("dice", copy=_clone, key=lambda d: d.state),
    StateField("turn"), StateField("phase"), StateField("initiative"), StateField("to_act"),
    StateField("units", copy=_clones, key=lambda us: [u.to_key() for u in us]),
    StateField("occ", copy=_list, key=None), StateField("occupied", key=None),  # derived from the units
    StateField("sides", copy=_clones, key=lambda ss: [s.to_key() for s in ss]),
    StateField("queues", copy=_lists), StateField("turn_side"), StateField("current"),
    StateField("fired", key=_as_list), StateField("moved"),
    StateField("pending", copy=_list, key=lambda ps: [[p[0], p[1], p[2], list(p[3]), list(p[4])] for p in ps]),
    # the control of each objective at the end of each round: victory conditions read it (builder/systems/heroes/engine/victory.py)
    StateField("control", copy=_list), StateField("control_history", copy=_lists, key=_rows),
    StateField("result", key=lambda r: r.to_dict() if r else None),
    StateField("events", copy=_empty_list, key=None),  # this decision's events: a clone starts with none
    # decisions taken so far: a player may read it (the Solo Mode brain keys its cache on it)
    StateField("decisions"), StateField("supply_side"),
    StateField("memo", copy=_empty_dict, key=None),  # derived data valid for this decision only
    # the supply phase's move lists, kept across its decisions (derived data: a clone starts without)
    StateField("supply_moves", copy=_none, key=None),
    StateField("boosts", copy=_dict, key=lambda b: sorted([k[0], k[1], v] for k, v in b.items())),
    StateField("path", key=_as_list),
    # the fields rule modules declare for themselves (declare_field): hashed one by one
    # under their own names by GameState.canonical
    StateField("rule_fields", copy=_dict, key=None),
    # a variant's own state (the Solo game mode's dashboard, builder.systems.heroes.engine.solo_mode.rules.
    # SoloState): anything with clone() and to_key(), None in the core rules
    StateField("variant", copy=_clone, key=_key, when=lambda g: g.variant is not None),
)
"""The fields of :class:`GameState`; the structures destroyed (``ruined``), kept on the
copy-on-write static data (builder/systems/heroes/engine/structures.py), are hashed beside them."""


class GameState:
    """A game in progress; ``apply`` (builder.systems.heroes.engine.api) moves it on."""

    __slots__ = slots(GAME_FIELDS)

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
        self.occupied = 0  # the same as a bitboard (builder.systems.heroes.board.bitboard)
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
        self.supply_moves: SupplyMoves | None = None  # the supply phase's move lists (SupplyMoves)
        self.boosts: dict[tuple[str, int], int] = {}  # card bonuses for the current activation
        self.path: tuple[int, ...] = ()  # squares of the current unit's move (Firing on the Move)
        self.variant: Any = None  # a variant's state (GAME_FIELDS), set by its rules at set-up
        self.rule_fields: dict[RuleField[Any], Any] = {}  # rule modules' own fields (declare_field)

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

    # --- the kernel's Game protocol (builder.kernel.Game) --------------------

    def legal_actions(self) -> list[Any]:
        """Every decision open to the side to act (empty when the game is over)."""
        return self.rules.legal_actions(self)

    def apply(self, action: Any) -> list[Event]:
        """Apply ``action`` in place; returns the events (builder.systems.heroes.engine.api.apply
        checks it is legal first when asked)."""
        if self.result is not None:
            raise IllegalAction("the game is over")
        return self.rules.apply(self, action)

    def observation(self, seat: int) -> Any:
        """What the side ``seat`` may know (builder.systems.heroes.engine.observation, through
        the rules, as ``apply`` goes)."""
        return self.rules.observation(self, seat)

    def determinize(self, seat: int, rng: Any) -> "GameState":
        """A full game consistent with ``observation(seat)``, its hidden parts drawn from
        ``rng`` (builder.systems.heroes.engine.observation, through the rules)."""
        return self.rules.determinize(self, seat, rng)

    # --- cloning and hashing -------------------------------------------------------

    def clone(self) -> "GameState":
        g = GameState(self.rules, self.static, self.dice)
        copy_fields(GAME_FIELDS, self, g)
        return g

    def canonical(self) -> dict[str, Any]:
        out = key_dict(GAME_FIELDS, self)
        for f, value in self.rule_fields.items():
            out[f.name] = f.key(value)
        if self.static.bf.ruined:
            out["ruined"] = [[a, r or ""] for a, r in self.static.bf.ruined]
        return out

    def state_hash(self) -> str:
        return hashlib.sha256(_CANONICAL_JSON.encode(self.canonical()).encode()).hexdigest()

