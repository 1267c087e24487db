"""Fuzz targets shared by the test suite (a few hundred examples each, tests/test_fuzz_inputs.py)
and the benchmark (``python -m benchmarks fuzz``: at least 10,000 per format).

The formats a user hands the tool besides content YAML: army lists, position files and
game logs of both systems (Heroes, Tide of Iron). Each strategy mixes well-formed
documents with wrong values (unknown ids, negative or huge numbers, wrong types), raw
text, byte-level mutations of a real file and structure-level mutations of it (issue 37:
a key dropped, renamed or doubled, a subtree replaced, wrapped in a list or a mapping,
nested deep, a 5,000-digit number, the whole re-written as block YAML, flow YAML or
JSON); each target feeds one input to the library entry point the command uses and
accepts only two outcomes: success, or a :class:`builder.errors.HeroesError` (which the
CLI prints as a located message). Any other exception is a traceback a user would see.
"""

from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from builder.errors import HeroesError

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "content" / "core"
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
POSITION = ROOT / "tests" / "fixtures" / "engine" / "positions" / "forest-shot.yaml"

IDS = ["us", "de", "us-16th-infantry-regiment", "us-rifle-squad", "us-grenade", "us-ammo", "us-luke-griff-brasset",
       "us-overwatch", "us-aimed-shot", "family-meeting-1", "clash", "de-pak-40", "us-bazooka-team", "", "x" * 300,
       "../../etc/passwd", "<script>x</script>", "{{ 7*7 }}", "é", "\u202e"]
SQUARES = ["A1", "C4", "E4", "H6", "Z99", "A0", "a1", "C", "44", "", "A1:B2"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.sampled_from([0, -1, 1, 2, 5, 99]),
                    st.floats(allow_nan=True), st.text(max_size=20), st.sampled_from(IDS))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
ids = st.one_of(st.sampled_from(IDS), st.text(max_size=12))


def _mutations(original: str) -> st.SearchStrategy[str]:
    """A real file with a few characters inserted, deleted or replaced."""
    @st.composite
    def mutate(draw: Any) -> str:
        text = original
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(text)))
            op = draw(st.sampled_from(["insert", "delete", "replace", "truncate"]))
            piece = draw(st.text(min_size=1, max_size=6))
            if op == "insert":
                text = text[:at] + piece + text[at:]
            elif op == "delete":
                text = text[:at] + text[at + len(piece):]
            elif op == "replace":
                text = text[:at] + piece + text[at + len(piece):]
            else:
                text = text[:at]
        return text
    return mutate()


HUGE = "1" + "0" * 5000
"""A number past Python's 4,300-digit limit, written as text into a document."""


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (keys and indexes)."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _structure_mutations(original: Any, dump_json: bool = True) -> st.SearchStrategy[str]:
    """A real document changed at the structure level, then written as block YAML, flow
    YAML or JSON (the same data: ``pack:`` must be found in each)."""
    @st.composite
    def mutate(draw: Any) -> str:
        data = json.loads(json.dumps(original))
        for _ in range(draw(st.integers(1, 3))):
            paths = [p for p in _paths(data) if p]
            if not paths:
                break
            path = draw(st.sampled_from(paths))
            parent, last = _get(data, path[:-1]), path[-1]
            op = draw(st.sampled_from(["drop", "rename", "double", "replace", "wrap-list", "wrap-map", "deep",
                                       "huge", "type"]))
            if op == "drop":
                del parent[last]
            elif op == "rename" and isinstance(parent, dict):
                parent[draw(st.sampled_from(["slot", "tile", "card", "copies", "unit", "at", "x", "pack"]))] = \
                    parent.pop(last)
            elif op == "double" and isinstance(parent, list):
                parent.insert(last, json.loads(json.dumps(parent[last])))
            elif op == "replace":
                parent[last] = draw(values)
            elif op == "wrap-list":
                parent[last] = [parent[last]]
            elif op == "wrap-map":
                parent[last] = {str(last): parent[last]}
            elif op == "deep":
                for _ in range(draw(st.integers(10, 80))):
                    parent[last] = [parent[last]]
            elif op == "huge":
                parent[last] = HUGE
            else:
                parent[last] = draw(st.sampled_from([True, False, None, 1.5, "1", [], {}]))
        style = draw(st.sampled_from(["block", "flow", "json"] if dump_json else ["block", "flow"]))
        if style == "json":
            text = json.dumps(data, default=str)
        else:
            try:
                text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=style == "flow",
                                      width=10_000)
            except (yaml.YAMLError, ValueError, OverflowError, RecursionError):
                text = str(data)
        return text.replace(f"'{HUGE}'", HUGE).replace(f'"{HUGE}"', HUGE)  # the number, not a string
    return mutate()


