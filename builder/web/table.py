"""Take a side: a game in ``heroes serve`` against one of the engine's AI players (issue
39, item 4), for any game system whose :class:`~builder.systems.seam.WebTools` give the
table (``table_new``, ``table_apply``, ``table_view``, ``table_log``): the Heroes System's
(builder.systems.heroes.web.table) and Tide of Iron's (builder.systems.tide_of_iron.web).

``/play/PACK/SCENARIO`` starts a game of the scenario's default armies: the side the
player takes, the AI for the other (greedy, random, a Solo AI policy) and the seed. The
page lists only the legal decisions (the engine's ``legal_actions``), grouped by unit:
clicking a counter shows its decisions and marks the squares it may move to, clicking
a marked square takes that move; every decision is also a plain form button, so the
page works without JavaScript. After each of the player's decisions the AI waits: the
player may undo it, or let the AI answer (the page asks it on its own after a moment).
The AI is told of the player's decisions only when it answers, so an undone decision
never reached it. The game is kept as a log in the format of ``heroes play --log`` (the
system's ``table_apply`` writes its lines): ``/play/PACK/SCENARIO/log`` downloads it once
the game is over, and ``heroes replay`` proves it like any other.

Games are kept in memory, one per browser session and scenario.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


from builder.errors import UsageError
from builder.render.env import render
from builder.systems.seam import HEROES_SYSTEM, GameSystem, get_system
from builder.web.workbench import tool

AI_PLAYERS = ("greedy", "random", "solo:balanced", "solo:aggressive", "solo:defensive")
"""The AI players the table page's new-game form names (each system refuses the ones it
does not play; its start page offers its own, ``WebTools.table_players``)."""
MAX_TABLES = 32


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
    """The state, log length and unheard count before the player's last decision."""
    system: str = HEROES_SYSTEM

    @property
    def decisions(self) -> int:
        """Decisions taken so far (Heroes log lines are typed; Tide of Iron's are all decisions)."""
        return sum(1 for x in self.lines if x.get("type", "decision") == "decision")

    @property
    def waiting(self) -> bool:
        """The player decided and the AI is to answer (the undo is open)."""
        return self.state.result is None and self.state.to_act != self.human

    def log_text(self, header: dict[str, Any]) -> str:
        """The game's log as ``heroes play --log`` writes it (the system's ``table_log``)."""
        return tool(_system(self), "table_log")(self.state, header, self.lines, self.decisions)


def _system(table: Table) -> GameSystem:
    return get_system(table.system)


def new_table(system: GameSystem, pack: Any, pack_id: str, pack_ref: str, scenario: str, human: int, ai: str,
              seed: int) -> tuple[Table, dict[str, Any]]:
    """A new game: the scenario's armies, the player on side ``human``, ``ai`` on the other."""
    state, agent, header = tool(system, "table_new")(pack, pack_ref, scenario, human, ai, seed)
    return Table(pack_id, scenario, seed, human, ai, state, agent, [], system=system.id), header


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
    lines, events = tool(_system(table), "table_apply")(table.state, action, table.decisions)
    table.lines.extend(lines)
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

def render_table(table: Table, pack: Any, csrf: str, base: str) -> str:
    """The table page: what the system shows of the game (``table_view``), with the undo."""
    context = tool(_system(table), "table_view")(pack, table.state, table.scenario, table.human, table.ai,
                                                 table.lines)
    return render("web/table.html.j2", csrf=csrf, base=base, ai_players=AI_PLAYERS, table=table,
                  can_undo=table.undo is not None, **context)


# -- routes -------------------------------------------------------------------------------

def _tables(request: Any) -> dict[tuple[str, str, str], tuple[Table, dict[str, Any]]]:
    state = request.app.state
    if not hasattr(state, "tables"):
        state.tables = {}
    return state.tables


def _key(request: Any) -> tuple[str, str, str]:
    return request.state.session, request.path_params["pack"], request.path_params["scenario"]


def _pack(request: Any) -> tuple[GameSystem, Any]:
    """The served pack the path names, with its game system."""
    site = request.app.state.site
    pack_id = request.path_params["pack"]
    if pack_id in site.others:
        system, loaded = site.others[pack_id]
        return system, loaded
    return site.system_of(pack_id), site.pack(pack_id)


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
        offered = tool(system, "table_players")()
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
        tables[key] = new_table(system, pack, key[1], str(root or key[1]), key[2], _number(form, "side", 0),
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
    text = table.log_text(header)
    return Response(text, media_type="application/x-ndjson",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


def routes(guard: Any) -> list[Any]:
    from starlette.routing import Route

    return [Route("/play/{pack:str}/{scenario:str}", guard(table_page)),
            Route("/play/{pack:str}/{scenario:str}/log", guard(table_log)),
            Route("/play/{pack:str}/{scenario:str}/{what:str}", guard(table_post), methods=["POST"])]
