"""A Tide of Iron game log told as a story, and the frames of the replay viewer.

The log is replayed with the engine (each action checked legal, the final state hash
compared, as :func:`builder.systems.tide_of_iron.games.replay` does) in verbose mode, so
every decision comes with the engine's own notes: each attack with its dice, the
number that hits (004 Tide of Iron, Roll attack & determine hits), the defence dice and
the hits. Units go by their names, hexes by label (``C4``). :func:`narrate` writes the
story as text (``heroes replay LOG --narrate``); :func:`viewer_data` gives the replay
viewer's frames (builder.web.replay documents their shape).

Plain data in (a loaded pack and the parsed log), plain data out; no I/O.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from builder.diagnostics import Diagnostic
from builder.errors import InvalidInputError, UsageError
from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.games import parse_log
from builder.systems.tide_of_iron.models import Army
from builder.systems.tide_of_iron.pack import ToiPack, load

PHASES = {"action": "Action phase", "command": "Command phase", "opfire": "Status phase (Op Fire)",
          "draw": "Status phase (draw)"}
"""The phases of a round (004 Tide of Iron, Round sequence) as the engine names them."""
HITS = re.compile(r"= (\d+) hit")
MARKS = {"F": "fatigued", "O": "on Op Fire", "P": "pinned", "D": "disrupted", "d": "damaged",
         "C": "carried in a vehicle", "X": "eliminated"}


class _Names:
    def __init__(self, state: E.State) -> None:
        self.state = state
        self.sides = list(state.static.sides)

    def unit(self, ui: Any) -> str:
        units = self.state.units
        if isinstance(ui, int) and 0 <= ui < len(units):
            u = units[ui]
            return f"{u.uid} ({u.name}, {self.sides[u.side]})"
        return "no unit"

    def hex(self, h: Any) -> str:
        grid = self.state.static.grid
        return grid.label(h) if isinstance(h, int) and 0 <= h < grid.n else "off the board"


def decision_text(state: E.State, action: list[Any], side: int) -> str:
    """A decision in a player's words, read against the state before it is applied."""
    n = _Names(state)
    kind, args = action[0], action[1:]
    pending = state.pending
    actor = n.unit(pending[1]) if pending is not None and len(pending) > 1 else ""
    first = args[0] if args else None
    verbs = {"advance": "advances", "fire": "fires", "fm": "fires and moves", "assault": "assaults",
             "opfire": "goes on Op Fire", "fatigue": "is fatigued without acting", "heal": "heals"}
    if kind in verbs and pending is None:
        return f"{n.unit(first)} {verbs[kind]}"
    if kind == "assault":
        return f"{actor} assaults {n.hex(first)}"
    if kind == "react":
        how = "suppressive " if len(args) > 2 and args[2] else ""
        return f"{n.unit(first)} makes an Op Fire {how}attack on {actor}" + (
            " with its machine gun crews alone" if len(args) > 3 and args[3] else "")
    if kind == "hold":
        return f"holds its Op Fire as {actor} moves"
    if kind == "step":
        return f"{actor} moves to {n.hex(first)}"
    if kind == "stop":
        return f"{actor} stops"
    if kind == "embark":
        return f"{actor} boards {n.unit(first)}"
    if kind == "attack":
        target = state.units[first] if isinstance(first, int) and 0 <= first < len(state.units) else None
        suppressive = len(args) > 2 and args[2] and target is not None and target.kind == E.SQUAD
        how = "suppressive attack" if suppressive else "attack"
        support = " with the squads beside it" if len(args) > 1 and args[1] else ""
        return f"{actor} makes a{'n' if how == 'attack' else ''} {how} on {n.unit(first)}{support}"
    if kind == "area":
        how = "suppressive " if len(args) > 1 and args[1] else ""
        return f"{actor} fires its mortar ({how}area attack) at {n.hex(first)}"
    if kind == "card":
        hand = state.hands[side]
        card_id = hand[first] if isinstance(first, int) and 0 <= first < len(hand) else str(first)
        card = state.static.cards.get(card_id)
        return f"plays {getattr(card, 'name', card_id)}"
    if kind == "target":
        return f"aims the card at {n.hex(first)}"
    if kind == "bid":
        return f"bids {first} command for the initiative"
    if kind == "draw":
        return "draws a strategy card"
    if kind == "done":
        return "is done placing Op Fire tokens"
    if kind == "end":
        return "ends its Action phase"
    if kind == "casualty":
        return f"takes the casualty from {actor}: a {first} figure"
    if kind == "retreat":
        return f"{actor} retreats to {n.hex(first)}"
    if kind == "transfer":
        return f"moves a {args[2]} figure from {n.unit(args[0])} to {n.unit(args[1])}"
    return " ".join(str(a) for a in action)


