"""``heroes explain`` on a Tide of Iron position: line of sight, movement and an attack,
with every number the rules use and the section each comes from."""

from __future__ import annotations

import heapq
from pathlib import Path
from typing import Any

from builder.errors import ContentError, UsageError, YamlError
from builder.systems.tide_of_iron import codes
from builder.systems.tide_of_iron import fortifications as F
from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.models import Position
from builder.systems.tide_of_iron.pack import ToiPack, read_model

CONDITIONS = {"normal": E.NORMAL, "pinned": E.PINNED, "disrupted": E.DISRUPTED}
TOKENS = {"fresh": E.FRESH, "fatigued": E.FATIGUED, "op-fire": E.OPFIRE}
DAMAGE = {"none": 0, "light": 1, "heavy": 2}
RANGE_NAMES = {E.CLOSE: "close (4-6)", E.NORMAL_RANGE: "normal (5-6)", E.LONG: "long (6)"}


def load_position(path: Path, pack: ToiPack) -> E.State:
    """The scenario's set-up with the position's changes; problems are located errors."""
    if not path.is_file():
        raise UsageError(f"no such position file: {path}")
    try:
        pos, locator, display = read_model(path, Position, codes.N_SCHEMA)
    except YamlError:
        raise
    state = E.new_game(pack, pos.scenario, seed=0)
    by_id = {u.uid: u for u in state.units}
    grid = state.static.grid
    for i, placed in enumerate(pos.units):
        unit = by_id.get(placed.id)
        line, col = locator.where(("units", i, "id"))
        if unit is None:
            from builder.diagnostics import Diagnostic

            raise ContentError(f"{display}: unknown unit", [Diagnostic(
                codes.N_REFERENCE, f"scenario '{pos.scenario}' has no unit '{placed.id}'", file=display, line=line,
                col=col, hint="use the id of a starting squad or vehicle: " + ", ".join(sorted(by_id)))])
        if placed.hex is not None:
            index = grid.parse(placed.hex)
            if index is None:
                from builder.diagnostics import Diagnostic

                line, col = locator.where(("units", i, "hex"))
                raise ContentError(f"{display}: hex off the board", [Diagnostic(
                    codes.N_HEX, f"hex {placed.hex} is off the board", file=display, line=line, col=col,
                    hint=f"use a hex from A1 to {grid.label(grid.n - 1)}")])
            unit.hex, unit.carrier = index, -1
        unit.cond, unit.token, unit.dmg = CONDITIONS[placed.condition], TOKENS[placed.token], DAMAGE[placed.damage]
        unit.alive = not placed.removed
    return state


def _unit(state: E.State, name: str) -> E.Unit:
    for u in state.units:
        if u.uid == name and u.alive:
            return u
    raise UsageError(f"no unit '{name}' on the board; units: {', '.join(u.uid for u in state.units if u.alive)}")


def explain_los(state: E.State, a: str, b: str) -> dict[str, Any]:
    grid = state.static.grid
    ia, ib = grid.parse(a), grid.parse(b)
    if ia is None or ib is None:
        raise UsageError(f"give two hexes of the board, e.g. 'los A1 C3' (A1 to {grid.label(grid.n - 1)})")
    steps = grid.line(ia, ib)
    lines = [f"line of sight {a} (level {grid.elevation[ia]}) to {b} (level {grid.elevation[ib]}), "
             f"{grid.distance(ia, ib)} hexes apart (004 Tide of Iron, Line of sight)"]
    for step in steps:
        desc = " / ".join(f"{grid.label(h)} {grid.terrain[h].name}{' (BT)' if grid.blocks[h] else ''}"
                          f"{f' level {grid.elevation[h]}' if grid.elevation[h] else ''}" for h in step)
        lines.append(f"  crosses {desc}" + ("  (along an edge: blocked only if both sides block)" if len(step) > 1 else ""))
    seen = grid.los(ia, ib)
    lines.append("clear: the hexes see each other" if seen else "blocked")
    return {"question": "los", "from": a, "to": b, "los": seen,
            "line": [[grid.label(h) for h in step] for step in steps], "text": "\n".join(lines)}


def explain_move(state: E.State, name: str) -> dict[str, Any]:
    """Every hex the unit can reach on an Advance, at the cheapest MP cost
    (004 Tide of Iron, Movement; Terrain block); Op Fire may stop it earlier."""
    u = _unit(state, name)
    grid = state.static.grid
    mp = E.movement_points(state, u, "advance")
    start, exit_mp = u.hex, 0
    if u.carrier >= 0:
        # a carried squad gets out in its vehicle's hex for 2 MPs (004 Tide of Iron,
        # Transporting squads) and moves on from there
        start, exit_mp = state.units[u.carrier].hex, 2
    best = {start: E.MP_PARTS * exit_mp}
    queue = [(E.MP_PARTS * exit_mp, start)]
    while queue:
        cost, h = heapq.heappop(queue)
        if cost > best.get(h, 999):
            continue
        for dst, _ in grid.steps[u.kind][h]:
            c = cost + E._step_cost(state, u, h, dst) + E._overrun_cost(state, u, dst)
            if c <= E.MP_PARTS * mp and c < best.get(dst, 9999):
                best[dst] = c
                heapq.heappush(queue, (c, dst))
    reach = {grid.label(h): _mps(c) for h, c in sorted(best.items())
             if (h != start or exit_mp) and not E._enemy_in(state, h, u.side)}  # an overrun hex is passed, never reached
    where = (f"in {state.units[u.carrier].uid} at {grid.label(start)} (getting out costs {exit_mp} MPs)"
             if exit_mp else f"at {grid.label(start)}")
    lines = [f"{name} {where}: {mp} MPs on an Advance (Fire & Movement: "
             f"{E.movement_points(state, u, 'fm')}, Assault: {E.movement_points(state, u, 'assault')})"]
    lines += [f"  {h}: {c} MP" for h, c in reach.items()]
    return {"question": "move", "unit": name, "hex": grid.label(start), "exit_mp": exit_mp, "mp": mp, "reach": reach,
            "text": "\n".join(lines)}


