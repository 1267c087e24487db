"""The search player of the Heroes System (issue 35): the kernel's information-set search
(builder.kernel.search) with this system's judgement.

- Candidates: the greedy player's scores (builder.systems.heroes.ai.greedy), best first:
  the tree looks at the few actions a one-decision judgement likes most, and the search
  decides between them by what follows.
- Order tokens: placed as the greedy player places them (:meth:`HeroesPolicy.settle`).
- Rollouts: two decisions below the tree played as the greedy player plays them (a
  "greedy-lite" rollout: the position the evaluation reads is one a sensible opponent
  has answered, not one frozen after the tree's last move).
- Evaluation: what the scenario's victory levels say were the game to end now (000 core
  rules, Setup > Victory Conditions: objectives scored for their controller, the levels
  checked in order; builder.systems.heroes.engine.victory.finish run on the playout's
  end), read twice: with objective control as the end of this round would set it, and
  with each objective given to the side whose infantry is nearer (what the rounds left
  are likely to bring); weighed against each side's share of the nearness to the
  objectives (:func:`nearness`: how close its nearest infantry stands to each, the way
  an attacker still far from every objective tells an advance from a halt) and the
  share of units each side has left (a wounded, suppressed or damaged unit counting for
  less), the victory levels counting more and the nearness less as the last turn nears.
  A game over is worth its result:
  0.9 to 1 a win (a major win a little more than a minor one), 0 to 0.1 a loss.
"""

from __future__ import annotations

from typing import Any

from builder.kernel.dice import Rng, derive_seed
from builder.kernel.search import Budget, SearchPlayer, parse_budget
from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.engine import Action, GameState
from builder.systems.heroes.engine.objectives import update_control
from builder.systems.heroes.engine.victory import finish

DEFAULT = Budget(playouts=64, root_width=4, depth=4, horizon=2)
"""The budget of ``search`` without a count (docs/players.md says how it was chosen):
64 playouts a decision won 44 of 60 decisive games against greedy on Trading Blows where
32 won 37 of the same 60 seeds; two greedy rollout decisions below the tree (horizon 2,
:meth:`HeroesPolicy.rollout`) cost about half again a decision's CPU and, with the
damage-aware material of :func:`worth`, took Trading Blows from 60.5% to 68.5% of the
decisive games won against greedy at 200 games. With the :func:`nearness` share, the
benchmark's 200 games a scenario: clash 73.3%, Family Meeting 1 72.5%, Trading Blows
75.5%, Zurück 78.7% (`python -m benchmarks players --games 200`); a search/search
playtest of Family Meeting 1 costs 3.4 CPU seconds a game compiled, about 6 minutes for
200 games on two cores."""

_LEVEL = {"minor": 0.0, "regular": 0.05, "major": 0.1}


def outcome(result: Any, side_ids: list[str], seat: int) -> float:
    """A finished game's worth to ``seat``: 0.9 to 1 for a win (by level), 0 to 0.1 for
    a loss, 0.5 for a draw."""
    if result.winner is None:
        return 0.5
    bonus = _LEVEL.get(result.level, 0.05)
    return 0.9 + bonus if result.winner == side_ids[seat] else 0.1 - bonus


def worth(unit: Any) -> float:
    """What a unit still in the game counts for in the evaluation's material share: 1.5
    a vehicle, 1 anything else, less once it is hurt. A unit flipped to a weaker face has
    fewer hits left before it is eliminated (000 core rules, Firing > Shot Resolution:
    a hit flips a counter that can take one, else eliminates it): up to 0.4 less by the
    faces it has lost; a heavy vehicle loses 0.2 for each kind of damage it carries (000
    core rules, Damage on Heavy Vehicles: crew, track, hull, primary weapon, a second of
    a kind destroying it); a unit under Suppressed markers 0.15 (000 core rules,
    Suppressive Fire > Suppressed Marker Penalties: it moves and fights the weaker; the
    Supply Phase discards one marker a round, so the loss is passing). Never below a
    fifth of its worth whole: it still holds ground and draws fire."""
    base = 1.5 if unit.is_vehicle else 1.0
    health = 1.0
    faces = len(unit.st.profile.faces)
    if faces > 1:
        health -= 0.4 * unit.face / (faces - 1)
    if unit.damage:
        health -= 0.2 * bin(unit.damage).count("1")
    if unit.suppressed:
        health -= 0.15
    return base * max(0.2, health)


NEARNESS = 0.15
"""The nearness share's weight in the evaluation at the first turn. It falls with the
turns played, as control itself comes to count (a sixth of it is left on the last of
six turns). Screened on the benchmark's seeds, 100 games against greedy (decisive games
won, without it -> with it): Family Meeting 1 61 -> 71 of 100 (71 at 0.25 too), Trading
Blows 71 -> 74 of 100, clash 67 of 88 -> 63 of 90 (59 of 91 at 0.25): docs/players.md."""


FAR = 99
"""The distance :func:`nearest_infantry` gives a side with no infantry on the battlefield."""


def nearest_infantry(state: GameState) -> list[list[int]]:
    """For each objective, each side's distance from it to its nearest infantry unit on
    the battlefield (:data:`FAR` for a side with none): what :func:`nearness` and
    :func:`projected_control` both read, listed once per evaluation."""
    n = len(state.sides)
    infantry = [(u.side, u.sq) for u in state.units if u.active and u.type == "infantry" and not u.st.decoy]
    out = []
    for row in ev.objective_maps(state)[0]:
        near = [FAR] * n
        for side, sq in infantry:
            if row[sq] < near[side]:
                near[side] = row[sq]
        out.append(near)
    return out


