"""What one unit can do, and doing it: moves, assaults, shots.

Action lists stay small: moves are destination squares from a breadth-first
search (000 core rules, Action! > Movement), shots are (weapon, target, mode)
triples that pass a cheap check (combat value, range limit, arc, line of sight);
the full computation (:func:`builder.systems.heroes.engine.firing.plan_shot`) runs when one is
applied or explained.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.hooks import (
    ACTIONS, AFTER_MOVE, APPLY, CARD_PLAYABLE, CARD_TARGETS, HOLDS_FIRE, PREPARE, RANGE_LIMIT,
)
from builder.systems.heroes.engine.actions import _MOVES as MOVES
from builder.systems.heroes.engine.actions import Action, interned, move_action, move_table
from builder.systems.heroes.engine.ambush import concealed_face, flip, reveal, revealed_face, spot
from builder.systems.heroes.engine.features.anti_tank import PANZERFAUST, shot_source
from builder.systems.heroes.engine.assault import may_assault, plan_assault, resolve_assault
from builder.systems.heroes.board.bitboard import adjacent_boards, select
from builder.systems.heroes.engine.damage import eliminate
from builder.systems.heroes.engine.derived import Derived, derived, table
from builder.systems.heroes.engine.effects.cards import card_modules
from builder.systems.heroes.engine.effects.options import token_spent
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.errors import IllegalAction
from builder.kernel.events import Event
from builder.systems.heroes.engine.steps import DO_FIRE, FIRE_ACTIONS, FIRE_PLANS, PLACE
from builder.systems.heroes.engine.firing import (SPLIT, SPLIT_REST, building_allows, in_arc, plan_shot, resolve_shot,
                                   split_partners)
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.transport import (DISEMBARK, EMBARK, FROM_VEHICLE, assault_from_vehicle_actions,
                                      disembark, disembark_actions, embark, embark_actions,
                                      embark_square, transports)
from builder.systems.heroes.engine.movement import infantry_moves, movement_allowance, vehicle_states
from builder.systems.heroes.engine.features.urban_fighter import may_use, window_squares
from builder.systems.heroes.engine.zoc import enemy_zoc

if TYPE_CHECKING:
    from builder.systems.heroes.engine.movement import Reach
    from builder.systems.heroes.engine.state import GameState, UnitState


_MOVE_LISTS: Final[Derived[dict[int, tuple[Any, tuple[Action, ...]]]]] = table(
    "unit_actions: each infantry unit's move actions, with the reach they were listed from")


def move_actions(state: "GameState", u: "UnitState", assaults: bool = False, counter: bool = False) -> list[Action]:
    """The unit's moves (and assaults when ``assaults``). ``counter``: a decoy counter
    also lists the assaults a face-down counter seems able to make, for a Solo Mode
    table that picks among counters without looking under them (002 Solo Mode, 5.4;
    the caller discards the decoy instead of resolving one: builder.systems.heroes.engine.decoys)."""
    uid = u.id
    if u.is_vehicle:
        start = u.sq * 8 + u.facing
        cache, base = MOVES, uid << 24
        states = vehicle_states(state, u)
        out = [cache.get(base | (t >> 3 << 4) | ((t & 7) + 1)) or move_action(uid, t >> 3, t & 7)
               for t in states if t != start]
        for offer in effects.side_hooks(state, u.side, ACTIONS):  # an option's own moves (Fuel, Goliath...)
            out.extend(offer(state, u, "move"))
        return out
    if u.carried_by >= 0:
        return _moves_from_vehicle(state, u, assaults)
    mv = movement_allowance(state, u)
    reach = infantry_moves(state, u, mv)
    # the move actions of a reach that has not changed are the same objects again
    known = derived(state, _MOVE_LISTS)
    kept = known.get(uid)
    if kept is not None and kept[0] is reach:
        out = list(kept[1])
    else:
        out = select(move_table(uid, state.static.bf.size), reach.free)
        known[uid] = (reach, tuple(out))
    if state.static.bf.windows and may_use(state, u):  # through a window (builder/systems/heroes/engine/features/urban_fighter.py)
        table = move_table(uid, state.static.bf.size)
        out.extend(table[sq] for sq in window_squares(state, u, mv, reach))
    if assaults and mv > 0 and ((u.ability("assault") is not None and not u.st.decoy) or (counter and u.st.decoy)):
        out.extend(assault_actions(state, u, mv, reach))
    vehicles = transports(state)
    if vehicles:
        out.extend(embark_actions(state, u, vehicles, reach.free))
    if len(u.st.profile.faces) > 1:
        if u.ability("tripod") is not None:
            out.append(_turn_over(uid, u.sq, "tripod"))
        if u.ability("ambush") is not None and (u.concealed or concealed_face(u) >= 0):
            out.append(_turn_over(uid, u.sq, "ambush"))
    offers = effects.side_hooks(state, u.side, ACTIONS)
    if offers:  # an option's own decisions for the unit (docs/engine.md, Add an ability)
        for offer in offers:
            out.extend(offer(state, u, "move"))
    return out


def reach_bound(state: "GameState", u: "UnitState") -> bool:
    """Are ``u``'s moves (no assaults) read from its counter and its reach alone
    (builder.systems.heroes.engine.movement.Reach)? Infantry on the battlefield with no
    window to cross (Urban Fighter), no Transport vehicle to board and no option's own
    moves: those read more."""
    return (not u.is_vehicle and u.carried_by < 0 and u.sq >= 0 and not (state.static.bf.windows and may_use(state, u))
            and not transports(state) and not effects.side_hooks(state, u.side, ACTIONS))


def listed_reach(state: "GameState", u: "UnitState") -> "Reach":
    """The reach ``u``'s moves were last listed from (:func:`move_actions`, for an
    infantry unit on the battlefield)."""
    reach: Reach = derived(state, _MOVE_LISTS)[u.id][0]
    return reach


def moves_after_friend(state: "GameState", u: "UnitState", listed: tuple[Action, ...], entered: int,
                       left: int, taken: int) -> tuple[Action, ...]:
    """``u``'s moves ``listed`` by :func:`move_actions` from a reach that entered
    ``entered``, once a friendly infantry unit moved from square ``left`` to ``taken``.
    A move passes through friendly infantry and may not end on it (000 core rules,
    Action! > Movement), so for a :func:`reach_bound` unit the flood goes as it went and
    only where it may end changes: not ``taken`` any more, ``left`` now, where entered.
    The list keeps :func:`move_actions`' order: the plain moves by square, then the
    turn-overs."""
    table = move_table(u.id, state.static.bf.size)
    out = list(listed)
    if entered >> taken & 1:  # found by identity (moves are interned): no field compared
        gone = table[taken]
        at = 0
        while out[at] is not gone:
            at += 1
        del out[at]
    if entered >> left & 1:
        at = 0
        while at < len(out) and not out[at].mode and out[at].square < left:
            at += 1
        out.insert(at, table[left])
    return tuple(out)


def _moves_from_vehicle(state: "GameState", u: "UnitState", assaults: bool) -> list[Action]:
    """A carried unit gets out (the move then made from a square next to the
    vehicle) or, in its activation, assaults from the vehicle (builder/systems/heroes/engine/transport.py)."""
    out = disembark_actions(state, u)
    if assaults:
        out.extend(assault_from_vehicle_actions(state, u))
    return out


_TURN_OVERS: dict[tuple[int, int, str], Action] = {}


def _turn_over(uid: int, sq: int, mode: str) -> Action:
    """A move of 0 squares that turns the counter over (Tripod, Ambush), made once
    per unit, square and mode: units offer it at decision after decision."""
    key = (uid, sq, mode)
    a = _TURN_OVERS.get(key)
    if a is None:
        if len(_TURN_OVERS) >= 4096:
            _TURN_OVERS.clear()
        a = _TURN_OVERS[key] = Action("move", unit=uid, square=sq, mode=mode)
    return a


def assault_actions(state: "GameState", u: "UnitState", mv: int, reach: "Reach") -> list[Action]:
    """Assaults: from a free reachable square next to an enemy, with a move point
    left to enter its square (000 core rules, Action! > Assault)."""
    bf = state.static.bf
    steps = bf.steps(u.type, u.ability("amphibious") is not None)
    # squares an assault may start from: entered with a move point left, the move
    # able to go on from there, and free (or the assaulting unit's own square)
    launch = reach.within(mv - 1) & reach.go_on & (reach.free | 1 << u.sq)
    out = []
    around = adjacent_boards(bf)
    for t in state.units:
        # An assault starts from a launch square next to the target: targets with
        # none around give no action (checked first, being cheap).
        if t.side == u.side or not t.active or not launch & around[t.sq] or not may_assault(state, u, t):
            continue
        target = t.sq
        for sq in bf.adjacent(target):
            if launch >> sq & 1 and target in steps[sq]:
                out.append(Action("assault", unit=u.id, target=t.id, square=sq))
    return out


def fire_actions(state: "GameState", u: "UnitState", moving: bool, counter: bool = False) -> list[Action]:
    """The unit's shots. A decoy counter has none, unless ``counter``: then it lists
    the shots its face seems to allow, for a Solo Mode table that picks among counters
    without looking under them (002 Solo Mode, 5.3; the caller discards the decoy
    instead of resolving one: builder.systems.heroes.engine.decoys)."""
    face = u.st.profile.faces[revealed_face(u) if u.concealed else u.face]
    if not face.weapons or (state.fired and u.damage & 1) or (u.st.decoy and not counter):
        return []
    for holds in effects.side_hooks(state, u.side, HOLDS_FIRE):
        if holds(state, u):
            return []  # an option keeps it from firing (a charge that goes off only by detonation)
    targets = [t for t in state.units if t.side != u.side and t.alive and t.sq >= 0 and not t.wreck
               and not t.concealed and t.st.profile.faces[t.face].defence_type is not None]
    if not targets:
        return []
    out: list[Action] = []
    supp = u.ability("suppressive-fire") is not None
    sniper = u.ability("sniper") is not None
    my_squares = state.path if moving and state.path else state.squares_of(u)
    seen: dict[tuple[int, int, int], bool] = {}
    ammo = apc = belt = -1
    for wi, w in enumerate(face.weapons):
        if wi in state.fired or (w.role == "primary" and u.damage & 8):
            continue
        if moving and "fire-on-the-move" not in w.abilities and "fire-on-the-move" not in face.abilities:
            continue
        limit = 10**6
        if "limited-range" in w.abilities or u.ability("limited-range") is not None:
            limits = effects.collect(state, u, RANGE_LIMIT, w)
            limit = min(limits) if limits else limit
        wsupp = supp or "suppressive-fire" in w.abilities
        burst = "burst" in w.abilities or u.ability("burst") is not None
        split: list[UnitState] | None = [] if ("machine-gunner" in w.abilities or "machine-gunner" in face.abilities
                                               or "machine-gunner" in u.st.granted) else None
        for t in targets:
            combat = w.against(t.st.profile.faces[t.face].defence_type)
            can_sniper = sniper and wi == 0 and t.is_infantry
            if combat is None and not can_sniper:
                continue
            key = (t.id, w.arc, limit)
            ok = seen.get(key)
            if ok is None:
                ok = seen[key] = _sees(state, u, t, my_squares, w.arc, limit)
            if not ok:
                continue
            if combat is not None:
                out.append(interned("fire", u.id, wi, t.id, "normal"))
                if split is not None and combat >= 2:
                    split.append(t)
                if wsupp:
                    out.append(interned("fire", u.id, wi, t.id, "suppressive"))
                if burst and belt < 0 and (t.is_infantry or t.type == "light_vehicle"):
                    belt = tokens_left(state, u, "ammo-belt")
                if t.is_infantry:
                    if ammo < 0:
                        ammo = tokens_left(state, u, "ammo")
                    if ammo or (burst and belt > 0):
                        out.append(interned("fire", u.id, wi, t.id, "normal", 1))
                elif burst and belt > 0 and t.type == "light_vehicle":
                    out.append(interned("fire", u.id, wi, t.id, "normal", 1))
                elif u.type == "heavy_vehicle":
                    if apc < 0:
                        apc = tokens_left(state, u, "apc-shells")
                    if apc:
                        out.append(interned("fire", u.id, wi, t.id, "normal", 1))
            if can_sniper:
                out.append(interned("fire", u.id, wi, t.id, "sniper"))
        if split and len(split) > 1:
            out.extend(_split_shots(state, u, wi, w, split))
    if not state.fired and PANZERFAUST in state.static.sides[u.side].keys and u.type == "infantry":
        out.extend(_panzerfaust_shots(state, u, face, targets, my_squares, moving))
    return out


def _panzerfaust_shots(state: "GameState", u: "UnitState", face: Any, targets: list["UnitState"],
                       my_squares: tuple[int, ...], moving: bool) -> list[Action]:
    """Panzerfaust shots instead of the unit's shot (``fire`` with mode
    ``panzerfaust``, ``weapon`` the first weapon it may fire now: its arc, and
    Firing on the Move after a move): at a vehicle the token can hurt, at most 4
    squares away and in sight, while a token is left (000 core rules, Recruitment
    Options > Equipment > Panzerfaust; builder/systems/heroes/engine/features/anti_tank.py)."""
    anti = shot_source(state, u.side, PANZERFAUST)
    if anti is None or not tokens_left(state, u, PANZERFAUST):
        return []
    wi = next((i for i, w in enumerate(face.weapons) if not (w.role == "primary" and u.damage & 8)
               and (not moving or "fire-on-the-move" in w.abilities or "fire-on-the-move" in face.abilities)), -1)
    if wi < 0:
        return []
    arc = face.weapons[wi].arc
    return [interned("fire", u.id, wi, t.id, PANZERFAUST) for t in targets
            if t.is_vehicle and anti.against(t.st.profile.faces[t.face].defence_type) is not None
            and _sees(state, u, t, my_squares, arc, anti.reach)]


def _split_shots(state: "GameState", u: "UnitState", wi: int, w: Any, targets: list["UnitState"]) -> list[Action]:
    """Machine Gunner shots split between two targets in sight (000 core rules,
    Special Abilities > Machine Gunner): ``fire`` with mode ``split`` at the first,
    ``square`` the second's square. With an odd bonus the order matters (the first
    takes the odd point), so both orders are offered; with an even one, one."""
    out = []
    for t1 in targets:
        odd = w.against(t1.st.profile.faces[t1.face].defence_type) % 2
        for t2 in targets:
            if (odd or t1.id < t2.id) and split_partners(state, t1, t2):
                out.append(Action("fire", unit=u.id, weapon=wi, target=t1.id, mode=SPLIT, square=t2.sq))
    return out


def _sees(state: "GameState", u: "UnitState", t: "UnitState", my_squares: tuple[int, ...], arc: int,
          limit: int) -> bool:
    bf = state.static.bf
    w = bf.width
    for fsq in my_squares:
        fy, fx = divmod(fsq, w)
        for tsq in state.squares_of(t):
            if limit < 10**6:
                ty, tx = divmod(tsq, w)
                if max(abs(fx - tx), abs(fy - ty)) > limit:
                    continue
            if arc < 360 and not in_arc(state, u, arc, fsq, tsq):
                continue
            if not building_allows(bf, fsq, tsq):
                continue
            if sees(state, fsq, tsq, u, t):
                return True
    return False


def card_actions(state: "GameState", side: int, units: list["UnitState"], phase: str) -> list[Action]:
    """``card`` actions: a card of the hand (``mode``) played on one of ``units``
    (and naming a ``target`` unit, for the cards whose module lists targets)."""
    out: list[Action] = []
    for cid, m in card_modules(state, side, phase):
        playable = m.function(CARD_PLAYABLE)
        targets = m.function(CARD_TARGETS) if m.provides(CARD_TARGETS) else None
        if targets is None:
            out.extend(interned("card", u.id, mode=cid) for u in units if playable(state, u))
        else:
            out.extend(interned("card", u.id, target=t, mode=cid) for u in units for t in targets(state, u))
    return out


# --- applying unit actions --------------------------------------------------------


def place(state: "GameState", u: "UnitState", sq: int, facing: int = -1) -> None:
    """Put ``u`` on ``sq`` (and its facing); vehicles ending on infantry displace it."""
    occ = state.occ
    for s in state.squares_of(u):
        if occ[s] == u.id:
            state.set_occupant(s, -1)
    u.sq = sq
    if facing >= 0:
        u.facing = facing
    run_over = []
    for s in state.squares_of(u):
        o = occ[s]
        if o >= 0 and o != u.id and u.is_vehicle:
            run_over.append(state.units[o])
        state.set_occupant(s, u.id)
    for inf in run_over:
        displace_options(state, inf)


def displace_options(state: "GameState", inf: "UnitState") -> None:
    """000 core rules, Movement of Vehicles: the owner moves the infantry to a free
    adjacent square; none free (or MV 0): it is eliminated."""
    bf = state.static.bf
    masks = enemy_zoc(state, inf.side)
    amph = inf.ability("amphibious") is not None
    options = tuple(n for n in bf.steps(inf.type, amph)[inf.sq] if state.occ[n] < 0 and not masks.get(n))
    if not options or inf.st.profile.faces[inf.face].movement == 0:
        inf.sq = -1
        eliminate(state, inf, "run over: no square to be displaced to")
        return
    state.pending.append(("displace", inf.side, inf.id, options, ()))


def do_move(state: "GameState", action: Action) -> None:
    u = state.units[action.unit]
    if action.mode:  # a move of a mode an option owns (a Goliath's detonation)
        for carry_out in effects.side_hooks(state, u.side, APPLY):
            if carry_out(state, action):
                return
    if action.mode == "tripod":
        u.face = 1 - u.face
        state.events.append(Event("flipped", {"unit": u.id, "why": "Tripod"}))
        return
    if action.mode == "ambush":
        flip(state, u)
    elif action.mode == EMBARK:
        vehicle = state.units[action.target]
        sq = embark_square(state, u, vehicle)
        if sq != u.sq:
            state.events.append(Event("moved", {"unit": u.id, "from": u.sq, "to": sq}))
            place(state, u, sq)
        embark(state, u, vehicle)
        return
    elif action.mode == DISEMBARK:
        disembark(state, u, action.square)
    else:
        for prepare in effects.side_hooks(state, u.side, PREPARE):  # an option's token spent (Fuel, Passage)
            action = prepare(state, action)
        state.events.append(Event("moved", {"unit": u.id, "from": u.sq, "to": action.square}))
        place(state, u, action.square, action.facing)
        for after in effects.scenario_hooks(state, AFTER_MOVE):  # a scenario rule's (a unit gone by an exit)
            if after(state, u):
                return
    if state.static.has_ambush:
        spot(state, u)


def fire_plans(state: "GameState", action: Action, moving: bool = False) -> tuple[Any, Any]:
    """The planned shot of ``action`` and a split shot's second (or None); raises
    IllegalAction when the shot is not possible."""
    u, t = state.units[action.unit], state.units[action.target]
    squares = state.path if moving and state.path else None
    plan = plan_shot(state, u, action.weapon, t, action.mode, action.extra, moving, squares)
    second = None
    if plan.ok and action.mode == SPLIT:  # both shots announced before the first roll
        other = state.occ[action.square] if 0 <= action.square < len(state.occ) else -1
        if other < 0 or state.units[other].side == u.side or not split_partners(state, t, state.units[other]):
            plan.ok, plan.reason = False, "the second target of a split shot must be an enemy of the same type " \
                                          "within 2 squares of the first"
        else:
            second = plan_shot(state, u, action.weapon, state.units[other], SPLIT_REST, 0, moving, squares)
            if not second.ok:
                plan.ok, plan.reason = False, f"second target: {second.reason}"
    if not plan.ok:
        raise IllegalAction(f"shot not possible: {plan.reason}")
    return plan, second


def whole_action(action: Action) -> bool:
    """Is the shot the unit's whole action, no other weapon firing after it (a
    Panzerfaust replaces the unit's shot: builder/systems/heroes/engine/features/anti_tank.py)?"""
    return action.mode == PANZERFAUST


