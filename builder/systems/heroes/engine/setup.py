"""New games: armies from the scenario (or given compositions), seeded deployment.

000 core rules, Setup (Scenarios, Cards, Deployment) and Army Creation: a side's
army comes from builder.systems.heroes.engine.armies, with its Tricky trait's Ruse tokens
(builder.systems.heroes.engine.features.ruses) after its other counters. Deployment is deterministic for a seed: the initiative side
first, each unit on the first free legal square of a seeded shuffle of its zone.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine import alliances
from builder.systems.heroes.engine.armies import (_entries, army_composition, build_side, default_composition,
                                                  reinforcement_points)
from builder.systems.heroes.board.battlefield import build_battlefield
from builder.systems.heroes.engine.features.concealment import KEYS as CONCEALING
from builder.kernel.dice import Rng, derive_seed
from builder.systems.heroes.engine.errors import SetupError
from builder.systems.heroes.engine.errors import setup_error as _fail
from builder.systems.heroes.board.grid import GridError
from builder.systems.heroes.engine.movement import facing_towards
from builder.systems.heroes.engine.features.ruses import ruse_statics
from builder.systems.heroes.engine.state import GameState, GameStatic, SideState, SideStatic, UnitState, UnitStatic

__all__ = ["SetupError", "army_composition", "default_composition", "deploy", "new_game", "place_somewhere"]


def _deck(pack: Any, faction: str, keys: frozenset[str], rng: Rng, given: Any = None) -> list[str]:
    """The army list's deck when it has one, else every copy of the faction's cards
    (command cards only with the matching order option; listed once per pack),
    shuffled."""
    deck: list[str] = []
    if given:
        for entry in given:
            deck.extend([entry.card] * entry.copies)
        rng.shuffle(deck)
        return deck
    known = pack.__dict__.setdefault("_engine_decks", {}) if hasattr(pack, "__dict__") else {}
    listed = known.get((faction, keys))
    if listed is None:
        for card in sorted(pack.items["cards"].values(), key=lambda c: c.id):
            if card.faction != faction:
                continue
            if card.command is not None and ("artillery" if card.command.value == "artillery" else "airstrike") not in keys:
                continue
            deck.extend([card.id] * card.copies)
        listed = known[(faction, keys)] = tuple(deck)
    deck = list(listed)
    rng.shuffle(deck)
    return deck


def new_game(rules: Any, pack: Any, scenario_id: str, seed: int, armies: Any = None, options: Any = None) -> GameState:
    scenario = pack.items["scenarios"].get(scenario_id)
    if scenario is None:
        known = ", ".join(sorted(pack.items["scenarios"])) or "none"
        raise _fail(f"unknown scenario '{scenario_id}' (known: {known})")
    if len(scenario.sides) != 2:
        raise alliances.too_many_sides(pack, scenario)
    try:
        bf = build_battlefield(pack, scenario.layout)
    except GridError as exc:
        raise _fail(f"scenario '{scenario_id}': {exc}", at=(pack, scenario_id, ("layout",))) from None
    units: list[UnitStatic] = []
    owners: list[int] = []
    sides: list[SideStatic] = []
    decks: list[Any] = [None, None]
    seats = alliances.scenario_seats(scenario)
    for i, side in enumerate(scenario.sides[:2]):
        given = armies[i] if armies and i < len(armies) else None
        if side.players:
            comp = alliance_composition(pack, scenario, i, given)
        elif given is not None:
            comp = army_composition(given)
        elif side.army.composition:
            comp = _entries(side.army.composition)
        else:
            comp = default_composition(pack, side.faction, side.army.points or 0)
        extra = reinforcement_points(scenario, side.id)  # reinforcements bought with points, set aside until they enter
        if extra:
            comp = comp + [{**e, "set_aside": True} for e in default_composition(pack, side.faction, extra)]
        if given is not None:
            decks[i] = getattr(given, "deck", None)
        at = None if (given is not None or side.players) else (pack, scenario_id, ("sides", i, "army", "composition"))
        first_seat = next((k for k, (_, of) in enumerate(seats) if of == i), -1)
        sides.append(build_side(pack, side.id, side.faction, comp, units, owners, i, at, first_seat))
        for st in ruse_statics(sides[i], [u for u, o in zip(units, owners) if o == i]):
            st.seat = first_seat
            units.append(st)
            owners.append(i)
    side_ids = [s.id for s in sides]
    objectives = []
    for k, o in enumerate(scenario.objectives):
        try:
            sq = bf.square(o.at)
        except GridError as exc:
            raise _fail(f"objective '{o.id}': {exc}", at=(pack, scenario_id, ("objectives", k, "at"))) from None
        owner = side_ids.index(o.owner) if o.owner in side_ids else -1
        objectives.append((o.id, sq, o.kind.value, o.victory_points, owner))
    static = GameStatic(pack, scenario, bf, sides, units, objectives, seed,
                        hand_size=alliances.MULTIPLAYER_HAND if seats else scenario.sides[0].army.hand,
                        seats=seats,
                        has_ambush=any(f.role == "concealed" for u in units for f in u.profile.faces)
                        or any(u.decoy for u in units) or any(k in s.keys for s in sides for k in CONCEALING))
    state = GameState(rules, static, Rng(derive_seed(seed, "dice")))
    state.units = [UnitState(i, owners[i], st) for i, st in enumerate(units)]
    first = scenario.initiative.first
    state.initiative = side_ids.index(first) if first in side_ids else 0
    setup_rng = Rng(derive_seed(seed, "setup"))
    for i, ss in enumerate(sides):
        s = SideState()
        s.equipment = dict(ss.equipment)
        s.lost = [0] * len(ss.groups)
        s.broken = [False] * len(ss.groups)
        s.deck = _deck(pack, ss.faction, ss.keys, setup_rng, decks[i])
        hand = scenario.sides[i].army.hand
        s.hand, s.deck = s.deck[:hand], s.deck[hand:]
        state.sides.append(s)
    cards = pack.items["cards"]
    # a Camouflage card hides units that have no concealed side: spotting must run after moves
    static.has_ambush = static.has_ambush or any(
        getattr(cards.get(c), "effect_key", None) == "conceal" for s in state.sides for c in s.hand + s.deck)
    for u in state.units:
        faces = u.st.profile.faces
        if (faces[0].role == "concealed" and len(faces) > 1) or u.st.decoy:
            u.face, u.concealed = 0, True  # Ambush: deployed on the concealed side; Ruse tokens face down
    deploy(state, scenario, setup_rng, (pack, scenario_id))
    return state


def alliance_composition(pack: Any, scenario: Any, side: int, given: Any) -> list[dict[str, Any]]:
    """The composition of an alliance's players, each entry marked with its player's
    place in the alliance (``seat``): an army list's ``alliance`` players in order, else
    each scenario player's composition or default army to its budget (000 core rules,
    Multiplayer Rules 3-4 Players > Army Creation; builder/systems/heroes/engine/alliances.py)."""
    spec = scenario.sides[side]
    if given is not None:
        entries = army_composition(given)
        listed = 1 + max((int(e.get("seat") or 0) for e in entries), default=0)
        if listed != len(spec.players):
            raise alliances.army_mismatch(pack, scenario, side, len(spec.players), listed)
        return entries
    out: list[dict[str, Any]] = []
    costs: list[int | None] = []
    for j, player in enumerate(spec.players):
        if player.composition:
            comp = _entries(player.composition)
        else:
            points = alliances.player_budgets(spec, costs)[j]
            try:  # each player's own search (seeded by its place), without a hero an ally recruited
                taken = frozenset(str(e["hero"]) for e in out if e.get("hero"))
                comp = default_composition(pack, player.faction or spec.faction, points, j, taken)
            except SetupError as exc:
                raise alliances.player_army_error(pack, scenario, side, j, f"player '{player.id}': {exc}") from None
        costs.append(composition_cost(pack, comp))
        out.extend({**e, "seat": j} for e in comp)
    return out


def composition_cost(pack: Any, comp: list[dict[str, Any]]) -> int:
    """Army points of composition entries: their tiles, options and heroes (000 core
    rules, Army Creation)."""
    total = 0
    for e in comp:
        for key, kind in (("tile", "tiles"), ("option", "options"), ("hero", "heroes")):
            item = pack.items[kind].get(e.get(key) or "")
            if item is not None:
                total += item.cost * int(e.get("count") or 1)
    return total


def deploy(state: GameState, scenario: Any, rng: Rng, origin: tuple[Any, str] | None = None) -> None:
    """Place every unit not set aside in its side's zone, the initiative side first
    (000 core rules, Setup > Deployment). With alliances, the players deploy in turn:
    the first player of the alliance with the initiative, the first of the other, the
    second of the first... (Multiplayer Rules 3-4 Players > Deployment)."""
    order = [state.initiative] + [i for i in range(len(state.sides)) if i != state.initiative]
    if not state.static.seats:
        for si in order:
            zone, facing = _zone(state, scenario, si, rng, origin)
            _place(state, scenario, si, [u for u in state.units if u.side == si], zone, facing, rng, origin)
        return
    zones = {si: _zone(state, scenario, si, rng, origin) for si in order}
    for si, seat in alliances.deployment_order(state):
        units = [u for u in state.units if u.side == si and alliances.seat_of(state, u) == seat]
        zone, facing = zones[si]
        _place(state, scenario, si, units, zone, facing, rng, origin)


def _zone(state: GameState, scenario: Any, si: int, rng: Rng,
          origin: tuple[Any, str] | None) -> tuple[list[int], int]:
    """The squares of side ``si``'s deployment zone, in a seeded order, and the facing
    towards the battlefield's centre."""
    bf = state.static.bf
    cx, cy = (bf.width - 1) / 2, (bf.height - 1) / 2
    spec = scenario.sides[si]
    at = None if origin is None else (origin[0], origin[1], ("sides", si, "deployment"))
    zone: list[int] = []
    try:
        for area in spec.deployment:
            zone.extend(bf.area_squares(area))
        for sq in spec.entry:
            zone.append(bf.square(sq))
    except GridError as exc:
        raise _fail(f"side '{spec.id}' deployment: {exc}", at=at) from None
    zone = list(dict.fromkeys(zone))
    if not zone:
        raise _fail(f"side '{spec.id}' has no deployment zone or entry square", at=at)
    wanted = 2 * sum(1 for u in state.units if u.side == si and not u.st.set_aside and u.type != "aircraft") + 4
    if not spec.deployment:
        zone = _around(bf, zone, wanted)
    rng.shuffle(zone)
    zx = sum(s % bf.width for s in zone) / len(zone)  # the zone's centre (x = square % width)
    zy = sum(s // bf.width for s in zone) / len(zone)
    facing = facing_towards(round(cx - zx), round(cy - zy)) if (round(cx - zx), round(cy - zy)) != (0, 0) else 0
    facing -= facing % 2
    return zone, facing


def _place(state: GameState, scenario: Any, si: int, units: list[UnitState], zone: list[int], facing: int,
           rng: Rng, origin: tuple[Any, str] | None) -> None:
    """Deploy ``units`` (of side ``si``) on the first free legal squares of ``zone``;
    Scouts as far ahead as their value allows."""
    spec = scenario.sides[si]
    at = None if origin is None else (origin[0], origin[1], ("sides", si, "deployment"))
    # aircraft fly over the battlefield, never on it (builder/systems/heroes/engine/features/aircraft.py)
    mine = [u for u in units if not u.st.set_aside and u.type != "aircraft"]
    mine.sort(key=lambda u: (-u.st.profile.footprint, 0 if u.is_vehicle else 1, u.id))
    for u in mine:
        scout = u.ability("scout")
        squares = zone
        if scout:
            squares = scout_squares(state, zone, scout, rng)
        if not place_somewhere(state, u, squares, facing) and not (scout and place_somewhere(state, u, zone, facing)):
            raise _fail(f"side '{spec.id}': no free square left in its deployment zone for "
                        f"{u.st.profile.name} (unit {u.id})", "enlarge the deployment zone", at=at)


def scout_squares(state: GameState, zone: list[int], reach: int, rng: Rng) -> list[int]:
    """Squares a Scout may deploy on: up to ``reach`` squares outside the zone, never
    on or next to an objective (000 core rules, Special Abilities > Scout); the
    farthest ring first, in a seeded order."""
    bf = state.static.bf
    # The rings depend on the zone's squares (not their order: each ring is sorted),
    # the reach and the objectives' squares; they are kept on the battlefield, so
    # that each new game of the scenario only shuffles copies of them.
    objectives = tuple(sq for _, sq, _, _, _ in state.static.objectives)
    key = ("scout-rings", frozenset(zone), reach, objectives)
    rings = bf.derived.get(key)
    if rings is None:
        banned = set()
        for sq in objectives:
            banned.add(sq)
            banned.update(bf.adjacent(sq))
        seen = set(zone)
        ring = list(zone)
        found: list[tuple[int, ...]] = []
        for _ in range(reach):
            nxt = sorted({n for sq in ring for n in bf.adjacent(sq) if n not in seen})
            seen.update(nxt)
            found.append(tuple(n for n in nxt if n not in banned))
            ring = nxt
        rings = bf.derived[key] = tuple(found)
    out: list[int] = []
    for kept in reversed(rings):
        r = list(kept)
        rng.shuffle(r)
        out.extend(r)
    return out + zone


def _around(bf, entries: list[int], wanted: int) -> list[int]:
    """Entry squares and the squares nearest them (units arriving by entry arrows
    start next to them), ring by ring until there is room."""
    zone = list(entries)
    seen = set(zone)
    ring = list(entries)
    while len(zone) < wanted and ring:
        nxt = []
        for sq in ring:
            for n in bf.adjacent(sq):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        zone.extend(sorted(nxt))
        ring = nxt
    return zone


def place_somewhere(state: GameState, unit: UnitState, squares: list[int], facing: int) -> bool:
    bf = state.static.bf
    amph = unit.ability("amphibious") is not None
    for sq in squares:
        for f in (facing, (facing + 2) % 8, (facing + 6) % 8, (facing + 4) % 8):
            unit.sq, unit.facing = sq, f
            cover = state.squares_of(unit)
            if len(cover) != unit.st.profile.footprint:
                continue
            if all(state.occ[c] < 0 and bf.enterable(c, unit.type, amph) for c in cover):
                for c in cover:
                    state.set_occupant(c, unit.id)
                return True
            if unit.st.profile.footprint == 1:
                break
    unit.sq = -1
    return False
