"""The armies a balance search plays at each setting (issue 34, item 6).

A ``points.SIDE`` knob changes the side's army: before, each value rebuilt the default
army from scratch (``heroes army suggest`` at that budget), so two neighbouring values
could play unrelated armies and the curve measured the armies, not the points
(``heroes balance trading-blows --pack content/bfn --vary points.de=145,155,165,175,185
--games 60`` gave the Commonwealth 55%, 98%, 47%, 52%, 33% of the decisive games). Here
the rest of each army is held fixed: at the points as written the side plays its
default army (builder.systems.heroes.playtests.armies.default_list, as the playtest does); each higher
value completes the army of the value below it (the suggester with that army as its
start only adds tiles, options and heroes), or, when that leaves more than 5% of the
points unspent, swaps one entry of it for what the points now buy; each lower value takes off the army of the
value above it as little as brings it within the budget (one entry at a time, keeping
what the side's victory levels need while it can) and completes what is left. ("The
value below/above" is the nearest value the search has already played between it and
the points as written: a bisection plays few of the values, and building every one
would cost more than the games.) So neighbouring settings play neighbouring armies, and the other side keeps its default
army at every setting. Any other knob plays the default armies at every setting. The
report shows every setting's armies.

Plain data in, plain data out; same pack, scenario and values: the same armies.
"""

from __future__ import annotations

from typing import Any, Sequence

from builder.errors import UsageError


def _fill(view: Any, army: Any, faction: str, points: int) -> Any:
    """``army`` completed to ``points`` (only adding); ``army`` itself when the suggester
    finds nothing to add."""
    from builder.systems.heroes.army.suggest import suggest

    try:
        filled = suggest(view, faction, points, 0, start=army)
    except UsageError:
        return army
    filled.points = points
    return filled


def _cost(pack: Any, army: Any) -> int:
    from builder.systems.heroes.army.check import check_army

    return int(check_army(army, pack)[1].totals.spent)


def _removals(army: Any) -> list[Any]:
    """The armies with one entry taken off: a hero, an option, or a tile with its options
    (never the last tile)."""
    out = []
    for i in range(len(army.heroes)):
        out.append(army.model_copy(update={"heroes": army.heroes[:i] + army.heroes[i + 1:]}, deep=True))
    for t in range(len(army.tiles)):
        for o in range(len(army.tiles[t].options)):
            tiles = [tile.model_copy(deep=True) for tile in army.tiles]
            tiles[t].options = tiles[t].options[:o] + tiles[t].options[o + 1:]
            out.append(army.model_copy(update={"tiles": tiles}, deep=True))
        if len(army.tiles) > 1:
            out.append(army.model_copy(update={"tiles": army.tiles[:t] + army.tiles[t + 1:]}, deep=True))
    return out


def _trim(pack: Any, army: Any, points: int, keep: Any) -> Any:
    """``army`` with as little taken off as brings it within ``points``: each step takes
    off the one entry that leaves the most points spent within the budget, or, when no
    single entry does, the entry that costs least; an entry whose loss would leave the
    side unable to reach a victory level (``keep``, its needs) goes only when nothing
    else can."""
    from builder.systems.heroes.engine.armies import army_composition
    from builder.systems.heroes.validation.rules.reachability import means_of, missing

    current = army
    while (spent := _cost(pack, current)) > points:
        options = []
        for candidate in _removals(current):
            cost = _cost(pack, candidate)
            if cost >= spent:
                continue  # a free option: taking it off helps nothing
            loses = bool(missing(keep, means_of(pack, army_composition(candidate))))
            fits = cost <= points
            options.append((loses, not fits, -cost if fits else spent - cost, candidate))
        if not options:
            break
        current = min(options, key=lambda o: o[:3])[3]
    return current.model_copy(update={"points": points})


def _upwards(pack: Any, view: Any, army: Any, faction: str, points: int) -> Any:
    """``army`` completed to ``points``; when that leaves more than 5% of them unspent
    (a full slot, say, holds a half-track where a Panzer now fits), the best completion
    of ``army`` with one entry taken off, if it spends more."""
    from builder.playtest_core.warnings import UNSPENT_SHARE

    best = _fill(view, army, faction, points)
    spent = _cost(pack, best)
    if points - spent <= UNSPENT_SHARE * points:
        return best
    for smaller in _removals(army):
        other = _fill(view, smaller, faction, points)
        if (cost := _cost(pack, other)) > spent:
            best, spent = other, cost
    return best


class PointsChain:
    """One side's armies over the values of its ``points.SIDE`` knob, built as the search
    asks for them (see the module): the default army at the points as written; a value
    asked for is built from the nearest value already built between it and the points
    as written, completed upwards or trimmed downwards. The search asks in an order that
    depends only on the results, so the armies are the same for the same search."""

    def __init__(self, pack: Any, scenario: Any, side: int) -> None:
        from builder.systems.heroes.playtests.armies import default_list, scenario_pack
        from builder.systems.heroes.validation.rules.reachability import side_needs

        model = scenario.sides[side]
        self.pack, self.faction = pack, model.faction
        self.anchor = model.army.points or 0
        self.view = scenario_pack(pack, scenario.id)
        self.needs = side_needs(scenario, model.id)
        self.built: dict[int, Any] = {self.anchor: default_list(pack, scenario, side)}

    def army(self, points: int) -> Any:
        if points in self.built:
            return self.built[points]
        if points > self.anchor:
            start = max(v for v in self.built if self.anchor <= v < points)
            army = _upwards(self.pack, self.view, self.built[start], self.faction, points)
        else:
            start = min(v for v in self.built if points < v <= self.anchor)
            army = _fill(self.view, _trim(self.pack, self.built[start], points, self.needs), self.faction, points)
        self.built[points] = army
        return army


class ArmyPlan:
    """The armies of each setting of a search: the default armies, and for each
    ``points.SIDE`` knob varied the side's nested armies over the knob's values."""

    def __init__(self, pack: Any, scenario: Any, knobs: dict[str, Sequence[Any]]) -> None:
        from builder.systems.heroes.playtests.armies import played_lists

        self.pack, self.scenario = pack, scenario
        self.default = played_lists(pack, scenario)
        self.sides = [s.id for s in scenario.sides]
        self.chains: dict[int, PointsChain] = {}
        for i, side in enumerate(scenario.sides):
            values = knobs.get(f"points.{side.id}")
            if values and self.default[i] is not None:
                self.chains[i] = PointsChain(pack, scenario, i)

    def at(self, setting: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
        """One army list (or None: the engine's, a printed composition) per side."""
        armies = list(self.default)
        for name, value in setting:
            side = name[len("points."):] if name.startswith("points.") else None
            if side in self.sides and self.sides.index(side) in self.chains:
                armies[self.sides.index(side)] = self.chains[self.sides.index(side)].army(int(value))
        return tuple(armies)

    def held(self) -> str:
        """How the armies vary with the settings, in words, for the report."""
        if not self.chains:
            return "the default armies at every setting (no knob changes an army)"
        varied = ", ".join(self.sides[i] for i in sorted(self.chains))
        return (f"{varied}: neighbouring armies, the default army at the points as written completed upwards and "
                f"trimmed downwards, each setting's army built from the nearest one already played towards the "
                f"points as written; the other side keeps its default army")
