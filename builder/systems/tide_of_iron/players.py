"""Players for Tide of Iron: random legal play, a greedy one-decision heuristic and the
search player (``search[:PLAYOUTS]``, builder.systems.tide_of_iron.search).

Each player draws its choices from its own seeded generator, never from the game's
dice, so a log of actions replays without the players. They are registered in the
engine kernel's one player registry under this system's id, and games are played by
the kernel's one game loop (:func:`builder.kernel.play`; issue 20: Tide of Iron
imports ``builder.kernel`` and nothing else of the engine, see pyproject's
``toi-without-heroes`` contract).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any, Callable

from builder import kernel
from builder.errors import UsageError
from builder.systems.tide_of_iron import engine as E

SYSTEM_ID = "tide-of-iron"
MAX_DECISIONS = 20000
"""A game longer than this is an engine bug (the bundled scenarios take a few hundred)."""

Choice = Callable[[E.State, list[E.Action]], E.Action]


class ToiPlayer:
    """A kernel player (builder.kernel.Player) over a choice function."""

    def __init__(self, name: str, choose: Choice) -> None:
        self.name = name
        self._choose = choose
        self.rules_fired: Counter[str] = Counter()

    def choose(self, state: Any, actions: list[Any]) -> Any:
        return self._choose(state, actions)

    def notify(self, state: Any, events: list[Any]) -> None:
        """Neither player looks at what happened: they read the state."""


def random_player(seed: int) -> Choice:
    rng = random.Random(seed)

    def choose(state: E.State, actions: list[E.Action]) -> E.Action:
        return actions[int(rng.random() * len(actions))]

    return choose


def _objective_pull(s: E.State, side: int, h: int) -> float:
    """How close hex ``h`` is to the nearest objective ``side`` does not hold."""
    grid = s.static.grid
    best = 99
    for k, oh in enumerate(s.static.objective_hexes):
        if s.control[k] != side:
            best = min(best, grid.distance(h, oh))
    return -float(best) if best < 99 else 0.0


def _stack_size(s: E.State, h: int) -> int:
    return sum(1 for u in s.units if u.alive and u.hex == h and u.carrier < 0)


def score(s: E.State, a: E.Action) -> float:
    """A cheap value of one decision for the side to move (no look-ahead)."""
    side = s.active
    kind = a[0]
    if kind == "attack":
        p = s.pending
        assert p is not None
        u, t = s.units[p[1]], s.units[a[1]]
        prof = E.attack_profile(s, u, t, u.hex, E._halvings(s, u, "fm" if p[0] == "fm" else "fire"), p[0] == "fm",
                                figures=a[4] if len(a) > 4 else None)
        if prof is None:
            return 0.0
        value = _best_support(s, u, t, False, [(u, prof[0], prof[1])], bool(a[3])) if a[2] else \
            E.expected_hits(s, [(u, prof[0], prof[1])], t, bool(a[3]))
        return float(3 + value + (0.5 if a[3] and t.cond == E.NORMAL else 0) + (1.5 if t.kind == E.VEHICLE else 0)
                     - 0.2 * a[2])
    if kind == "react":
        p = s.pending
        assert p is not None
        mover, lead = s.units[p[1]], s.units[a[1]]
        prof = E.attack_profile(s, lead, mover, lead.hex, 0, mg_only=bool(a[4]), figures=a[5] if len(a) > 5 else None)
        if prof is None:
            return 0.0
        red = E.defence_dice(s, mover, bool(a[3]), lead)
        return float(2 + prof[0] * E.P_SUCCESS[prof[1]] - red / 3 + 0.5 * a[2] + 0.5 * a[3] + 0.7 * a[4])
    if kind in ("support", "resolve") and s.pending is not None and s.pending[0] == "assault-support":
        return 0.5 if kind == "support" else 0.0  # every supporter adds dice to an assault
    if kind in ("support", "resolve"):
        # a supporter joins only when it raises the expected hits (004, Combined fire:
        # the least favourable range sets the success number)
        p = s.pending
        assert p is not None
        lead, t = s.units[p[1]], s.units[p[2]]
        prof = E.attack_profile(s, lead, t, lead.hex, 0 if p[4] else E._halvings(s, lead, "fire"), figures=p[7])
        if prof is None or kind == "resolve":
            return 0.0
        group = [(lead, prof[0], prof[1])] + E._support_group(s, lead, t, bool(p[4]), list(p[5]))
        more = group + E._support_group(s, lead, t, bool(p[4]), [[a[1], a[2] if len(a) > 2 else -1]])
        return E.expected_hits(s, more, t, bool(p[3])) - E.expected_hits(s, group, t, bool(p[3])) - 0.05
    if kind == "area":
        return 3.5 + sum(1 for u in s.units if u.alive and u.hex == a[1] and u.carrier < 0) * 0.5
    if kind == "arrive":
        return float(_objective_pull(s, side, a[1]))  # a reinforcement nearest the objectives
    if kind == "assign":
        u = s.units[a[1]]  # hits on the squad with most figures, vehicles last
        return float(len(u.figs)) if u.kind == E.SQUAD else -1.0
    if kind == "enter":
        return 1.5
    if kind == "stay":
        return 0.5
    if kind == "retreat":
        return float(s.static.grid.cover[a[1]]) - _stack_size(s, a[1])
    if kind == "casualty":
        return -float(s.static.figures[a[1]].order)  # regulars first, officers last
    if kind == "heal":
        return 1.6 - 0.01 * len(s.units[a[2]].figs)  # the smallest squad first
    if kind == "transfer":
        giver, taker = s.units[a[1]], s.units[a[2]]
        return 0.3 if len(taker.figs) + 1 < len(giver.figs) else -0.5
    if kind == "hold":
        return 2.5
    if kind == "step":
        p = s.pending
        assert p is not None
        u = s.units[p[1]]
        return float(1 + _objective_pull(s, side, a[1]) - _objective_pull(s, side, u.hex) + 0.2 * s.static.grid.cover[a[1]])
    if kind == "stop":
        p = s.pending
        assert p is not None
        u = s.units[p[1]]
        return 1.2 if u.hex in s.static.objective_hexes else 0.5
    if kind == "fire":
        return 4.0
    if kind == "assault":
        return 2.5
    if kind in ("advance", "fm"):
        return 2.0 if kind == "advance" else 1.5
    if kind == "opfire":
        if s.phase == "action":
            return 1.8
        # Status phase: hold objectives in Op Fire mode, keep the rest fresh to act.
        u = s.units[a[1]]
        held = {h for k, h in enumerate(s.static.objective_hexes) if s.control[k] == side}
        return 0.8 if u.hex in held else -0.1
    if kind == "card":
        return 3.0
    if kind == "target":
        return sum(1 for u in s.units if u.alive and u.hex == a[1] and u.carrier < 0)
    if kind == "bid":
        # all command onto the initiative pool while behind or level, else keep it for cards
        behind = s.pool[side] <= s.pool[1 - side]
        return 1.0 + a[1] * 0.01 if behind and a[1] == s.command[side] else (0.5 if a[1] == 0 else 0.0)
    if kind == "embark":
        return 0.8
    if kind == "draw":
        return 1.0
    if kind == "pass":
        return 0.0
    if kind == "done":
        return 0.0
    return -1.0  # fatigue, end


def _best_support(s: E.State, lead: E.Unit, t: E.Unit, opfire: bool, group: list[tuple[E.Unit, int, int]],
                  suppressive: bool) -> float:
    """Expected hits once every supporter that adds to them has joined, one at a time."""
    best = E.expected_hits(s, group, t, suppressive)
    for o in E._supporters(s, lead, t, opfire):
        value = E.expected_hits(s, group + [o], t, suppressive)
        if value > best:
            group, best = group + [o], value
    return best


def greedy_player(seed: int) -> Choice:
    rng = random.Random(seed)

    def choose(state: E.State, actions: list[E.Action]) -> E.Action:
        best, top = -1e9, []
        for a in actions:
            v = score(state, a)
            if v > best + 1e-9:
                best, top = v, [a]
            elif abs(v - best) <= 1e-9:
                top.append(a)
        return top[int(rng.random() * len(top))]

    return choose


PLAYERS: dict[str, Callable[[int], Choice]] = {"random": random_player, "greedy": greedy_player}


def _factory(name: str) -> kernel.PlayerFactory:
    def make(spec: str, seed: int, side: int) -> kernel.Player:
        if spec.strip().lower() != name:
            raise UsageError(f"unknown Tide of Iron player '{spec}': the {name} player takes no options")
        return ToiPlayer(name, PLAYERS[name](kernel.derive_seed("toi-player", seed, side, name)))

    return make


def _search(spec: str, seed: int, side: int) -> kernel.Player:
    from builder.systems.tide_of_iron.search import make_search_player

    return make_search_player(spec, seed, side)


for _name in PLAYERS:
    kernel.register_player(_name, _factory(_name), system=SYSTEM_ID)
kernel.register_player("search", _search, system=SYSTEM_ID)
KINDS = (*PLAYERS, "search")
"""Every kind of player (``search`` takes its budget as ``search:PLAYOUTS``)."""


def players() -> dict[str, Callable[[int, int], kernel.Player]]:
    """The players by name, each a factory of (seed, side), for the game-system seam."""
    return {name: functools.partial(make_player, name) for name in KINDS}


def make_player(name: str, seed: int, side: int = 0) -> kernel.Player:
    """The player ``name`` for ``side`` of a game seeded ``seed`` (the kernel's registry)."""
    if name.strip().lower().split(":")[0] not in KINDS:
        raise UsageError(f"unknown Tide of Iron player '{name}'; choose from: {', '.join(KINDS)}")
    return kernel.make_player(name, seed, side, system=SYSTEM_ID)


def play_game(pack: Any, scenario: str, seed: int, names: list[str], verbose: bool = False,
              static: E.Static | None = None, forces: E.Forces | None = None,
              hashes: list[str] | None = None) -> tuple[E.State, list[list[Any]]]:
    """Play one game through the kernel's game loop; return the final state and the
    list of actions (the log body). ``forces``: squad lists played instead of the
    scenario's squads, by side index. ``hashes``, when given, receives the state hash
    after each decision (a game log carries them; playtests do not pay for them)."""
    if len(names) != 2:
        raise UsageError("give two players, e.g. --players random,greedy")
    state = E.new_game(pack, scenario, seed, verbose=verbose, static=static, forces=forces)
    players = [make_player(n, seed, i) for i, n in enumerate(names)]
    actions: list[list[Any]] = []

    def record(side: int, action: Any, events: list[Any]) -> None:
        actions.append([side, *action])
        if hashes is not None:
            hashes.append(state.state_hash())

    try:
        kernel.play(state, players, max_decisions=MAX_DECISIONS, on_decision=record)
    except kernel.GameStuck:
        pass  # reported below, with the seed, as a game that did not end
    if state.result is None:
        raise UsageError(f"game stuck after {len(actions)} decisions (engine bug); seed {seed}")
    return state, actions
