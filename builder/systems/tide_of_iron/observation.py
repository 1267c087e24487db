"""What a side may know of a Tide of Iron game, and full games drawn among those it
cannot tell apart (issue 35, item 1: the kernel's ``Game.observation`` and
``Game.determinize``).

In Tide of Iron almost everything is on the table. The Strategy cards a side draws are
laid face up before it (004 Tide of Iron, Setup: each player "draws and places before
him faceup cards as required from any of his decks"), so both hands are seen; the
decks themselves lie face down, shuffled (same sentence: each player "shufles and
places face down in his HQ area" the decks the scenario grants): their order is hidden,
their cards are known as a whole (the scenario names the decks, and every card drawn
from them is face up). The dice to come (the game's generator) are hidden from both.

Nothing else is concealed in Tide of Iron. Operations cards are granted by the scenario
(Setup: each player "takes any Operations cards ... granted by the scenario"): both know
them. A concealed squad (Concealed squads) is protected from fire, not hidden: its
figures stand on their base in their hex, and the rule says only what it cannot be
targeted by and when it is revealed, so which figures make it up is seen by both.

The observation is read from the state's slots, all but the shared static data, the
generator, the decks (shown sorted), and the notes kept for a verbose log, so a field
a later version adds is seen by default.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from builder.kernel.dice import Rng

if TYPE_CHECKING:
    from builder.systems.tide_of_iron.engine import State

_UNSEEN: Final = frozenset({"static", "rng", "decks", "events", "verbose", "warnings"})
"""State slots left out of the observation: the static data (the same in every copy),
the dice to come, the decks (shown sorted, :attr:`ToiObservation.decks`), the log notes."""


@dataclass(frozen=True)
class ToiObservation:
    """What the side in ``seat`` may know: every deck's cards sorted (their order is
    hidden), and the rest of the state (``table``: (slot, value) pairs, nested tuples)."""

    seat: int
    decks: tuple[tuple[tuple[str, ...], ...], ...]
    table: tuple[tuple[str, Any], ...]


def freeze(value: Any) -> Any:
    """A state value as nested tuples: units by their key, dicts and counters as sorted
    pairs, anything else unknown by its text."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (dict, Counter)):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    key = getattr(value, "key", None)
    if callable(key):
        return freeze(key())
    return str(value)


def observation(state: "State", seat: int) -> ToiObservation:
    """What the side ``seat`` may know of ``state``."""
    table = tuple((name, freeze(getattr(state, name))) for name in type(state).__slots__ if name not in _UNSEEN)
    decks = tuple(tuple(tuple(sorted(pile)) for pile in side) for side in state.decks)
    return ToiObservation(seat, decks, table)


def determinize(state: "State", seat: int, rng: Rng) -> "State":
    """A clone of ``state`` with every deck shuffled and the dice seeded anew from
    ``rng``; its :func:`observation` for ``seat`` equals ``state``'s."""
    g = state.clone()
    for side in g.decks:
        for pile in side:
            rng.shuffle(pile)
    g.rng = random.Random(rng.next64())
    return g
