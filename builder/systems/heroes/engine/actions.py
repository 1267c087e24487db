"""Actions: every decision a side can take, as one immutable, hashable record.

``kind`` names the decision; the other fields are used as the kind needs them
(-1 / "" when unused). Kinds:

- Orders phase (000 core rules, Action! > Order Phase): ``order`` (unit, token:
  1-10 an order token, 0 a special order, -1 a bluff), ``done`` (stop placing the
  optional bluff/special tokens), ``smoke-order`` (token: an order, 0 special,
  placed on a smoke bomb; builder/systems/heroes/engine/features/smoke_bombs.py).
- Activation phase: ``move`` (unit, square, facing; mode ``embark`` / ``disembark``
  with target the vehicle: getting into or out of a Transport vehicle,
  builder/systems/heroes/engine/transport.py), ``assault`` (unit, target, square the assault
  starts from; mode ``transport``: launched from the carrying vehicle), ``fire`` (unit, weapon, target, mode:
  normal/suppressive/sniper/split/panzerfaust, extra: equipment tokens spent; a Machine
  Gunner's ``split`` shot also takes the unit on ``square``), ``hold`` (the unit
  does nothing), ``end`` (end the activation after a first shot or a move),
  ``token`` (unit, mode = the option: a Heroic token spent, the unit acts again;
  a sticky bomb or magnetic mine put on the vehicle ``target``),
  ``blast`` (unit, square: the target intersection, or with extra 1 the square
  of a room a grenade is thrown into; weapon; mode: the option or ability
  placing the pattern; builder/systems/heroes/engine/features/blast.py), ``barrage`` (unit: a unit with
  Barrage Order, mode: the name of the heavy weapons it orders to fire;
  builder/systems/heroes/engine/features/barrage.py).
- Pending choices: ``retreat`` and ``displace`` (unit, square); ``opfire`` (unit,
  weapon, target, square of the target's path; extra 1: a Panzerfaust token's
  shot) or ``pass`` (opportunity fire);
  ``card`` or ``pass`` answering a shot, a move, an assault or a card; ``smoke``
  (square: the intersection a revealed smoke bomb is aimed at).
- Supply phase: ``move``, ``token`` (a bomb or mine, as above; or mode ``concealed``:
  a Concealed token put on the unit, builder/systems/heroes/engine/features/concealment.py) and ``end``
  (this side has finished its supply moves).
- Either: ``card`` (unit, mode = the card id played from the hand).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(slots=True, unsafe_hash=True)
class Action:
    """A value, never changed once made: moves and other actions are shared between
    decisions (:func:`move_action`, :func:`interned`). Not ``frozen``, whose generated
    ``__init__`` compiled code runs as interpreted Python (builder/systems/heroes/engine/terms.py)."""

    kind: str
    unit: int = -1
    square: int = -1
    facing: int = -1
    target: int = -1
    weapon: int = -1
    token: int = -1
    mode: str = ""
    extra: int = 0

    def __init__(self, kind: str, unit: int = -1, square: int = -1, facing: int = -1, target: int = -1,
                 weapon: int = -1, token: int = -1, mode: str = "", extra: int = 0) -> None:
        self.kind, self.unit, self.square, self.facing, self.target = kind, unit, square, facing, target
        self.weapon, self.token, self.mode, self.extra = weapon, token, mode, extra

    def to_dict(self) -> dict[str, Any]:
        """``kind`` and the fields that differ from their defaults (logs, replays and
        the playtest's game digest, which writes one per decision)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.unit != -1:  # field by field: reading fields by name costs compiled code a lookup each
            out["unit"] = self.unit
        if self.square != -1:
            out["square"] = self.square
        if self.facing != -1:
            out["facing"] = self.facing
        if self.target != -1:
            out["target"] = self.target
        if self.weapon != -1:
            out["weapon"] = self.weapon
        if self.token != -1:
            out["token"] = self.token
        if self.mode != "":
            out["mode"] = self.mode
        if self.extra != 0:
            out["extra"] = self.extra
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Action":
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown action field(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    def describe(self, state: Any = None) -> str:
        """A short readable form, with square names when a state is given."""
        parts = [self.kind]
        name = state.bf.name if state is not None else str
        if self.unit >= 0:
            parts.append(f"u{self.unit}")
        if self.token != -1 or self.kind == "order":
            parts.append({-1: "bluff", 0: "special"}.get(self.token, f"#{self.token}"))
        if self.weapon >= 0:
            parts.append(f"w{self.weapon}")
        if self.target >= 0:
            parts.append(f"-> u{self.target}")
        if self.square >= 0:
            parts.append(f"@{name(self.square)}")
        if self.facing >= 0:
            parts.append(f"f{self.facing}")
        if self.mode:
            parts.append(self.mode)
        if self.extra:
            parts.append(f"+{self.extra}")
        return " ".join(parts)




_MOVES: dict[int, Action] = {}
_ORDERS: dict[int, Action] = {}


def move_action(unit: int, square: int, facing: int = -1) -> Action:
    """The (interned) move of ``unit`` to ``square``: actions are values, and move
    lists are the largest the engine builds, so equal moves share one object."""
    key = (unit << 24) | (square << 4) | (facing + 1)
    a = _MOVES.get(key)
    if a is None:
        a = _MOVES[key] = Action("move", unit=unit, square=square, facing=facing)
    return a


_MOVE_TABLES: dict[int, list[Action]] = {}


def move_table(unit: int, size: int) -> list[Action]:
    """The interned moves of ``unit`` (no facing) by destination square, for
    squares ``0 .. size - 1``: building a move list is then one list index per
    reachable square instead of a key computation and a dict lookup."""
    table = _MOVE_TABLES.get(unit)
    if table is None or len(table) < size:
        table = _MOVE_TABLES[unit] = [move_action(unit, sq) for sq in range(size)]
    return table


_INTERNED: dict[tuple[Any, ...], Action] = {}


def interned(kind: str, unit: int = -1, weapon: int = -1, target: int = -1, mode: str = "",
             extra: int = 0) -> Action:
    """The shared ``Action`` for a hold/end/fire/card decision: the activation and
    supply phases offer the same few of these at every decision, and building a
    frozen dataclass costs several times a dict lookup."""
    key = (kind, unit, weapon, target, mode, extra)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = Action(kind, unit=unit, weapon=weapon, target=target, mode=mode, extra=extra)
    return a


_ORDER_LISTS: dict[tuple[int, tuple[int, ...]], tuple[Action, ...]] = {}


def order_actions(unit: int, tokens: tuple[int, ...]) -> tuple[Action, ...]:
    """The placements of each of ``tokens`` on ``unit``: a side offers the same
    tokens to each of its units, decision after decision of the orders phase."""
    key = (unit, tokens)
    out = _ORDER_LISTS.get(key)
    if out is None:
        if len(_ORDER_LISTS) >= 4096:
            _ORDER_LISTS.clear()
        out = _ORDER_LISTS[key] = tuple(order_action(unit, t) for t in tokens)
    return out


def order_action(unit: int, token: int) -> Action:
    """The (interned) placement of order token ``token`` on ``unit``."""
    key = (unit << 8) | (token + 1)
    a = _ORDERS.get(key)
    if a is None:
        a = _ORDERS[key] = Action("order", unit=unit, token=token)
    return a
