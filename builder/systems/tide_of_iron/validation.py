"""Semantic checks of a Tide of Iron pack and of squad lists (the army rules of this system).

Schemas catch shapes; these checks catch what crosses items: references, hexes on the
board, squad building (004 Tide of Iron, Setup: squads are built from the scenario's
figures on squad bases), specialization limits (004 Tide of Iron, Specialized squads),
stacking (004 Tide of Iron, Setup: three units a hex, never more than two vehicles),
deployment zones and transport capacity (004 Tide of Iron, Transporting squads).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from builder.diagnostics import Diagnostic
from builder.systems.tide_of_iron import codes
from builder.systems.tide_of_iron.hexes import parse_label
from builder.systems.tide_of_iron.models import Squad, VehicleUnit
from builder.systems.tide_of_iron.pack import Loc, ToiPack

STACK_UNITS, STACK_VEHICLES = 3, 2


@dataclass(frozen=True)
class Finding:
    """A problem inside one item, before it is located in a file."""

    code: str
    loc: Loc
    message: str
    hint: str
    rule: str = ""


def board_findings(pack: ToiPack, board: Any) -> list[Finding]:
    symbols = {t.symbol for t in pack.items["terrain"].values()}
    out = []
    width = len(board.rows[0])
    for r, row in enumerate(board.rows):
        if len(row) != width:
            out.append(Finding(codes.N_BOARD, ("rows", r), f"row {r + 1} has {len(row)} hexes, row 1 has {width}",
                               "give every row the same number of characters", "docs/tide-of-iron.md, Boards"))
        for ch in sorted(set(row) - symbols):
            out.append(Finding(codes.N_BOARD, ("rows", r), f"row {r + 1} uses '{ch}', which no terrain type has as symbol",
                               "use a symbol of terrain/ or add a terrain type with it"))
    if width > 26:
        out.append(Finding(codes.N_BOARD, ("rows", 0), f"{width} columns; hex labels allow 26 (A-Z)",
                           "split the board"))
    return out


class BoardView:
    """A board's hexes for checking labels (no engine tables).

    The labels a squad or a vehicle may stand on are listed once per board: a pack's
    scenarios name thousands of hexes (zones, objectives, units), and a set lookup
    answers the usual, legal one without parsing it (the issue 20 profile)."""

    def __init__(self, pack: ToiPack, board: Any) -> None:
        self.rows = board.rows
        self.width, self.height = len(board.rows[0]), len(board.rows)
        self.terrain = {t.symbol: t for t in pack.items["terrain"].values()}
        self.enterable = (frozenset(self._labels(False)), frozenset(self._labels(True)))

    def _labels(self, vehicle: bool) -> list[str]:
        return [label for r, row in enumerate(self.rows) for c in range(len(row)) if c < 26
                if self._slow_check(label := f"{chr(ord('A') + c)}{r + 1}", (), vehicle) is None]

    def check(self, text: str, loc: Loc, vehicle: bool = False) -> Finding | None:
        if text in self.enterable[vehicle]:
            return None
        return self._slow_check(text, loc, vehicle)

    def _slow_check(self, text: str, loc: Loc, vehicle: bool) -> Finding | None:
        index = parse_label(text, self.width, self.height)
        if index is None:
            return Finding(codes.N_HEX, loc, f"hex {text} is off the board ({self.width} columns, {self.height} rows)",
                           "use a column letter and row number on the board", "docs/tide-of-iron.md, Hexes")
        row, col = divmod(index, self.width)
        if col >= len(self.rows[row]):
            return Finding(codes.N_HEX, loc, f"hex {text} is off the board", "use a hex on the board")
        t = self.terrain.get(self.rows[row][col])
        if t is None:
            return None
        cost = t.cost.vehicle if vehicle else t.cost.squad
        if t.half_hex or cost is None:
            return Finding(codes.N_HEX, loc, f"hex {text} is {t.name.lower()}, which a "
                           f"{'vehicle' if vehicle else 'squad'} cannot enter",
                           "place the unit on an enterable hex", "004 Tide of Iron, Movement (half hexes)")
        return None


def squad_findings(pack: ToiPack, nation: str, squad: Squad, loc: Loc) -> list[Finding]:
    """Squad building rules for one squad."""
    out = []
    base = pack.get("bases", squad.base)
    if base is None:
        out.append(Finding(codes.N_REFERENCE, loc + ("base",), f"unknown squad base '{squad.base}'",
                           "use an id from bases/"))
    elif base.nation != nation:
        out.append(Finding(codes.N_NATION, loc + ("base",), f"squad base '{squad.base}' is {base.nation}, the side is {nation}",
                           "use a base of the side's nation"))
    heavy = 0
    for fig_id, count in squad.figures.items():
        fig = pack.get("figures", fig_id)
        if fig is None:
            out.append(Finding(codes.N_REFERENCE, loc + ("figures", fig_id), f"unknown figure type '{fig_id}'",
                               "use an id from figures/"))
            continue
        if fig.nation != nation:
            out.append(Finding(codes.N_NATION, loc + ("figures", fig_id), f"figure '{fig_id}' is {fig.nation}, "
                               f"the side is {nation}", "use figures of the side's nation"))
        if count < 1:
            out.append(Finding(codes.N_CAPACITY, loc + ("figures", fig_id), f"{count} figures of '{fig_id}'",
                               "give at least one figure or remove the entry"))
        if fig.heavy_weapon:
            heavy += count
    total = sum(squad.figures.values())
    if base is not None and total > base.capacity:
        out.append(Finding(codes.N_CAPACITY, loc + ("figures",), f"squad '{squad.id}' has {total} figures; "
                           f"its base '{base.id}' holds {base.capacity}", "move figures to another squad",
                           "004 Tide of Iron, Setup (players build squads)"))
    if squad.specialization is not None:
        spec = pack.get("specializations", squad.specialization)
        if spec is None:
            out.append(Finding(codes.N_REFERENCE, loc + ("specialization",),
                               f"unknown specialization '{squad.specialization}'", "use an id from specializations/"))
        if heavy:
            out.append(Finding(codes.N_SPECIAL, loc + ("specialization",), f"specialized squad '{squad.id}' has a "
                               "heavy infantry weapon figure", "put the machine gun or mortar crew in another squad",
                               "004 Tide of Iron, Specialized squads"))
    return out


def force_findings(pack: ToiPack, scenario: Any, side: Any, squads: Sequence[Squad],
                   vehicles: Sequence[VehicleUnit], squads_loc: Loc, vehicles_loc: Loc,
                   pool_check: bool = True, view: BoardView | None = None) -> list[Finding]:
    """Every rule of a side's starting force: squads, pool, zones, transport, stacking.
    ``view``: the scenario board's, when the caller has it already."""
    out: list[Finding] = []
    board = pack.get("boards", scenario.board)
    if view is None and board is not None:
        view = BoardView(pack, board)
    zone = set(side.deployment)
    units_at: dict[str, int] = {}  # plain dicts, not Counters: this runs for every side of every scenario
    vehicles_at: dict[str, int] = {}
    where: dict[str, Loc] = {}
    carried: dict[str, int] = {}
    vehicle_ids = {}
    for i, v in enumerate(vehicles):
        loc = vehicles_loc + (i,)
        vt = pack.get("vehicles", v.vehicle)
        if vt is None:
            out.append(Finding(codes.N_REFERENCE, loc + ("vehicle",), f"unknown vehicle '{v.vehicle}'",
                               "use an id from vehicles/"))
        elif vt.nation != side.nation:
            out.append(Finding(codes.N_NATION, loc + ("vehicle",), f"vehicle '{v.vehicle}' is {vt.nation}, "
                               f"the side is {side.nation}", "use vehicles of the side's nation"))
        vehicle_ids[v.id] = vt
        out.extend(_placement(view, zone, v.hex, loc + ("hex",), True))
        units_at[v.hex] = units_at.get(v.hex, 0) + 1
        vehicles_at[v.hex] = vehicles_at.get(v.hex, 0) + 1
        where[v.hex] = loc + ("hex",)
    unit_ids = [s.id for s in squads] + [v.id for v in vehicles]
    ids = Counter(unit_ids) if len(set(unit_ids)) != len(unit_ids) else None
    for i, s in enumerate(squads):
        loc = squads_loc + (i,)
        if ids is not None and ids[s.id] > 1:
            out.append(Finding(codes.N_DUPLICATE, loc + ("id",), f"unit id '{s.id}' is used twice",
                               "give every squad and vehicle its own id"))
        out.extend(squad_findings(pack, side.nation, s, loc))
        if s.in_vehicle is not None:
            if s.in_vehicle not in vehicle_ids:
                out.append(Finding(codes.N_TRANSPORT, loc + ("in_vehicle",), f"no vehicle '{s.in_vehicle}' on this side",
                                   "name a vehicle of the side's force"))
                continue
            carried[s.in_vehicle] = carried.get(s.in_vehicle, 0) + 1
        elif s.hex is None:
            out.append(Finding(codes.N_HEX, loc, f"squad '{s.id}' has neither a hex nor a vehicle",
                               "give it 'hex:' or 'in_vehicle:'"))
        else:
            out.extend(_placement(view, zone, s.hex, loc + ("hex",), False))
            units_at[s.hex] = units_at.get(s.hex, 0) + 1
            where.setdefault(s.hex, loc + ("hex",))
    for vid, n in carried.items():
        vt = vehicle_ids[vid]
        if vt is not None and n > vt.transport:
            i = next(i for i, v in enumerate(vehicles) if v.id == vid)
            out.append(Finding(codes.N_TRANSPORT, vehicles_loc + (i,), f"vehicle '{vid}' carries {n} squad(s); "
                               f"{'it has no Transport trait' if not vt.transport else f'Transport ({vt.transport})'}",
                               "move squads to another transport or onto the board",
                               "004 Tide of Iron, Transporting squads in vehicles"))
    crowded = units_at and (max(units_at.values()) > STACK_UNITS or
                            (vehicles_at and max(vehicles_at.values()) > STACK_VEHICLES))
    for hexl, n in sorted(units_at.items()) if crowded else ():
        if n > STACK_UNITS or vehicles_at.get(hexl, 0) > STACK_VEHICLES:
            out.append(Finding(codes.N_STACKING, where[hexl], f"hex {hexl} holds {n} units ({vehicles_at.get(hexl, 0)} vehicles)",
                               "spread the units: at most three units and two vehicles a hex",
                               "004 Tide of Iron, Setup (stacking)"))
    if pool_check and (side.pool.figures or side.pool.bases):
        out.extend(_pool(side, squads, squads_loc))
    return out


