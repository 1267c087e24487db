"""The per-player counts of a playtest game of three or four players (000 core rules,
Multiplayer Rules 3-4 Players), for the row's ``seats`` entry that
builder.playtest_core.alliances sums into the report."""

from __future__ import annotations

from collections import Counter
from typing import Any

from builder.systems.heroes.engine.alliances import seat_of


def seat_texts(state: Any, specs: list[str]) -> dict[str, str]:
    """The AI players of each side (alliance players joined by '+'), for a row's ``players``."""
    seats = state.static.seats
    if not seats:
        return {state.side_ids[i]: s for i, s in enumerate(specs)}
    return {sid: "+".join(specs[k] for k, (_, side) in enumerate(seats) if side == i)
            for i, sid in enumerate(state.side_ids)}


class SeatTally:
    """Per player of a game of three or four: units fielded and lost (empty otherwise)."""

    def __init__(self, state: Any, specs: list[str]) -> None:
        self.state = state
        self.specs = specs
        n = len(state.static.seats)
        self.fielded = [0] * n
        self.lost = [0] * n
        if n:
            for u in state.units:
                if not u.st.decoy and not u.st.reinforcement:
                    self.fielded[seat_of(state, u)] += 1

    def event(self, kind: str, data: dict[str, Any]) -> None:
        if self.fielded and kind in ("eliminated", "wrecked"):
            self.lost[seat_of(self.state, self.state.units[data["unit"]])] += 1

    def row(self) -> dict[str, Any]:
        """The row's ``seats`` entry (nothing in a two-player game)."""
        state = self.state
        seats = state.static.seats
        if not seats:
            return {}
        alive = Counter(seat_of(state, u) for u in state.units if u.active and not u.st.decoy)
        return {"seats": {pid: {"side": state.side_ids[side], "player": self.specs[k], "fielded": self.fielded[k],
                                "lost": self.lost[k], "wiped_out": alive.get(k, 0) == 0}
                          for k, (pid, side) in enumerate(seats)}}