def _mps(parts: int) -> str:
    """MPs from sixths (a truck pays a third per road hex, a half per dirt road hex)."""
    from fractions import Fraction

    whole, rest = divmod(parts, E.MP_PARTS)
    frac = Fraction(rest, E.MP_PARTS)
    return f"{whole}" if not rest else (f"{whole} {frac}" if whole else f"{frac}")


def explain_fire(state: E.State, name: str, target: str, suppressive: bool) -> dict[str, Any]:
    """Attack strength, success number, defence dice and expected hits
    (004 Tide of Iron, Resolving an attack)."""
    u, t = _unit(state, name), _unit(state, target)
    grid = state.static.grid
    los = grid.los(u.hex, t.hex)
    prof = E.attack_profile(state, u, t, u.hex, E._halvings(state, u, "fire")) if los else None
    if prof is None:
        why = "no line of sight" if not los else "out of range or no figure able to fire"
        text = f"{name} cannot attack {target}: {why}"
        return {"question": "fire", "attack": None, "text": text}
    red = E.defence_dice(state, t, suppressive and t.kind == E.SQUAD, u)
    expected = prof[0] * E.P_SUCCESS[prof[1]] - red / 3
    text = "\n".join([
        f"{name} at {grid.label(u.hex)} attacks {target} at {grid.label(t.hex)} "
        f"({grid.distance(u.hex, t.hex)} hexes, {'suppressive' if suppressive and t.kind == E.SQUAD else 'normal'})",
        f"  attack strength: {prof[0]} black dice, range {RANGE_NAMES[prof[1]]}",
        f"  defence: {red} red dice (cover {grid.cover[t.hex]} of {grid.terrain[t.hex].name}"
        + (f", markers {' '.join(F.markers(state, t.hex))} +{F.cover(state, t)}" if F.cover(state, t) else "")
        + (f", armour {t.vtype.av}" if t.vtype is not None else "") + "), successes on 5-6",
        f"  expected hits: {max(0.0, expected):.2f}",
    ])
    return {"question": "fire", "attack": prof[0], "success": prof[1], "defence": red,
            "expected_hits": round(max(0.0, expected), 4), "text": text}


def explain_assault(state: E.State, name: str, hex_label: str, supporters: list[str]) -> dict[str, Any]:
    """The dice of an assault on an adjacent hex and the hits to expect each way
    (004 Tide of Iron, Assault attacks: attack dice hit on 4-6, the defender's cover dice
    cancel one hit each on 5-6, the defenders' dice hit the attacker on 4-6)."""
    u = _unit(state, name)
    grid = state.static.grid
    h = grid.parse(hex_label)
    if h is None:
        raise UsageError(f"give a hex of the board to assault, e.g. 'assault {name} C5' "
                         f"(A1 to {grid.label(grid.n - 1)})")
    sup = [_unit(state, o) for o in supporters]
    defenders = [d for d in state.units if d.alive and d.hex == h and d.carrier < 0 and d.side != u.side]
    if not defenders:
        return {"question": "assault", "attack": None, "text": f"{name} cannot assault {hex_label}: no enemy there"}
    if grid.distance(u.hex, h) != 1:
        return {"question": "assault", "attack": None,
                "text": f"{name} cannot assault {hex_label}: an assault is made on an adjacent hex "
                        f"({grid.distance(u.hex, h)} hexes away)"}
    attack, cover, defence = E.assault_dice(state, u, h, sup)
    expected_attack = max(0.0, attack / 2 - cover / 3)
    text = "\n".join([
        f"{name} at {grid.label(u.hex)} assaults {hex_label}" + (f" with {', '.join(supporters)}" if supporters else "")
        + f" ({', '.join(d.uid for d in defenders)} defending)",
        f"  attack: {attack} black dice at 4-6 (FPR against infantry; each supporter's halved)",
        f"  cover: {cover} red dice at 5-6 ({grid.terrain[h].name}"
        + (f", markers {' '.join(F.markers(state, h))}" if F.markers(state, h) else "") + ")",
        f"  defence: {defence} dice at 4-6 against the attacker",
        f"  expected hits: {expected_attack:.2f} on the defenders, {defence / 2:.2f} on the attacker; "
        "more hits than the defender's take the hex (the defender retreats)",
    ])
    return {"question": "assault", "attack": attack, "cover": cover, "defence": defence,
            "expected_hits": round(expected_attack, 4), "expected_hits_taken": round(defence / 2, 4), "text": text}


def explain_question(state: E.State, question: str, args: list[str], mode: str) -> dict[str, Any]:
    if question == "los" and len(args) == 2:
        return explain_los(state, args[0], args[1])
    if question == "move" and len(args) == 1:
        return explain_move(state, args[0])
    if question == "fire" and len(args) == 2:
        return explain_fire(state, args[0], args[1], mode == "suppressive")
    if question == "assault" and 2 <= len(args) <= 4:
        return explain_assault(state, args[0], args[1], args[2:])
    raise UsageError("on a Tide of Iron position use: los HEX HEX | move UNIT | fire UNIT TARGET [--mode suppressive]"
                     " | assault UNIT HEX [SUPPORTER...]")
