"""Take a side in a Tide of Iron game in ``heroes serve`` (builder.web.table keeps the game
and does the routes; :class:`builder.systems.seam.WebTools`): a new game, a decision
applied and logged, and what the page shows, read from the Tide of Iron engine
(builder.systems.tide_of_iron.engine) and its story module for the words, as plain data.
The log is the one ``heroes play --log`` writes for Tide of Iron
(builder.systems.tide_of_iron.games.log_lines)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from builder.errors import UsageError

SYSTEM = "tide-of-iron"
AI_PLAYERS = ("greedy", "random")
"""The AI players offered for the other side."""
HUMAN = "human"
TARGETS = ("step", "retreat", "target")
"""Decisions whose argument is a hex the page marks on the map (a pending assault's too)."""


def players() -> tuple[str, ...]:
    """The AI players a game in the browser offers for the other side."""
    return AI_PLAYERS


def new_game(pack: Any, pack_ref: str, scenario: str, human: int, ai: str, seed: int
             ) -> tuple[Any, Any, dict[str, Any]]:
    """A new game: (state, the AI player, the log's header line)."""
    from builder.systems.tide_of_iron import engine as E
    from builder.systems.tide_of_iron.players import make_player

    if scenario not in pack.items["scenarios"]:
        raise UsageError(f"unknown scenario '{scenario}'")
    if ai not in AI_PLAYERS:
        raise UsageError(f"the Tide of Iron AI players are {', '.join(AI_PLAYERS)}")
    if human not in (0, 1):
        raise UsageError("choose side 0 or 1")
    state = E.new_game(pack, scenario, seed, verbose=True)
    seats = [HUMAN, HUMAN]
    seats[1 - human] = ai
    header = {"system": SYSTEM, "pack": pack_ref, "scenario": scenario, "seed": seed, "players": seats,
              "warnings": state.warnings}
    return state, make_player(ai, seed, 1 - human), header


def apply(state: Any, action: Any, decisions: int) -> tuple[list[dict[str, Any]], Any]:
    """Apply a decision (a tuple of the engine's): its log line as ``heroes play --log``
    writes it, and the events the AI is told of."""
    side = state.to_act
    events = state.apply(action)
    return [{"i": decisions, "side": side, "action": list(action)}], events


def log_text(state: Any, header: dict[str, Any], lines: list[dict[str, Any]], decisions: int) -> str:
    """The game's log as ``heroes play --log`` writes it for Tide of Iron."""
    from builder.systems.tide_of_iron.games import jsonl

    footer = {"decisions": decisions, "result": state.result, "state_hash": state.state_hash(),
              "events": state.events}
    return jsonl([header, *lines, footer])


def view(pack: Any, state: Any, scenario_id: str, human: int, ai: str, lines: list[dict[str, Any]]
         ) -> dict[str, Any]:
    """What templates/web/table.html.j2 shows for a Tide of Iron game."""
    from builder.systems.tide_of_iron.render import SIZE, _centre, hex_map_svg
    from builder.systems.tide_of_iron.story import PHASES, _mark, decision_text

    static = state.static
    grid = static.grid
    nations = pack.items["nations"]
    colours = [getattr(nations.get(n), "colour", None) or "#666666" for n in static.nations]
    svg = str(hex_map_svg(pack, static.scenario, units=False))
    mine = state.result is None and state.to_act == human
    groups: dict[int, dict[str, Any]] = {}
    pending = state.pending
    actor = pending[1] if pending is not None and len(pending) > 1 and isinstance(pending[1], int) else -1
    for i, action in enumerate(state.legal_actions() if mine else []):
        kind = action[0]
        unit = action[1] if kind in ("advance", "fire", "fm", "assault", "opfire", "fatigue", "heal") \
            and pending is None else (actor if actor >= 0 and kind not in ("card", "bid", "draw", "done", "end")
                                      else -1)
        name = f"{state.units[unit].uid} ({state.units[unit].name})" if unit >= 0 else "Decisions"
        group = groups.setdefault(unit, {"unit": unit, "name": name, "actions": []})
        target = action[1] if (kind in TARGETS or (kind == "assault" and pending is not None)) \
            and isinstance(action[1], int) else -1
        centre = [round(v, 1) for v in _centre(grid, target)] if 0 <= target < grid.n else None
        group["actions"].append({"index": i, "text": decision_text(state, list(action), human),
                                 "square": target, "centre": centre, "explain": ""})
    parts: list[str] = []
    stacked: dict[int, int] = {}
    size = SIZE * 1.1
    for ui, u in enumerate(state.units):
        where = u.hex if u.carrier < 0 else state.units[u.carrier].hex
        if not u.alive or where < 0:
            continue
        k = stacked[where] = stacked.get(where, 0) + 1
        x, y = _centre(grid, where)
        x, y = x + (k - 1) * 5, y + (k - 1) * 5
        own = " own" if u.side == human else ""
        mark = _mark(u)
        parts.append(
            f'<g class="counter{own}" data-unit="{ui}" data-cell="{where}" transform="translate({x:.1f} {y:.1f})">'
            f'<rect x="{-size / 2:.1f}" y="{-size / 2:.1f}" width="{size:.1f}" height="{size:.1f}" rx="3" '
            f'fill="{escape(colours[u.side])}" stroke="#111" stroke-width="1.5"/>'
            f'<text y="1" text-anchor="middle" font-size="{size * 0.34:.1f}" fill="#fff" font-weight="bold">'
            f'{escape(u.uid[:3].upper())}</text><text y="{size / 2 - 2:.1f}" text-anchor="middle" '
            f'font-size="{size * 0.26:.1f}" fill="#ff0">{escape(mark)}</text>'
            f'<title>{escape(u.uid)} ({escape(u.name)}, {escape(static.sides[u.side])})</title></g>')
    recent = [e.split(" ", 1)[-1] for e in state.events[-6:]]  # the engine's notes: attacks, cards, phases
    result = state.result
    over = ""
    if result:
        points = ", ".join(f"{k} {v}" for k, v in (result.get("victory_points") or {}).items())
        over = f"{result.get('winner') or 'nobody'} won ({result.get('level')}); victory points: {points}"
    return {
        "scenario": static.scenario, "map_svg": Markup(svg.replace("</svg>", "")),
        "counters": Markup("".join(parts)), "groups": list(groups.values()), "mine": mine,
        "sides": [{"name": s, "colour": c} for s, c in zip(static.sides, colours)], "vp": list(state.vp),
        "recent": recent, "result": result, "cell": SIZE * 1.5,
        "over": over,
        "heading": f"you play {static.sides[human]}, {ai} plays {static.sides[1 - human]}",
        "status": f"Round {state.round}, {PHASES.get(state.phase, state.phase)}",
    }
