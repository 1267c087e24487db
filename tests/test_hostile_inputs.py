"""The hostile-input suite (issue 23 item 6): every ``heroes`` command against a
catalogue of bad inputs. For each: no traceback, the documented exit code (1 invalid
input, 2 usage error), a message naming the file (with line and column where there is
one), and no existing file changed. The catalogue's size and the count of clean
located errors are what the issue's closing note reports (``test_catalogue_size``)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "content" / "core"
ARMY = ROOT / "examples" / "armies" / "family-meeting-1-us.yaml"
POSITION = ROOT / "tests" / "fixtures" / "engine" / "positions" / "forest-shot.yaml"
FIXTURE_PACK = ROOT / "tests" / "fixtures" / "engine" / "pack"


@dataclass
class Case:
    """One bad input: files to lay out in a temporary folder, the command (``{d}`` is the
    folder), the exit code and the words the error must contain (``{d}`` allowed)."""

    name: str
    args: tuple[str, ...]
    code: int
    words: tuple[str, ...] = ()
    files: dict[str, bytes | str] = field(default_factory=dict)
    setup: Callable[[Path], None] | None = None


def _army(change: Callable[[str], str] = lambda t: t) -> str:
    return change(ARMY.read_text(encoding="utf-8"))


def _pack(edit: Callable[[Path], None]) -> Callable[[Path], None]:
    def make(d: Path) -> None:
        shutil.copytree(CORE, d / "pack")
        edit(d / "pack")
    return make


def _sub(rel: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(pack: Path) -> None:
        f = pack / rel
        text = f.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        f.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def _link(rel: str, target: str) -> Callable[[Path], None]:
    def edit(pack: Path) -> None:
        os.symlink(target, pack / rel)
    return edit


def _log(change: Callable[[list[dict]], list[dict]]) -> Callable[[Path], None]:
    def make(d: Path) -> None:
        from builder.cli import app
        from builder.cli.common import run_app

        log = d / "g.jsonl"
        assert run_app(app, ["play", "family-meeting-1", "--seed", "5", "--log", str(log)]) == 0
        records = [json.loads(x) for x in log.read_text().splitlines()]
        log.write_text("".join(json.dumps(r) + "\n" for r in change(records)))
    return make


def _edit_first(kind: str, key: str, value: object, sub: str | None = None) -> Callable[[list[dict]], list[dict]]:
    def change(records: list[dict]) -> list[dict]:
        for r in records:
            if r.get("type") == kind and (sub is None or r.get("kind") == sub):
                r[key] = value
                break
        return records
    return change


def _result(records: list[dict]) -> list[dict]:
    records[-1]["result"]["winner"] = "nobody"
    return records


RENDER = ("render", "roster", str(ARMY))
BIG = "name: x\n" + "".join(f"k{i}: {i}\n" for i in range(110_000))
CASES = [
    # outputs: checked before work, located errors, nothing written
    Case("roster -o parent is a file", (*RENDER, "-o", "{d}/afile/r.pdf"), 2, ("afile", "H852"), {"afile": "keep"}),
    Case("roster -o is a folder", (*RENDER, "-o", "{d}/folder"), 2, ("folder", "H851"), setup=lambda d: (d / "folder").mkdir()),
    Case("roster -o wrong suffix", (*RENDER, "-o", "{d}/r.txt"), 2, (".html or .pdf",)),
    Case("roster -o read-only folder", (*RENDER, "-o", "/proc/r.pdf"), 1, ("/proc", "H850")),
    Case("roster -o html read-only", (*RENDER, "-o", "/sys/r.html"), 1, ("/sys", "H850")),
    Case("scenario -o read-only", ("render", "scenario", "clash", "-o", "/proc/s.pdf"), 1, ("/proc",)),
    Case("scenario -o folder", ("render", "scenario", "clash", "-o", "{d}"), 2, ("is a folder",)),
    Case("deck -o parent file", ("render", "deck", "--faction", "us", "-o", "{d}/afile/x.html"), 2, ("afile",),
         {"afile": "keep"}),
    Case("cards -o read-only", ("render", "cards", "--faction", "us", "-o", "/proc/c.pdf"), 1, ("/proc",)),
    Case("army suggest -o read-only", ("army", "suggest", "--faction", "us", "--points", "200", "-o", "/proc/a.yaml"),
         1, ("/proc",)),
    Case("army new -o folder", ("army", "new", "--faction", "us", "--points", "200", "-o", "{d}"), 2, ("is a folder",)),
    Case("army new -o exists", ("army", "new", "--faction", "us", "--points", "200", "-o", "{d}/a.yaml"), 2,
         ("--force",), {"a.yaml": "keep: me\n"}),
    Case("play --log parent file", ("play", "family-meeting-1", "--log", "{d}/afile/g.jsonl"), 2, ("afile",),
         {"afile": "keep"}),
    Case("play --log read-only", ("play", "family-meeting-1", "--log", "/proc/g.jsonl"), 1, ("/proc",)),
    Case("playtest -o read-only", ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "-o", "/proc/r.html"), 1, ("/proc",)),
    Case("playtest -o not html", ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "-o", "{d}/r.pdf"), 2, (".html",)),
    Case("playtest --jsonl parent file", ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--jsonl", "{d}/afile/r"), 2,
         ("afile",), {"afile": "keep"}),
    Case("playtest --save reports is a file", ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--save", "--pack", "{d}/pack"),
         2, ("reports",), setup=_pack(lambda p: (p / "reports").write_text("keep"))),
    Case("site build -o file", ("site", "build", "-o", "{d}/afile"), 2, ("afile",), {"afile": "keep"}),
    Case("site build -o read-only", ("site", "build", "-o", "/proc/site"), 1, ("/proc",)),
    Case("site build -o foreign folder", ("site", "build", "-o", "{d}/mine"), 2, ("mine",),
         setup=lambda d: (d / "mine").mkdir() or (d / "mine" / "notes.txt").write_text("keep")),
    Case("demo -o file", ("demo", "-o", "{d}/afile"), 2, ("afile",), {"afile": "keep"}),
    Case("demo -o read-only", ("demo", "-o", "/proc/demo"), 1, ("/proc",)),
    # bounds
    Case("serve port too big", ("site", "serve", "{d}", "--port", "99999"), 2, ("--port",)),
    Case("serve port zero", ("site", "serve", "{d}", "--port", "0"), 2, ("--port",)),
    Case("web port negative", ("serve", "--port", "-1"), 2, ("--port",)),
    Case("playtest games 0", ("playtest", "family-meeting-1", "-n", "0"), 2, ("--games",)),
    Case("playtest jobs 0", ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "-j", "0"), 2, ("--jobs",)),
    Case("playtest seed negative", ("playtest", "family-meeting-1", "-p", "greedy,greedy", "-n", "2", "--seed", "-1"), 2, ("--seed",)),
    Case("play seed huge", ("play", "family-meeting-1", "--seed", str(2**64)), 2, ("--seed",)),
    Case("play seed text", ("play", "family-meeting-1", "--seed", "x"), 2, ("--seed",)),
    Case("army suggest points 0", ("army", "suggest", "--faction", "us", "--points", "0"), 2, ("--points",)),
    Case("army edit copies 99", ("army", "edit", "{d}/a.yaml", "--card", "us-aimed-shot", "--copies", "99"), 2,
         ("--copies",), {"a.yaml": _army()}),
    Case("play unknown scenario", ("play", "nowhere"), 2, ("unknown scenario",)),
    Case("render unknown scenario", ("render", "scenario", "nowhere", "-o", "{d}/s.html"), 2, ("nowhere",)),
    Case("playtest unknown scenario", ("playtest", "nowhere", "-n", "2"), 2, ("unknown scenario",)),
    # army files
    Case("army binary", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml:1:", "Y106", "0xff"), {"a.yaml": b"\xff\xfe\x00"}),
    Case("army latin-1", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml:1:10", "0xe9"), {"a.yaml": b"name: caf\xe9\n"}),
    Case("army empty", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml",), {"a.yaml": ""}),
    Case("army a list", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml",), {"a.yaml": "- 1\n- 2\n"}),
    Case("army python tag", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml:1:", "Y10"),
         {"a.yaml": "name: !!python/object/apply:os.system ['true']\n"}),
    Case("army alias bomb", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml", "Y104", "aliases"),
         {"a.yaml": "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
             f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))}),
    Case("army deep nesting", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml", "Y104", "nested"),
         {"a.yaml": "name: " + "[" * 200 + "]" * 200 + "\n"}),
    Case("army many nodes, no alias", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml", "no aliases", "bytes"),
         {"a.yaml": BIG}),
    Case("army too large", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml", "bytes"), {"a.yaml": "#" * 3_000_000}),
    Case("army missing", ("army", "check", "{d}/none.yaml"), 1, ("none.yaml",)),
    Case("army folder", ("army", "check", "{d}"), 1, ("A400", "a folder, not a regular file")),
    Case("army unknown tile", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml:",),
         {"a.yaml": _army(lambda t: t.replace("us-16th-infantry-regiment", "us-nothing"))}),
    Case("army negative copies", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml:",),
         {"a.yaml": _army(lambda t: t.replace("{card: us-aimed-shot, copies: 2}", "{card: us-aimed-shot, copies: -2}"))}),
    Case("army xss name", ("render", "roster", "{d}/a.yaml", "-o", "{d}/r.html"), 0, (),
         {"a.yaml": _army(lambda t: t.replace('name: "16th', 'name: "<script>alert(1)</script> 16th'))}),
    # army edit
    Case("edit unknown option", ("army", "edit", "{d}/a.yaml", "--tile", "1", "--slot", "1", "--option", "bazooka"), 1,
         ("a.yaml", "H855", "did you mean"), {"a.yaml": _army()}),
    Case("edit slot 99", ("army", "edit", "{d}/a.yaml", "--tile", "1", "--slot", "99", "--option", "us-ammo"), 1,
         ("a.yaml", "no slot 99"), {"a.yaml": _army()}),
    Case("edit misfit", ("army", "edit", "{d}/a.yaml", "--tile", "1", "--slot", "1", "--option", "us-ammo"), 1,
         ("a.yaml", "does not fit"), {"a.yaml": _army()}),
    Case("edit unknown tile", ("army", "edit", "{d}/a.yaml", "--tile", "us-riflez"), 1, ("a.yaml", "H855"),
         {"a.yaml": _army()}),
    Case("edit tile 7", ("army", "edit", "{d}/a.yaml", "--tile", "7", "--remove"), 1, ("tile '7'",),
         {"a.yaml": _army()}),
    Case("edit binary file", ("army", "edit", "{d}/a.yaml", "--hero", "us-luke-griff-brasset"), 1, ("a.yaml",),
         {"a.yaml": b"\x00\xff"}),
    Case("edit missing", ("army", "edit", "{d}/none.yaml", "--hero", "x"), 1, ("none.yaml",)),
    # game logs
    Case("replay edited die", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:", "'value'"),
         setup=_log(_edit_first("event", "value", 0, "die"))),
    Case("replay edited hash", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:2:", "state hash"),
         setup=_log(_edit_first("decision", "hash", "0" * 64))),
    Case("replay edited winner", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:", "winner"), setup=_log(_result)),
    Case("replay no result", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:", "without its result"),
         setup=_log(lambda r: r[:-1])),
    Case("replay header only", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:1:", "without its result"),
         setup=_log(lambda r: r[:1])),
    Case("replay seed x", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:1:", "seed"), setup=_log(_edit_first("header", "seed", "x"))),
    Case("replay version 99", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:1:", "version 99"),
         setup=_log(_edit_first("header", "version", 99))),
    Case("replay unknown scenario", ("replay", "{d}/g.jsonl"), 1, ("nowhere",),
         setup=_log(_edit_first("header", "scenario", "nowhere"))),
    Case("replay extra key", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:2:", "'cheat'"),
         setup=_log(_edit_first("decision", "cheat", 1))),
    Case("replay garbage", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:1:",), {"g.jsonl": "garbage\n"}),
    Case("replay binary", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:1:1", "Y106"), {"g.jsonl": b"\xff\xfe\x00\x01"}),
    Case("replay empty", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl",), {"g.jsonl": ""}),
    Case("replay deep json", ("replay", "{d}/g.jsonl"), 1, ("g.jsonl:1:",), {"g.jsonl": "[" * 100_000 + "\n"}),
    Case("replay missing", ("replay", "{d}/none.jsonl"), 2, ("none.jsonl",)),
    # positions
    Case("explain garbage position", ("explain", "los", "{d}/p.yaml", "A1", "B2"), 1, ("p.yaml",), {"p.yaml": "::\n-"}),
    Case("explain binary position", ("explain", "los", "{d}/p.yaml", "A1", "B2"), 1, ("p.yaml",), {"p.yaml": b"\xff"}),
    Case("explain unknown unit", ("explain", "fire", "{d}/p.yaml", "r1", "g1"), 1, ("p.yaml:",),
         {"p.yaml": POSITION.read_text().replace("../pack", str(FIXTURE_PACK)).replace("us-rifles", "us-nothing")}),
    Case("explain bad square", ("explain", "fire", "{d}/p.yaml", "r1", "g1"), 1, ("p.yaml:",),
         {"p.yaml": POSITION.read_text().replace("../pack", str(FIXTURE_PACK)).replace("at: C4", "at: Z99")}),
    Case("explain unknown scenario", ("explain", "fire", "{d}/p.yaml", "r1", "g1"), 1, ("p.yaml:",),
         {"p.yaml": POSITION.read_text().replace("../pack", str(FIXTURE_PACK)).replace("skirmish", "nowhere")}),
    Case("explain pack escapes", ("explain", "los", "{d}/p.yaml", "A1", "B2"), 1, ("p.yaml",),
         {"p.yaml": "pack: /etc\nscenario: x\nunits: []\n"}),
    Case("explain unknown name", ("explain", "fire", str(POSITION), "r1", "nobody"), 2, ("nobody",)),
    # packs
    Case("pack symlink to itself", ("validate", "{d}/pack"), 1, ("self.yaml", "H866"),
         setup=_pack(_link("units/self.yaml", "self.yaml"))),
    Case("pack folder loop", ("validate", "{d}/pack"), 1, ("units/loop", "H866"), setup=_pack(_link("units/loop", ".."))),
    Case("pack dangling link", ("validate", "{d}/pack"), 1, ("gone.yaml", "H865"),
         setup=_pack(_link("units/gone.yaml", "nothere.yaml"))),
    Case("pack link outside", ("validate", "{d}/pack"), 1, ("passwd.yaml", "P503"),
         setup=_pack(_link("units/passwd.yaml", "/etc/passwd"))),
    Case("pack defence -3", ("validate", "{d}/pack"), 1, ("de-common.yaml:", "H870"),
         setup=_pack(_sub("units/de-common.yaml", "defence: 5", "defence: -3"))),
    Case("pack scout without squares", ("validate", "{d}/pack"), 1, ("de-common.yaml:", "H871"),
         setup=_pack(_sub("units/de-common.yaml", "{id: scout, value: 3}", "{id: scout}"))),
    Case("pack empty army", ("validate", "{d}/pack"), 1, ("clash.yaml:", "H872"),
         setup=_pack(_sub("scenarios/clash.yaml", "army: {points: 300}", "army: {points: 0}"))),
    Case("pack xss", ("validate", "{d}/pack"), 0, (),
         setup=_pack(_sub("scenarios/clash.yaml", "name: ", "name: <script>x</script>"))),
    Case("pack BOM keeps modeline", ("validate", "{d}/pack"), 0, (),
         setup=_pack(lambda p: (p / "scenarios" / "clash.yaml").write_bytes(
             b"\xef\xbb\xbf" + (p / "scenarios" / "clash.yaml").read_bytes()))),
    Case("pack latin-1 file", ("validate", "{d}/pack"), 1, ("clash.yaml:", "0xe9"),
         setup=_pack(lambda p: (p / "scenarios" / "clash.yaml").write_bytes(
             (p / "scenarios" / "clash.yaml").read_bytes() + b"# caf\xe9\n"))),
    Case("pack is a file", ("validate", "{d}/afile"), 1, ("afile",), {"afile": "keep"}),
    Case("pack missing", ("validate", "{d}/none"), 1, ("none",)),
    # reports
    Case("scenario --report missing", ("render", "scenario", "clash", "-o", "{d}/s.html", "--report", "{d}/r.json"), 1,
         ("r.json", "H875")),
    Case("scenario --report games x", ("render", "scenario", "clash", "-o", "{d}/s.html", "--report", "{d}/r.json"), 1,
         ("r.json", "'games'"), {"r.json": json.dumps({"scenario": "clash", "games": "x", "verdict": "v",
                                                        "win_rates": {"us": 0.5}})}),
    Case("scenario --report not json", ("render", "scenario", "clash", "-o", "{d}/s.html", "--report", "{d}/r.json"), 1,
         ("r.json",), {"r.json": "{nope"}),
    Case("compare broken", ("playtest", "--compare", "{d}/r.json", "{d}/r.json"), 1, ("r.json",), {"r.json": "[1]"}),
    # issue 37: special files, huge numbers, deep nesting, outputs that are inputs
    Case("army /dev/zero", ("army", "check", "/dev/zero"), 1, ("character device",)),
    Case("army FIFO", ("army", "check", "{d}/f.yaml"), 1, ("FIFO",), setup=lambda d: os.mkfifo(d / "f.yaml")),
    Case("army options FIFO", ("army", "options", "{d}/f.yaml", "--tile", "1", "--slot", "1"), 1, ("FIFO",),
         setup=lambda d: os.mkfifo(d / "f.yaml")),
    Case("army 5,000 digits", ("army", "check", "{d}/a.yaml"), 1, ("a.yaml:3:9", "Y107"),
         {"a.yaml": "name: x\nfaction: us\npoints: 1" + "0" * 5000 + "\n"}),
    Case("compare /dev/zero", ("playtest", "--compare", "/dev/zero", "/dev/zero"), 1, ("--compare",)),
    Case("compare deep json", ("playtest", "--compare", "{d}/r.json", "{d}/r.json"), 1, ("H842",),
         {"r.json": "[" * 100_000}),
    Case("compare 5,000 digits", ("playtest", "--compare", "{d}/r.json", "{d}/r.json"), 1, ("5,001 digits",),
         {"r.json": '{"games": 1' + "0" * 5000 + "}"}),
    Case("scheduler ::::", ("playtest", "clash", "-p", "greedy,greedy", "-n", "2", "--scheduler", "::::"), 2, ("--scheduler",)),
    Case("log over its army", ("play", "family-meeting-1", "--army", "us={d}/a.yaml", "--log", "{d}/a.yaml"), 2,
         ("H845",), {"a.yaml": ARMY.read_text()}),
    Case("log over a FIFO", ("play", "family-meeting-1", "--log", "{d}/f.jsonl"), 2, ("H844",),
         setup=lambda d: os.mkfifo(d / "f.jsonl")),
    Case("edit removes a card not there", ("army", "edit", "{d}/a.yaml", "--card", "zz-nocard", "--remove"), 1,
         ("zz-nocard",), {"a.yaml": ARMY.read_text()}),
    Case("list unknown faction", ("list", "tiles", "--faction", "zz"), 2, ("--faction",)),
]


def _snapshot(d: Path) -> dict[str, str]:
    out = {}
    for root, dirs, files in os.walk(d, followlinks=False):
        for name in files + [x for x in dirs if os.path.islink(os.path.join(root, x))]:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, d)
            if os.path.islink(path):
                out[rel] = "link:" + os.readlink(path)
            elif not os.path.isfile(path):  # a FIFO the case made: never opened (it would block)
                out[rel] = f"special:{os.stat(path).st_mode:o}"
            else:
                with open(path, "rb") as handle:
                    out[rel] = hashlib.sha256(handle.read()).hexdigest()
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input(cli, tmp_path: Path, case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    d = tmp_path / "work"
    d.mkdir()
    monkeypatch.chdir(d)
    for rel, content in case.files.items():
        target = d / rel
        target.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    if case.setup is not None:
        case.setup(d)
    before = _snapshot(d)
    r = cli(*(a.replace("{d}", str(d)) for a in case.args))
    assert "Traceback" not in r.stderr + r.stdout
    assert r.exit_code == case.code, (r.exit_code, r.stderr[-2000:])
    for words in case.words:
        assert words.replace("{d}", str(d)) in r.stdout + r.stderr, (words, r.stdout[-1000:], r.stderr[-1000:])
    after = _snapshot(d)
    changed = {k for k in before if before[k] != after.get(k)}
    assert not changed, f"files changed: {changed}"
    if case.code:
        new = set(after) - set(before)
        assert not new, f"files written on failure: {new}"


def test_catalogue_size() -> None:
    """The count the issue's closing note reports: every case but the two deliberate
    successes (escaped XSS, a byte-order mark) ends in a clean located error."""
    assert len(CASES) >= 90
    assert sum(c.code != 0 for c in CASES) == len(CASES) - 3