def nearness(state: GameState, nearest: list[list[int]] | None = None) -> list[float]:
    """Each side's share of the nearness to the objectives: for every objective, the
    inverse of one plus the distance of each side's nearest infantry (000 core rules,
    Setup > Victory Conditions: infantry on or next to an objective is present there),
    shared out between the sides, weighted as the greedy player weighs the objective's
    kind (builder.systems.heroes.ai.evaluate.objective_squares). Unlike the projected
    control, it moves with every square of an advance, even one that leaves the other
    side nearer: an attacker far from every objective is told an advance from a halt.
    ``nearest``: :func:`nearest_infantry`, when the caller has it."""
    n = len(state.sides)
    share, weights = [0.0] * n, 0.0
    for (_, _, weight), far in zip(ev.objective_squares(state, "any"), nearest or nearest_infantry(state)):
        near = [1.0 / (1 + d) if d < FAR else 0.0 for d in far]
        total = sum(near)
        if total:
            weights += weight
            for side in range(n):
                share[side] += weight * near[side] / total
    return [s / weights for s in share] if weights else [1.0 / n] * n


def projected_control(state: GameState, nearest: list[list[int]] | None = None) -> list[int]:
    """Who would hold each objective were the side with infantry nearer to it to take it
    (contested when both are present, as now when both are as far): what the rounds left
    are likely to bring, cheaply. ``nearest``: :func:`nearest_infantry`, when the caller
    has it."""
    out = list(state.control)
    for i, near in enumerate(nearest or nearest_infantry(state)):
        present = [side for side, d in enumerate(near) if d <= 1]
        if len(present) > 1:
            out[i] = -1
        elif present:
            out[i] = present[0]
        else:
            best = min(near)
            leaders = [side for side, d in enumerate(near) if d == best]
            if best < FAR and len(leaders) == 1:
                out[i] = leaders[0]
    return out


def _levels(state: GameState, control: list[int]) -> list[float]:
    """:func:`outcome` for each side were the game to end with ``control`` (the state's
    VPs and result are put back after)."""
    vp = [s.vp for s in state.sides]
    state.control = control
    result = finish(state, "turns")
    values = [outcome(result, state.side_ids, seat) for seat in range(len(state.sides))]
    for s, v in zip(state.sides, vp):
        s.vp = v
    state.result = None
    return values


def evaluate(state: GameState) -> list[float]:
    """How good ``state`` is for each side, in [0, 1] (the module's docstring). The
    state is a playout's end: the evaluation spends it."""
    n = len(state.sides)
    if state.result is not None:
        return [outcome(state.result, state.side_ids, seat) for seat in range(n)]
    strength = [0.0] * n
    for u in state.units:
        if u.alive and not u.wreck and not u.st.decoy and not u.bagged:
            strength[u.side] += worth(u)
    total = sum(strength)
    turns = max(1, state.static.scenario.turns)
    progress = min(1.0, max(0.0, (state.turn - 1) / turns))
    w_now, w_next, w_near = 0.15 + 0.45 * progress, 0.35 - 0.15 * progress, NEARNESS * (1 - progress)
    nearest = nearest_infantry(state)
    projected = projected_control(state, nearest)
    near = nearness(state, nearest)
    now = _levels(state, update_control(state)[:])  # control as the end of this round would set it
    later = _levels(state, projected)
    w_material = 1 - w_now - w_next - w_near
    return [w_now * now[seat] + w_next * later[seat] + w_near * near[seat]
            + w_material * (strength[seat] / total if total else 0.5) for seat in range(n)]


class HeroesPolicy:
    """The kernel's :class:`builder.kernel.search.SearchPolicy` for the Heroes System."""

    def __init__(self, seed: int, side: int = 0) -> None:
        from builder.systems.heroes.ai.greedy import GreedyPlayer

        self._greedy = [GreedyPlayer(seed, s) for s in range(2)]
        self._ties = Rng(derive_seed(seed, "player", side, "search-ties"))

    def candidates(self, state: GameState, actions: list[Action]) -> list[Action]:
        """The actions by the greedy player's score, best first, ties in a random order:
        the greedy player breaks its ties at random, and a search taking the first of a
        tie in list order (the lowest square, the first unit) plays a weaker, biased
        greedy game (measured: 5 of 20 decisive games won against greedy on Family
        Meeting 1 with one playout a decision)."""
        side = state.to_act if state.to_act is not None else 0
        greedy = self._greedy[side] if side < len(self._greedy) else self._greedy[0]
        scores = greedy.scores(state, actions)
        below = self._ties.below
        n = len(actions)
        order = sorted(range(n), key=lambda i: (-scores[i], below(n)))
        return [actions[i] for i in order]

    def settle(self, state: GameState, actions: list[Action], rng: Rng) -> Action | None:
        """Order tokens are placed as the greedy player places them: the evaluation sees
        no difference between placements until the units act (000 core rules, Action! >
        Order Phase), so a search would spend its playouts on noise."""
        if state.phase != "orders":
            return None
        greedy = self._greedy[state.to_act or 0]
        greedy.rng = rng
        return greedy.choose(state, actions)

    def rollout(self, state: GameState, actions: list[Action], rng: Rng) -> Action:
        """The greedy player's choice, its ties broken from the search's stream: the
        state is a determinized sample, so the greedy player reads nothing of the true
        hidden parts."""
        greedy = self._greedy[state.to_act or 0]
        greedy.rng = rng
        return greedy.choose(state, actions)

    def evaluate(self, state: GameState) -> list[float]:
        return evaluate(state)


def make_search_player(spec: str, seed: int, side: int) -> SearchPlayer:
    """``search`` / ``search:PLAYOUTS`` for ``side`` of a Heroes game seeded ``seed``."""
    return SearchPlayer(seed, side, HeroesPolicy(seed, side), parse_budget(spec, DEFAULT))
