"""The AI players, registered with the one player registry (builder.kernel).

A player chooses among the legal actions of a state, is told of the events that
follow every decision, and draws every random choice from its own stream derived from
the game seed (so a game replays exactly). Specs:

- ``random``: uniform over legal actions (the kernel's own player);
- ``greedy``: best immediate expected damage or objective gain, ties at random;
- ``search[:PLAYOUTS]``: information-set search over the greedy player's best actions,
  playing to the scenario's victory levels (builder.systems.heroes.ai.search, docs/players.md);
- ``solo:ATTITUDE``: the Solo Mode decision tables (002 Solo Mode, 5) as a policy in
  the standard two-player game;
- ``solo-mode:ATTITUDE:DIFFICULTY``: the Solo game mode of 002: this side is the AI
  with its whole apparatus (reaction cards, danger gauge...): the rules are the engine's
  variant builder.systems.heroes.engine.solo_mode, its choices the brain of builder.systems.heroes.ai.solo_mode.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from builder.systems.heroes.engine import (Action, Event, GameState, RandomPlayer, Rng, Rules, derive_seed, register_player,
                            scenario_seats)
from builder.systems.heroes.engine.solo_mode.brains import register_brain
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

    kind: str  # random / greedy / search / solo / solo-mode
    attitude: str = "balanced"
    difficulty: str = "medium"
    playouts: int = 0  # search: playouts per decision (0: the default budget)

    @property
    def text(self) -> str:
        if self.kind == "search":
            return f"search:{self.playouts}" if self.playouts else "search"
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
    usage = ("players are random, greedy, search[:PLAYOUTS], solo:ATTITUDE or solo-mode:ATTITUDE:DIFFICULTY "
             f"(attitudes {', '.join(ATTITUDES)}; difficulties {', '.join(DIFFICULTIES)})")
    if kind in ("random", "greedy") and len(parts) == 1:
        return PlayerSpec(kind)
    if kind == "search" and len(parts) in (1, 2):
        from builder.kernel.search import parse_budget
        from builder.systems.heroes.ai.search import DEFAULT

        budget = parse_budget(text, DEFAULT)
        return PlayerSpec("search", playouts=budget.playouts if len(parts) == 2 else 0)
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


def get_player(spec: str | PlayerSpec, seed: int, side: int) -> Any:
    """A player for ``side`` of a game seeded ``seed`` (the kernel's registry,
    builder.kernel.make_player, calls this for every kind but ``random``)."""
    ps = parse_spec(spec) if isinstance(spec, str) else spec
    if ps.kind == "random":
        return RandomPlayer(seed, side)
    if ps.kind == "greedy":
        from builder.systems.heroes.ai.greedy import GreedyPlayer
        return GreedyPlayer(seed, side)
    if ps.kind == "search":
        from builder.systems.heroes.ai.search import make_search_player
        return make_search_player(ps.text, seed, side)
    from builder.systems.heroes.ai.solo_mode.policy import SoloPlayer
    return SoloPlayer(seed, side, ps.attitude, mode=ps.kind == "solo-mode", difficulty=ps.difficulty)


def solo_brain(pack: Any, side: int, attitude: str, rng: Rng, fired: Counter[str]) -> Any:
    """The Solo game mode's brain: the decision tables of ``pack`` run for ``side``
    (builder.systems.heroes.engine.solo_mode.brains asks it the rules' choices)."""
    from builder.systems.heroes.ai.solo_mode.brain import Brain  # loaded with the first Solo game, for start-up time
    from builder.systems.heroes.ai.tables import TableSet
    return Brain(TableSet.from_pack(pack), side, attitude, rng, fired)


def register_all() -> None:
    """Register the AI's kinds of player with the one player registry, and the Solo
    brain with the Solo game mode's rules."""
    for kind in ("greedy", "search", "solo", "solo-mode"):
        register_player(kind, get_player)
    register_brain(solo_brain)


def rules_for(specs: list[PlayerSpec]) -> tuple[type[Rules], dict[str, Any]]:
    """The rules class and options of a game between these players: the Solo game mode
    (002) when a side is ``solo-mode``, whose AI is that side; the core rules otherwise.
    ``heroes play``, ``heroes playtest`` and the golden games set games up by it."""
    solo = [i for i, s in enumerate(specs) if s.kind == "solo-mode"]
    if len(solo) > 1:
        raise UsageError("only one side can be the Solo Mode AI (solo-mode:...); use solo:ATTITUDE "
                         "for a decision-table policy in the two-player game")
    if solo:
        from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules  # loaded with the first Solo game, for start-up time
        spec = specs[solo[0]]
        return SoloModeRules, {"ai_side": solo[0], "attitude": spec.attitude, "difficulty": spec.difficulty}
    return Rules, {}


def check_players(scenario: Any, players: list[str]) -> list[PlayerSpec]:
    """One player per side of ``scenario`` (a scenario model), a Solo Mode AI only on a
    side the scenario gives the AI and on one side at most; returns the parsed specs."""
    seats = scenario_seats(scenario)
    if seats:  # three or four players in two alliances (000 core rules, Multiplayer Rules 3-4 Players)
        if len(players) != len(seats):
            raise UsageError(
                f"scenario '{scenario.id}' seats {len(seats)} players ({', '.join(p for p, _ in seats)}); give one "
                f"player each in that order, e.g. --players {','.join(['greedy'] * len(seats))}")
        specs = [parse_spec(p) for p in players]
        if any(s.kind == "solo-mode" for s in specs):
            raise UsageError("the Solo Mode AI plays one side against one player; use solo:ATTITUDE as a policy "
                             "in a game of three or four players")
        return specs
    sides = [s.id for s in scenario.sides]
    if len(players) != len(sides):
        raise UsageError(
            f"scenario '{scenario.id}' has {len(sides)} sides ({', '.join(sides)}); give one player per side "
            f"in that order, e.g. --players greedy,random"
        )
    specs = [parse_spec(p) for p in players]
    allowed = list(scenario.solo.ai_sides) if scenario.solo and scenario.solo.ai_sides else None
    for side, spec in zip(sides, specs):
        if spec.kind == "solo-mode" and allowed is not None and side not in allowed:
            raise UsageError(
                f"the Solo Mode AI cannot play side '{side}' of '{scenario.id}' (the scenario lets it play: "
                f"{', '.join(allowed)}); put solo-mode on that side or use solo:ATTITUDE as a policy"
            )
    if sum(s.kind == "solo-mode" for s in specs) > 1:
        raise UsageError("only one side can be the Solo Mode AI (solo-mode:...)")
    return specs
