"""Measures and destination criteria of the decision tables, over an engine state
(the part of builder.systems.heroes.ai.tables.query.BattleQuery that ranks rather than tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.engine.solo_mode.sightlines import terrain_row
from builder.systems.heroes.board.los import CLEAR, sees, sight_kind
from builder.systems.heroes.engine.transport import square_of

if TYPE_CHECKING:
    from builder.systems.heroes.engine import GameState, UnitState
    from builder.systems.heroes.board.grid import Battlefield

LONG_RANGE = 7
"""Beyond 7 squares a shot is at long range (000 core rules, Firing > Range)."""


class Measures:
    """Mixed into EngineView, which provides ``state``, ``bf``, ``unit`` and ``enemies``."""

    state: "GameState"
    bf: "Battlefield"

    def unit(self, u: Any) -> "UnitState | None":
        raise NotImplementedError  # EngineView's

    def enemies(self, of_side: int) -> list["UnitState"]:
        raise NotImplementedError  # EngineView's

    def nearest(self, side: int, kind: str = "any") -> list[int]:
        raise NotImplementedError  # EngineView's

    def presence(self, kind: str = "any") -> frozenset[int]:
        raise NotImplementedError  # EngineView's

    def enemy_squares(self, of_side: int) -> list[int]:
        raise NotImplementedError  # EngineView's

    def danger(self, sq: int, side: int) -> int:
        """Squares from ``sq`` to the nearest active unit not of ``side``
        (builder.systems.heroes.ai.evaluate.danger_distance), from the enemy squares kept for the position."""
        return ev.danger_from(self.state, sq, self.enemy_squares(side))

    def metric(self, u: Any, name: str) -> float:
        x = self.unit(u)
        if x is None or x.sq < 0:
            return 0.0
        if name == "combat_value":
            values = [c for w in x.st.profile.faces[x.face].weapons for c in w.combat if c is not None]
            return float(max(values, default=0))
        if name == "defensive_bonus":
            return float(self.bf.terrain[x.sq].defence_bonus)
        if name == "objective_distance":
            return float(self.nearest(x.side)[x.sq])
        if name == "enemy_distance":
            return float(self.danger(x.sq, x.side))
        raise ValueError(f"unknown metric {name!r}")

    def destination_value(self, u: Any, square: Any, criterion: str, kind: str = "any") -> float:
        x = self.unit(u)
        if x is None:
            return 0.0
        sq = square
        state, bf = self.state, self.bf
        if criterion == "reach_objective":
            return float(x.type == "infantry" and sq in self.presence(kind))
        if criterion == "approach_objective":
            return -float(self.nearest(x.side, kind)[sq])
        if criterion == "advance":
            near = self.nearest(x.side, kind)
            return float(near[sq] < near[square_of(state, x)])
        if criterion == "approach_enemy":
            return -float(self.danger(sq, x.side))
        if criterion == "cover":
            return float(bf.terrain[sq].defence_bonus)
        if criterion == "in_terrain":
            return float(bf.terrain[sq].defence_bonus > 0)
        if criterion == "clear_los_count":
            clear = terrain_row(bf, sq, True)  # enemies on the battlefield: their squares are >= 0
            return float(sum(1 for e in self.enemies(x.side)
                             if clear >> e.sq & 1 and bf.distance(sq, e.sq) <= 2 * LONG_RANGE
                             and sight_kind(state, sq, e.sq, x, e) == CLEAR))
        if criterion == "normal_range_count":
            open_ = terrain_row(bf, sq, False)
            return float(sum(1 for e in self.enemies(x.side)
                             if open_ >> e.sq & 1 and bf.distance(sq, e.sq) <= LONG_RANGE
                             and sees(state, sq, e.sq, x, e)))
        if criterion == "hidden":
            seen_from = terrain_row(bf, sq, False)  # the terrain's verdict is the same both ways
            return float(not any(seen_from >> e.sq & 1 and sees(state, e.sq, sq, e, x)
                                 for e in self.enemies(x.side)))
        if criterion == "apart":
            return float(not any(state.occ[n] >= 0 and state.occ[n] != x.id and state.units[state.occ[n]].side == x.side
                                 for n in bf.adjacent(sq)))
        if criterion == "stay":
            return float(sq == square_of(state, x))
        raise ValueError(f"unknown destination criterion {criterion!r}")

    def destination_values(self, u: Any, squares: list[Any], criterion: str, kind: str = "any") -> list[float]:
        """:meth:`destination_value` for many squares at once (the interpreter's fast
        path): the objective and terrain criteria read one precomputed map each."""
        x = self.unit(u)
        if x is None:
            return [0.0] * len(squares)
        state, terrain = self.state, self.bf.terrain
        if criterion in ("approach_objective", "advance"):
            near = self.nearest(x.side, kind)
            if criterion == "approach_objective":
                return [-float(near[sq]) for sq in squares]
            here = near[square_of(state, x)]
            return [float(near[sq] < here) for sq in squares]
        if criterion == "reach_objective":
            if x.type != "infantry":
                return [0.0] * len(squares)
            presence = self.presence(kind)
            return [float(sq in presence) for sq in squares]
        if criterion == "cover":
            return [float(terrain[sq].defence_bonus) for sq in squares]
        if criterion == "in_terrain":
            return [float(terrain[sq].defence_bonus > 0) for sq in squares]
        return [self.destination_value(u, sq, criterion, kind) for sq in squares]
