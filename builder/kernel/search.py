"""Information-set search for any game behind the kernel's protocol (issue 35, item 2).

The search player decides from what its side may know: every playout starts from a
*determinization*, a full state sampled to agree with that side's observation (the
opponent's hidden tokens, hand and deck order, and the dice to come, drawn afresh),
so no playout reads the true hidden state. At the root, each sample is played once with
every action looked at, on copies that share the dice to come (common random numbers:
the actions are compared on the same luck, and one sample serves several playouts).
Below the root the search grows one tree of both sides' decisions, keyed by the actions
taken (single-observer information-set MCTS, Cowling, Powley and Whitehouse 2012): a
decision is chosen at a node by UCB1 over the actions legal in this sample, counting how
often each was available, as IS-MCTS does. Below the tree a fast policy plays on for a
few decisions (a truncated rollout), and the game's own evaluation (victory levels,
units left...) scores the position reached for every side that decided on the way. The
action with the best average is taken, unless it does not beat the policy's first choice
by the budget's margin.

The game brings three things (:class:`SearchPolicy`): the actions worth a look at a
node, best first (the tree never grows wider than the budget's widths, which is how a
branching of hundreds of moves stays searchable); the rollout's choice; the evaluation.
The kernel knows no game: the Heroes System's policy lives in
builder.systems.heroes.ai.search, Tide of Iron's in builder.systems.tide_of_iron.search.

Budgets are counted in playouts, never in time, so a game replays exactly: the search
draws every random choice from the player's own stream (seeded from the game's seed),
and its result is the same at any number of worker processes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from builder.errors import UsageError
from builder.kernel.dice import Rng, derive_seed
from builder.kernel.game import Game


class SearchPolicy(Protocol):
    """What the search asks of a game system."""

    def candidates(self, state: Any, actions: list[Any]) -> list[Any]:
        """``actions`` (the legal decisions of the side to act in ``state``) ordered best
        first by a cheap judgement; the search looks at the first few only."""

    def settle(self, state: Any, actions: list[Any], rng: Rng) -> Any | None:
        """The decision taken without a search, for decisions a look-ahead cannot tell
        apart (None: search). The state is the true one: a policy reads of it only what
        the side to act may know."""

    def rollout(self, state: Any, actions: list[Any], rng: Rng) -> Any:
        """One of ``actions``, chosen fast: the policy that plays on below the tree."""

    def evaluate(self, state: Any) -> list[float]:
        """How good ``state`` is for each seat, in [0, 1]: 1 a won game, 0 a lost one,
        in between the chances the position gives (the scenario's victory levels). The
        state is the playout's end, thrown away after: the evaluation may spend it."""


@dataclass(frozen=True)
class Budget:
    """How much the search spends on one decision."""

    playouts: int = 64
    """Determinized playouts per decision (the spec's ``search:PLAYOUTS``)."""
    root_width: int = 6
    """Actions the tree looks at from the decision's own state (the policy's best first)."""
    width: int = 3
    """Actions looked at in every node below the root."""
    depth: int = 6
    """Decisions (not counting forced ones) the tree goes down at most."""
    horizon: int = 6
    """Rollout decisions played below the tree before the evaluation."""
    exploration: float = 0.5
    """UCB1's constant (values are in [0, 1])."""
    margin: float = 0.0
    """How much better than the policy's first choice another action must average to
    be taken instead: with few playouts and dice, a small lead is mostly noise."""


def parse_budget(spec: str, default: Budget) -> Budget:
    """``search`` or ``search:PLAYOUTS`` -> the budget; anything else is a usage error."""
    parts = spec.strip().lower().split(":")
    if parts[0] != "search" or len(parts) > 2:
        raise UsageError(f"unknown player '{spec}': the search player is search or search:PLAYOUTS (e.g. search:64)")
    if len(parts) == 1:
        return default
    if not parts[1].isdigit() or not 1 <= int(parts[1]) <= 100_000:
        raise UsageError(f"search player '{spec}': PLAYOUTS is a whole number from 1 to 100000 (e.g. search:64)")
    return replace(default, playouts=int(parts[1]))


def _sample(state: Game, seat: int, rng: Rng) -> Game:
    """A full state agreeing with what ``seat`` may know of ``state``: the game's own
    determinization (builder.kernel.game.Game.determinize: the opponent's face-down
    tokens and hand, the decks' order and the dice to come drawn from ``rng``)."""
    return state.determinize(seat, rng)


def _key(action: Any) -> Hashable:
    """A dictionary key for ``action``: itself, or its text when it cannot be hashed."""
    try:
        hash(action)
        return action
    except TypeError:
        return repr(action)


class _Edge:
    """One action out of a node: who took it, how often it was tried and was available,
    the sum of its values for the side that took it, and the node it leads to."""

    __slots__ = ("action", "mover", "visits", "total", "avail", "child")

    def __init__(self, action: Any, mover: int) -> None:
        self.action, self.mover = action, mover
        self.visits, self.total, self.avail = 0, 0.0, 0
        self.child: _Node | None = None


class _Node:
    """The actions looked at after one sequence of decisions (the candidates found in
    the first samples that reached it, in the policy's order)."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Hashable, _Edge] = {}

    def available(self, state: Any, actions: list[Any], policy: SearchPolicy, width: int) -> list[_Edge]:
        """The node's edges legal in this sample; when fewer than ``width`` are, the
        policy's next best legal actions join them (a sample may differ from the last)."""
        out: list[_Edge] = []
        if self.edges:
            try:
                legal: set[Hashable] = set(actions)
            except TypeError:  # unhashable actions: compared by their text
                legal = {repr(a) for a in actions}
            out = [e for k, e in self.edges.items() if k in legal]
        if len(out) < min(width, len(actions)):
            mover = state.to_act
            for a in policy.candidates(state, actions):
                if len(out) >= width:
                    break
                k = _key(a)
                if k not in self.edges:
                    edge = self.edges[k] = _Edge(a, mover)
                    out.append(edge)
        return out


def _pick(edges: list[_Edge], c: float) -> _Edge:
    """The first untried edge (the policy's order), else UCB1 with availability counts."""
    for e in edges:
        if e.visits == 0:
            return e
    best, top = edges[0], -1.0
    for e in edges:
        u = e.total / e.visits + c * math.sqrt(math.log(max(e.avail, 1)) / e.visits)
        if u > top:
            best, top = e, u
    return best


def search(state: Game, seat: int, policy: SearchPolicy, budget: Budget, rng: Rng,
           fired: Counter[str] | None = None) -> Any:
    """The decision the search finds best for ``seat`` (the side to act in ``state``).
    ``state`` itself is only sampled from, never played on nor read for hidden parts.

    At the root every sample is played once with each action looked at (a copy per
    action, the dice to come the same in all: common random numbers, so the actions are
    compared on the same luck, and one determinization serves several playouts); below
    the root the tree grows by UCB1 over the samples (:func:`_pick`)."""
    first = _sample(state, seat, rng)
    root = _Node()
    choices = root.available(first, first.legal_actions(), policy, budget.root_width)
    if not choices:
        raise ValueError("the search found no decision (no legal action)")
    if len(choices) == 1:
        return choices[0].action
    sample, turn = first, 0
    for _ in range(budget.playouts):
        if turn == len(choices):
            sample, turn = _sample(state, seat, rng), 0
        game = sample.clone()
        edge = choices[turn]
        turn += 1
        path = [edge]
        fresh = edge.visits == 0
        game.apply(edge.action)
        node: _Node | None = None  # a fresh action: straight to the rollout
        if not fresh:
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        depth = 1
        while node is not None and game.result is None:
            actions = game.legal_actions()
            if not actions:
                break
            if len(actions) == 1:  # forced: no branch, the same node
                game.apply(actions[0])
                continue
            if depth >= budget.depth:
                break
            edges = node.available(game, actions, policy, budget.width)
            for e in edges:
                e.avail += 1
            edge = _pick(edges, budget.exploration)
            fresh = edge.visits == 0
            path.append(edge)
            game.apply(edge.action)
            depth += 1
            if fresh:
                break  # a new leaf: play on by the rollout policy
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        for _ in range(budget.horizon):
            if game.result is not None:
                break
            actions = game.legal_actions()
            if not actions:
                break
            game.apply(actions[0] if len(actions) == 1 else policy.rollout(game, actions, rng))
        values = policy.evaluate(game)
        for e in path:
            e.visits += 1
            e.total += values[e.mover]
    best = max(choices, key=lambda e: (_mean(e), -choices.index(e)))
    top = choices[0]  # the policy's first choice
    if best is not top and _mean(best) < _mean(top) + budget.margin:
        best = top
    if fired is not None:
        fired["search: searched"] += 1
    return best.action


def _mean(edge: _Edge) -> float:
    return edge.total / edge.visits if edge.visits else 0.0


class SearchPlayer:
    """A kernel player (builder.kernel.Player) that searches every decision with more
    than one legal action. Its stream is its own, derived from the game's seed and its
    side, so a game replays exactly whatever the other players draw."""

    name = "search"

    def __init__(self, seed: int, side: int, policy: SearchPolicy, budget: Budget) -> None:
        self.side = side
        self.policy, self.budget = policy, budget
        self.rng = Rng(derive_seed(seed, "player", side, self.name))
        self.rules_fired: Counter[str] = Counter()

    def choose(self, state: Any, actions: list[Any]) -> Any:
        if len(actions) == 1:
            return actions[0]
        settled = self.policy.settle(state, actions, self.rng)
        if settled is not None:
            self.rules_fired["search: settled by the policy"] += 1
            return settled
        seat = state.to_act if state.to_act is not None else self.side
        return search(state, seat, self.policy, self.budget, self.rng, self.rules_fired)

    def notify(self, state: Any, events: list[Any]) -> None:
        """The search starts afresh at every decision: nothing to remember."""