def _shot(state: E.State, action: list[Any]) -> tuple[int, int] | None:
    """The hexes an attack goes from and to, read before it is applied."""
    pending = state.pending
    if pending is None or len(pending) < 2 or not isinstance(pending[1], int) or pending[1] < 0:
        return None
    src = state.units[pending[1]].hex
    kind = action[0]
    if kind == "react" and isinstance(action[1], int):
        return state.units[action[1]].hex, src
    if kind == "attack" and isinstance(action[1], int):
        return src, state.units[action[1]].hex
    if kind in ("area", "assault") and isinstance(action[1], int):
        return src, action[1]
    return None


def _mark(u: E.Unit) -> str:
    if not u.alive:
        return "X"
    mark = {E.FATIGUED: "F", E.OPFIRE: "O"}.get(u.token, "")
    mark += {E.PINNED: "P", E.DISRUPTED: "D"}.get(u.cond, "")
    mark += "d" * min(u.dmg, 2)
    if u.carrier >= 0:
        mark += "C"
    return mark


def _units(state: E.State) -> list[list[Any]]:
    out: list[list[Any]] = []
    for u in state.units:
        where = u.hex if u.alive else -1
        if u.alive and u.carrier >= 0:
            where = state.units[u.carrier].hex
        out.append([where, _mark(u)])
    return out


def _frame(state: E.State, n: int, side: int, turn: int, phase: str, text: str, events: list[str],
           shots: list[list[Any]], round_start: int) -> dict[str, Any]:
    return {"n": n, "t": turn, "p": PHASES.get(phase, phase), "a": side, "x": text, "e": events, "w": [],
            "h": shots, "v": list(state.vp), "o": list(state.control), "r": round_start, "u": _units(state)}


def frames(pack: ToiPack, lines: list[dict[str, Any]], display: str) -> tuple[E.State, list[dict[str, Any]]]:
    """Replay the log (each action checked legal, the final hash compared) and give the
    set-up and every decision as a frame."""
    head = lines[0]
    scenario = pack.scenario(str(head.get("scenario")))
    sides = [s.id for s in scenario.sides]
    try:
        forces = {sides.index(side): Army.model_validate(army) for side, army in (head.get("armies") or {}).items()}
    except (ValueError, AttributeError) as exc:
        raise InvalidInputError(f"{display}: the header's squad lists cannot be read", [Diagnostic(
            "N702", f"header 'armies' is not a squad list by side: {str(exc).splitlines()[0]}", file=display,
            line=1, col=1, hint="use a log written by 'heroes play --log'")]) from None
    state = E.new_game(pack, scenario.id, int(head.get("seed", 0)), verbose=True, forces=forces)
    out = [_frame(state, -1, -1, state.round, state.phase, "the board at set-up", [], [], 0)]
    names = _Names(state)
    for at, line in enumerate(lines[1:-1], 2):
        action = list(line.get("action") or [])
        side = int(line.get("side", state.active))
        turn, phase = state.round, state.phase
        text = f"{names.sides[side]}: {decision_text(state, action, side)}" if action else "?"
        line_of = _shot(state, action) if action else None
        try:
            events = state.apply(action)
        except (UsageError, KeyError, TypeError, IndexError) as exc:
            raise InvalidInputError(f"{display}: replay failed", [Diagnostic(
                "N702", f"decision {line.get('i')} cannot be replayed: {exc}", file=display, line=at, col=1,
                hint="the log does not match this pack or engine; play the game again")]) from None
        told = [re.sub(r"^r\d+ ", "", e) for e in events]
        shots: list[list[Any]] = []
        if line_of is not None and line_of[0] >= 0 and line_of[1] >= 0:
            said = next((e for e in told if "attack" in e or "mortar" in e or "assault" in e), text)
            found = HITS.search(said)
            hit = bool(found and int(found.group(1)) > 0) or ("casualt" in said or "destroyed" in said)
            shots.append([line_of[0], line_of[1], int(hit), said])
        out.append(_frame(state, len(out) - 1, side, turn, phase, text, told, shots,
                          state.round if state.round != turn else 0))
    expected = lines[-1].get("state_hash")
    if state.state_hash() != expected:
        raise InvalidInputError(f"{display}: replay ends in state {state.state_hash()[:16]}..., the log says "
                                f"{str(expected)[:16]}... (the pack or the engine changed)")
    return state, out


