"""The hex grid: labels, axial coordinates, movement costs and line of sight.

Convention (docs/tide-of-iron.md): a board is text rows, north to south; row ``r``
(0-based) has one character per hex; odd rows sit half a hex to the right ("odd-r"
offset, pointy-top hexes). A hex is named by its column letter and 1-based row, e.g.
``C4``. Internally hexes are numbered ``row * width + col`` and carry axial
coordinates ``q = col - (row - row % 2) // 2``, ``r = row``.
"""

from __future__ import annotations

from typing import Any, Sequence

# Axial neighbour directions, clockwise from east; a die roll of 1-6 picks one for drift
# (004 Tide of Iron, Strategy cards > Determine Drift).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQUAD, VEHICLE = 0, 1


def label(index: int, width: int) -> str:
    row, col = divmod(index, width)
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_label(text: str, width: int, height: int) -> int | None:
    """Hex index of a label like ``C4``, or None off the board."""
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        return None
    col, row = ord(text[0].upper()) - ord("A"), int(text[1:]) - 1
    if not (0 <= col < width and 0 <= row < height):
        return None
    return row * width + col


class Grid:
    """A board's hexes with their terrain, ready for the engine's hot loops."""

    def __init__(self, rows: Sequence[str], terrain: dict[str, Any]) -> None:
        self.height, self.width = len(rows), len(rows[0])
        self.n = self.width * self.height
        self.terrain = [terrain[ch] for row in rows for ch in row]
        self.elevation = [t.elevation for t in self.terrain]
        self.cover = [t.cover for t in self.terrain]
        self.blocks = [t.blocks_los for t in self.terrain]
        self.axial = [(c - (r - (r & 1)) // 2, r) for r in range(self.height) for c in range(self.width)]
        index = {qr: i for i, qr in enumerate(self.axial)}
        self._index = index
        self.neighbours: list[list[int]] = []
        for q, r in self.axial:
            self.neighbours.append([index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index])
        # steps[kind][from] = [(to, MPs)]: the movement cost table of 004 Tide of Iron,
        # Terrain block (roads, hills: uphill 2, cliff sides impassable, half hexes never).
        self.steps: list[list[list[tuple[int, int]]]] = [[self._steps(i, k) for i in range(self.n)] for k in (0, 1)]
        self._los: dict[int, bool] = {}

    def label(self, index: int) -> str:
        return label(index, self.width)

    def parse(self, text: str) -> int | None:
        return parse_label(text, self.width, self.height)

    def hex(self, text: str) -> int:
        """The index of a label validation has already checked."""
        index = self.parse(text)
        if index is None:
            raise ValueError(f"hex {text} is off the board")
        return index

    def neighbour_in(self, index: int, direction: int) -> int | None:
        q, r = self.axial[index]
        dq, dr = DIRECTIONS[direction % 6]
        return self._index.get((q + dq, r + dr))

    def enterable(self, index: int, kind: int) -> bool:
        t = self.terrain[index]
        cost = t.cost.squad if kind == SQUAD else t.cost.vehicle
        return not t.half_hex and cost is not None

    def cost(self, src: int, dst: int, kind: int) -> int | None:
        """MPs a unit of ``kind`` pays to step from ``src`` into adjacent ``dst`` (None: cannot)."""
        t = self.terrain[dst]
        base = t.cost.squad if kind == SQUAD else t.cost.vehicle
        if t.half_hex or base is None:
            return None
        rise = self.elevation[dst] - self.elevation[src]
        if abs(rise) >= 2:
            return None  # "Cliff sides (level 0 to 2) are impassable", down as well as up (Hill)
        if t.road and self.terrain[src].road:
            base = 1
        if rise == 1:
            base = max(base, 2)
        return int(base)

    def _steps(self, src: int, kind: int) -> list[tuple[int, int]]:
        out = []
        for dst in self.neighbours[src]:
            c = self.cost(src, dst, kind)
            if c is not None:
                out.append((dst, c))
        return out

    def distance(self, a: int, b: int) -> int:
        (aq, ar), (bq, br) = self.axial[a], self.axial[b]
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def line(self, a: int, b: int) -> list[tuple[int, ...]]:
        """Hexes strictly between ``a`` and ``b``: one per step, or two when the line runs
        along the edge between them (004 Tide of Iron, Line of sight)."""
        n = self.distance(a, b)
        (aq, ar), (bq, br) = self.axial[a], self.axial[b]
        out: list[tuple[int, ...]] = []
        for i in range(1, n):
            t = i / n
            found = []
            for eps in (1e-6, -1e-6):
                q = aq + (bq - aq) * t + eps
                r = ar + (br - ar) * t + eps * 2
                found.append(self._round(q, r))
            hexes = tuple(sorted({h for h in found if h is not None}))
            if hexes:
                out.append(hexes)
        return out

    def _round(self, q: float, r: float) -> int | None:
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return self._index.get((int(rq), int(rr)))

    def los(self, a: int, b: int) -> bool:
        """Line of sight between hexes ``a`` and ``b`` (cached; symmetric).

        004 Tide of Iron, Line of sight: blocking terrain between the hexes blocks,
        not in them; a line along an edge is blocked only with BT on both sides;
        adjacent hexes always see each other. Between levels, the obstruction nearest
        the lower unit leaves 2 blind hexes behind it (1 when the levels differ by 2);
        a hill of a level between the two units counts as blocking terrain; a higher unit
        behind the crest (an adjacent hex on the line at its own level) has no LOS down."""
        if a == b:
            return True
        key = a * self.n + b if a < b else b * self.n + a
        seen = self._los.get(key)
        if seen is None:
            seen = self._compute_los(a, b)
            self._los[key] = seen
        return seen

    def _compute_los(self, a: int, b: int) -> bool:
        if self.distance(a, b) == 1:
            return True
        ea, eb = self.elevation[a], self.elevation[b]
        lo, hi = min(ea, eb), max(ea, eb)
        low = a if ea <= eb else b
        steps = self.line(a, b)
        if lo < hi and steps:
            # The higher unit must stand at the crest: firing across an adjacent hex of its
            # own level leaves no LOS (004 Tide of Iron, Line of sight).
            beside_high = steps[0] if low == b else steps[-1]
            if all(self.elevation[h] == hi for h in beside_high):
                return False
        nearest: int | None = None
        for step in steps:
            obstructs = [h for h in step if self.blocks[h] or self.elevation[h] > lo]
            if len(obstructs) < len(step):
                continue
            if lo == hi or any(self.elevation[h] > hi for h in obstructs):
                return False
            for h in obstructs:
                if nearest is None or self.distance(h, low) < self.distance(nearest, low):
                    nearest = h
        if nearest is None:
            return True
        blind = 2 if hi - lo == 1 else 1
        return self.distance(nearest, low) > blind
