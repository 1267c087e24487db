"""Derived data of a game: what the rules work out once from its static facts and keep.

Why: a rule asks the same question of facts that do not change during a game again and
again (which vehicles have Transport, the squares of an enemy's deployment zone, the
hook functions of a unit's modules, the zones of control of a set of enemies). The
answers are kept with the game's static facts, shared by every copy of the game, so a
search that clones a game thousands of times works each out once.

How a module keeps its own: it declares a typed key, one line at module level, and asks
for the value through :func:`derived`::

    _TRANSPORTS: Final = Derived("transport: the vehicles with Transport", _transports)
    ...
    ids = derived(state, _TRANSPORTS)      # a tuple[int, ...], worked out on first use

A lookup table filled as it is asked (per side, per square...) is a :func:`table`, whose
type the declaration names::

    _EDGE: Final[Derived[dict[int, tuple[int, ...]]]] = table("artillery_shot: deployment edges")

No module reaches the store by a name: the key object is the only way in, so a reader goes
from any use to its declaration, and mypy checks the value's type at every use.

One reset path: the static facts change during a game only through
:meth:`builder.systems.heroes.engine.state.GameStatic.renewed` (a structure destroyed
changes the battlefield, a support tile gives an army an option), which makes a copy
of the static facts with no derived data at all; copies of the game made before keep
theirs. A game that adds units or lends abilities in place (a decoy, the Solo Mode's
reinforcements bag) forgets the keys that depended on them with
:meth:`DerivedData.forget`. Every copy of the game reads the same values, so a value
depends only on the static facts, or is a table keyed by everything it depends on (the
zones of control by the enemies' squares, a reach with what it was worked out from):
otherwise it would be stale in the next copy.

This module imports nothing of the engine (the state imports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

T = TypeVar("T")


class Derived(Generic[T]):
    """The key of one kind of derived data: what it is (``name``, ``module: what``) and
    how a game works it out on first use (``make``, called with the game). Compared by
    identity: two keys are never the same data."""

    __slots__ = ("name", "make")

    def __init__(self, name: str, make: Callable[["GameState"], T]) -> None:
        self.name = name
        self.make = make

    def __repr__(self) -> str:
        return f"Derived({self.name!r})"


def _new_table(state: "GameState") -> dict[Any, Any]:
    return {}


def table(name: str) -> Derived[dict[Any, Any]]:
    """The key of a lookup table filled as it is asked (starts empty); the declaration
    names its key and value types: ``X: Final[Derived[dict[int, str]]] = table(...)``."""
    return Derived(name, _new_table)


class DerivedData:
    """The derived data of one game's static facts, by key (shared by every copy of the
    game; made empty by :meth:`GameStatic.renewed`)."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: dict[Derived[Any], Any] = {}

    def forget(self, *keys: Derived[Any]) -> None:
        """Drop the values of ``keys`` (worked out again on next use): after units are added
        to the game or abilities lent, what was worked out from them is stale."""
        for key in keys:
            self.values.pop(key, None)

    def __len__(self) -> int:
        return len(self.values)


def derived(state: "GameState", key: Derived[T]) -> T:
    """The game's value of ``key``, worked out by its ``make`` the first time it is asked."""
    values = state.static.derived.values
    found = values.get(key)
    if found is None:
        found = values[key] = key.make(state)
    return found
