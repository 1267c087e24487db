"""Pure evaluation helpers shared by the greedy player and the Solo Mode view.

Nothing here changes the state: expected damage of a shot or an assault comes from the
engine's own odds (builder.systems.heroes.engine.firing.plan_shot, builder.systems.heroes.engine.assault.plan_assault);
objective gain is read from positions (000 core rules, Setup > Victory Conditions: an
objective is held by infantry on it or next to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.engine.ambush import revealed_face
from builder.systems.heroes.engine.assault import plan_assault
from builder.systems.heroes.engine.features.exits import counts as exit_counts, exit_squares, kind_of
from builder.systems.heroes.engine.features.blast import EQUIPMENT, INTO_ROOM, blast_plan, in_room, patterns, under
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.features.smoke_bombs import pattern as bomb_pattern, targets as bomb_targets
from builder.systems.heroes.engine.features.vehicle_bombs import bomb_plan
from builder.systems.heroes.engine.transport import square_of
from builder.systems.heroes.engine.state import rule_field
from builder.systems.heroes.engine.features.vehicle_bombs import VEHICLE_BOMBS
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine import Action, GameState, UnitState
    from builder.systems.heroes.engine.assault import AssaultPlan
    from builder.systems.heroes.board.grid import Battlefield

KIND_ORDER = ("primary", "secondary", "neutral", "tactical_bonus")


def tokens(state: "GameState") -> list[int]:
    """Squares of the Solo Mode tactical bonus tokens still on the battlefield."""
    solo = state.variant  # the Solo game mode's dashboard, None in the core rules
    return list(solo.bonuses) if solo is not None and solo.bonuses else []


_OBJECTIVE_SQUARES: Final[Derived[dict[str, list[tuple[int, int, int]]]]] = table(
    "ai.evaluate: (index, square, weight) of the objectives of a kind, by kind")


def objective_squares(state: "GameState", kind: str = "any") -> list[tuple[int, int, int]]:
    """(index, square, weight) of the objectives of ``kind`` ('any' for all); primary
    objectives weigh 3, secondary 2, others 1; tactical bonus tokens (index -1) weigh 1.
    The objectives' part is listed once per game: the Solo AI asks at every decision."""
    fixed = derived(state, _OBJECTIVE_SQUARES)
    listed = fixed.get(kind)
    if listed is None:
        weight = {"primary": 3, "secondary": 2}
        listed = fixed[kind] = [(i, sq, max(vp, weight.get(k, 1)))
                                for i, (_, sq, k, vp, _) in enumerate(state.static.objectives) if kind in ("any", k)]
    out = listed[:]
    if kind in ("any", "tactical_bonus"):
        out.extend((-1, sq, 1) for sq in tokens(state))
    return out


_MAPS: dict[tuple[Any, ...], tuple[list[list[int]], dict[str, frozenset[int]]]] = {}


def objective_maps(state: "GameState") -> tuple[list[list[int]], dict[str, frozenset[int]]]:
    """Per objective, the distance from every square; per kind, the squares from which
    infantry is present at an objective of that kind. They depend only on the battlefield
    and the objectives, so they are shared by every game of a scenario in a process."""
    return derived(state, _OBJECTIVE_MAPS)


def _objective_maps(state: "GameState") -> tuple[list[list[int]], dict[str, frozenset[int]]]:
    static = state.static
    bf = static.bf
    key = (bf.key or id(bf), bf.size, tuple((o[1], o[2]) for o in static.objectives))
    cache = _MAPS.get(key)
    if cache is None:
        dist = [[bf.distance(sq, osq) for sq in range(bf.size)] for (_, osq, _, _, _) in static.objectives]
        presence: dict[str, set[int]] = {"any": set()}
        for i, (_, _, kind, _, _) in enumerate(static.objectives):
            near = {sq for sq in range(bf.size) if dist[i][sq] <= 1}
            presence.setdefault(kind, set()).update(near)
            presence["any"].update(near)
        cache = (dist, {k: frozenset(v) for k, v in presence.items()})
        if len(_MAPS) > 32:
            _MAPS.clear()
        _MAPS[key] = cache
    return cache


_OBJECTIVE_MAPS: Final = Derived("ai.evaluate: the objective maps of the game's battlefield and objectives",
                                 _objective_maps)


_ROWS: dict[tuple[Any, int], list[int]] = {}
_NEAREST: dict[tuple[Any, ...], list[int]] = {}


