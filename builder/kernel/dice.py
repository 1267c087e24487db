"""Seeds and dice: one seeded generator per game, every die through one service.

Seeds come from :func:`derive_seed` (sha256 of the parts' canonical text, never
Python's ``hash()``, which is salted per process). The generator is a 64-bit
xorshift* whose whole state is one integer, so cloning a game state copies it for
free and a replay reproduces every roll.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final, Protocol

from mypy_extensions import i64

MASK64: Final = 0xFFFFFFFFFFFFFFFF
MASK32: Final = 0xFFFFFFFF
MULTIPLIER: Final = 0x2545F4914F6CDD1D
_M_HI: Final = 0x2545F491  # MULTIPLIER's halves; Final literals, which compiled code inlines
_M_LO: Final = 0x4F6CDD1D


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
    """xorshift64* generator. Its one 64-bit word of state is kept as two 32-bit
    halves, typed ``i64``: compiled (builder.native), every step and the scrambling
    multiply then run as plain machine arithmetic (no value ever passes 62 bits, so
    it never wraps and plain Python computes the same), where a 64-bit word would
    make each operation build a Python big integer: thirty times slower, and a game
    draws hundreds of numbers, most of them shuffling deployment squares and decks.
    :attr:`state` reads or sets the word whole, and the numbers drawn are those of
    the plain 64-bit formula, :meth:`next64` (tests/test_engine_dice.py)."""

    __slots__ = ("hi", "lo")

    def __init__(self, seed: int) -> None:
        self.hi: i64 = 0
        self.lo: i64 = 0
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64 or 0x2545F4914F6CDD1D

    @property
    def state(self) -> int:
        return int(self.hi) << 32 | int(self.lo)  # as Python ints: the word passes i64's range

    @state.setter
    def state(self, value: int) -> None:
        self.hi, self.lo = value >> 32 & MASK32, value & MASK32

    def clone(self) -> "Rng":
        other = Rng(0)
        other.hi, other.lo = self.hi, self.lo
        return other

    def next64(self) -> int:
        """Step the generator; its next output by the plain 64-bit formula (the
        reference :meth:`_draw` is checked against)."""
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (x * MULTIPLIER) & MASK64

    def _draw(self) -> i64:
        """Step the generator; the top 53 bits of its output (``next64() >> 11``), with
        no shift or product leaving 62 bits."""
        hi: i64 = self.hi
        lo: i64 = self.lo
        lo ^= (lo >> 12 | hi << 20) & MASK32  # x ^= x >> 12
        hi ^= hi >> 12
        hi ^= (hi << 25 | lo >> 7) & MASK32  # x ^= x << 25 (mod 2**64)
        lo ^= lo << 25 & MASK32
        lo ^= (lo >> 27 | hi << 5) & MASK32  # x ^= x >> 27
        hi ^= hi >> 27
        self.hi, self.lo = hi, lo
        # x * MULTIPLIER (mod 2**64), cutting a factor in 16-bit pieces where a product could pass 62 bits
        low: i64 = (lo & 0xFFFF) * _M_LO
        high: i64 = (lo >> 16) * _M_LO
        low += (high & 0xFFFF) << 16
        out_hi = ((low >> 32) + (high >> 16) + (lo * _M_HI & MASK32) + ((hi & 0xFFFF) * _M_LO & MASK32)
                  + (((hi >> 16) * _M_LO & 0xFFFF) << 16)) & MASK32
        return out_hi << 21 | (low & MASK32) >> 11

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (bias below 2**-50 for small n)."""
        return self._draw() % n

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates from the end, each draw as :meth:`below`."""
        for i in range(len(items) - 1, 0, -1):
            j = self._draw() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def d6(self) -> int:
        return self.below(6) + 1
