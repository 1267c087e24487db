"""A third game system, Pebble (tests/fixtures/systems/pebble: one package, one entry
point), through every command with no edit under builder/: validate, play, playtest,
playtest --all, balance, render (one printable document), site build and rules coverage;
S221 with Pebble's reason for what it does not have (issue 33, item 2: the worked
example of docs/architecture.md, "Adding a game system")."""

from __future__ import annotations

import importlib.metadata
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.playtest.balance import BalanceRequest, balance
from builder.systems import seam

SYSTEMS = Path(__file__).resolve().parent / "fixtures" / "systems"
PACK = SYSTEMS / "pebble" / "pack"


@pytest.fixture(autouse=True)
def pebble(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pebble installed as a package declaring ``pebble = "pebble:PEBBLE"`` in the
    ``heroes_builder.systems`` entry-point group: what ``pip install`` of it would do."""
    monkeypatch.syspath_prepend(str(SYSTEMS))
    real = importlib.metadata.entry_points

    def entry_points(group: str | None = None, **kwargs: object) -> object:
        found = real(group=group, **kwargs) if group is not None else real(**kwargs)
        if group != seam.ENTRY_POINT_GROUP:
            return found
        return [*found, importlib.metadata.EntryPoint("pebble", "pebble:PEBBLE", seam.ENTRY_POINT_GROUP)]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    seam.reset_registry()
    yield
    seam.reset_registry()
    for name in [m for m in sys.modules if m == "pebble" or m.startswith("pebble.")]:
        del sys.modules[name]


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = run_app(app, [str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_pebble_is_registered_through_its_entry_point() -> None:
    assert seam.system_of_pack(PACK).id == "pebble"
    assert "pebble" in seam.systems()


def test_validate(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "validate", PACK)
    assert code == 0 and "valid (pebble)" in out
    bad = tmp_path / "bad"
    (bad / "scenarios").mkdir(parents=True)
    (bad / "pack.yaml").write_text((PACK / "pack.yaml").read_text())
    (bad / "scenarios" / "heap.yaml").write_text("id: heap\nname: H\npebbles: 0\nmost: 3\nsides: [a, b]\n")
    code, out, _ = run(capsys, "validate", bad)
    assert code == 1 and "S202" in out and "pebbles" in out


def test_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "heap", "--pack", PACK, "--seed", "3", "--players", "random,random", "-f", "json")
    assert code == 0, err
    game = json.loads(out)
    assert game["system"] == "pebble" and game["result"]["winner"] in ("north", "south")


def test_playtest_uses_the_shared_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "playtest", "heap", "--pack", PACK, "--games", "40", "-p", "random,random")
    assert code == 0, err
    assert "The heap (heap): 40 games, seed 1" in out and "end reasons: last pebble 40" in out
    code, out, _ = run(capsys, "playtest", "heap", "--pack", PACK, "--games", "40", "-p", "random,random",
                       "-f", "json", "-j", "2")
    report = json.loads(out)
    assert report["system"] == "pebble" and report["games"] == 40 and report["engine_errors"]["games"] == 0


def test_playtest_all(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "playtest", "--all", "--pack", PACK, "--games", "10", "-p", "random,random")
    assert code == 0, err
    assert "The heap (`heap`)" in out


def test_balance_goes_through_the_shared_search() -> None:
    report = balance(BalanceRequest("heap", ("random", "random"), ("pebbles=1:3",), games=30, pack=str(PACK)))
    assert report["system"] == "pebble" and report["method"] == "grid"
    first = {p["setting"]["pebbles"]: p for p in report["points"]}
    assert first[1]["wins"] == {"north": 30, "south": 0}  # one pebble: the first side takes it
    assert first[2]["wins"]["north"] > 0 and first[2]["wins"]["south"] > 0


def test_render_one_printable_document(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "heap.html"
    code, _, err = run(capsys, "render", "scenario", "heap", "--pack", PACK, "-o", out_file)
    assert code == 0, err
    assert "9 pebbles; take 1 to 3 a turn" in out_file.read_text()


def test_site_build(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "site", "build", "--pack", PACK, "-o", tmp_path / "site")
    assert code == 0, err
    assert "heap.html" in (tmp_path / "site" / "index.html").read_text()


def test_rules_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "coverage", "--pack", PACK, "-f", "json")
    data = json.loads(out)
    assert code == 0 and data["summary"] == {"simulated": 3} and len(data["rules"]) == 3


@pytest.mark.parametrize(("args", "why"), [(("army", "check", "x.yaml"), "no army lists"),
                                           (("campaign", "start", "c", "-o", "c.yaml"), "no meaning for Pebble"),
                                           (("list", "scenarios"), "no meaning for Pebble")])
def test_what_pebble_has_not_is_s221(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], why: str) -> None:
    code, _, err = run(capsys, *args, "--pack", PACK)
    assert code == 2 and "S221" in err and why in err, err


def test_render_campaign_of_a_pack_without_campaigns_is_s221(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    code, _, err = run(capsys, "render", "campaign", "any", "--pack", PACK, "-o", tmp_path / "c.html")
    assert code == 2 and "S221" in err and "'heroes campaign' has no meaning for Pebble" in err


def test_options_pebble_does_not_play_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "playtest", "heap", "--pack", PACK, "-n", "5", "-p", "random,random",
                       "--until-decided")
    assert code == 2 and "Pebble playtests take" in err


def test_the_library_playtest_reaches_pebble() -> None:
    from builder.playtest.api import run_playtest

    report, rows = run_playtest("heap", games=6, seed=2, players=["random", "random"], pack=PACK)
    assert report["system"] == "pebble" and len(rows) == 6


def test_a_system_without_playtest_tools_is_s221_for_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from builder.errors import UsageError

    bare = dataclasses.replace(seam.get_system("pebble"), playtest=None)
    monkeypatch.setattr(seam, "system_of_pack", lambda pack: bare)
    monkeypatch.setattr("builder.playtest.balance.system_of_pack", lambda pack: bare)
    with pytest.raises(UsageError, match="S221.*'heroes balance' has no meaning for Pebble.*no games to play"):
        balance(BalanceRequest("heap", ("random", "random"), ("pebbles=1:3",), games=4, pack=str(PACK)))


def test_heroes_serve_gives_pebble_its_dashboard_and_refuses_the_rest(tmp_path: Path) -> None:
    """A system that gives no WebTools (GameSystem.web): ``heroes serve`` loads its pack
    through its own ``load``, watches it on the dashboard, and answers its scenario page,
    table and squad builder with a message (400), never a traceback (issue 33)."""
    import re

    from starlette.testclient import TestClient

    from builder.web.app import create_app

    with TestClient(create_app([PACK], [tmp_path]), base_url="http://127.0.0.1") as client:
        home = client.get("/")
        assert home.status_code == 200 and 'href="/pack/pebble-pack"' in home.text
        dashboard = client.get("/pack/pebble-pack")
        assert dashboard.status_code == 200 and "Valid pack" in dashboard.text
        csrf = re.search(r'name="csrf-token" content="([^"]+)"', home.text).group(1)
        for answer in (client.get("/scenario/pebble-pack/heap"), client.get("/play/pebble-pack/heap"),
                       client.post("/army/new", data={"csrf": csrf, "scenario": "pebble-pack:heap:a"})):
            assert answer.status_code == 400 and "served for its dashboard only" in answer.text, answer.text