def square_row(bf: "Battlefield", sq: int) -> list[int]:
    """Distances from every square to ``sq`` (shared by all games on this battlefield)."""
    key = (bf.key or id(bf), sq)
    row = _ROWS.get(key)
    if row is None:
        if len(_ROWS) > 4096:
            _ROWS.clear()
        row = _ROWS[key] = [bf.distance(s, sq) for s in range(bf.size)]
    return row


def presence_squares(state: "GameState", kind: str = "any") -> frozenset[int]:
    """Squares from which infantry is present at an objective (or token) of ``kind``."""
    fixed = objective_maps(state)[1].get(kind, frozenset())
    if kind not in ("any", "tactical_bonus"):
        return fixed
    on_board = tokens(state)
    if not on_board:
        return fixed
    bf = state.static.bf
    near = {s for sq in on_board for s in (sq, *bf.adjacent(sq))}
    return fixed | near


def holds_from(state: "GameState", sq: int, obj_sq: int) -> bool:
    """Would infantry standing on ``sq`` be present at the objective on ``obj_sq``?"""
    return sq == obj_sq or state.static.bf.distance(sq, obj_sq) <= 1


def where_key(state: "GameState") -> tuple[Any, ...]:
    """What the objective caches of a game are keyed by: its battlefield and the squares
    and kinds of its objectives (kept on the game's static data after the first call)."""
    return derived(state, _WHERE)


def _where(state: "GameState") -> tuple[Any, ...]:
    static = state.static
    return (static.bf.key or id(static.bf), tuple((o[1], o[2]) for o in static.objectives))


_WHERE: Final = Derived("ai.evaluate: the battlefield and the objectives' squares and kinds", _where)


def nearest_objective_distance(state: "GameState", sq: int, side: int, kind: str = "any",
                               not_held: bool = False) -> int:
    """Squares from ``sq`` to the nearest objective of ``kind`` (not already held by
    ``side`` when ``not_held``); 99 when there is none."""
    return nearest_map(state, side, kind, not_held)[sq]


def nearest_map(state: "GameState", side: int, kind: str = "any", not_held: bool = False) -> list[int]:
    """:func:`nearest_objective_distance` for every square at once, cached for as long as
    objective control and the tactical bonus tokens stay as they are."""
    solo = state.variant  # the Solo game mode's dashboard, None in the core rules
    on_board = tuple(solo.bonuses) if solo is not None and solo.bonuses and kind in ("any", "tactical_bonus") else ()
    where = where_key(state)
    key = (where, kind, side if not_held else -1, tuple(state.control) if not_held else (), on_board)
    cache = _NEAREST
    got = cache.get(key)
    if got is not None:
        return got
    if len(cache) > 4096:
        cache.clear()
    dist = objective_maps(state)[0]
    rows = [dist[i] for i, (_, _, k, _, _) in enumerate(state.static.objectives)
            if (kind == "any" or k == kind) and not (not_held and state.control[i] == side)]
    rows += [square_row(state.static.bf, tsq) for tsq in on_board]
    got = [min(col) for col in zip(*rows)] if rows else [99] * state.static.bf.size
    cache[key] = got
    return got


def objective_weights(state: "GameState") -> list[int]:
    """Per square, the weight of the first objective (in scenario order) that infantry
    standing there is present at (0 when none): :func:`target_value` reads it instead
    of measuring every objective for every target. Shared like :func:`objective_maps`."""
    return derived(state, _OBJECTIVE_WEIGHTS)


def _objective_weights(state: "GameState") -> list[int]:
    static = state.static
    dist = objective_maps(state)[0]
    weights = [0] * static.bf.size
    for i, (_, _, k, vp, _) in enumerate(static.objectives):
        w = max(vp, 3 if k == "primary" else 2 if k == "secondary" else 1)
        row = dist[i]
        for sq, d in enumerate(row):
            if d <= 1 and not weights[sq]:
                weights[sq] = w
    return weights


_OBJECTIVE_WEIGHTS: Final = Derived("ai.evaluate: per square, the weight of the first objective held from it",
                                    _objective_weights)


def target_value(state: "GameState", target: "UnitState") -> float:
    """How much the side wants ``target`` gone: 1, more if it holds an objective or is
    a vehicle, less once it is a wreck. Infantry on or next to an objective (000 core
    rules, Setup > Victory Conditions) adds half the weight of the first one it holds,
    objectives before tactical bonus tokens."""
    value = 1.0
    if target.is_vehicle:
        value += 0.5
    if target.type == "infantry":
        sq = target.sq
        w = objective_weights(state)[sq] if sq >= 0 else 0
        if w:
            value += 0.5 * w
        elif sq < 0:
            for _, osq, w in objective_squares(state):
                if holds_from(state, sq, osq):
                    value += 0.5 * w
                    break
        else:
            for tsq in tokens(state):
                if holds_from(state, sq, tsq):
                    value += 0.5
                    break
    return value