def _placement(view: BoardView | None, zone: set[str], hexl: str, loc: Loc, vehicle: bool) -> list[Finding]:
    if view is None:
        return []
    bad = view.check(hexl, loc, vehicle)
    if bad is not None:
        return [bad]
    if hexl not in zone:
        return [Finding(codes.N_ZONE, loc, f"hex {hexl} is not in the side's deployment zone",
                        "deploy in one of the side's 'deployment' hexes", "004 Tide of Iron, Setup (deployment zones)")]
    return []


def _pool(side: Any, squads: Sequence[Squad], loc: Loc) -> list[Finding]:
    used_figures: dict[str, int] = {}
    used_bases: dict[str, int] = {}
    used_specs: dict[str, int] = {}
    for s in squads:  # plain dicts: Counter.update costs a third of this check (issue 20 profile)
        for fig, n in s.figures.items():
            used_figures[fig] = used_figures.get(fig, 0) + n
        used_bases[s.base] = used_bases.get(s.base, 0) + 1
        if s.specialization:
            used_specs[s.specialization] = used_specs.get(s.specialization, 0) + 1
    out = []
    for what, used, pool in (("figures", used_figures, side.pool.figures), ("bases", used_bases, side.pool.bases),
                             ("specialization tokens", used_specs, side.pool.specializations)):
        for key, n in sorted(used.items()):
            if n > pool.get(key, 0):
                out.append(Finding(codes.N_POOL, loc, f"{n} {what} '{key}' used; the scenario gives side "
                                   f"'{side.id}' {pool.get(key, 0)}", "build fewer squads or use other figures",
                                   "004 Tide of Iron, Setup (squads from scenario-provided infantry)"))
    return out