def _dump(data: Any) -> str:
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, ValueError, OverflowError):
        return str(data)


army_data = st.fixed_dictionaries({"name": st.one_of(st.text(max_size=30), values), "faction": ids}, optional={
    "points": st.one_of(st.integers(-10, 6000), values),
    "scenario": ids, "side": ids, "pack": ids,
    "tiles": st.lists(st.one_of(st.fixed_dictionaries({"tile": ids}, optional={
        "options": st.lists(st.fixed_dictionaries({"slot": st.one_of(st.integers(-2, 99), values),
                                                   "option": ids}), max_size=4)}), values), max_size=4),
    "heroes": st.lists(st.one_of(st.fixed_dictionaries({"hero": ids}, optional={"options": st.lists(ids, max_size=4)}),
                                 values), max_size=3),
    "deck": st.lists(st.one_of(st.fixed_dictionaries({"card": ids, "copies": st.one_of(st.integers(-3, 50), values)}),
                               values), max_size=5),
})
army_texts = st.one_of(army_data.map(_dump), st.text(max_size=200), _mutations(ARMY.read_text(encoding="utf-8")),
                       _structure_mutations(yaml.safe_load(ARMY.read_text(encoding="utf-8"))))

position_data = st.fixed_dictionaries({"scenario": st.one_of(st.sampled_from(["family-meeting-1", "clash"]), ids)},
                                      optional={
    "units": st.lists(st.one_of(st.fixed_dictionaries({
        "name": st.one_of(st.text(max_size=6), values), "unit": ids, "side": ids,
        "at": st.one_of(st.sampled_from(SQUARES), values)},
        optional={"facing": st.one_of(st.sampled_from(["n", "s", "e", "w", "ne", "x"]), values),
                  "side_up": values, "markers": values}), values), max_size=5),
    "round": values, "phase": values, "to_act": values,
})
_POSITION_TEXT = POSITION.read_text(encoding="utf-8").replace("pack: ../pack\n", "")
position_texts = st.one_of(position_data.map(_dump), st.text(max_size=200), _mutations(_POSITION_TEXT),
                           _structure_mutations(yaml.safe_load(_POSITION_TEXT)))

TOI = ROOT / "content" / "toi"
TOI_ARMY = ROOT / "examples" / "toi" / "crossroads-germans.yaml"
toi_army_texts = st.one_of(_mutations(TOI_ARMY.read_text(encoding="utf-8")),
                           _structure_mutations(yaml.safe_load(TOI_ARMY.read_text(encoding="utf-8"))))


@lru_cache(maxsize=1)
def core_pack() -> Any:
    from builder.systems.heroes.content.loader import load_pack

    return load_pack(CORE)


@lru_cache(maxsize=1)
def game_log() -> tuple[str, ...]:
    """The lines of one real game log (version 2), played once per process."""
    from builder.systems.heroes.tools.log import play

    _state, record = play(core_pack(), "family-meeting-1", 2, ["random", "random"])
    return tuple(record.jsonl().splitlines())