class as_revealed:  # lower case: it reads as a function in ``with as_revealed(unit):``
    """Plan a concealed unit's shot or assault on its revealed side (the engine turns it
    over before it fires or assaults: 000 core rules, Special Abilities > Ambush); its
    face is put back on leaving the block. A small class rather than a generator-based
    context manager: the greedy player plans shots by the thousand."""

    __slots__ = ("unit", "face")

    def __init__(self, unit: "UnitState") -> None:
        self.unit, self.face = unit, unit.face

    def __enter__(self) -> None:
        if self.unit.concealed:
            self.unit.face = revealed_face(self.unit)

    def __exit__(self, *exc: object) -> None:
        self.unit.face = self.face


def shot_value(state: "GameState", action: "Action") -> float:
    """Expected damage of a fire action: P(hit) x value, plus P(kill shot) x value
    (a kill shot removes the target outright); suppressive fire counts half."""
    firer, target = state.units[action.unit], state.units[action.target]
    with as_revealed(firer):
        plan = plan_shot(state, firer, action.weapon, target, action.mode or "normal", action.extra,
                         moving=state.moved)
    if not plan.ok:
        return -1.0
    p_hit, p_kill = plan.odds()
    v = target_value(state, target)
    if action.mode == "suppressive":
        return 0.5 * (p_hit + p_kill) * v
    return (p_hit + p_kill) * v - 0.05 * action.extra


def blast_hits(state: "GameState", action: "Action") -> list[tuple["UnitState", float]]:
    """The units a ``blast`` action would attack where it is aimed, each with its
    chance of a hit plus that of a kill shot (builder/systems/heroes/engine/features/blast.py)."""
    firer = state.units[action.unit]
    p = next((p for p in patterns(state, firer) if p.key == action.mode and p.weapon == action.weapon), None)
    if p is None:
        return []
    room = action.extra == INTO_ROOM
    out = []
    for t in in_room(state, action.square) if room else under(state, action.square, p.radius):
        plan = blast_plan(state, firer, t, p, room)
        if plan.ok:
            p_hit, p_kill = plan.odds()
            out.append((t, p_hit + p_kill))
    return out


def blast_value(state: "GameState", action: "Action") -> float:
    """Expected damage of a ``blast`` action: what each unit under the pattern is
    worth times its odds, friends counting against, halved when the pattern may
    scatter; a token is worth a little, as for Ammo."""
    side = state.units[action.unit].side
    value = sum(odds * target_value(state, t) * (1 if t.side != side else -1)
                for t, odds in blast_hits(state, action))
    if action.mode in ("rifle-grenade", "indirect-fire"):
        value *= 0.5
    return value - (0.05 if action.mode in EQUIPMENT else 0.0)


def bomb_value(state: "GameState", action: "Action") -> float:
    """Expected damage of a ``token`` decision putting a sticky bomb or magnetic
    mine on a vehicle (builder/systems/heroes/engine/features/vehicle_bombs.py): its odds at the end of the Supply
    phase times the vehicle's value, counted only as far as the bombs already on
    it may all miss; a token is worth a little, as for Ammo."""
    side = state.units[action.unit].side
    target = state.units[action.target]
    plan = bomb_plan(state, side, action.mode, target)
    if not plan.ok:
        return -1.0
    p_hit, p_kill = plan.odds()
    on_it = sum(1 for b in rule_field(state, VEHICLE_BOMBS) if b[0] == target.id)
    return (p_hit + p_kill) * target_value(state, target) * (1 - p_hit) ** on_it - 0.05


CONCEAL = 0.02  # a Concealed token, worth less than any move gaining ground (0.1 a square closer)


def conceal_value(state: "GameState", action: "Action") -> float:
    """A ``token`` decision putting a Concealed token on a unit (builder/systems/heroes/engine/
    concealment.py). The greedy player always takes one for an eligible unit, after
    the supply moves that gain something (a unit turns over at the end of its move),
    the unit nearest the enemy first: 0.02, plus up to 0.02 the closer the enemy."""
    u = state.units[action.unit]
    return CONCEAL + CONCEAL / (1 + danger_distance(state, u.sq, u.side))