def check_pack(pack: ToiPack) -> list[Diagnostic]:
    """Every cross-item rule of a pack, located in its files."""
    diags: list[Diagnostic] = []

    def emit(kind: str, item_id: str, findings: list[Finding]) -> None:
        for f in findings:
            diags.append(pack.diag(f.code, kind, item_id, f.loc, f.message, f.hint, f.rule))

    nations = pack.items["nations"]
    symbols: dict[str, str] = {}
    for t in pack.items["terrain"].values():
        if t.symbol in symbols:
            emit("terrain", t.id, [Finding(codes.N_DUPLICATE, ("symbol",), f"symbol '{t.symbol}' is also terrain "
                                           f"'{symbols[t.symbol]}'", "give each terrain type its own symbol")])
        symbols.setdefault(t.symbol, t.id)
    for kind in ("figures", "bases", "vehicles", "decks"):
        for item in pack.items[kind].values():
            if item.nation not in nations:
                emit(kind, item.id, [Finding(codes.N_REFERENCE, ("nation",), f"unknown nation '{item.nation}'",
                                             "use an id from nations/")])
    for deck in pack.items["decks"].values():
        emit("decks", deck.id, [Finding(codes.N_REFERENCE, ("cards", i), f"unknown strategy card '{c}'",
                                        "use an id from cards/") for i, c in enumerate(deck.cards)
                                if c not in pack.items["cards"]])
    for op in pack.items["operations"].values():
        if op.effect is not None and op.effect.card is not None and op.effect.card not in pack.items["cards"]:
            emit("operations", op.id, [Finding(codes.N_REFERENCE, ("effect", "card"),
                                               f"unknown strategy card '{op.effect.card}'", "use an id from cards/")])
    views: dict[str, BoardView | None] = {}  # per board: its scenarios share one view
    for board in pack.items["boards"].values():
        findings = board_findings(pack, board)
        emit("boards", board.id, findings)
        views[board.id] = None if findings else BoardView(pack, board)
    for sc in pack.items["scenarios"].values():
        emit("scenarios", sc.id, _scenario_findings(pack, sc, views))
    return diags


