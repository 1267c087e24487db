"""The explainer: the whole computation of a rule question, with rule references.

``explain_question(state, names, "fire", ["r1", "tank"])`` returns a dict with
the verdict, the terms and a ``text`` rendering such as
``needs >= 4: defence 5 + forest 1 - combat 2 (...)``.
"""

from __future__ import annotations

from typing import Any

from builder.engine.heroes.ambush import revealed_face
from builder.engine.heroes.assault import plan_assault
from builder.engine.kernel.errors import IllegalAction
from builder.engine.heroes import markers
from builder.engine.heroes.firing import plan_shot
from builder.engine.board.grid import GridError
from builder.engine.board.los import sight, static_line
from builder.engine.heroes.movement import infantry_reach, movement_allowance, vehicle_reach
from builder.engine.heroes.transport import disembark_reach
from builder.engine.heroes.state import GameState, UnitState
from builder.engine.heroes.terms import Term
from builder.engine.heroes.zoc import enemy_zoc
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
                     weapon: int = 0, mode: str = "normal") -> dict[str, Any]:
    if question == "los":
        _need(2, args, "heroes explain los POSITION FROM TO (unit names or squares)")
        return explain_los(state, names, args[0], args[1])
    if question == "move":
        _need(1, args, "heroes explain move POSITION UNIT")
        return explain_move(state, _unit(state, names, args[0]))
    if question == "fire":
        _need(2, args, "heroes explain fire POSITION FIRER TARGET [--weapon N] [--mode M]")
        return explain_fire(state, _unit(state, names, args[0]), _unit(state, names, args[1]), weapon, mode)
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
    for sq, v in s.obscurers:
        lines.append(f"  obscured -{v}: {bf.terrain[sq].id} at {bf.name(sq)} (Terrain > Obstacles)")
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


def explain_fire(state: GameState, firer: UnitState, target: UnitState, weapon: int, mode: str) -> dict[str, Any]:
    faces = firer.st.profile.faces[revealed_face(firer) if firer.concealed else firer.face]
    if not 0 <= weapon < len(faces.weapons):
        raise UsageError(f"{firer.st.profile.name} has weapons 0 to {len(faces.weapons) - 1}")
    plan = plan_shot(state, firer, weapon, target, mode)
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
    for t in plan.terms + plan.defence_terms:
        lines.append(f"  {t.value:+d}{' x2' if doubled and t.bonus else ''} {t.label}" + (f"  [{t.rule}]" if t.rule else ""))
    dice = "the better of 2 dice" if plan.dice == 2 else "the die"
    lines.append(f"needs >= {plan.need} on {dice}: {defence} {mods}".rstrip())
    word = "two Suppressed markers" if doubled else "kill shot"
    lines.append(f"  hit {hit:.0%}; {word} (>= {plan.kill_need}) {kill:.0%}")
    life = markers.count(state, target.id, markers.LIFE_POINT) if state.markers else 0
    if life and not doubled:
        lines.append(f"  then {life} life point marker{'s' if life > 1 else ''}: each discarded cancels one hit, "
                     f"a kill shot costing two  [{markers.R_LIFE}]")
    return {"question": "fire", "possible": True, "need": plan.need, "kill_need": plan.kill_need,
            "p_hit": hit, "p_kill": kill, "defence": plan.defence_total, "range": plan.range, "life_points": life,
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