SMOKE_ORDER = 0.25  # a smoke bomb's order against a unit's (order potential): below it unless enemies bunch


def smoke_value(state: "GameState", side: int, i: int) -> float:
    """What a smoke bomb of ``side`` laid on intersection ``i`` is worth: the armed
    enemy units whose shots (in or out) it would hinder, less ``side``'s own
    (builder/systems/heroes/engine/features/smoke_bombs.py)."""
    value = 0.0
    for t in under(state, i, bomb_pattern(state, side).radius):
        if t.st.profile.faces[t.face].weapons:
            value += 1.0 if t.side != side else -1.0
    return value


def smoke_order_value(state: "GameState", side: int, token: int) -> float:
    """An order placed on a smoke bomb, on the scale of a unit's order: worth
    something only when the best target hinders two enemies or more."""
    key = ("smoke-best", side)  # the same for every token offered at one decision
    best = state.memo.get(key)
    if best is None:
        best = state.memo[key] = max((smoke_value(state, side, i) for i in bomb_targets(state, side)), default=0.0)
    return SMOKE_ORDER * best * (20 - token) if best >= 2 else -1.0


_ASSAULT_ODDS: dict[tuple[int, int, int, int, bool], tuple[float, float, float]] = {}


def assault_odds(plan: "AssaultPlan") -> tuple[float, float, float]:
    """``plan.odds()``, memoised on everything those odds read: the dice of each side,
    their modifiers and whether the defender is assaulted outside its arc (000 core
    rules, Action! > Resolution of an Assault). The greedy player weighs every assault
    of a unit, and only a handful of distinct dice fights ever occur."""
    key = (plan.attack_dice, plan.defence_dice, plan.attack_mod, plan.defence_mod, plan.outside_arc)
    odds = _ASSAULT_ODDS.get(key)
    if odds is None:
        if len(_ASSAULT_ODDS) > 4096:
            _ASSAULT_ODDS.clear()
        odds = _ASSAULT_ODDS[key] = plan.odds()
    return odds


def assault_value(state: "GameState", action: "Action") -> float:
    """Expected gain of an assault: win x target value - loss x own value."""
    attacker, defender = state.units[action.unit], state.units[action.target]
    with as_revealed(attacker), as_revealed(defender):
        win, _tie, lose = assault_odds(plan_assault(state, attacker, defender, action.square))
    return 1.5 * win * target_value(state, defender) - lose * target_value(state, attacker)


def assault_edge(state: "GameState", attacker: "UnitState", defender: "UnitState", from_sq: int) -> int:
    """The attacker's assault bonus minus the defender's (002 Solo Mode, 5.4 > 2,
    Priority 4 and its warning about -3)."""
    with as_revealed(attacker), as_revealed(defender):
        plan = plan_assault(state, attacker, defender, from_sq)
    return plan.attack_mod - plan.defence_mod


def move_value(state: "GameState", unit: "UnitState", sq: int) -> float:
    """Objective gain of moving ``unit`` to ``sq``: reaching an objective (or token) not
    held, closing on the nearest one, ending in cover."""
    return move_value_map(state, unit)[sq]


_MOVE_MAPS: dict[tuple[Any, ...], list[float]] = {}
_COVER: dict[Any, list[float]] = {}


def cover_bonus(bf: "Battlefield") -> list[float]:
    """Per square, what ending a move in its cover is worth to :func:`move_value`:
    0.05 x the terrain's defence bonus (000 core rules, Terrain and Terrain Overlays >
    Defense). Battlefields are shared by key, so is this list."""
    key = bf.key or id(bf)
    cover = _COVER.get(key)
    if cover is None:
        if len(_COVER) > 64:
            _COVER.clear()
        cover = _COVER[key] = [0.05 * t.defence_bonus for t in bf.terrain]
    return cover


def move_value_map(state: "GameState", unit: "UnitState") -> list[float]:
    """:func:`move_value` of ``unit`` for every square of the battlefield.

    A move's value reads only the unit's square, side and type, objective control
    and the tactical bonus tokens, never the other units, so the map is shared by
    every decision (and game) where those are the same: a unit weighing its moves
    again and again from one square builds it once. Sums are made in the order
    the one-square definition makes them (objectives, tokens, closing in, cover),
    so every value is exactly the same float."""
    where = where_key(state)
    infantry = unit.type == "infantry"
    on_board = tuple(tokens(state))
    here, side = unit.sq if unit.sq >= 0 else square_of(state, unit), unit.side  # carried: its vehicle's
    leaving = exit_squares(state)[side] if exit_needs(state) and wants_exit(state, unit) else frozenset()
    key = (where, here, side, infantry, tuple(state.control), on_board, leaving)
    values = _MOVE_MAPS.get(key)
    if values is None:
        if len(_MOVE_MAPS) > 4096:
            _MOVE_MAPS.clear()
        values = _MOVE_MAPS[key] = _move_value_map(state, here, side, infantry, on_board, leaving)
    return values


