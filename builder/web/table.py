"""Take a side: a game in ``heroes serve`` against one of the engine's AI players (issue
39, item 4); the Heroes System's here, Tide of Iron's in builder.web.table_toi.

``/play/PACK/SCENARIO`` starts a game of the scenario's default armies: the side the
player takes, the AI for the other (greedy, random, a Solo AI policy) and the seed. The
page lists only the legal decisions (the engine's ``legal_actions``), grouped by unit:
clicking a counter shows its decisions and marks the squares it may move to, clicking
a marked square takes that move; every decision is also a plain form button, so the
page works without JavaScript. After each of the player's decisions the AI waits: the
player may undo it, or let the AI answer (the page asks it on its own after a moment).
The AI is told of the player's decisions only when it answers, so an undone decision
never reached it. The game is kept as a log in the format of ``heroes play --log``
(builder.systems.heroes.tools.log): ``/play/PACK/SCENARIO/log`` downloads it once the
game is over, and ``heroes replay`` proves it like any other.

Games are kept in memory, one per browser session and scenario.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from builder.errors import UsageError
from builder.render.env import render

AI_PLAYERS = ("greedy", "random", "solo:balanced", "solo:aggressive", "solo:defensive")
"""The AI players offered for the other side."""
MAX_TABLES = 32
HUMAN = "human"


@dataclass
class Table:
    """One game in progress: the engine's state, the AI, the log so far, and the state
    before the player's last decision while the AI has not answered it."""

    pack_id: str
    scenario: str
    seed: int
    human: int
    ai: str
    state: Any
    agent: Any
    lines: list[dict[str, Any]]
    unheard: list[Any] = field(default_factory=list)
    """The events of the player's decisions the AI has not been told yet."""
    undo: tuple[Any, int, int] | None = None
    system: str = "heroes-of-normandie"
    """The state, log length and unheard count before the player's last decision."""

    @property
    def decisions(self) -> int:
        """Decisions taken so far (Heroes log lines are typed; Tide of Iron's are all decisions)."""
        return sum(1 for x in self.lines if x.get("type", "decision") == "decision")

    @property
    def waiting(self) -> bool:
        """The player decided and the AI is to answer (the undo is open)."""
        return self.state.result is None and self.state.to_act != self.human

    def log_text(self, header: dict[str, Any]) -> str:
        result = self.state.result.to_dict() if self.state.result else None
        decisions = sum(1 for x in self.lines if x["type"] == "decision")
        tail = [{"type": "result", "decisions": decisions, "result": result,
                 "state_hash": self.state.state_hash()}] if self.state.result else []
        return "".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                       for line in [header, *self.lines, *tail])


def new_table(pack: Any, pack_id: str, pack_ref: str, scenario: str, human: int, ai: str, seed: int
              ) -> tuple[Table, dict[str, Any]]:
    """A new game: the scenario's armies, the player on side ``human``, ``ai`` on the other."""
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
    players = [HUMAN, HUMAN]
    players[1 - human] = ai
    header = {"type": "header", "version": 2, "scenario": scenario, "seed": seed, "players": players,
              "pack": pack_ref, "rules": Rules.name, "start_hash": state.state_hash()}
    table = Table(pack_id, scenario, seed, human, ai, state, make_player(ai, seed, 1 - human), [])
    return table, header


def decide(table: Table, index: int) -> None:
    """The player's decision number ``index`` among the legal ones (refused when it is not
    the player's turn, or stale)."""
    state = table.state
    if state.result is not None or state.to_act != table.human:
        raise UsageError("it is not your turn: let the AI answer first")
    actions = state.legal_actions()
    if not 0 <= index < len(actions):
        raise UsageError("that decision is no longer open; reload the page")
    table.undo = (state.clone(), len(table.lines), len(table.unheard))
    _apply(table, actions[index])


def _apply(table: Table, action: Any) -> None:
    if table.system == "tide-of-iron":
        from builder.web import table_toi

        table_toi.apply(table, action)
        return
    state = table.state
    side = state.to_act
    events = state.apply(action)
    table.lines.append({"type": "decision", "n": table.decisions, "side": side, "action": action.to_dict(),
                        "hash": state.state_hash()})
    table.lines.extend({"type": "event", **e.to_dict()} for e in events[1:])
    table.unheard.append(events)


def take_back(table: Table) -> None:
    """Undo the player's last decision: only while the AI has not answered it."""
    if table.undo is None:
        raise UsageError("nothing to undo: the AI has answered your last decision")
    state, lines, unheard = table.undo
    table.state, table.lines, table.unheard = state, table.lines[:lines], table.unheard[:unheard]
    table.undo = None


