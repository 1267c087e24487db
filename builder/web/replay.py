"""The replay viewer: one game on its map, decision by decision, as a self-contained
HTML page (``heroes replay LOG -o game.html``) and in ``heroes serve``
(``/replay/PACK/SCENARIO/NAME``: a game a playtest saved in ``PACK/reports/games/``).

Each game system computes the frames from the log by replaying it with its engine
(:class:`builder.systems.seam.ReplayTools`, ``view``); this module packs them and
renders ``templates/web/replay.html.j2``, whose inline script draws them: no network,
no file beside it, every name escaped (the data goes in as JSON with ``<``, ``>`` and
``&`` escaped; the map SVG is rendered by autoescaping templates).

The viewer data, as a system's ``view`` gives it::

    {"system", "title", "seed", "players": [str], "result": str,
     "sides": [{"name", "colour"}], "map": SVG text, "width", "height", "cell": counter size,
     "xy": {cell: [x, y]}  (the centre of every cell a counter, shot or objective uses),
     "units": [{"n": name, "s": side index, "l": short label, "k": kind}],
     "objectives": [{"n": name, "c": cell, "vp"}], "marks": {letter: meaning},
     "frames": [{"n": decision number (-1: the set-up), "t": round, "p": phase,
                 "a": side deciding, "x": the decision told, "e": [events told],
                 "w": [why, as the player recorded it], "h": [[from, to, hit, text, [cells obscuring the
                 line]]] shots and assaults,
                 "v": [victory points by side], "o": [side holding each objective, -1 none],
                 "r": round beginning with it (0 none), "u": [[cell, mark] by unit]}]}

:func:`pack_frames` replaces each frame's ``u`` by the units that changed since the frame
before (``[[unit, cell, mark]]``): a 400-decision game moves a unit or two a decision.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable

from builder.errors import HeroesError, InvalidInputError, UsageError
from builder.render.env import render
from builder.systems.seam import GameSystem, ReplayTools, system_of_log

GAMES = Path("reports") / "games"
"""Where a pack keeps the games its playtests chose (``heroes playtest --save``)."""
WARM = 8
"""Saved games whose pages the list makes ahead (a playtest chooses six at most)."""
LOG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$")


def tools_of(system: GameSystem) -> ReplayTools:
    if system.replay is None:
        raise UsageError(f"{system.title} games cannot be replayed in the viewer")
    return system.replay


def read_game(log: Path, pack: Path | None = None) -> tuple[ReplayTools, Any, list[dict[str, Any]]]:
    """A log file's system tools, loaded pack and parsed lines."""
    tools = tools_of(system_of_log(log))
    try:
        text = log.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {log}: {exc}") from None
    loaded, lines = tools.read(text, str(log), pack)
    return tools, loaded, lines


def pack_frames(view: dict[str, Any]) -> dict[str, Any]:
    """The viewer data with each frame's units given as the changes since the frame before."""
    before: list[Any] = []
    frames = []
    for frame in view["frames"]:
        units = frame["u"]
        changed = [[i, *u] for i, u in enumerate(units) if i >= len(before) or before[i] != u]
        frames.append({**frame, "u": changed})
        before = units
    return {**view, "frames": frames}


def viewer_html(view: dict[str, Any], back: str = "") -> str:
    """The self-contained viewer page of a system's viewer data; ``back`` a link to show."""
    packed = pack_frames(view)
    svg = packed.pop("map")
    from markupsafe import Markup

    return render("web/replay.html.j2", game=packed, map_svg=Markup(svg), back=back)


def log_html(log: Path, pack: Path | None = None) -> str:
    """``heroes replay LOG -o game.html``: the viewer page of a log file."""
    tools, loaded, lines = read_game(log, pack)
    return viewer_html(tools.view(loaded, lines, str(log)))


# -- heroes serve ---------------------------------------------------------------------

