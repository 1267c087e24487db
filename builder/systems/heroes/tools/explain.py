"""The explainer: the whole computation of a rule question, with rule references.

``explain_question(state, names, "fire", ["r1", "tank"])`` returns a dict with
the verdict, the terms and a ``text`` rendering such as
``needs >= 4: defence 5 + forest 1 - combat 2 (...)``.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine.ambush import revealed_face
from builder.systems.heroes.engine.assault import plan_assault
from builder.kernel.errors import IllegalAction
from builder.systems.heroes.engine import markers
from builder.systems.heroes.engine.effects.options import token_spent
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.tokens import tokens_left
from builder.systems.heroes.board.grid import GridError
from builder.systems.heroes.board.elevation import RULE as R_ELEVATED
from builder.systems.heroes.board.elevation import elevated_end
from builder.systems.heroes.board.los import sight, static_line
from builder.systems.heroes.engine.movement import infantry_reach, movement_allowance, vehicle_reach
from builder.systems.heroes.engine.transport import disembark_reach
from builder.systems.heroes.engine.phases import orders as order_phase
from builder.systems.heroes.engine.state import BLUFF, NO_ORDER, SPECIAL, GameState, UnitState
from builder.systems.heroes.engine.terms import Term
from builder.systems.heroes.engine.zoc import enemy_zoc
from builder.errors import UsageError


def _unit(state: GameState, names: dict[str, int], ref: str) -> UnitState:
    if ref in names:
        return state.units[names[ref]]
    raise UsageError(f"no unit named '{ref}' in the position (units: {', '.join(sorted(names))})")


def _square(state: GameState, names: dict[str, int], ref: str) -> tuple[int, UnitState | None]:
    if ref in names:
        u = state.units[names[ref]]
        return u.sq, u
    try:
        return state.bf.square(ref), None
    except GridError as exc:
        raise UsageError(str(exc)) from None


def _need(n: int, args: list[str], usage: str) -> None:
    if len(args) < n:
        raise UsageError(f"usage: {usage}")


def explain_question(state: GameState, names: dict[str, int], question: str, args: list[str],
                     weapon: int = 0, mode: str = "normal", tokens: int = 0) -> dict[str, Any]:
    if question == "los":
        _need(2, args, "heroes explain los POSITION FROM TO (unit names or squares)")
        return explain_los(state, names, args[0], args[1])
    if question == "move":
        _need(1, args, "heroes explain move POSITION UNIT")
        return explain_move(state, _unit(state, names, args[0]))
    if question == "order":
        _need(1, args, "heroes explain order POSITION UNIT")
        return explain_order(state, names, _unit(state, names, args[0]))
    if question == "fire":
        _need(2, args, "heroes explain fire POSITION FIRER TARGET [--weapon N] [--mode M] [--tokens N]")
        return explain_fire(state, _unit(state, names, args[0]), _unit(state, names, args[1]), weapon, mode, tokens)
    _need(2, args, "heroes explain assault POSITION ATTACKER DEFENDER [FROM-SQUARE]")
    attacker, defender = _unit(state, names, args[0]), _unit(state, names, args[1])
    from_sq = _square(state, names, args[2])[0] if len(args) > 2 else -1
    return explain_assault(state, attacker, defender, from_sq)


def explain_los(state: GameState, names: dict[str, int], a_ref: str, b_ref: str) -> dict[str, Any]:
    bf = state.bf
    a, ua = _square(state, names, a_ref)
    b, ub = _square(state, names, b_ref)
    line = static_line(bf, a, b)
    s = sight(state, a, b, ua, ub)
    rng = bf.distance(a, b)
    lines = [f"line of sight {bf.name(a)} -> {bf.name(b)} (000 core rules, Firing > Line of Sight)",
             f"  squares crossed: {', '.join(bf.name(q) for q in line.squares) or 'none'}",
             f"  range: {rng} (diagonals count 1, the target square counted, the firer's not; Firing > Range)"]
    if elevated_end(bf, a, b):
        lines.append(f"  from an elevated position: only the obstacle right before the lower end counts, infantry "
                     f"never blocks ({R_ELEVATED})")
    for sq, v in s.obscurers:
        lines.append(f"  obscured -{v}: {bf.terrain[sq].id} at {bf.name(sq)} (Terrain > Obstacles)")
    for what, v in s.lines:
        lines.append(f"  obscured -{v}: {what} (003 Battlefield 1.1, Lines and Terrain Effects: the firer is not "
                     "adjacent to it)")
    if s.blocker:
        lines.append(f"  blocked by {s.blocker}")
    lines.append(f"verdict: {s.kind}" + (f", -{s.penalty} to the shot" if s.penalty else ""))
    return {"question": "los", "from": bf.name(a), "to": bf.name(b), "range": rng, "verdict": s.kind,
            "penalty": s.penalty, "blocker": s.blocker, "squares": [bf.name(q) for q in line.squares],
            "obscurers": [{"square": bf.name(q), "penalty": v} for q, v in s.obscurers], "text": "\n".join(lines)}


def explain_move(state: GameState, u: UnitState) -> dict[str, Any]:
    bf = state.bf
    face = u.st.profile.faces[u.face]
    mv = movement_allowance(state, u)
    if u.carried_by >= 0:
        return _explain_disembark(state, u, mv)
    lines = [f"movement of {u.st.profile.name} at {bf.name(u.sq)} (000 core rules, Action! > Movement)",
             f"  MV {face.movement}" + (f" - {2 * u.suppressed} ({u.suppressed} suppressed marker(s))"
                                       if u.suppressed else "") + (" -> 0 (track damaged)" if u.damage & 2 else "")
             + f" = {mv}"]
    if u.is_vehicle:
        reach = vehicle_reach(state, u, mv)
        squares = sorted({sq for sq, _ in reach})
        lines.append("  vehicle: 1 MP per square forward or back, 1 MP per 45 degrees; ignores zones of control")
        dest: dict[str, Any] = {bf.name(sq): sorted({f for s2, f in reach if s2 == sq}) for sq in squares}
    else:
        dist, _ = infantry_reach(state, u, mv)
        zoc = enemy_zoc(state, u.side)
        lines.append(f"  enemy zones of control on: {', '.join(sorted(bf.name(q) for q in zoc)) or 'none'}")
        squares = sorted(q for q in dist if state.occ[q] < 0 or q == u.sq)
        dest = {bf.name(q): dist[q] for q in squares}
    lines.append(f"  may end on {len(squares)} square(s): {', '.join(bf.name(q) for q in squares)}")
    return {"question": "move", "unit": u.st.profile.id, "mv": mv, "destinations": dest, "text": "\n".join(lines)}


def _explain_disembark(state: GameState, u: UnitState, mv: int) -> dict[str, Any]:
    """Where a carried unit may end a move getting out (000 core rules, Special
    Abilities > Transport)."""
    bf = state.bf
    vehicle = state.units[u.carried_by]
    reach = disembark_reach(state, u)
    squares = sorted(reach)
    lines = [f"movement of {u.st.profile.name} aboard {vehicle.st.profile.name} at {bf.name(vehicle.sq)} "
             "(000 core rules, Special Abilities > Transport)",
             f"  MV {mv}: out onto a free square next to the vehicle, then the move from there",
             f"  may end on {len(squares)} square(s): {', '.join(bf.name(q) for q in squares)}"]
    return {"question": "move", "unit": u.st.profile.id, "mv": mv,
            "destinations": {bf.name(q): reach[q][0] for q in squares}, "text": "\n".join(lines)}


def _terms_text(terms: list[Term], doubled: bool = False) -> str:
    out = []
    for t in terms:
        v = t.value * (2 if doubled and t.bonus else 1)
        out.append(f"{'+' if v < 0 else '-'} {abs(v)} ({t.label})")
    return " ".join(out)


def explain_fire(state: GameState, firer: UnitState, target: UnitState, weapon: int, mode: str,
                 tokens: int = 0) -> dict[str, Any]:
    """A shot; ``tokens`` equipment tokens spent on it (Ammo, APC Shells or Ammo
    Belt, whichever the shot spends: 000 core rules, Recruitment Options >
    Equipment), each counted against the tokens the firer may spend."""
    faces = firer.st.profile.faces[revealed_face(firer) if firer.concealed else firer.face]
    if not 0 <= weapon < len(faces.weapons):
        raise UsageError(f"{firer.st.profile.name} has weapons 0 to {len(faces.weapons) - 1}")
    key = token_spent(state, firer, faces.weapons[weapon], target) if tokens else ""
    if tokens and tokens_left(state, firer, key) < tokens:
        raise UsageError(f"{firer.st.profile.name} may spend {tokens_left(state, firer, key)} {key} token(s) on "
                         f"this shot, not {tokens} (give the side the option in the position's 'options')")
    plan = plan_shot(state, firer, weapon, target, mode, extra=tokens)
    bf = state.bf
    head = (f"{firer.st.profile.name} fires {faces.weapons[weapon].name} at {target.st.profile.name} "
            f"({mode}; 000 core rules, Firing > Shot Resolution)")
    if not plan.ok:
        return {"question": "fire", "possible": False, "reason": plan.reason, "text": f"{head}\n  cannot fire: {plan.reason}"}
    doubled = mode == "suppressive"
    defence = f"{plan.defence_label} {plan.defence}" + "".join(
        f" {'+' if t.value >= 0 else '-'} {abs(t.value)} ({t.label})" for t in plan.defence_terms)
    mods = _terms_text(plan.terms, doubled)
    hit, kill = plan.odds()
    lines = [head, f"  from {bf.name(plan.firer_sq)} to {bf.name(plan.target_sq)}, range {plan.range}, "
             f"line of sight {plan.sight.kind if plan.sight else '?'}"]
    if tokens:
        lines.append(f"  spends {tokens} {key} token(s) of the {tokens_left(state, firer, key)} it may spend")
    for t in plan.terms + plan.defence_terms:
        lines.append(f"  {t.value:+d}{' x2' if doubled and t.bonus else ''} {t.label}" + (f"  [{t.rule}]" if t.rule else ""))
    dice = "the better of 2 dice" if plan.dice == 2 else "the die"
    lines.append(f"needs >= {plan.need} on {dice}: {defence} {mods}".rstrip())
    word = "two Suppressed markers" if doubled else "kill shot"
    lines.append(f"  hit {hit:.0%}; {word} (>= {plan.kill_need}) {kill:.0%}")
    life = markers.count(state, target.id, markers.LIFE_POINT) if markers.MARKERS in state.rule_fields else 0
    if life and not doubled:
        lines.append(f"  then {life} life point marker{'s' if life > 1 else ''}: each discarded cancels one hit, "
                     f"a kill shot costing two  [{markers.R_LIFE}]")
    return {"question": "fire", "possible": True, "need": plan.need, "kill_need": plan.kill_need,
            "p_hit": hit, "p_kill": kill, "defence": plan.defence_total, "range": plan.range, "life_points": life,
            "tokens": {"spent": tokens, "option": key} if tokens else None,
            "terms": [t.to_dict() for t in plan.terms], "defence_terms": [t.to_dict() for t in plan.defence_terms],
            "text": "\n".join(lines)}


def explain_assault(state: GameState, attacker: UnitState, defender: UnitState, from_sq: int) -> dict[str, Any]:
    bf = state.bf
    if from_sq < 0:
        dist, go_on = infantry_reach(state, attacker)
        options = [q for q in bf.adjacent(defender.sq) if q in dist and (state.occ[q] < 0 or q == attacker.sq)]
        if not options:
            raise IllegalAction(f"{attacker.st.profile.name} cannot reach a square next to {defender.st.profile.name}")
        from_sq = min(options, key=lambda q: (dist[q], q))
    plan = plan_assault(state, attacker, defender, from_sq)
    head = (f"{attacker.st.profile.name} assaults {defender.st.profile.name} from {bf.name(from_sq)} "
            f"(000 core rules, Action! > Resolution of an Assault)")
    if not plan.ok:
        return {"question": "assault", "possible": False, "reason": plan.reason, "text": f"{head}\n  {plan.reason}"}
    win, tie, lose = plan.odds()
    lines = [head, f"  attacker: best of {plan.attack_dice} dice " + " ".join(f"{t.value:+d} {t.label}" for t in plan.attack_terms),
             f"  defender: best of {plan.defence_dice} dice " + " ".join(f"{t.value:+d} {t.label}" for t in plan.defence_terms)]
    if plan.outside_arc:
        lines.append("  assaulted outside its firing arc: the defender first takes a Suppressed marker")
    lines.append(f"attacker wins {win:.0%}, tie {tie:.0%}, defender wins {lose:.0%}")
    return {"question": "assault", "possible": True, "from": bf.name(from_sq), "p_win": win, "p_tie": tie,
            "p_lose": lose, "attack_terms": [t.to_dict() for t in plan.attack_terms],
            "defence_terms": [t.to_dict() for t in plan.defence_terms], "text": "\n".join(lines)}


_ORDER_RULE = "000 core rules, Action! > Order Phase"
_ACTIVATION_RULE = "000 core rules, Action! > Activation Phase"


def _token_name(token: int) -> str:
    return {SPECIAL: "a special order", BLUFF: "a bluff", NO_ORDER: "no token"}.get(token, f"order {token}")


def activation_sequence(state: GameState) -> list[tuple[int, int]]:
    """(token, unit id) in the order the tokens still face down will be revealed:
    special orders first, the initiative side's first; then the initiative side's
    lowest token, the sides alternating in ascending order, one side going on alone
    once the other has none left; a token on a unit with an Activated marker is
    lost (000 core rules, Action! > Activation Phase). Intrepid ties and
    Autonomous units, decided in play, are left out."""
    if state.phase == "activation":
        queues = [list(q) for q in state.queues]
        side = state.turn_side
    else:
        queues = [sorted((u.order, u.id) for u in state.units if u.side == s and u.order >= 0) for s in (0, 1)]
        side = state.initiative
    if state.phase == "activation" and state.current >= 0:
        cur = state.units[state.current]
        side = state.initiative if cur.order == SPECIAL else 1 - cur.side
    out: list[tuple[int, int]] = []
    while queues[0] or queues[1]:
        heads = [q[0][0] if q else None for q in queues]
        if SPECIAL in heads:
            side = state.initiative if heads[state.initiative] == SPECIAL else 1 - state.initiative
        elif not queues[side]:
            side = 1 - side
        token, uid = queues[side].pop(0)
        if uid >= 0 and not state.units[uid].activated and state.units[uid].alive:
            out.append((token, uid))
        side = state.initiative if token == SPECIAL else 1 - side
    return out


def explain_order(state: GameState, names: dict[str, int], u: UnitState) -> dict[str, Any]:
    """A unit's order token: the one it holds, the ones its side may still put on
    it, and when it will act (000 core rules, Action! > Order Phase, Activation
    Phase)."""
    by_id = {uid: name for name, uid in names.items()}
    side = state.sides[u.side]
    name = by_id.get(u.id, u.st.profile.name)
    lines = [f"order token of {name} ({u.st.profile.name}), {state.phase} phase ({_ORDER_RULE})",
             f"  its side: order tokens 1 to {side.orders}, still to place: "
             f"{', '.join(map(str, side.to_place)) or 'none'}; special orders left {side.specials_left}, "
             f"bluffs left {side.bluffs_left}"]
    lines.append(f"  holds {_token_name(u.order)}" + (" (face down)" if u.order != NO_ORDER and
                                                      state.phase == "orders" else ""))
    may: list[str] = []
    if state.phase == "orders" and u.order == NO_ORDER:
        if u.activated or not u.alive:
            lines.append("  cannot take a token: not a unit that may receive one")
        else:
            legal = [a.token for a in order_phase.actions(state, u.side) if a.kind == "order" and a.unit == u.id]
            may = [_token_name(t) for t in sorted(set(legal), reverse=True)]
            lines.append(f"  may take: {', '.join(may) or 'nothing'}"
                         + ("" if state.to_act == u.side else " (once it is its side's turn)"))
    acting = state.phase == "activation" and state.current == u.id
    sequence = activation_sequence(state)
    place = next((i for i, (_, uid) in enumerate(sequence) if uid == u.id), -1)
    if u.activated:
        lines.append(f"  has an Activated marker: it does not act this round, its token (if any) is lost "
                     f"({_ACTIVATION_RULE})")
    elif acting:
        lines.append(f"  is acting now: its token is revealed ({_ACTIVATION_RULE})")
    elif u.order == BLUFF:
        lines.append(f"  a bluff is revealed and discarded: the unit does not act ({_ORDER_RULE} > Bluff Tokens)")
    elif place >= 0:
        lines.append(f"  acts {_ordinal(place + 1)} of the {len(sequence)} tokens still face down "
                     f"({_ACTIVATION_RULE}: special orders first, then each side its lowest, the sides alternating)")
    order_text = ", ".join(f"{by_id.get(uid, uid)} {_token_name(t)}" for t, uid in sequence)
    lines.append(f"  reveal order: {order_text or 'none'}")
    return {"question": "order", "unit": name, "phase": state.phase, "token": _token_name(u.order),
            "activated": bool(u.activated), "acting": acting, "may_take": may,
            "place": place + 1 if place >= 0 else None,
            "sequence": [{"unit": by_id.get(uid, str(uid)), "token": _token_name(t)} for t, uid in sequence],
            "text": "\n".join(lines)}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
