"""The search player of Tide of Iron (issue 35): the kernel's information-set search
(builder.kernel.search) with this system's judgement.

- Candidates: the greedy player's one-decision scores (builder.systems.tide_of_iron.players.score),
  best first.
- Rollouts: none by default (uniform over the legal actions when a budget asks for some).
- Evaluation: the game is won on victory points (004 Tide of Iron, Winning the game: the
  most VPs after the last round, a tie to the side with the initiative, or the scenario's
  VP target reached first), and the objectives score VPs every Command phase for the side
  alone on them then (004, Command phase); so a side's prospect is its VPs plus what the
  objectives would score in the rounds left were they held by whoever stands alone on
  them now (else by their last controller), read as a chance of winning (a logistic of
  the projected VP lead, the initiative breaking a tie); weighed, the more so the nearer
  the end, against the figures and vehicles each side has left. A game over is worth 1
  to the winner, 0 to the loser.
"""

from __future__ import annotations

import math
from typing import Any

from builder.kernel.dice import Rng, derive_seed
from builder.kernel.search import Budget, SearchPlayer, parse_budget
from builder.systems.tide_of_iron import engine as E

DEFAULT = Budget(playouts=32, root_width=4, depth=4, horizon=0)
"""The budget of ``search`` without a count (docs/players.md): the Heroes System's shape.
Measured on crossroads-farm against greedy, 20 games sides swapped: 8 of 20 decisive
games won with six random rollout decisions below a tree of six actions at the root, 15
of 20 with none below a tree of four (random moves only blur the evaluation)."""

VP_SCALE = 2.0
"""VPs of projected lead that make a win about three chances in four (the logistic's scale)."""


def projected_vp(s: E.State) -> list[float]:
    """Each side's VPs were every objective to score, in each Command phase left, for the
    side alone on it now (the next Command phase gives it to that side: 004 Tide of Iron,
    Command phase), else for its present controller. Reading control from where the
    squads stand, not from the last Command phase, is what lets a search see the worth
    of stepping onto an objective within its few decisions (measured on crossroads-farm
    against greedy, 80 games sides swapped, with the logistic of :func:`evaluate`: 70 of
    80 won, against 36 of 80 reading the last Command phase's control and the VP share)."""
    st = s.static
    left = max(0, st.scenario.rounds - s.round + (1 if s.phase == "action" else 0))
    out = [float(v) for v in s.vp]
    if not left:
        return out
    for k, (h, obj) in enumerate(st.objectives):
        owner = s.control[k]
        here = {u.side for u in s.units if u.alive and u.hex == h and u.carrier < 0}
        if len(here) == 1:
            owner = next(iter(here))
        if owner >= 0:
            out[owner] += obj.vp * left
    return out


def win_chance(s: E.State, vp: list[float]) -> list[float]:
    """Each side's chance of winning on the projected VPs ``vp``: a logistic of the lead
    (the side with the initiative wins a tie, 004 Tide of Iron, Winning the game; a
    scenario's VP target ends the game on the same lead, sooner)."""
    lead = vp[0] - vp[1] + (0.5 if s.initiative == 0 else -0.5)
    p0 = 1.0 / (1.0 + math.exp(-lead / VP_SCALE))
    return [p0, 1.0 - p0]


def evaluate(s: E.State) -> list[float]:
    """How good ``s`` is for each side, in [0, 1] (the module's docstring)."""
    if s.result is not None:
        won = s.static.sides.index(s.result["winner"])
        return [1.0 if i == won else 0.0 for i in (0, 1)]
    lead = win_chance(s, projected_vp(s))
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
