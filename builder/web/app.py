"""The ASGI application behind ``heroes serve`` (Starlette): routes, sessions and forms.

A thin layer over the game systems, reached only through the seam (builder.systems.seam):
the bench (:mod:`builder.web.workbench`) edits and checks the list, the scenario page and
the table show what the pack's system gives (``GameSystem.web``, :class:`WebTools`), the
dashboard validates through ``GameSystem.validate``, playtests come from builder.playtest.
Pages are server-rendered with the
shared, autoescaping Jinja2 environment (builder.render.env); ``static/web.js`` swaps
fragments in place when JavaScript runs, and every form also works without it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from builder.content.paths import display_path
from builder.errors import HeroesError, UsageError
from builder.render.env import STATIC, environment
from builder.systems.seam import HEROES_SYSTEM, GameSystem, get_system, system_of_pack
from builder.web.army_view import army_view
from builder.web.background import Jobs, Watched
from builder.web.replay import routes as replay_routes
from builder.web.safety import MAX_UPLOAD, W_UPLOAD, Folders, Refused, Tokens
from builder.web.squads import SquadBench
from builder.web.workbench import Bench, builder_tools, tool

COOKIE = "heroes_session"
FRAGMENT = "x-heroes-fragment"
SESSION_SECONDS = 24 * 3600
"""A bench unused this long is dropped: sessions expire by age, never because newer ones
came (64 newer sessions used to drop an army silently)."""
MAX_BENCHES = 4096
"""A bound on memory only (a local server holds one or two benches): beyond it the
bench unused the longest goes first."""
READ_SECONDS = 5.0
"""How long reading an army file may take before the request is refused; files are read
off the event loop (a slow disk or a network folder never stalls the other clients)."""


@dataclass
class Site:
    """What the server holds: the packs by id, their folders, the benches by session.

    ``packs`` are those whose lists are built tile by tile (the Heroes System's), with
    their system in ``systems`` (absent: the Heroes System); ``others`` the packs of any
    other game system that gives web tools (Tide of Iron) with that system. A pack whose
    system gives none is served for its dashboard only."""

    packs: dict[str, Any]
    roots: dict[str, Path]
    folders: Folders
    tokens: Tokens = field(default_factory=Tokens)
    benches: dict[str, Bench | SquadBench] = field(default_factory=dict)
    used: dict[str, float] = field(default_factory=dict)
    opened: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    """Per session, the army file last opened or saved in an ``--armies`` folder and its
    bytes then: saving over it is a compare and swap (another window's save is not lost)."""
    jobs: Jobs = field(default_factory=Jobs)
    watched: dict[str, Watched] = field(default_factory=dict)
    others: dict[str, tuple[GameSystem, Any]] = field(default_factory=dict)
    systems: dict[str, GameSystem] = field(default_factory=dict)
    dashboards: dict[str, GameSystem] = field(default_factory=dict)
    """Packs served for their dashboard only: their system gives no web tools."""

    def keep(self, session: str, bench: Bench | SquadBench) -> Bench | SquadBench:
        """Put ``bench`` on the session (see :meth:`expire`)."""
        self.benches[session] = bench
        self.touch(session)
        return bench

    def touch(self, session: str, now: float | None = None) -> None:
        """Mark the session's bench used now, and expire the others that are too old."""
        now = time.monotonic() if now is None else now
        if session in self.benches:
            self.used.pop(session, None)
            self.used[session] = now
        self.expire(now)

    def expire(self, now: float) -> None:
        """Drop benches unused for :data:`SESSION_SECONDS`, then the least recently used
        beyond :data:`MAX_BENCHES` (``used`` is kept in order of last use)."""
        for session, at in list(self.used.items()):
            if now - at < SESSION_SECONDS and len(self.used) <= MAX_BENCHES:
                break
            del self.used[session]
            self.benches.pop(session, None)
            self.opened.pop(session, None)

    def system_of(self, pack_id: str) -> GameSystem:
        """The game system of a served pack of ``packs``."""
        return self.systems.get(pack_id) or get_system(HEROES_SYSTEM)

    def pack(self, pack_id: str) -> Any:
        if pack_id in self.dashboards:
            system = self.dashboards[pack_id]
            raise UsageError(f"pack '{pack_id}' is served for its dashboard only (/pack/{pack_id}): "
                             f"the {system.title} system gives heroes serve no army builder, scenario page or "
                             "table (GameSystem.web)")
        if pack_id not in self.packs:
            raise UsageError(f"no pack '{pack_id}' is served; packs: {', '.join(self.packs)}")
        return self.packs[pack_id]


def _page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    session = request.state.session
    html = environment().get_template(template).render(
        csrf=request.app.state.site.tokens.token(session), packs=request.app.state.site.packs,
        folders_of_packs=request.app.state.site.roots, other_packs=request.app.state.site.others, **context)
    response = HTMLResponse(html, status_code=status)
    if request.state.new_session:
        response.set_cookie(COOKIE, session, httponly=True, samesite="strict")
    return response


def _any_bench(request: Request) -> Bench | SquadBench:
    site: Site = request.app.state.site
    bench = site.benches.get(request.state.session)
    if bench is None:
        raise UsageError("no army on the bench yet (a bench unused for "
                         f"{SESSION_SECONDS // 3600} hours is dropped); start one from the home page")
    site.touch(request.state.session)
    return bench


def _bench(request: Request) -> Bench:
    bench = _any_bench(request)
    if not isinstance(bench, Bench):
        raise UsageError("the bench holds a squad list: tiles, slots and heroes are Heroes System rules")
    return bench


async def _form(request: Request) -> dict[str, str]:
    """The posted form, after the size limit and the form token."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_UPLOAD + 4096):
        raise Refused(W_UPLOAD, f"the upload is larger than {MAX_UPLOAD // 1024} KiB", 413)
    form = await request.form(max_part_size=MAX_UPLOAD)
    request.app.state.site.tokens.check(request.state.session, str(form.get("csrf") or ""))
    out: dict[str, str] = {}
    for key, value in form.multi_items():
        if isinstance(value, str):
            out[key] = value
        else:
            data = await value.read(MAX_UPLOAD + 1)
            if len(data) > MAX_UPLOAD:
                raise Refused(W_UPLOAD, f"the upload is larger than {MAX_UPLOAD // 1024} KiB", 413)
            try:
                out[key] = data.decode("utf-8")
            except UnicodeDecodeError:
                raise UsageError("the uploaded file is not UTF-8 text; save it as UTF-8") from None
            out[key + ".name"] = Path(value.filename or "army.yaml").name
    return out


def _need(form: dict[str, str], key: str) -> str:
    value = form.get(key, "").strip()
    if not value:
        raise UsageError(f"the form lacks '{key}'")
    return value


def _number(text: str) -> bool:
    """ASCII digits only, few enough for a count: ``str.isdigit`` accepts '²', which
    ``int`` refuses (a 500 for ``/army/slot?tile=%C2%B2``)."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def _int(form: dict[str, str], key: str) -> int:
    value = form.get(key, "").strip()
    sign, digits = (value[:1], value[1:]) if value[:1] in "+-" else ("", value)
    if not _number(digits):
        raise UsageError(f"'{key}' must be a whole number")
    return int(sign + digits)


def _attachment(name: str) -> str:
    """A ``content-disposition`` header for ``name``: an ASCII fallback and the UTF-8 name
    (RFC 6266): a header must be Latin-1, and an uploaded 'армия.yaml' made every
    download a 500."""
    from urllib.parse import quote

    plain = "".join(c if c.isascii() and (c.isalnum() or c in "._- ") else "_" for c in name).strip() or "army"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


async def _read_army_file(path: Path) -> tuple[bytes, str]:
    """The bytes and text of an army file in an ``--armies`` folder, read in a worker
    thread through the one input path (a FIFO, a folder, a device or a missing file is a
    400, never a frozen event loop), with a time limit on the read itself.

    The limit counts from the moment the worker thread starts reading, not from the
    request: under load (50 clients at once) the wait for a free thread and for the busy
    event loop to take the answer back used to pass 5 s and refuse good files."""
    import asyncio
    import time

    from starlette.concurrency import run_in_threadpool

    from builder import inputs

    began: list[float] = []
    ended: list[bool] = []

    def read() -> tuple[bytes, str]:
        began.append(time.monotonic())
        try:
            raw = inputs.read_input_bytes(path, display=path.name, max_bytes=MAX_UPLOAD)
            return raw, inputs.decode_utf8(raw, path.name)
        finally:
            ended.append(True)

    task = asyncio.ensure_future(run_in_threadpool(read))
    while True:
        done, _ = await asyncio.wait({task}, timeout=min(0.5, READ_SECONDS))
        if done:
            return task.result()
        if began and not ended and time.monotonic() - began[0] > READ_SECONDS:
            task.add_done_callback(lambda t: t.cancelled() or t.exception())  # its outcome is not wanted
            raise UsageError(f"reading {path.name} took longer than {READ_SECONDS:g} s; try again")


# -- pages ------------------------------------------------------------------------------

def _scenario_packs(packs: dict[str, Any]) -> dict[str, str]:
    """Each scenario once: under the served pack that holds it and is not a dependency of
    another served pack holding it (Battle for Normandy includes the core scenarios, so
    with both served, Clash is offered once, on the pack with the most content)."""
    owner: dict[str, str] = {}
    for pid, pack in packs.items():
        for scenario_id in pack.items["scenarios"]:
            held = owner.get(scenario_id)
            if held is None or held in packs[pid].manifest.depends_on:
                owner[scenario_id] = pid
    return owner


async def home(request: Request) -> Response:
    site: Site = request.app.state.site
    owner = _scenario_packs(site.packs)
    scenarios = [{"pack": pid, "id": s.id, "name": s.name, "pack_name": p.manifest.name,
                  "sides": [{"id": side.id, "name": side.name or side.id, "faction": side.faction} for side in s.sides]}
                 for pid, p in site.packs.items() for s in sorted(p.items["scenarios"].values(), key=lambda s: s.id)
                 if owner.get(s.id) == pid]
    scenarios += [{"pack": pid, "id": s.id, "name": s.name, "system": system.title,
                   "sides": [{"id": side.id, "name": side.id, "faction": side.nation} for side in s.sides]}
                  for pid, (system, p) in site.others.items()
                  for s in sorted(p.items["scenarios"].values(), key=lambda s: s.id)]
    return _page(request, "web/home.html.j2", scenarios=scenarios, folders=site.folders.listing(),
                 has_bench=request.state.session in site.benches, title="Heroes Builder")


async def army_page(request: Request) -> Response:
    bench = _any_bench(request)
    if isinstance(bench, SquadBench):
        return _page(request, "web/squads.html.j2", b=bench, folders=request.app.state.site.folders.listing(),
                     title="Squad builder")
    context: dict[str, Any] = {"view": army_view(bench), "picker": None, "pack_id": bench.pack.manifest.id,
                               "folders": request.app.state.site.folders.listing(), "title": "Army builder"}
    tile, slot = request.query_params.get("tile"), request.query_params.get("slot")
    if tile and slot and _number(tile) and _number(slot):
        context["picker"] = bench.slot_picker(int(tile), int(slot))
    elif request.query_params.get("panel") == "heroes":
        context["picker"] = bench.hero_picker()
    return _page(request, "web/army.html.j2", **context)


async def slot_fragment(request: Request) -> Response:
    bench = _bench(request)
    tile, slot = request.query_params.get("tile", ""), request.query_params.get("slot", "")
    if not (_number(tile) and _number(slot)):
        raise UsageError("give the tile and slot numbers (digits 0-9)")
    return _page(request, "web/_picker.html.j2", picker=bench.slot_picker(int(tile), int(slot)))


async def heroes_fragment(request: Request) -> Response:
    return _page(request, "web/_picker.html.j2", picker=_bench(request).hero_picker())


async def army_new(request: Request) -> Response:
    form = await _form(request)
    site: Site = request.app.state.site
    faction = scenario = side = None
    if form.get("scenario"):
        pack_id, _, rest = form["scenario"].partition(":")
        scenario, _, side = rest.partition(":")
    else:
        pack_id, _, faction = form.get("faction", "").partition(":")
    if pack_id in site.others and scenario:
        system, loaded = site.others[pack_id]
        site.keep(request.state.session, SquadBench.new(system, loaded, pack_id, scenario, side or None,
                                                        name=form.get("name") or None))
        return RedirectResponse("/army", status_code=303)
    pack = site.pack(pack_id)
    points = _int(form, "points") if form.get("points") else None
    if points is not None and not 1 <= points <= 5000:
        raise UsageError("the budget must be between 1 and 5000 points")
    site.keep(request.state.session, Bench.new(
        pack, faction=faction, points=points, scenario=scenario, side=side or None,
        name=form.get("name") or None, system=site.system_of(pack_id)))
    return RedirectResponse("/army", status_code=303)


async def army_open(request: Request) -> Response:
    """Open an army file from a named folder, or an uploaded one."""
    form = await _form(request)
    site: Site = request.app.state.site
    if form.get("paste", "").strip():
        return _open_text(request, form["paste"], "pasted.yaml", form.get("pack") or None)
    if "upload" in form:
        text, name = form["upload"], form.get("upload.name", "army.yaml")
    else:
        path = site.folders.path(_int(form, "folder"), form.get("file", ""))
        raw, text = await _read_army_file(path)
        name = path.name
        site.opened[request.state.session] = (str(path), raw)
    if form.get("pack", "") in site.others:
        system, loaded = site.others[form["pack"]]
        squads = site.benches.get(request.state.session)
        if not isinstance(squads, SquadBench) or squads.pack is not loaded:
            squads = site.keep(request.state.session, SquadBench(system, loaded, form["pack"], text, name))
        squads.load(text, name)
        return RedirectResponse("/army", status_code=303)
    pack = site.pack(form.get("pack", ""))
    bench = site.benches.get(request.state.session)
    if not isinstance(bench, Bench) or bench.pack is not pack:
        site.keep(request.state.session, Bench(pack, text, name, system=site.system_of(form.get("pack", ""))))
    else:
        bench.load(text, name)
    return RedirectResponse("/army", status_code=303)


def _open_text(request: Request, text: str, name: str, chosen: str | None) -> Response:
    """Put a list given as text (forum text, a share token or YAML) on the bench: on the
    pack it names when that pack is served, else on ``chosen`` (the page then says the
    list names another pack)."""
    site: Site = request.app.state.site

    def pack_of(declared: str | None) -> Any:
        for wanted in (declared, chosen, "core"):
            if wanted is not None and wanted in site.packs:
                return site.packs[wanted]
        return site.pack(declared or next(iter(site.packs), "core"))

    reader = site.system_of(chosen if chosen in site.packs else next(iter(site.packs), ""))
    pack, yaml_text = tool(reader, "read_list")(text, name, pack_of)
    site.keep(request.state.session, Bench(pack, yaml_text, name, system=site.system_of(pack.manifest.id)))
    response = RedirectResponse("/army", status_code=303)
    if request.state.new_session:  # a share link is often the first page a player opens
        response.set_cookie(COOKIE, request.state.session, httponly=True, samesite="lax")
    return response


async def army_shared(request: Request) -> Response:
    """A share link (``heroes army share``): the list travels in the URL itself."""
    token = request.query_params.get("list", "")
    if not token:
        raise UsageError("the share link carries no list ('list=' is empty)")
    return _open_text(request, token, "shared.yaml", None)


ACTIONS: dict[str, Callable[[Bench, dict[str, str]], object]] = {
    "add-tile": lambda b, f: b.edit(tile=_need(f, "tile")),
    "remove-tile": lambda b, f: b.edit(tile=_need(f, "tile"), remove=True),
    "set-slot": lambda b, f: b.edit(tile=_need(f, "tile"), slot=_int(f, "slot"), option=_need(f, "option")),
    "clear-slot": lambda b, f: b.edit(tile=_need(f, "tile"), slot=_int(f, "slot"), remove=True),
    "add-hero": lambda b, f: b.edit(hero=_need(f, "hero")),
    "remove-hero": lambda b, f: b.edit(hero=_need(f, "hero"), remove=True),
    "set-card": lambda b, f: b.edit(card=_need(f, "card"), copies=min(20, max(1, _int(f, "copies"))),
                                    remove=_int(f, "copies") <= 0),
    "fill-deck": lambda b, f: b.fill_deck(),
    "fill-budget": lambda b, f: b.fill_to_budget(),
    "undo": lambda b, f: b.undo(),
}


SQUAD_ACTIONS: dict[str, Callable[[SquadBench, dict[str, str]], object]] = {
    "add-squad": lambda b, f: b.add_squad(_need(f, "base")),
    "remove-squad": lambda b, f: b.edit(squad=_need(f, "squad"), remove=True),
    "add-figure": lambda b, f: b.edit(squad=_need(f, "squad"), figure=_need(f, "figure"), delta=1),
    "remove-figure": lambda b, f: b.edit(squad=_need(f, "squad"), figure=_need(f, "figure"), delta=-1),
    "suggest": lambda b, f: b.suggest(),
    "undo": lambda b, f: b.undo(),
}


async def army_do(request: Request) -> Response:
    """One builder interaction; answers the builder panel (fragment) or the page."""
    form = await _form(request)
    any_bench = _any_bench(request)
    if isinstance(any_bench, SquadBench):
        squad_action = SQUAD_ACTIONS.get(form.get("action", ""))
        if squad_action is None:
            raise UsageError(f"unknown action '{form.get('action', '')}'")
        squad_action(any_bench, form)
        if request.headers.get(FRAGMENT):
            return _page(request, "web/_squads.html.j2", b=any_bench)
        return RedirectResponse("/army", status_code=303)
    bench = any_bench
    action = ACTIONS.get(form.get("action", ""))
    if action is None:
        raise UsageError(f"unknown action '{form.get('action', '')}'")
    action(bench, form)
    if request.headers.get(FRAGMENT):
        return _page(request, "web/_bench.html.j2", view=army_view(bench))
    return RedirectResponse("/army", status_code=303)


async def army_save(request: Request) -> Response:
    form = await _form(request)
    site: Site = request.app.state.site
    bench = _any_bench(request)
    path = site.folders.path(_int(form, "folder"), form.get("file", "").strip())
    text = bench.text
    web = bench.system.web if isinstance(bench, Bench) else None
    if web is not None and web.with_schema is not None:
        # the modeline as seen from the folder saved into (an editor resolves it offline)
        from builder.content.schema_store import schema_for

        text = web.with_schema(text, schema_for("army", path.parent))
    data = text.encode("utf-8")
    opened = site.opened.get(request.state.session)
    from starlette.concurrency import run_in_threadpool

    from builder.outputs import FileChanged, replace_if_unchanged, write_bytes

    try:
        if opened is not None and opened[0] == str(path) and path.exists():
            await run_in_threadpool(replace_if_unchanged, path, data, opened[1])
        else:
            await run_in_threadpool(write_bytes, path, data)
    except FileChanged:
        return _page(request, "web/message.html.j2", status=409, title="Not saved",
                     message=f"{display_path(path)} was changed by another window or program since you opened it; "
                             "nothing was written. Save under another name, or open it again and repeat the change.")
    site.opened[request.state.session] = (str(path), data)
    bench.filename = path.name
    message = f"Saved {display_path(path)}. Check it with: heroes army check {display_path(path)}"
    if request.headers.get(FRAGMENT):  # saved from the builder's own page: it stays open
        return JSONResponse({"saved": display_path(path), "message": message})
    return _page(request, "web/message.html.j2", title="Saved", message=message)


async def army_download(request: Request) -> Response:
    bench = _any_bench(request)
    kind = request.path_params["kind"]
    if kind not in ("yaml", "txt", "html", "pdf"):
        raise UsageError(f"no '{kind}' download: yaml, txt, html or pdf")
    stem = Path(bench.filename).stem or "army"
    if kind == "yaml":
        return Response(bench.text, media_type="application/yaml",
                        headers={"content-disposition": _attachment(f"{stem}.yaml")})
    if kind == "txt":
        return PlainTextResponse(bench.plain_text())
    if isinstance(bench, SquadBench):
        army, diagnostics = bench.check()
        if army is None:
            raise UsageError("the list cannot be read; fix its errors first")
        html = bench.system.render["roster"](bench.pack, army, diagnostics, bench.filename)
    else:
        html = bench.roster_html()
    if kind == "html":
        return HTMLResponse(html, headers={"content-disposition": _attachment(f"{stem}-roster.html")})
    from starlette.concurrency import run_in_threadpool

    from builder.render.pdf import html_to_pdf

    pdf = await run_in_threadpool(html_to_pdf, html)  # a second or so: the other pages keep answering
    return Response(pdf, media_type="application/pdf",
                    headers={"content-disposition": _attachment(f"{stem}-roster.pdf")})


async def scenario_page(request: Request) -> Response:
    site: Site = request.app.state.site
    pack_id = request.path_params["pack"]
    if pack_id in site.others:  # the system's own sheet, its hex map included (render["scenario"])
        system, loaded = site.others[pack_id]
        return HTMLResponse(system.render["scenario"](loaded, request.path_params["scenario"], None))
    pack = site.pack(pack_id)
    view = tool(site.system_of(pack_id), "scenario_view")(pack, request.path_params["scenario"])
    scenario = view["scenario"]
    job = site.jobs.get(f"{site.roots[pack_id].name}:{scenario.id}")
    return _page(request, "web/scenario.html.j2", **view, pack=pack.manifest, pack_id=pack_id,
                 job=job.to_dict() if job else None, title=scenario.name)


async def playtest_start(request: Request) -> Response:
    await _form(request)
    site: Site = request.app.state.site
    pack_id, scenario = request.path_params["pack"], request.path_params["scenario"]
    model = site.pack(pack_id).items["scenarios"].get(scenario)
    if model is None:
        raise UsageError(f"unknown scenario '{scenario}'")
    seats = tool(site.system_of(pack_id), "seats")(site.pack(pack_id), scenario)
    site.jobs.start(site.roots[pack_id], scenario, players=["greedy"] * seats)
    if request.headers.get(FRAGMENT):
        return JSONResponse({"started": True})
    return RedirectResponse(f"/scenario/{pack_id}/{scenario}", status_code=303)


async def playtest_status(request: Request) -> Response:
    site: Site = request.app.state.site
    pack_id, scenario = request.path_params["pack"], request.path_params["scenario"]
    site.pack(pack_id)
    job = site.jobs.get(f"{site.roots[pack_id].name}:{scenario}")
    return JSONResponse(job.to_dict() if job else {"games": 0, "done": 0, "finished": False, "error": ""})


def _watched(request: Request) -> tuple[str, Watched]:
    site: Site = request.app.state.site
    pack_id = request.path_params["pack"]
    if pack_id not in site.roots:
        raise UsageError(f"no pack '{pack_id}' is served; packs: {', '.join(site.roots)}")
    watched = site.watched.setdefault(pack_id, Watched(site.roots[pack_id]))
    return pack_id, watched


async def dashboard(request: Request) -> Response:
    pack_id, watched = _watched(request)
    watched.refresh()
    return _page(request, "web/dashboard.html.j2", pack_id=pack_id, w=watched, title=f"Pack {pack_id}")


async def dashboard_fragment(request: Request) -> Response:
    _, watched = _watched(request)
    version = watched.refresh()
    if request.query_params.get("since") == str(version):
        return Response(status_code=204)
    return _page(request, "web/_diagnostics.html.j2", w=watched)


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ("web.js", "web.css", "common.css"):
        return PlainTextResponse("not found", status_code=404)
    media = "text/javascript" if name.endswith(".js") else "text/css"
    return Response((STATIC / name).read_text(encoding="utf-8"), media_type=media,
                    headers={"cache-control": "no-cache"})


# -- plumbing -----------------------------------------------------------------------

Handler = Callable[[Request], Awaitable[Response]]


def _guard(handler: Handler) -> Handler:
    """Session cookie in, errors out as pages (never a traceback), and the time the
    server spent in a ``Server-Timing`` header (browser devtools and the benchmark read it)."""
    async def wrapped(request: Request) -> Response:
        started = time.perf_counter()
        response = await _answer(handler, request)
        response.headers["server-timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
        return response
    return wrapped


async def _answer(handler: Handler, request: Request) -> Response:
    session = request.cookies.get(COOKIE)
    request.state.new_session = not session
    request.state.session = session or Tokens.new_session()
    try:
        return await handler(request)
    except Refused as exc:
        return _page(request, "web/message.html.j2", status=exc.status, title="Refused",
                     message=f"{exc.code}: {exc}")
    except HeroesError as exc:
        diagnostics = list(getattr(exc, "diagnostics", []) or [])
        return _page(request, "web/message.html.j2", status=400, title="Cannot do that",
                     message=str(exc), diagnostics=[d.format() for d in diagnostics])


def create_app(packs: list[Path], armies: list[Path], hosts: list[str] | None = None) -> Starlette:
    """The application serving ``packs`` (folders) with army files in ``armies``.

    Every pack is loaded by its own game system (``GameSystem.load``); what the web app
    offers for it follows what the system gives (:class:`Site`)."""
    loaded: dict[str, Any] = {}
    roots: dict[str, Path] = {}
    others: dict[str, tuple[GameSystem, Any]] = {}
    systems: dict[str, GameSystem] = {}
    dashboards: dict[str, GameSystem] = {}
    for folder in packs:
        system = system_of_pack(folder)
        root = Path(folder).resolve()
        try:
            pack = system.load(Path(folder))
        except HeroesError:  # a broken pack still gets its dashboard, to be fixed while watched
            roots[root.name] = root
            continue
        pack_id = str(getattr(getattr(pack, "manifest", None), "id", None) or getattr(pack, "id", None) or root.name)
        roots[pack_id] = root
        if builder_tools(system) is not None:
            loaded[pack_id] = pack
            systems[pack_id] = system
        elif system.web is not None:
            others[pack_id] = (system, pack)
        else:
            dashboards[pack_id] = system
    site = Site(loaded, roots, Folders(list(armies)), others=others, systems=systems, dashboards=dashboards)
    routes = [
        Route("/", _guard(home)),
        Route("/army", _guard(army_page)),
        Route("/army/slot", _guard(slot_fragment)),
        Route("/army/heroes", _guard(heroes_fragment)),
        Route("/army/new", _guard(army_new), methods=["POST"]),
        Route("/army/open", _guard(army_open), methods=["POST"]),
        Route("/army/do", _guard(army_do), methods=["POST"]),
        Route("/army/save", _guard(army_save), methods=["POST"]),
        Route("/army/download/{kind:str}", _guard(army_download)),
        Route("/army/shared", _guard(army_shared)),
        Route("/scenario/{pack:str}/{scenario:str}", _guard(scenario_page)),
        Route("/scenario/{pack:str}/{scenario:str}/playtest", _guard(playtest_start), methods=["POST"]),
        Route("/scenario/{pack:str}/{scenario:str}/progress", _guard(playtest_status)),
        Route("/pack/{pack:str}", _guard(dashboard)),
        Route("/pack/{pack:str}/diagnostics", _guard(dashboard_fragment)),
        Route("/static/{name:str}", static),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        *replay_routes(_guard),
    ]
    allowed = hosts or ["127.0.0.1", "localhost"]
    app = Starlette(routes=routes, middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed)])
    app.state.site = site
    return app
