"""The seam between the Solo game mode's rules and the AI that makes its choices.

002 Solo Mode has the rules themselves ask the AI's decision tables (5.1-5.6) for the
choices a reaction card or an entering unit makes on the board: which unit takes an
order, who moves and where, whom to fire at or assault. The rules live in the engine and
the tables in builder.systems.heroes.ai, above it, so the rules ask through :class:`SoloBrain`, and the
AI package registers the factory that builds one (:func:`register_brain`), as it
registers its players with the kernel's registry. The engine imports no AI: the AI
package is loaded on demand by name, like the kernel's player packages.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from builder.kernel.dice import Rng

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState

BRAIN_PACKAGES = ("builder.systems.heroes.ai",)
"""Packages whose import registers a Solo brain (loaded on demand: the engine imports none)."""


class SoloBrain(Protocol):
    """The choices the Solo game mode's rules ask of the AI of one side."""

    def with_rng(self, rng: Any) -> "SoloBrain":
        """The same brain drawing from ``rng`` (a cloned game's own stream)."""

    def order_unit(self, state: "GameState", candidates: list[Any]) -> Any:
        """The unit that takes an order token (table 5.1)."""

    def move_unit(self, state: "GameState", candidates: list[Any], from_reaction: bool) -> Any:
        """The unit that moves (table 5.2)."""

    def destination(self, state: "GameState", uid: int, moves: list["Action"], table: str = "movement",
                    from_reaction: bool = False) -> "Action | None":
        """Where a unit moves (table 5.2)."""

    def fire(self, state: "GameState", actions: list["Action"], *, suppressive: bool = False,
             from_reaction: bool = False) -> "Action | None":
        """Whom to fire at and with whom (table 5.3)."""

    def assault(self, state: "GameState", actions: list["Action"], from_reaction: bool = False) -> "Action | None":
        """Whom to assault (table 5.4)."""

    def settle(self, state: "GameState", actions: list["Action"], side: int) -> "Action":
        """A pending choice (retreat, displacement, opportunity shot) left by a reaction
        effect, for whichever side it concerns: there is no player to ask in a hook."""


BrainFactory = Callable[[Any, int, str, Rng, Counter[str]], SoloBrain]
"""Makes the brain from the content pack, the AI's side, its attitude, the Solo random
stream and the counter of the rules fired."""

_FACTORY: list[BrainFactory] = []


def register_brain(factory: BrainFactory) -> None:
    """Make ``factory`` the one that builds the Solo game mode's brain."""
    _FACTORY[:] = [factory]


def make_brain(pack: Any, side: int, attitude: str, rng: Rng, fired: Counter[str]) -> SoloBrain:
    """The AI of ``side`` for a Solo game, from the registered factory (the AI package
    is imported first when none is registered yet)."""
    if not _FACTORY:
        for name in BRAIN_PACKAGES:
            importlib.import_module(name)  # plug-in loading: registers the Solo brain
    if not _FACTORY:
        raise LookupError("no Solo Mode brain is registered (builder.systems.heroes.ai registers one when imported)")
    return _FACTORY[0](pack, side, attitude, rng, fired)
