"""Helpers shared by the engine tests: fixture pack, positions, scripted dice."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.content.loader import load_pack
from builder.engine.position import PositionFile, load_position, position_state

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "engine"
PACK = FIXTURES / "pack"
POSITIONS = FIXTURES / "positions"


@lru_cache(maxsize=1)
def fixture_pack():  # type: ignore[no-untyped-def]
    return load_pack(PACK)


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
