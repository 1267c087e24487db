"""The player interface and the registry of players by spec.

A player chooses among the legal actions of a state, is told of the events that
follow every decision, and draws every random choice from its own stream derived from
the game seed (so a game replays exactly). Specs:

- ``random``: uniform over legal actions;
- ``greedy``: best immediate expected damage or objective gain, ties at random;
- ``solo:ATTITUDE``: the Solo Mode decision tables (002 Solo Mode, 5) as a policy in
  the standard two-player game;
- ``solo-mode:ATTITUDE:DIFFICULTY``: the Solo game mode of 002: this side is the AI
  with its whole apparatus (reaction cards, danger gauge...), see builder.ai.solo_mode.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from builder.engine import Action, Event, GameState, Rng, derive_seed, register_player
from builder.errors import UsageError

ATTITUDES = ("defensive", "balanced", "aggressive")
DIFFICULTIES = ("easy", "medium", "hard")


class Player:
    """Base of every player: a side, a seeded stream, counters of the rules it used."""

    name = "player"

    def __init__(self, seed: int, side: int) -> None:
        self.seed, self.side = seed, side
        self.rng = Rng(derive_seed(seed, "player", side, self.name))
        self.rules_fired: Counter[str] = Counter()

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        raise NotImplementedError

    def notify(self, state: GameState, events: list[Event]) -> None:
        """Told of what happened after each decision (any side's). Default: ignore."""

    def pick(self, items: list[Any]) -> Any:
        return items[self.rng.below(len(items))]

    # the interpreter's tie breaker uses .choice
    def choice(self, items: list[Any]) -> Any:
        return self.pick(items)


@dataclass(frozen=True)
class PlayerSpec:
    """A parsed ``--players`` entry."""

    kind: str  # random / greedy / solo / solo-mode
    attitude: str = "balanced"
    difficulty: str = "medium"

    @property
    def text(self) -> str:
        if self.kind == "solo":
            return f"solo:{self.attitude}"
        if self.kind == "solo-mode":
            return f"solo-mode:{self.attitude}:{self.difficulty}"
        return self.kind


def parse_spec(text: str) -> PlayerSpec:
    """``greedy`` / ``solo:aggressive`` / ``solo-mode:aggressive:hard`` -> PlayerSpec;
    anything else is a usage error naming what is accepted."""
    parts = text.strip().lower().split(":")
    kind = parts[0]
    usage = ("players are random, greedy, solo:ATTITUDE or solo-mode:ATTITUDE:DIFFICULTY "
             f"(attitudes {', '.join(ATTITUDES)}; difficulties {', '.join(DIFFICULTIES)})")
    if kind in ("random", "greedy") and len(parts) == 1:
        return PlayerSpec(kind)
    if kind == "solo" and len(parts) in (1, 2):
        attitude = parts[1] if len(parts) == 2 else "balanced"
        if attitude in ATTITUDES:
            return PlayerSpec("solo", attitude)
    if kind == "solo-mode" and len(parts) in (1, 2, 3):
        attitude = parts[1] if len(parts) >= 2 else "aggressive"
        difficulty = parts[2] if len(parts) == 3 else "medium"
        if attitude in ATTITUDES and difficulty in DIFFICULTIES:
            return PlayerSpec("solo-mode", attitude, difficulty)
    raise UsageError(f"unknown player {text!r}: {usage}")


def get_player(spec: str | PlayerSpec, seed: int, side: int) -> Player:
    """A player for ``side`` of a game seeded ``seed``."""
    ps = parse_spec(spec) if isinstance(spec, str) else spec
    if ps.kind == "random":
        from builder.ai.random_player import RandomPlayer
        return RandomPlayer(seed, side)
    if ps.kind == "greedy":
        from builder.ai.greedy import GreedyPlayer
        return GreedyPlayer(seed, side)
    from builder.ai.solo_mode.policy import SoloPlayer
    return SoloPlayer(seed, side, ps.attitude, mode=ps.kind == "solo-mode", difficulty=ps.difficulty)


def _factory(spec: str) -> Callable[[int, int], Player]:
    return lambda seed, side: get_player(spec, seed, side)


def register_all() -> None:
    """Make every spec known to the engine's own registry (builder.engine.get_player)."""
    names = ["greedy"] + [f"solo:{a}" for a in ATTITUDES] + [
        f"solo-mode:{a}:{d}" for a in ATTITUDES for d in DIFFICULTIES]
    for name in names:
        register_player(name, _factory(name))