def verdict(state: E.State) -> str:
    res = state.result or {}
    return (f"{res.get('winner') or 'nobody'} won ({res.get('level')}, {res.get('end_reason')}) after "
            f"{res.get('rounds')} round(s); victory points: "
            + ", ".join(f"{k} {v}" for k, v in (res.get("victory_points") or {}).items()) + ".")


def narrate(pack: ToiPack, lines: list[dict[str, Any]], display: str = "<log>") -> str:
    """``heroes replay LOG --narrate`` for a Tide of Iron game."""
    state, told = frames(pack, lines, display)
    head = lines[0]
    players = list(head.get("players") or [])
    out = [f"{state.static.scenario.name} ({state.static.scenario.id}), seed {head.get('seed')}: "
           + ", ".join(f"{s} played by {p}" for s, p in zip(state.static.sides, players)), ""]
    out += [f"warning: {w}" for w in head.get("warnings") or []]
    out.append(f"Round {told[0]['t']}")
    phase = None
    for f in told[1:]:
        if f["p"] != phase:
            out.append(f"  {f['p']}")
            phase = f["p"]
        out.append(f"    {f['n'] + 1}. {f['x']}")
        out.extend(f"       - {e}" for e in f["e"])
        if f["r"]:
            out.append(f"Round {f['r']}")
            phase = None
    out += ["", verdict(state)]
    return "\n".join(out) + "\n"


def viewer_data(pack: ToiPack, lines: list[dict[str, Any]], display: str = "<log>") -> dict[str, Any]:
    """The replay viewer's data of a Tide of Iron log: the scenario's hex map and the frames."""
    from builder.systems.tide_of_iron.render import SIZE, _centre, hex_map_svg

    state, told = frames(pack, lines, display)
    static = state.static
    svg = str(hex_map_svg(pack, static.scenario, units=False))
    size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    nations = pack.items["nations"]
    colours = [getattr(nations.get(n), "colour", None) or "#666666" for n in static.nations]
    used = {h for h, _ in static.objectives}
    for f in told:
        used.update(c for c, _ in f["u"] if c >= 0)
        used.update(c for shot in f["h"] for c in shot[:2])
    head = lines[0]
    return {
        "system": "tide-of-iron", "title": f"{static.scenario.name} ({static.scenario.id})",
        "seed": int(head.get("seed", 0)), "players": [str(p) for p in head.get("players") or []],
        "sides": [{"name": s, "colour": c} for s, c in zip(static.sides, colours)],
        "map": svg, "width": float(size.group(1)) if size else 0, "height": float(size.group(2)) if size else 0,
        "cell": SIZE * 1.3, "xy": {str(h): [round(v, 1) for v in _centre(static.grid, h)] for h in sorted(used)},
        "units": [{"n": f"{u.uid} ({u.name})", "s": u.side, "l": u.uid[:3].upper(), "k": "vehicle" if u.kind == E.VEHICLE
                   else "squad"} for u in state.units],
        "objectives": [{"n": f"{getattr(o, 'kind', 'objective')} {static.grid.label(h)}", "c": h,
                        "vp": getattr(o, "vp", 0)} for h, o in static.objectives],
        "marks": MARKS, "frames": told, "result": verdict(state),
    }


def read_log(text: str, display: str, pack: Path | None = None) -> tuple[ToiPack, list[dict[str, Any]]]:
    """A log's text parsed, with the pack it names (or ``pack``) loaded."""
    from builder.systems.tide_of_iron.cli import BUNDLED

    lines = parse_log(text, display)
    return load(pack or Path(str(lines[0].get("pack") or BUNDLED))), lines


def game_log(pack: Path, scenario: str, seed: int, players: list[str], army: list[str] | None = None) -> str:
    """The log of the game a playtest played with ``seed`` (players by side; ``army`` the
    playtest's ``--army SIDE=FILE`` squad lists)."""
    from builder.playtest_core.army_options import parse_army_options
    from builder.systems.tide_of_iron.army import load_forces
    from builder.systems.tide_of_iron.games import jsonl, log_lines
    from builder.systems.tide_of_iron.players import play_game

    content = load(pack)
    sc = content.scenario(scenario)
    forces = load_forces(content, sc, parse_army_options(army or [], [s.id for s in sc.sides])) or None
    state, actions = play_game(content, scenario, seed, list(players), forces=forces)
    return jsonl(log_lines(state, actions, str(pack), scenario, seed, list(players), forces))