def _marker_findings(pack: ToiPack, sc: Any, view: BoardView) -> list[Finding]:
    """Markers on the board, "not more than 3 entrenchment/pillbox markers" and not more
    than 1 minefield, razor wire, tank trap or smoke marker a hex, smoke not "on a
    building hex" (004 Tide of Iron, Fortifications & obstacles; Smoke)."""
    out: list[Finding] = []
    forts: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    rule = "004 Tide of Iron, Fortifications & obstacles"
    board = pack.items["boards"][sc.board]
    terrain = {t.symbol: t for t in pack.items["terrain"].values()}
    for i, m in enumerate(sc.markers):
        loc: Loc = ("markers", i)
        bad = view.check(m.hex, loc + ("hex",))
        if bad is not None:
            out.append(Finding(codes.N_MARKER, bad.loc, bad.message, bad.hint, rule))
            continue
        if m.kind in ("entrenchment", "pillbox"):
            forts[m.hex] = forts.get(m.hex, 0) + m.count
            if forts[m.hex] > 3:
                out.append(Finding(codes.N_MARKER, loc + ("count",), f"more than 3 entrenchment/pillbox markers on {m.hex}",
                                   "put at most 3 entrenchments and pillboxes together on a hex", rule))
        elif m.count > 1 or (m.hex, m.kind) in seen:
            out.append(Finding(codes.N_MARKER, loc + ("count",), f"more than 1 {m.kind} marker on {m.hex}",
                               f"put at most one {m.kind} marker on a hex", rule))
        seen.add((m.hex, m.kind))
        col, row = ord(m.hex[0]) - ord("A"), int(m.hex[1:]) - 1
        if m.kind == "smoke" and terrain[board.rows[row][col]].id == "building":
            out.append(Finding(codes.N_MARKER, loc + ("hex",), f"smoke on the building hex {m.hex}",
                               "place smoke off buildings", "004 Tide of Iron, Smoke"))
    return out