def answer(table: Table, limit: int = 2000) -> None:
    """The AI decides until it is the player's turn again or the game is over."""
    agent, state = table.agent, table.state
    for events in table.unheard:
        agent.notify(state, events)
    table.unheard = []
    table.undo = None
    for _ in range(limit):
        if state.result is not None or state.to_act == table.human:
            return
        action = agent.choose(state, state.legal_actions())
        _apply(table, action)
        agent.notify(state, table.unheard.pop())


# -- the page -----------------------------------------------------------------------------

def _counters(table: Table, names: Any, colours: list[str]) -> Markup:
    """The counters as SVG, at their squares (builder.systems.heroes.render.svg_map's geometry)."""
    from builder.systems.heroes.render.svg_map import CELL, MARGIN
    from builder.systems.heroes.tools.story import _initials

    state = table.state
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
        own = " own" if u.side == table.human else ""
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


def page_context(table: Table, pack: Any) -> dict[str, Any]:
    """What templates/web/table.html.j2 shows: the map, the counters, the open decisions."""
    from builder.render.env import render as render_template
    from builder.systems.heroes.render.svg_map import CELL, MARGIN, build_map
    from builder.systems.heroes.tools.story import Names, decision_text

    state = table.state
    scenario = pack.items["scenarios"][table.scenario]
    names = Names(state, pack)
    colours = []
    for s in scenario.sides:
        faction = pack.get("factions", s.faction)
        colours.append(getattr(faction, "colour", None) or "#666666")
    data = build_map(scenario, pack, {s.id: names.side(i) for i, s in enumerate(scenario.sides)})
    svg = render_template("partials/map.svg.j2", m=data, label=f"map of {scenario.name}")
    groups: dict[int, dict[str, Any]] = {}
    mine = state.result is None and state.to_act == table.human
    for i, action in enumerate(state.legal_actions() if mine else []):
        d = action.to_dict()
        unit = d.get("unit", -1)
        group = groups.setdefault(unit, {"unit": unit, "name": names.own(unit, table.human) if unit >= 0
                                         else "Decisions", "actions": []})
        square = d.get("square", -1) if d.get("kind") in ("move", "retreat", "displace") else -1
        odds, explained = _explain(state, d)
        width = state.static.bf.width
        centre = ([MARGIN + (square % width) * CELL + CELL / 2, MARGIN + (square // width) * CELL + CELL / 2]
                  if square >= 0 else None)
        group["actions"].append({"index": i, "text": decision_text(names, d, table.human) + odds, "square": square,
                                 "centre": centre, "explain": explained})
    recent = [x for x in table.lines if x["type"] == "decision"][-6:]
    told = [f"{names.side(x['side'])}: {_seen(names, x, table.human)}" for x in recent]
    result = state.result.to_dict() if state.result else None
    return {
        "table": table, "scenario": scenario, "map_svg": Markup(svg.replace("</svg>", "")),
        "counters": _counters(table, names, colours), "groups": list(groups.values()), "mine": mine,
        "sides": [{"name": names.side(i), "colour": colours[i]} for i in range(len(scenario.sides))],
        "vp": [s.vp for s in state.sides], "turn": state.turn, "phase": state.phase, "recent": told,
        "result": result, "cell": CELL, "can_undo": table.undo is not None,
        "heading": f"you play {names.side(table.human)}, {table.ai} plays {names.side(1 - table.human)}",
        "over": _over(result, names) if result else "", "status": f"Round {state.turn}, {state.phase} phase",
    }


def _over(result: dict[str, Any], names: Any) -> str:
    points = ", ".join(f"{k} {v}" for k, v in (result.get("victory_points") or {}).items())
    winner = result.get("winner")
    return (f"{winner} won ({result.get('level')})" if winner else "a draw") + f"; victory points: {points}"


def render_table(table: Table, pack: Any, csrf: str, base: str) -> str:
    if table.system == "tide-of-iron":
        from builder.web import table_toi

        context = table_toi.page_context(table, pack)
    else:
        context = page_context(table, pack)
    return render("web/table.html.j2", csrf=csrf, base=base, ai_players=AI_PLAYERS, **context)


# -- routes -------------------------------------------------------------------------------

def _tables(request: Any) -> dict[tuple[str, str, str], tuple[Table, dict[str, Any]]]:
    state = request.app.state
    if not hasattr(state, "tables"):
        state.tables = {}
    return state.tables


def _key(request: Any) -> tuple[str, str, str]:
    return request.state.session, request.path_params["pack"], request.path_params["scenario"]


def _pack(request: Any) -> tuple[str, Any]:
    """The served pack the path names, with its game system's id."""
    site = request.app.state.site
    pack_id = request.path_params["pack"]
    if pack_id in site.others:
        system, loaded = site.others[pack_id]
        return system.id, loaded
    return "heroes-of-normandie", site.pack(pack_id)


def _cookie(request: Any, response: Any) -> Any:
    if request.state.new_session:
        response.set_cookie("heroes_session", request.state.session, httponly=True, samesite="strict")
    return response


async def table_page(request: Any) -> Any:
    from starlette.responses import HTMLResponse

    system, pack = _pack(request)
    scenario = request.path_params["scenario"]
    if scenario not in pack.items["scenarios"]:
        raise UsageError(f"unknown scenario '{scenario}'")
    csrf = request.app.state.site.tokens.token(request.state.session)
    base = f"/play/{request.path_params['pack']}/{scenario}"
    found = _tables(request).get(_key(request))
    if found is None:
        model = pack.items["scenarios"][scenario]
        offered = AI_PLAYERS if system == "heroes-of-normandie" else AI_PLAYERS[:2]
        html = render("web/table_start.html.j2", csrf=csrf, base=base, scenario=model, ai_players=offered,
                      sides=[getattr(s, "name", "") or s.id for s in model.sides])
    else:
        html = render_table(found[0], pack, csrf, base)
    return _cookie(request, HTMLResponse(html))


async def _posted(request: Any) -> dict[str, str]:
    form = await request.form()
    request.app.state.site.tokens.check(request.state.session, str(form.get("csrf") or ""))
    return {k: str(v) for k, v in form.items()}


def _number(form: dict[str, str], key: str, default: int | None = None) -> int:
    try:
        return int(form.get(key, "" if default is None else str(default)))
    except ValueError:
        raise UsageError(f"'{key}' must be a whole number") from None


async def table_post(request: Any) -> Any:
    """``/play/PACK/SCENARIO/{new,act,undo,ai}``: start, decide, undo, let the AI answer."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import RedirectResponse

    form = await _posted(request)
    what = request.path_params["what"]
    tables = _tables(request)
    key = _key(request)
    base = f"/play/{request.path_params['pack']}/{request.path_params['scenario']}"
    if what == "new":
        system, pack = _pack(request)
        root = request.app.state.site.roots.get(request.path_params["pack"])
        start = new_table
        if system == "tide-of-iron":
            from builder.web import table_toi

            start = table_toi.new_table
        tables[key] = start(pack, key[1], str(root or key[1]), key[2], _number(form, "side", 0),
                            form.get("ai", "greedy"), _number(form, "seed", 1))
        while len(tables) > MAX_TABLES:
            del tables[next(iter(tables))]
        if tables[key][0].state.to_act != tables[key][0].human:
            await run_in_threadpool(answer, tables[key][0])
    else:
        found = tables.get(key)
        if found is None:
            raise UsageError("no game of this scenario in this browser: start one")
        table = found[0]
        if what == "act":
            if _number(form, "n", -1) != table.decisions:
                raise UsageError("that page was stale: the game has moved on; reload it")
            decide(table, _number(form, "action"))
        elif what == "undo":
            take_back(table)
        elif what == "ai":
            await run_in_threadpool(answer, table)
        elif what == "quit":
            del tables[key]
        else:
            raise UsageError(f"unknown request '{what}'")
    return _cookie(request, RedirectResponse(base, status_code=303))


async def table_log(request: Any) -> Any:
    """The finished game's log, as ``heroes play --log`` writes it."""
    from starlette.responses import Response

    found = _tables(request).get(_key(request))
    if found is None or found[0].state.result is None:
        raise UsageError("the log is ready once the game is over")
    table, header = found
    name = f"{table.scenario}-seed{table.seed}.jsonl"
    if table.system == "tide-of-iron":
        from builder.web import table_toi

        text = table_toi.log_text(table, header)
    else:
        text = table.log_text(header)
    return Response(text, media_type="application/x-ndjson",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


def routes(guard: Any) -> list[Any]:
    from starlette.routing import Route

    return [Route("/play/{pack:str}/{scenario:str}", guard(table_page)),
            Route("/play/{pack:str}/{scenario:str}/log", guard(table_log)),
            Route("/play/{pack:str}/{scenario:str}/{what:str}", guard(table_post), methods=["POST"])]
