"""Take a side in ``heroes serve``: a Heroes System game against one of the engine's AI
players (issue 39, item 4), as plain data for builder.web.table, which keeps the game in
the browser session and does the routes (:class:`builder.systems.seam.WebTools`).

A new game is the scenario's default armies under the core rules; each decision is
logged as ``heroes play --log`` logs it (builder.systems.heroes.tools.log), so the
finished game's log replays like any other; the page lists only the legal decisions
(the engine's ``legal_actions``), grouped by unit, in the words of the game's story
(builder.systems.heroes.tools.story), with the odds of a shot or an assault
(builder.systems.heroes.tools.explain).
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup, escape

from builder.errors import UsageError

AI_PLAYERS = ("greedy", "random", "solo:balanced", "solo:aggressive", "solo:defensive")
"""The AI players offered for the other side."""
HUMAN = "human"


def players() -> tuple[str, ...]:
    """The AI players a game in the browser offers for the other side."""
    return AI_PLAYERS


def new_game(pack: Any, pack_ref: str, scenario: str, human: int, ai: str, seed: int
             ) -> tuple[Any, Any, dict[str, Any]]:
    """A new game: the scenario's armies, the player on side ``human``, ``ai`` on the
    other; (state, the AI player, the log's header line)."""
    from builder.kernel import make_player
    from builder.systems.heroes.ai.players import parse_spec
    from builder.systems.heroes.engine.rules import Rules

    found = pack.items["scenarios"].get(scenario)
    if found is None:
        raise UsageError(f"unknown scenario '{scenario}'")
    if len(found.sides) != 2 or any(s.players for s in found.sides):
        raise UsageError("taking a side is for scenarios of two players")
    if ai not in AI_PLAYERS:
        raise UsageError(f"unknown AI '{ai}': choose one of {', '.join(AI_PLAYERS)}")
    if human not in (0, 1):
        raise UsageError("choose side 0 or 1")
    parse_spec(ai)
    state = Rules.new_game(pack, scenario, seed=seed)
    seats = [HUMAN, HUMAN]
    seats[1 - human] = ai
    header = {"type": "header", "version": 2, "scenario": scenario, "seed": seed, "players": seats,
              "pack": pack_ref, "rules": Rules.name, "start_hash": state.state_hash()}
    return state, make_player(ai, seed, 1 - human), header


def apply(state: Any, action: Any, decisions: int) -> tuple[list[dict[str, Any]], Any]:
    """Apply a decision: its log lines (the decision and the events it caused, as ``heroes
    play --log`` writes them) and the events the AI is told of."""
    side = state.to_act
    events = state.apply(action)
    lines = [{"type": "decision", "n": decisions, "side": side, "action": action.to_dict(),
              "hash": state.state_hash()}]
    lines.extend({"type": "event", **e.to_dict()} for e in events[1:])
    return lines, events


def log_text(state: Any, header: dict[str, Any], lines: list[dict[str, Any]], decisions: int) -> str:
    """The game's log as ``heroes play --log`` writes it (a result line once it is over)."""
    result = state.result.to_dict() if state.result else None
    tail = [{"type": "result", "decisions": decisions, "result": result,
             "state_hash": state.state_hash()}] if state.result else []
    return "".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                   for line in [header, *lines, *tail])


