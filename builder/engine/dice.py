"""Seeds and dice: one seeded generator per game, every die through one service.

Seeds come from :func:`derive_seed` (sha256 of the parts' canonical text, never
Python's ``hash()``, which is salted per process). The generator is a 64-bit
xorshift* whose whole state is one integer, so cloning a game state copies it for
free and a replay reproduces every roll.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol

MASK64 = (1 << 64) - 1


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts`` (their JSON text, hashed with sha256)."""
    text = json.dumps([str(p) for p in parts], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class Dice(Protocol):
    """What the rules ask of a game's dice: :class:`Rng`, or scripted dice in the
    tests of worked examples. The game state is typed with this protocol, not
    with ``Rng``, so that compiled rules (builder.native) take either."""

    state: int

    def d6(self) -> int: ...

    def below(self, n: int) -> int: ...

    def clone(self) -> "Dice": ...


class Rng:
    """xorshift64* generator; ``state`` is the only field."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64 or 0x2545F4914F6CDD1D

    def clone(self) -> "Rng":
        other = Rng(0)
        other.state = self.state
        return other

    def next64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & MASK64

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (bias below 2**-50 for small n).
        (:meth:`next64` inlined: every die, shuffle and random choice comes here.)"""
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (((x * 0x2545F4914F6CDD1D) & MASK64) >> 11) % n

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates from the end, each draw as :meth:`below` (inlined: a new game
        shuffles decks and deployment zones, hundreds of draws)."""
        x = self.state
        for i in range(len(items) - 1, 0, -1):
            x ^= x >> 12
            x ^= (x << 25) & MASK64
            x ^= x >> 27
            j = (((x * 0x2545F4914F6CDD1D) & MASK64) >> 11) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = x

    def d6(self) -> int:
        return self.below(6) + 1