def do_fire(state: "GameState", action: Action, moving: bool = False) -> None:
    u, t = state.units[action.unit], state.units[action.target]
    reveal(state, u, "fired")
    plan, second = fire_plans(state, action, moving)
    if action.mode == PANZERFAUST:
        spend_token(state, u, PANZERFAUST)
    elif action.extra:
        weapon = u.st.profile.faces[u.face].weapons[action.weapon]
        key = token_spent(state, u, weapon, t)
        for _ in range(action.extra):
            spend_token(state, u, key)
    resolve_shot(state, plan)
    if second is not None and state.units[second.target].alive and not state.units[second.target].wreck:
        resolve_shot(state, second)


def do_assault(state: "GameState", action: Action) -> None:
    u, t = state.units[action.unit], state.units[action.target]
    if action.mode == FROM_VEHICLE:
        if u.carried_by < 0 or action.square not in state.squares_of(state.units[u.carried_by]):
                raise IllegalAction("an assault from a vehicle starts from a square of the vehicle carrying the unit")
    elif action.square != u.sq:
        do_move(state, Action("move", unit=u.id, square=action.square))
    reveal(state, u, "assaults")
    reveal(state, t, "assaulted")
    if not t.alive:  # a decoy: its counter is discarded and the assault ends (builder.systems.heroes.engine.decoys)
        return
    plan = plan_assault(state, u, t, action.square)
    if not plan.ok:
        raise IllegalAction(f"assault not possible: {plan.reason}")
    resolve_assault(state, plan)


# the rule modules below call these back (builder/systems/heroes/engine/steps.py): a special order's
# guns fire, an answered shot is taken, a scenario moves a unit
FIRE_ACTIONS.provide(fire_actions)
FIRE_PLANS.provide(fire_plans)
DO_FIRE.provide(do_fire)
PLACE.provide(place)