@st.composite
def log_texts(draw: Any, source: Any = None) -> str:
    """A real game log (``source()``'s lines, Heroes by default) with one to three
    line-level edits: a line deleted, doubled or swapped, a value replaced (any key, any
    kind, a 5,000-digit number), garbage inserted, the text truncated."""
    lines = list((source or game_log)())
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "double", "swap", "value", "garbage", "truncate"]))
        if op == "delete":
            del lines[at]
        elif op == "double":
            lines.insert(at, lines[at])
        elif op == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif op == "value":
            try:
                record = json.loads(lines[at])
            except ValueError:  # a line an earlier edit garbled
                continue
            if isinstance(record, dict):
                key = draw(st.sampled_from(sorted(record) + ["new"]))
                record[key] = draw(st.one_of(values, st.just(HUGE)))
                lines[at] = json.dumps(record, default=str).replace(f'"{HUGE}"', HUGE)
        elif op == "garbage":
            lines.insert(at, draw(st.text(max_size=40)))
        else:
            text = "\n".join(lines)
            lines = text[:draw(st.integers(0, len(text)))].split("\n")
        if not lines:
            break
    return "\n".join(lines) + "\n"


def check_army(text: str) -> bool:
    """``heroes army check`` on ``text``: True when it was refused with a located error."""
    from builder.systems.heroes.army.check import check_text

    try:
        report = check_text(text, core_pack(), "army.yaml")
    except HeroesError:
        return True
    return not report.ok


def check_position(text: str, folder: Path | None = None) -> bool:
    """``heroes explain`` loading ``text`` as a position file: True when refused."""
    from builder.systems.heroes.tools.position import load_position

    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        path = Path(tmp) / "position.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_position(path, None, CORE)
        except HeroesError:
            return True
    return False


def check_log(text: str) -> bool:
    """``heroes replay`` on ``text``: True when refused (a located error)."""
    from builder.systems.heroes.tools.log import parse_log, replay

    try:
        replay(core_pack(), parse_log(text, "game.jsonl"), "game.jsonl")
    except HeroesError:
        return True
    return False


UNCHECKED_HEADER = ("players", "pack")
"""Header keys a replay cannot check: who chose the decisions and where the pack was."""


def _same_records(text: str, original: tuple[str, ...]) -> bool:
    """True when ``text`` holds the records of the log lines ``original``, header names of
    players and pack aside: an accepted log that is not the same game is a certified edit."""
    def records(lines: Any) -> list[Any]:
        out = [json.loads(x) for x in lines if x.strip()]
        if out and isinstance(out[0], dict):
            out[0] = {k: v for k, v in out[0].items() if k not in UNCHECKED_HEADER}
        return out

    try:
        return records(text.splitlines()) == records(original)
    except ValueError:
        return False


def same_game(text: str) -> bool:
    """:func:`_same_records` against the Heroes log of :func:`game_log`."""
    return _same_records(text, game_log())


@lru_cache(maxsize=1)
def toi_pack() -> Any:
    from builder.systems.tide_of_iron.pack import load

    return load(TOI)


@lru_cache(maxsize=1)
def toi_log() -> tuple[str, ...]:
    """The lines of one real Tide of Iron game log (version 2)."""
    from builder.systems.tide_of_iron.games import jsonl, log_lines
    from builder.systems.tide_of_iron.players import play_game

    hashes: list[str] = []
    state, actions = play_game(toi_pack(), "crossroads-farm", 3, ["random", "random"], verbose=True, hashes=hashes)
    return tuple(jsonl(log_lines(state, actions, str(TOI), "crossroads-farm", 3, ["random", "random"], None,
                                 hashes)).splitlines())


def check_toi_army(text: str) -> bool:
    """``heroes army check`` on a Tide of Iron squad list: True when refused."""
    from builder.systems.tide_of_iron.army import check_army_text

    try:
        army, diagnostics = check_army_text(toi_pack(), text, "squads.yaml")
    except HeroesError:
        return True
    return army is None or any(d.is_error for d in diagnostics)