def _counters(state: Any, human: int, names: Any, colours: list[str]) -> Markup:
    """The counters as SVG, at their squares (builder.systems.heroes.render.svg_map's geometry)."""
    from builder.systems.heroes.render.svg_map import CELL, MARGIN
    from builder.systems.heroes.tools.story import _initials

    width = state.static.bf.width
    size = CELL * 0.8
    parts = []
    stacked: dict[int, int] = {}
    for u in state.units:
        if not u.alive or u.sq < 0:
            continue
        k = stacked[u.sq] = stacked.get(u.sq, 0) + 1
        x = MARGIN + (u.sq % width) * CELL + CELL / 2 + (k - 1) * 4
        y = MARGIN + (u.sq // width) * CELL + CELL / 2 + (k - 1) * 4
        own = " own" if u.side == human else ""
        parts.append(
            f'<g class="counter{own}" data-unit="{u.id}" data-cell="{u.sq}" transform="translate({x} {y})">'
            f'<rect x="{-size / 2}" y="{-size / 2}" width="{size}" height="{size}" rx="3" '
            f'fill="{escape(colours[u.side])}" stroke="#111" stroke-width="1.5"/>'
            f'<text y="1" text-anchor="middle" font-size="{size * 0.36:.1f}" fill="#fff" font-weight="bold">'
            f'{escape(_initials(names.short(u.id))[:3])}</text>'
            f'<title>{escape(names.unit(u.id))}</title></g>')
    return Markup("".join(parts))


def _seen(names: Any, line: dict[str, Any], human: int) -> str:
    """A decision as the player saw it: the other side's order tokens go face down
    (000 core rules, Action! > Order Phase: tokens are placed face down)."""
    from builder.systems.heroes.tools.story import decision_text

    action = line["action"]
    if line["side"] != human and action.get("kind") == "order":
        return f"places an order token face down on {names.unit(action.get('unit'))}"
    return decision_text(names, action, line["side"])


def _explain(state: Any, action: dict[str, Any]) -> tuple[str, str]:
    """A shot's or an assault's odds before the player commits to it, and the whole
    explanation (``heroes explain fire`` / ``assault``, builder.systems.heroes.tools.explain)."""
    from builder.errors import HeroesError
    from builder.kernel.errors import IllegalAction
    from builder.systems.heroes.tools.explain import explain_assault, explain_fire

    kind = action.get("kind")
    try:
        if kind in ("fire", "opfire") and action.get("mode", "normal") in ("normal", "suppressive", ""):
            found = explain_fire(state, state.units[action["unit"]], state.units[action["target"]],
                                 int(action.get("weapon", 0)), str(action.get("mode") or "normal"))
            if found.get("possible"):
                return f": hit {found['p_hit']:.0%}", str(found["text"])
        if kind == "assault":
            found = explain_assault(state, state.units[action["unit"]], state.units[action["target"]],
                                    int(action.get("square", -1)))
            if found.get("possible"):
                return f": wins {found['p_win']:.0%}", str(found["text"])
    except (HeroesError, IllegalAction, KeyError, IndexError):
        return "", ""
    return "", ""


def view(pack: Any, state: Any, scenario_id: str, human: int, ai: str, lines: list[dict[str, Any]]
         ) -> dict[str, Any]:
    """What templates/web/table.html.j2 shows: the map, the counters, the open decisions."""
    from builder.render.env import render as render_template
    from builder.systems.heroes.render.svg_map import CELL, MARGIN, build_map
    from builder.systems.heroes.tools.story import Names, decision_text

    scenario = pack.items["scenarios"][scenario_id]
    names = Names(state, pack)
    colours = []
    for s in scenario.sides:
        faction = pack.get("factions", s.faction)
        colours.append(getattr(faction, "colour", None) or "#666666")
    data = build_map(scenario, pack, {s.id: names.side(i) for i, s in enumerate(scenario.sides)})
    svg = render_template("partials/map.svg.j2", m=data, label=f"map of {scenario.name}")
    groups: dict[int, dict[str, Any]] = {}
    mine = state.result is None and state.to_act == human
    for i, action in enumerate(state.legal_actions() if mine else []):
        d = action.to_dict()
        unit = d.get("unit", -1)
        group = groups.setdefault(unit, {"unit": unit, "name": names.own(unit, human) if unit >= 0
                                         else "Decisions", "actions": []})
        square = d.get("square", -1) if d.get("kind") in ("move", "retreat", "displace") else -1
        odds, explained = _explain(state, d)
        width = state.static.bf.width
        centre = ([MARGIN + (square % width) * CELL + CELL / 2, MARGIN + (square // width) * CELL + CELL / 2]
                  if square >= 0 else None)
        group["actions"].append({"index": i, "text": decision_text(names, d, human) + odds, "square": square,
                                 "centre": centre, "explain": explained})
    recent = [x for x in lines if x["type"] == "decision"][-6:]
    told = [f"{names.side(x['side'])}: {_seen(names, x, human)}" for x in recent]
    result = state.result.to_dict() if state.result else None
    return {
        "scenario": scenario, "map_svg": Markup(svg.replace("</svg>", "")),
        "counters": _counters(state, human, names, colours), "groups": list(groups.values()), "mine": mine,
        "sides": [{"name": names.side(i), "colour": colours[i]} for i in range(len(scenario.sides))],
        "vp": [s.vp for s in state.sides], "turn": state.turn, "phase": state.phase, "recent": told,
        "result": result, "cell": CELL,
        "heading": f"you play {names.side(human)}, {ai} plays {names.side(1 - human)}",
        "over": _over(result, names) if result else "", "status": f"Round {state.turn}, {state.phase} phase",
    }


def _over(result: dict[str, Any], names: Any) -> str:
    points = ", ".join(f"{k} {v}" for k, v in (result.get("victory_points") or {}).items())
    winner = result.get("winner")
    return (f"{winner} won ({result.get('level')})" if winner else "a draw") + f"; victory points: {points}"
