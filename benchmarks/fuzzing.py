"""Fuzz targets shared by the test suite (a few hundred examples each, tests/test_fuzz_inputs.py)
and the benchmark (``python -m benchmarks fuzz``: at least 10,000 per format).

Three formats a user hands the tool besides content YAML: army lists, position files and
game logs. Each strategy mixes well-formed documents with wrong values (unknown ids,
negative or huge numbers, wrong types), raw text and byte-level mutations of a real
file; each target feeds one input to the library entry point the command uses and
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
army_texts = st.one_of(army_data.map(_dump), st.text(max_size=200), _mutations(ARMY.read_text(encoding="utf-8")))

position_data = st.fixed_dictionaries({"scenario": st.one_of(st.sampled_from(["family-meeting-1", "clash"]), ids)},
                                      optional={
    "units": st.lists(st.one_of(st.fixed_dictionaries({
        "name": st.one_of(st.text(max_size=6), values), "unit": ids, "side": ids,
        "at": st.one_of(st.sampled_from(SQUARES), values)},
        optional={"facing": st.one_of(st.sampled_from(["n", "s", "e", "w", "ne", "x"]), values),
                  "side_up": values, "markers": values}), values), max_size=5),
    "round": values, "phase": values, "to_act": values,
})
position_texts = st.one_of(position_data.map(_dump), st.text(max_size=200),
                           _mutations(POSITION.read_text(encoding="utf-8").replace("pack: ../pack\n", "")))


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
def log_texts(draw: Any) -> str:
    """A real game log with one to three line-level edits: a line deleted, doubled or
    swapped, a value replaced (any key, any kind), garbage inserted, the text truncated."""
    lines = list(game_log())
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
                record[key] = draw(values)
                lines[at] = json.dumps(record, default=str)
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


def same_game(text: str) -> bool:
    """True when ``text`` holds the records of :func:`game_log`, header names of players
    and pack aside: an accepted log that is not the same game is a certified edit."""
    def records(lines: Any) -> list[Any]:
        out = [json.loads(x) for x in lines if x.strip()]
        if out and isinstance(out[0], dict):
            out[0] = {k: v for k, v in out[0].items() if k not in UNCHECKED_HEADER}
        return out

    try:
        return records(text.splitlines()) == records(game_log())
    except ValueError:
        return False


FORMATS = {"army": (army_texts, check_army), "position": (position_texts, check_position),
           "log": (log_texts(), check_log)}
