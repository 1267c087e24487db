"""The player protocol and the one player registry (issue 19, item 1).

A player chooses among the legal actions of a game, is told of the events after every
decision, and draws every random choice from its own stream derived from the game's
seed, so a game replays exactly. Players are named by a spec, ``KIND[:ARGS]``
(``random``, ``greedy``, ``solo:aggressive``...); a package offering players registers
a factory per kind with :func:`register_player`. The kernel knows ``random`` only: a
system names the package that registers its players (:func:`register_player_package`;
the Heroes engine names its AI package), which :func:`make_player` imports on the first
unknown kind of that system.

The registry is one for every game system: each player is registered under a system
id (an opaque name to the kernel; ``None`` is the Heroes System, whose players were
here first), so two systems may both offer a ``random`` or a ``greedy`` player with
their own rules (Tide of Iron registers its own, issue 20).
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

from builder.kernel.dice import Rng, derive_seed
from builder.errors import UsageError

_PACKAGES: dict[str | None, list[str]] = {}
"""Per game system, the packages whose import registers its players: each system names its
own (:func:`register_player_package`), loaded on the first unknown kind; the kernel knows none."""


class Player(Protocol):
    """What the loop asks of a player. ``rules_fired`` counts the rules or table
    priorities that decided its choices (the playtest report's 'rules fired')."""

    rules_fired: Counter[str]

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """One of ``actions`` (never empty) for the side to act in ``state``."""

    def notify(self, state: Any, events: list[Any]) -> None:
        """Told of the events of every decision, any side's."""


PlayerFactory = Callable[[str, int, int], Player]
"""Makes a player from its spec, the game's seed and its side."""

_FACTORIES: dict[tuple[str | None, str], PlayerFactory] = {}


def register_player_package(package: str, system: str | None = None) -> None:
    """Have ``package`` imported (it registers players) the first time a kind of
    ``system`` is asked for that is not registered yet: a system's players load only when
    a game of it needs them."""
    known = _PACKAGES.setdefault(system, [])
    if package not in known:
        known.append(package)


def register_player(kind: str, factory: PlayerFactory, system: str | None = None) -> None:
    """Make the players of ``kind`` (the spec's part before any ``:``) known for the game
    system ``system`` (None: the Heroes System)."""
    _FACTORIES[(system, kind)] = factory


def player_kinds(system: str | None = None) -> list[str]:
    """The kinds of player known for ``system`` (after loading the player packages)."""
    _load(system)
    return sorted(kind for owner, kind in _FACTORIES if owner == system)


def make_player(spec: str, seed: int, side: int, system: str | None = None) -> Player:
    """The player ``spec`` names, for ``side`` of a game of ``system`` seeded ``seed``;
    a usage error names the kinds known when the spec's kind is not one."""
    kind = spec.strip().lower().split(":")[0]
    if (system, kind) not in _FACTORIES:
        _load(system)
    factory = _FACTORIES.get((system, kind))
    if factory is None:
        raise UsageError(f"unknown player '{spec}' (known: {', '.join(player_kinds(system))})")
    return factory(spec, seed, side)


def _load(system: str | None) -> None:
    """Import the player packages ``system`` named. A package that fails to import is a
    broken installation and raises as such: it never reads as an unknown player."""
    for name in _PACKAGES.get(system, []):
        importlib.import_module(name)  # plug-in loading: registers its players


class RandomPlayer:
    """Uniform over the legal actions, from its own stream (derived from the game's
    seed and its side), or from ``rng`` when given: the golden games and the
    benchmark let both sides draw from one stream."""

    name = "random"

    def __init__(self, seed: int, side: int, rng: Rng | None = None) -> None:
        self.side = side
        self.rng = rng if rng is not None else Rng(derive_seed(seed, "player", side, self.name))
        self.rules_fired: Counter[str] = Counter()

    def choose(self, state: Any, actions: list[Any]) -> Any:
        return actions[self.rng.below(len(actions))]

    def notify(self, state: Any, events: list[Any]) -> None:
        """The random player ignores what happens."""


def _random(spec: str, seed: int, side: int) -> Player:
    if spec.strip().lower() != "random":
        raise UsageError(f"unknown player '{spec}': the random player takes no options")
    return RandomPlayer(seed, side)


register_player("random", _random)