EXIT_STAKE = 4.0
"""What ending a move on an exit square is worth to a unit whose side's victory counts its
kind getting out (003 Campaign > 4 Zurueck!): the unit leaves for good, so more than
reaching any objective."""
EXIT_PULL = 0.2
"""Per square closer to the nearest exit square, for such a unit: twice the pull towards
the nearest objective, so that it heads out rather than to the fight."""


def exit_needs(state: "GameState") -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
    """The exit counts the victory levels ask of a side for its own win: (side, ((kind,
    count), ...)) per ``exited`` condition of a level that side wins, not under a ``not``
    (worked out once per game; empty in scenarios without exits)."""
    return derived(state, _EXIT_NEEDS)


def _exit_needs(state: "GameState") -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
    ids = state.side_ids
    return tuple((ids.index(spec.side), tuple(sorted(spec.at_least.items())))
                 for level in state.static.scenario.victory for spec in _exits_asked(level.when)
                 if spec.side in ids and level.winner == spec.side)


_EXIT_NEEDS: Final = Derived("ai.evaluate: the exit counts the victory levels ask of a side", _exit_needs)


def _exits_asked(cond: Any) -> list[Any]:
    """The ``exited`` specs a condition asks to hold (through ``all`` and ``any``)."""
    if getattr(cond, "exited", None) is not None:
        return [cond.exited]
    return [spec for key in ("all", "any") for sub in (getattr(cond, key, None) or ()) for spec in _exits_asked(sub)]


def wants_exit(state: "GameState", unit: "UnitState") -> bool:
    """Is the unit one its side sends out: a victory level of the side still needs units
    of its kind to get out, the side still has enough units of every kind asked to reach
    it, and the unit is among the nearest to the exits of those still needed (the others
    keep fighting for the rest of the level: objectives held, units destroyed)?"""
    kinds = (kind_of(unit), "vehicle") if unit.is_vehicle else (kind_of(unit),)
    have = exit_counts(state, unit.side)
    for side, asked in exit_needs(state):
        if side != unit.side:
            continue
        able = _able_to_leave(state, side)
        if any(have.get(k, 0) + len(able.get(k, ())) < n for k, n in asked):
            continue  # the level can no longer be reached by getting units out
        for k, n in asked:
            if k in kinds and unit.id in able.get(k, ())[:max(0, n - have.get(k, 0))]:
                return True
    return False


def _able_to_leave(state: "GameState", side: int) -> dict[str, tuple[int, ...]]:
    """The side's units still able to get out (alive, not wrecks, on the battlefield or
    carried), by the kinds an exit count names, nearest to the exits first (then by id)."""
    out: dict[str, list[tuple[int, int]]] = {}
    far = exit_distance_map(state, side)
    for u in state.units:
        if u.side == side and u.alive and not u.wreck and not u.st.decoy and u.type != "aircraft" \
                and (u.sq >= 0 or u.carried_by >= 0):
            entry = (far[u.sq if u.sq >= 0 else square_of(state, u)], u.id)
            for kind in ((kind_of(u), "vehicle") if u.is_vehicle else (kind_of(u),)):
                out.setdefault(kind, []).append(entry)
    return {k: tuple(uid for _, uid in sorted(v)) for k, v in out.items()}


_EXIT_MAPS: Final[Derived[dict[int, list[int]]]] = table(
    "ai.evaluate: squares from every square to a side's nearest exit, by side")


def exit_distance_map(state: "GameState", side: int) -> list[int]:
    """Squares from every square to the side's nearest exit square (99 with none)."""
    cache = derived(state, _EXIT_MAPS)
    got = cache.get(side)
    if got is None:
        bf = state.static.bf
        rows = [square_row(bf, e) for e in sorted(exit_squares(state)[side])]
        got = cache[side] = [min(col) for col in zip(*rows)] if rows else [99] * bf.size
    return got


