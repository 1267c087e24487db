"""The danger gauge (002 Solo Mode, Set Up > Difficulty and Danger Levels).

The marker starts on space 1 (green: the AI draws an action card each order phase)
and climbs one space per AI unit lost. Each time it reaches the first space of a level
(yellow, red, black; where depends on the difficulty) that level's face-down danger tile
is revealed and its bonus applies at once; bonuses add up. A tactical bonus or a
scenario event may also move the marker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEVELS = ("yellow", "red", "black")


@dataclass
class DangerGauge:
    thresholds: dict[str, int]
    tiles: dict[str, Any]  # level -> its face-down tile
    position: int = 1
    revealed: list[str] = field(default_factory=list)

    @property
    def level(self) -> str:
        reached = [lv for lv in LEVELS if self.position >= self.thresholds[lv]]
        return reached[-1] if reached else "green"

    def move_to(self, position: int) -> list[Any]:
        """Move the marker; returns the tiles revealed on the way up (in order)."""
        self.position = max(1, position)
        out = []
        for lv in LEVELS:
            if self.position >= self.thresholds[lv] and lv not in self.revealed:
                self.revealed.append(lv)
                out.append(self.tiles[lv])
        return out

    def clone(self) -> "DangerGauge":
        """A copy for a cloned game: the tiles are content, shared."""
        return DangerGauge(self.thresholds, self.tiles, self.position, self.revealed[:])

    def climb(self, spaces: int = 1) -> list[Any]:
        return self.move_to(self.position + spaces)

    def set_level(self, level: str, spaces: dict[str, int], difficulty: str, if_reached: str | None) -> list[Any]:
        """A scenario's 'jump to the first space of LEVEL' (FM1, turn 5): to the first
        space of ``if_reached`` instead when the marker already stands at ``level``."""
        target = spaces.get(difficulty) or self.thresholds[level]
        already = self.level != "green" and LEVELS.index(self.level) >= LEVELS.index(level)
        if already and if_reached:
            target = self.thresholds[if_reached]
        return self.move_to(max(self.position, target))


def make_gauge(gauge_item: Any, tiles: list[Any], attitude: str, difficulty: str, rng: Any) -> DangerGauge:
    """Shuffle the attitude's tiles and lay one per level; a balanced AI draws each from
    the defensive and aggressive tiles of that level together."""
    chosen = {}
    for lv in LEVELS:
        pool = [t for t in tiles if t.level == lv and (attitude == "balanced" or t.attitude == attitude)]
        pool.sort(key=lambda t: t.id)
        chosen[lv] = pool[rng.below(len(pool))] if pool else None
    return DangerGauge(dict(gauge_item.thresholds[difficulty]), chosen)
