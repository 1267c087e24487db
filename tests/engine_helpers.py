"""Helpers shared by the engine tests: fixture pack, positions, scripted dice."""

from __future__ import annotations

import copy
import dataclasses
from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.tools.position import PositionFile, load_position, position_state

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "engine"
PACK = FIXTURES / "pack"
POSITIONS = FIXTURES / "positions"


@lru_cache(maxsize=1)
def fixture_pack():  # type: ignore[no-untyped-def]
    return load_pack(PACK)


@lru_cache(maxsize=1)
def core_pack():  # type: ignore[no-untyped-def]
    """The bundled core pack (its cards, units and scenarios), loaded once."""
    return load_pack(FIXTURES.parents[2] / "content" / "core")


def with_core_cards(state):  # type: ignore[no-untyped-def]
    """Let a fixture position's game know the core pack's cards too (a copy of its
    pack: the cached fixture pack is left as it is)."""
    pack = copy.copy(state.static.pack)
    pack.items = dict(pack.items)
    pack.items["cards"] = {**pack.items["cards"], **core_pack().items["cards"]}
    state.static.pack = pack
    return state


def arm(state, side: int, key: str, tokens: int = 3) -> None:  # type: ignore[no-untyped-def]
    """Give ``side`` an army-wide equipment option ``key`` with ``tokens`` (a position
    file has no army), forgetting what the game had worked out without it (the static
    facts renewed, as a support tile giving an option renews them)."""
    sides = list(state.static.sides)
    sides[side] = dataclasses.replace(sides[side], keys=sides[side].keys | {key})
    state.static = state.static.renewed(sides=sides)
    state.sides[side].equipment[(-1, key)] = tokens


def give(state, side: int, key: str, tokens: int) -> None:  # type: ignore[no-untyped-def]
    """Give ``side`` an army-wide option ``key`` with ``tokens``, as set-up would
    (keys, equipment and traits), and forget the rule modules worked out without it."""
    from builder.systems.heroes.engine import effects

    static = state.static.sides[side]
    state.static.sides[side] = dataclasses.replace(
        static, keys=static.keys | {key}, equipment={**static.equipment, (-1, key): tokens},
        traits={**static.traits, (-1, key): 1})
    state.sides[side].equipment[(-1, key)] = tokens
    effects.invalidate(state)


def position(name: str):  # type: ignore[no-untyped-def]
    return load_position(POSITIONS / f"{name}.yaml")


def make(units: list[dict], **extra):  # type: ignore[no-untyped-def]
    """A position on the fixture's skirmish battlefield from inline placements."""
    pos = PositionFile.model_validate({"scenario": "skirmish", "units": units, **extra})
    return position_state(fixture_pack(), pos)


class Scripted:
    """Dice that roll the given values in order (worked examples)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.state = 0

    def d6(self) -> int:
        self.state += 1
        return self.values.pop(0)

    def below(self, n: int) -> int:
        return 0

    def clone(self) -> "Scripted":
        return self


def activate(state, uid: int) -> None:  # type: ignore[no-untyped-def]
    """Put ``state`` in the activation phase with unit ``uid`` revealed."""
    state.phase = "activation"
    state.queues = [[], []]
    state.current, state.fired, state.moved = uid, (), False
    state.to_act = state.turn_side = state.units[uid].side