def _move_value_map(state: "GameState", here: int, side: int, infantry: bool,
                    on_board: tuple[int, ...], leaving: frozenset[int] = frozenset()) -> list[float]:
    """The map behind :func:`move_value_map`: objective gains only for infantry
    (an objective is held by infantry on it or next to it: 000 core rules, Setup >
    Victory Conditions), one tenth per square closer to the nearest objective not
    held, cover; for a unit its side wants out (``leaving``: the side's exit squares),
    the exit squares and the way to them (:data:`EXIT_STAKE`, :data:`EXIT_PULL`)."""
    bf = state.static.bf
    size = bf.size
    gain = [0] * size
    if infantry:
        dist = objective_maps(state)[0]
        control = state.control
        for i, (_, _, k, vp, _) in enumerate(state.static.objectives):
            row = dist[i]
            if row[here] > 1 and control[i] != side:
                w = max(vp, 3 if k == "primary" else 2 if k == "secondary" else 1)
                gain = [g + w if d <= 1 else g for g, d in zip(gain, row)]
        for tsq in on_board:
            if bf.distance(here, tsq) > 1:
                row = square_row(bf, tsq)
                gain = [g + 1 if d <= 1 else g for g, d in zip(gain, row)]
    near = nearest_map(state, side, "any", True)
    base = near[here]
    cover = cover_bonus(bf)
    if base < 99:
        values = [(0.0 + g + 0.1 * (base - n)) + c for g, n, c in zip(gain, near, cover)]
    else:
        values = [(0.0 + g) + c for g, c in zip(gain, cover)]
    if leaving:  # a unit its side wants out heads for the exit squares (003 Campaign > 4 Zurueck!)
        out = exit_distance_map(state, side)
        start = out[here]
        values = [v + (EXIT_STAKE if sq in leaving else EXIT_PULL * (start - d))
                  for sq, (v, d) in enumerate(zip(values, out))]
    return values


def danger_distance(state: "GameState", sq: int, side: int) -> int:
    """Squares from ``sq`` to the nearest active enemy unit (99 if none)."""
    return danger_from(state, sq, enemy_squares(state, side))


def enemy_squares(state: "GameState", side: int) -> list[int]:
    """Squares of the active units not of ``side``, in unit order: a caller measuring
    the danger to many squares of one position reads the units once."""
    return [u.sq for u in state.units if u.side != side and u.active]


def danger_from(state: "GameState", sq: int, enemies: list[int]) -> int:
    """:func:`danger_distance` from the enemy squares of :func:`enemy_squares`."""
    if sq < 0:
        distance = state.static.bf.distance
        return min([99] + [distance(sq, e) for e in enemies])
    row = square_row(state.static.bf, sq)
    return min([99] + [row[e] for e in enemies])


def opfire_value(state: "GameState", action: "Action") -> float:
    """Expected damage of an opportunity shot, less what it costs: the firer loses its
    order token and takes an Activated marker (000 core rules, Opportunity Fire)."""
    from builder.systems.heroes.engine.firing import plan_one
    from builder.systems.heroes.engine.opportunity import opfire_mode

    firer, target = state.units[action.unit], state.units[action.target]
    plan = plan_one(state, firer, action.weapon, target, firer.sq, action.square, opfire_mode(action))
    if not plan.ok:
        return -1.0
    p_hit, p_kill = plan.odds()
    return (p_hit + p_kill) * target_value(state, target) - 0.35 - 0.05 * action.extra


def best_pending(state: "GameState", actions: list["Action"], side: int) -> "Action":
    """A pending choice made sensibly: the best opportunity shot when it is worth its
    cost, else pass; a retreat or displacement to the square farthest from the enemy,
    in the best cover; an action card answering the opponent's shot or move is
    played (the first offered)."""
    cards = [a for a in actions if a.kind == "card"]
    if cards:
        return cards[0]
    if actions[0].kind == "smoke":  # where a revealed smoke bomb is laid
        return max(actions, key=lambda a: (smoke_value(state, side, a.square), -a.square))
    shots = [a for a in actions if a.kind == "opfire"]
    if shots or any(a.kind == "pass" for a in actions):
        scored = [(opfire_value(state, a), i) for i, a in enumerate(shots)]
        if scored and max(scored)[0] > 0:
            return shots[max(scored)[1]]
        return next(a for a in actions if a.kind == "pass")
    bf = state.static.bf
    return max(actions, key=lambda a: (danger_distance(state, a.square, side), bf.terrain[a.square].defence_bonus,
                                       -a.square))