def _scenario_findings(pack: ToiPack, sc: Any, views: dict[str, BoardView | None]) -> list[Finding]:
    out: list[Finding] = []
    board = pack.get("boards", sc.board)
    if board is None:
        return [Finding(codes.N_REFERENCE, ("board",), f"unknown board '{sc.board}'", "use an id from boards/")]
    view = views.get(board.id)
    if view is None:  # the board's own findings are reported with the board
        return out
    side_ids = [s.id for s in sc.sides]
    if sc.initiative not in side_ids:
        out.append(Finding(codes.N_REFERENCE, ("initiative",), f"unknown side '{sc.initiative}'",
                           f"use one of: {', '.join(side_ids)}"))
    if len(set(side_ids)) != len(side_ids):
        out.append(Finding(codes.N_DUPLICATE, ("sides",), "both sides have the same id", "give each side its own id"))
    for i, obj in enumerate(sc.objectives):
        bad = view.check(obj.hex, ("objectives", i, "hex"))
        if bad is not None:
            out.append(Finding(codes.N_OBJECTIVE, bad.loc, bad.message, bad.hint, bad.rule))
        if obj.nation is not None and obj.nation not in pack.items["nations"]:
            out.append(Finding(codes.N_REFERENCE, ("objectives", i, "nation"), f"unknown nation '{obj.nation}'",
                               "use an id from nations/ or leave it out for a neutral objective"))
    out.extend(_marker_findings(pack, sc, view))
    for si, side in enumerate(sc.sides):
        loc: Loc = ("sides", si)
        nation = pack.get("nations", side.nation)
        if nation is None:
            out.append(Finding(codes.N_REFERENCE, loc + ("nation",), f"unknown nation '{side.nation}'",
                               "use an id from nations/"))
            continue
        for zone_key in ("deployment", "reinforcement_zone"):
            zone = getattr(side, zone_key)
            if view.enterable[False].issuperset(zone):  # the usual case: every hex fine, one set test
                continue
            for hi, hexl in enumerate(zone):
                bad = view.check(hexl, loc + (zone_key, hi))
                if bad is not None:
                    out.append(Finding(codes.N_OBJECTIVE, bad.loc, bad.message, bad.hint, bad.rule))
        for di, deck_id in enumerate(side.decks):
            deck = pack.get("decks", deck_id)
            if deck is None:
                out.append(Finding(codes.N_REFERENCE, loc + ("decks", di), f"unknown deck '{deck_id}'", "use an id from decks/"))
            elif deck.nation != side.nation:
                out.append(Finding(codes.N_NATION, loc + ("decks", di), f"deck '{deck_id}' is {deck.nation}'s, "
                                   f"the side is {side.nation}", "grant a deck of the side's nation"))
        for oi, op in enumerate(side.operations):
            if op not in pack.items["operations"]:
                out.append(Finding(codes.N_REFERENCE, loc + ("operations", oi), f"unknown operations card '{op}'",
                                   "use an id from operations/"))
        for fig_id in side.pool.figures:
            if fig_id not in pack.items["figures"]:
                out.append(Finding(codes.N_REFERENCE, loc + ("pool", "figures", fig_id), f"unknown figure '{fig_id}'",
                                   "use an id from figures/"))
        out.extend(force_findings(pack, sc, side, side.squads, side.vehicles, loc + ("squads",), loc + ("vehicles",),
                                  view=view))
        reinf_zone = set(side.reinforcement_zone)
        for ri, reinf in enumerate(side.reinforcements):
            rloc = loc + ("reinforcements", ri)
            if reinf.round > sc.rounds:
                out.append(Finding(codes.N_OBJECTIVE, rloc + ("round",), f"round {reinf.round} is after the last "
                                   f"round ({sc.rounds})", "bring them in an earlier round"))
            if not reinf_zone:
                out.append(Finding(codes.N_OBJECTIVE, rloc, f"side '{side.id}' has reinforcements but no reinforcement zone",
                                   "add 'reinforcement_zone:' hexes", "004 Tide of Iron, Placing reinforcements"))
            for vi, v in enumerate(reinf.vehicles):
                if v.hex not in reinf_zone:
                    out.append(Finding(codes.N_ZONE, rloc + ("vehicles", vi, "hex"), f"hex {v.hex} is not in the "
                                       "reinforcement zone", "use a reinforcement zone hex",
                                       "004 Tide of Iron, Placing reinforcements"))
            vtypes = {v.id: pack.get("vehicles", v.vehicle) for v in reinf.vehicles}
            for qi, s in enumerate(reinf.squads):
                out.extend(squad_findings(pack, side.nation, s, rloc + ("squads", qi)))
                if s.in_vehicle is not None and s.in_vehicle not in vtypes:
                    out.append(Finding(codes.N_TRANSPORT, rloc + ("squads", qi, "in_vehicle"),
                                       f"no vehicle '{s.in_vehicle}' in these reinforcements", "name one of them"))
            for vi, v in enumerate(reinf.vehicles):
                if pack.get("vehicles", v.vehicle) is None:
                    out.append(Finding(codes.N_REFERENCE, rloc + ("vehicles", vi, "vehicle"),
                                       f"unknown vehicle '{v.vehicle}'", "use an id from vehicles/"))
    return out