class _Views:
    """Viewer pages by log file (path, size and modification time): replaying a game is
    the slow part, done once per log while the server runs. The list of a scenario's
    saved games starts making its pages in a thread (:meth:`warm`), so that the game a
    designer then opens is ready; a lock per page keeps it from being made twice, and a
    page asked for is made at once, beside the thread, not after it."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self.pages: OrderedDict[tuple[str, int, int, str], str] = OrderedDict()
        self.lock = threading.Lock()  # guards pages and making
        self.making: dict[tuple[str, int, int, str], threading.Lock] = {}

    def page(self, log: Path, back: str) -> str:
        stat = log.stat()
        key = (str(log), stat.st_size, stat.st_mtime_ns, back)
        with self.lock:
            if key in self.pages:
                self.pages.move_to_end(key)
                return self.pages[key]
            making = self.making.setdefault(key, threading.Lock())
        with making:  # one maker per page; other pages are made meanwhile
            with self.lock:
                if key in self.pages:
                    return self.pages[key]
            tools, loaded, lines = read_game(log)
            html = viewer_html(tools.view(loaded, lines, log.name), back)
            with self.lock:
                self.pages[key] = html
                self.making.pop(key, None)
                while len(self.pages) > self.size:
                    self.pages.popitem(last=False)
            return html

    def warm(self, logs: list[tuple[Path, str]]) -> None:
        """Make the pages of ``logs`` (log, back link) ahead of their first request; a log
        that does not replay is left for its request to report."""
        for log, back in logs[:WARM]:
            try:
                self.page(log, back)
            except (HeroesError, OSError):
                continue


VIEWS = _Views()


def games_folder(root: Path, scenario: str) -> Path:
    if not LOG_NAME.match(scenario):
        raise UsageError(f"'{scenario}' is not a scenario id")
    return root / GAMES / scenario


def saved_log(root: Path, scenario: str, name: str) -> Path:
    """A saved game's log inside the pack folder ``root``; refused when the name would
    lead out of the pack's games folder."""
    folder = games_folder(root, scenario).resolve()
    if not LOG_NAME.match(name) or ".." in name:
        raise UsageError(f"'{name}' is not the name of a saved game")
    log = (folder / f"{name}.jsonl").resolve()
    if not log.is_relative_to(folder) or not log.is_file():
        raise InvalidInputError(f"no saved game '{name}' for scenario '{scenario}'; "
                                "a playtest saves its chosen games with --save")
    return log


def _root(request: Any) -> Path:
    roots: dict[str, Path] = request.app.state.site.roots
    pack = request.path_params["pack"]
    if pack not in roots:
        raise UsageError(f"no pack '{pack}' is served; packs: {', '.join(roots)}")
    return roots[pack]


async def replay_page(request: Any) -> Any:
    """``/replay/PACK/SCENARIO/NAME``: a saved game in the viewer."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import HTMLResponse

    root = _root(request)
    scenario, name = request.path_params["scenario"], request.path_params["name"]
    log = saved_log(root, scenario, name)
    back = f"/replay/{request.path_params['pack']}/{scenario}"
    return HTMLResponse(await run_in_threadpool(VIEWS.page, log, back))


async def games_page(request: Any) -> Any:
    """``/replay/PACK/SCENARIO``: the saved games of a scenario, each a link to the viewer."""
    from starlette.responses import HTMLResponse

    root = _root(request)
    scenario = request.path_params["scenario"]
    folder = games_folder(root, scenario)
    names = sorted(p.stem for p in folder.glob("*.jsonl") if LOG_NAME.match(p.stem)) if folder.is_dir() else []
    back = f"/replay/{request.path_params['pack']}/{scenario}"
    threading.Thread(target=VIEWS.warm, args=([(folder / f"{n}.jsonl", back) for n in names],), daemon=True,
                     name="replay-warm").start()
    return HTMLResponse(render("web/replay_games.html.j2", pack=request.path_params["pack"], scenario=scenario,
                               names=names))


def routes(guard: Callable[[Any], Any]) -> list[Any]:
    """The viewer's routes and those of a game against the AI (builder.web.table), each
    behind the app's guard (sessions, errors as pages)."""
    from starlette.routing import Route

    from builder.web import table

    return [Route("/replay/{pack:str}/{scenario:str}", guard(games_page)),
            Route("/replay/{pack:str}/{scenario:str}/{name:str}", guard(replay_page)),
            *table.routes(guard)]