def check_toi_log(text: str) -> bool:
    """``heroes replay`` on a Tide of Iron log: True when refused."""
    from builder.systems.tide_of_iron.games import parse_log, replay

    try:
        replay(toi_pack(), parse_log(text, "game.jsonl"), "game.jsonl")
    except HeroesError:
        return True
    return False


def same_toi_game(text: str) -> bool:
    """:func:`_same_records` against the Tide of Iron log of :func:`toi_log`."""
    return _same_records(text, toi_log())


FORMATS = {"army": (army_texts, check_army), "position": (position_texts, check_position),
           "log": (log_texts(), check_log), "toi-army": (toi_army_texts, check_toi_army),
           "toi-log": (log_texts(toi_log), check_toi_log)}
CERTIFIED = {"log": same_game, "toi-log": same_toi_game}
"""For logs, an accepted input must be the same game: else an edit was certified."""


def written_back(text: str) -> bool:
    """True when the army list ``text``, accepted by ``army check``, is still accepted with
    the same totals once written back by the tool's own writer (what ``army new``, ``army
    edit`` and the web builder save): a list accepted only because the checker missed
    something it reads back differently is a wrong success."""
    from builder.systems.heroes.army.check import check_text
    from builder.systems.heroes.army.writer import army_yaml

    first = check_text(text, core_pack(), "army.yaml")
    if first.roster is None or first.summary is None:
        return False
    again = check_text(army_yaml(first.roster.army, core_pack()), core_pack(), "written.yaml")
    return again.ok and again.summary is not None and again.summary.totals == first.summary.totals


HOLDS = {**CERTIFIED, "army": written_back}
"""Per format, what an accepted input must also satisfy; an accepted input that fails it
is a wrong success (for logs: an edited log certified)."""


ROUTES = ["/", "/army", "/army/slot", "/army/heroes", "/army/new", "/army/open", "/army/do", "/army/save",
          "/army/download/{x}", "/scenario/{x}/{y}", "/scenario/core/{y}", "/scenario/{x}/{y}/playtest",
          "/scenario/core/clash/progress", "/pack/{x}", "/pack/core/diagnostics", "/static/{x}"]
FIELDS = ["csrf", "folder", "file", "pack", "faction", "points", "scenario", "name", "action", "tile", "slot",
          "option", "hero", "card", "copies", "base", "squad", "figure", "since", "panel"]
route_text = st.one_of(st.sampled_from(["", "0", "1", "-1", "99999999999", "²", "core", "core:us", "clash", "us",
                                        "add-tile", "set-card", "..", "../x.yaml", "fifo.yaml", "x.yaml", "армия.yaml",
                                        "\x00", "%", "yaml", "pdf", HUGE]), st.text(max_size=12))
route_requests = st.fixed_dictionaries({
    "route": st.sampled_from(ROUTES), "method": st.sampled_from(["GET", "POST"]), "x": route_text, "y": route_text,
    "query": st.dictionaries(st.sampled_from(FIELDS), route_text, max_size=3),
    "form": st.dictionaries(st.sampled_from(FIELDS), route_text, max_size=5), "token": st.booleans(),
    "bench": st.booleans()})
"""A request to ``heroes serve``: a route of its table with random segments, query and
form fields, with or without a valid form token and an army on the bench."""


def route_status(client: Any, request: dict[str, Any]) -> int:
    """The status ``client`` (a Starlette TestClient of builder.web) answers ``request``."""
    import re
    from urllib.parse import quote

    csrf = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").text)
    token = csrf.group(1) if csrf else ""
    if request["bench"]:
        client.post("/army/new", data={"csrf": token, "faction": "core:us", "points": "300"})
    path = request["route"].replace("{x}", quote(request["x"], safe="") or "x").replace(
        "{y}", quote(request["y"], safe="") or "y")
    if request["method"] == "POST":
        data = {**request["form"], **({"csrf": token} if request["token"] else {})}
        return int(client.post(path, params=request["query"], data=data, follow_redirects=False).status_code)
    return int(client.get(path, params=request["query"], follow_redirects=False).status_code)
