"""The search player of Tide of Iron (issue 35): the kernel's information-set search
(builder.kernel.search) with this system's judgement.

- Candidates: the greedy player's one-decision scores (builder.systems.tide_of_iron.players.score),
  best first.
- Rollouts: none by default (uniform over the legal actions when a budget asks for some).
- Evaluation: the game is won on victory points (004 Tide of Iron, Winning the game: the
  most VPs after the last round, or the scenario's VP target reached first), and the
  objectives held score VPs every Command phase; so a side's prospect is its VPs plus what
  the objectives it holds would score in the rounds left, against the target or the
  opponent's; weighed, the more so the nearer the end, against the figures and vehicles
  each side has left. A game over is worth 1 to the winner, 0 to the loser.
"""

from __future__ import annotations

from typing import Any

from builder.kernel.dice import Rng, derive_seed
from builder.kernel.search import Budget, SearchPlayer, parse_budget
from builder.systems.tide_of_iron import engine as E

DEFAULT = Budget(playouts=32, root_width=4, depth=4, horizon=0)
"""The budget of ``search`` without a count (docs/players.md): the Heroes System's shape.
Measured on crossroads-farm against greedy, 20 games sides swapped: 8 of 20 decisive
games won with six random rollout decisions below a tree of six actions at the root, 15
of 20 with none below a tree of four (random moves only blur the evaluation)."""


def projected_vp(s: E.State) -> list[float]:
    """Each side's VPs were the objectives to stay as held until the last round."""
    st = s.static
    left = max(0, st.scenario.rounds - s.round + (1 if s.phase == "action" else 0))
    out = [float(v) for v in s.vp]
    for k, (_, obj) in enumerate(st.objectives):
        if s.control[k] >= 0:
            out[s.control[k]] += obj.vp * left
    return out


def evaluate(s: E.State) -> list[float]:
    """How good ``s`` is for each side, in [0, 1] (the module's docstring)."""
    if s.result is not None:
        won = s.static.sides.index(s.result["winner"])
        return [1.0 if i == won else 0.0 for i in (0, 1)]
    vp = projected_vp(s)
    target = s.static.scenario.vp_to_win
    if target is not None:
        share = [min(1.0, v / target) for v in vp]
        lead = [0.5 + 0.5 * (share[i] - share[1 - i]) for i in (0, 1)]
    else:
        total = vp[0] + vp[1]
        lead = [vp[i] / total if total else 0.5 for i in (0, 1)]
    strength = [0.0, 0.0]
    for u in s.units:
        if u.alive:
            strength[u.side] += 3.0 if u.kind == E.VEHICLE else len(u.figs)
    forces = sum(strength)
    progress = min(1.0, max(0.0, (s.round - 1) / max(1, s.static.scenario.rounds)))
    w = 0.4 + 0.4 * progress
    return [w * lead[i] + (1 - w) * (strength[i] / forces if forces else 0.5) for i in (0, 1)]


class ToiPolicy:
    """The kernel's :class:`builder.kernel.search.SearchPolicy` for Tide of Iron."""

    def __init__(self, seed: int, side: int = 0) -> None:
        self._ties = Rng(derive_seed(seed, "player", side, "search-ties"))

    def candidates(self, state: E.State, actions: list[E.Action]) -> list[E.Action]:
        """The actions by the greedy player's score, best first, ties in a random order
        (the greedy player breaks its ties at random; the first of a tie in list order
        would bias the search's choices)."""
        from builder.systems.tide_of_iron.players import score

        scores = [score(state, a) for a in actions]
        below, n = self._ties.below, len(actions)
        return [actions[i] for i in sorted(range(n), key=lambda i: (-scores[i], below(n)))]

    def settle(self, state: E.State, actions: list[E.Action], rng: Rng) -> E.Action | None:
        """Every decision is searched."""
        return None

    def rollout(self, state: E.State, actions: list[E.Action], rng: Rng) -> E.Action:
        return actions[rng.below(len(actions))]

    def evaluate(self, state: E.State) -> list[float]:
        return evaluate(state)


def make_search_player(spec: str, seed: int, side: int) -> Any:
    """``search`` / ``search:PLAYOUTS`` for ``side`` of a Tide of Iron game seeded ``seed``."""
    return SearchPlayer(seed, side, ToiPolicy(seed, side), parse_budget(spec, DEFAULT))
