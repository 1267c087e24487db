"""Watching a game (issue 39): ``heroes replay LOG --narrate`` and ``-o game.html`` for
both game systems, the viewer's frames against the engine, and the serve route."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from builder.content.paths import BUNDLED_CONTENT
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.api import apply
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.tools.log import parse_log
from builder.systems.heroes.tools.story import narrate, story
from builder.web.replay import pack_frames

CORE = BUNDLED_CONTENT / "core"
TOI = BUNDLED_CONTENT / "toi"


@pytest.fixture(scope="module")
def heroes_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from builder.systems.heroes.tools.log import play

    _, record = play(load_pack_cached(CORE), "clash", 1, ["greedy", "greedy"], pack_ref=str(CORE))
    path = tmp_path_factory.mktemp("logs") / "clash.jsonl"
    path.write_text(record.jsonl(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def toi_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from builder.systems.tide_of_iron.story import game_log

    path = tmp_path_factory.mktemp("logs") / "bridge.jsonl"
    path.write_text(game_log(TOI, "bridge-at-dawn", 1, ["greedy", "greedy"]), encoding="utf-8")
    return path


def test_narration_names_units_squares_and_rolls(cli: Any, heroes_log: Path) -> None:
    result = cli("replay", str(heroes_log), "--narrate")
    assert result.exit_code == 0, result.stdout + result.stderr
    text = result.stdout
    assert "Round 1" in text and "Round 8" in text and "Orders phase" in text
    assert "Lt. Holke moves C8 to D7" in text  # a unit by name, squares by label
    shot = re.search(r"shot: .* needs (\d)\+, a (\d+)% chance; rolled (\d)", text)
    assert shot is not None  # the roll, what it needed and its chance
    assert text.rstrip().endswith("victory points: US Army 2, Wehrmacht 4.")


def test_narration_of_a_tide_of_iron_game(cli: Any, toi_log: Path) -> None:
    result = cli("replay", str(toi_log), "--narrate")
    assert result.exit_code == 0, result.stdout + result.stderr
    text = result.stdout
    # units by name and side, each attack with its dice, what they needed and the rolls
    assert re.search(r"\w+ \(squad, americans\) makes a (suppressive )?attack on \w+ \(squad, germans\)", text)
    assert re.search(r"\d+ dice need \d\+ \[[1-6 ]+\]", text)
    assert "Command phase" in result.stdout and "Round 5" in result.stdout


def test_the_solo_ai_says_why(tmp_path: Path) -> None:
    from builder.systems.heroes.tools.log import play

    pack = load_pack_cached(CORE)
    _, record = play(pack, "clash", 2, ["greedy", "solo-mode:aggressive:medium"])
    text = narrate(pack, parse_log(record.jsonl()))
    assert "why: turn 1" in text


def test_frames_follow_the_engine(heroes_log: Path) -> None:
    """Each frame shows every counter where the engine has it after that decision."""
    pack = load_pack_cached(CORE)
    lines = parse_log(heroes_log.read_text(encoding="utf-8"))
    told = story(pack, lines)
    state = Rules.new_game(pack, "clash", seed=1)
    assert [sq for sq, _ in told.start.units] == [u.sq for u in state.units]
    decisions = [x for x in lines if x["type"] == "decision"]
    for line, moment in zip(decisions, told.moments):
        apply(state, Action.from_dict(line["action"]))
        assert [sq for sq, _ in moment.units] == [u.sq if u.alive else -1 for u in state.units]
    assert len(told.moments) == len(decisions)
    assert any(m.shots for m in told.moments)


def test_packed_frames_unpack_to_the_same_units() -> None:
    view = {"frames": [{"u": [[1, ""], [2, ""]]}, {"u": [[1, ""], [3, "F"]]}, {"u": [[1, ""], [3, "F"], [4, ""]]}]}
    packed = pack_frames(view)["frames"]
    assert [f["u"] for f in packed] == [[[0, 1, ""], [1, 2, ""]], [[1, 3, "F"]], [[2, 4, ""]]]


@pytest.mark.parametrize("which", ["heroes", "toi"])
def test_viewer_file_is_self_contained(cli: Any, tmp_path: Path, which: str, request: Any) -> None:
    log = request.getfixturevalue(f"{which}_log")
    out = tmp_path / "game.html"
    result = cli("replay", str(log), "-o", str(out))
    assert result.exit_code == 0, result.stdout + result.stderr
    html = out.read_text(encoding="utf-8")
    assert "<svg" in html and 'id="game-data"' in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)  # no network
    data = json.loads(re.search(r'<script type="application/json" id="game-data">(.*?)</script>', html, re.S)[1])
    assert data["frames"][0]["n"] == -1 and len(data["frames"]) > 50


def test_names_in_the_viewer_are_escaped() -> None:
    from builder.web.replay import viewer_html

    view = {"title": "</script><script>alert(1)</script>", "seed": 1, "players": ["a"], "result": "",
            "sides": [{"name": "<b>x</b>", "colour": "#000"}], "map": "<svg></svg>", "width": 1, "height": 1,
            "cell": 20, "xy": {}, "units": [], "objectives": [], "marks": {}, "frames": [
                {"n": -1, "t": 1, "p": "", "a": -1, "x": "", "e": [], "w": [], "h": [], "v": [0], "o": [], "r": 0,
                 "u": []}]}
    html = viewer_html(view)
    assert "<script>alert(1)" not in html and "<b>x</b>" not in html


def test_a_log_that_is_not_one_is_an_input_error(cli: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header", "version": 2, "scenario": "clash", "seed": 1}\nnot json\n', encoding="utf-8")
    result = cli("replay", str(bad), "--narrate")
    assert result.exit_code == 1
    assert "line 2" in result.stdout + result.stderr


def test_serve_shows_a_saved_game(tmp_path: Path, heroes_log: Path) -> None:
    import shutil

    from starlette.testclient import TestClient

    from builder.web.app import create_app

    pack = tmp_path / "core"
    shutil.copytree(CORE, pack)
    games = pack / "reports" / "games" / "clash"
    games.mkdir(parents=True)
    shutil.copy(heroes_log, games / "typical-win-us.jsonl")
    client = TestClient(create_app([pack], []), base_url="http://127.0.0.1")
    listing = client.get("/replay/core/clash")
    assert listing.status_code == 200 and "/replay/core/clash/typical-win-us" in listing.text
    page = client.get("/replay/core/clash/typical-win-us")
    assert page.status_code == 200 and 'id="game-data"' in page.text
    assert client.get("/replay/core/clash/..%2F..%2Fpack").status_code in (400, 404)
    assert client.get("/replay/core/clash/x..y").status_code == 400
    assert client.get("/replay/core/clash/nothing-here").status_code == 400


def test_choose_games_by_rule() -> None:
    from builder.playtest.chosen import choose

    def row(i: int, winner: str | None, us: int, de: int, decisions: int, **extra: Any) -> dict[str, Any]:
        return {"index": i, "seed": 100 + i, "players": {"us": "greedy", "de": "greedy"}, "winner": winner,
                "vp": {"us": us, "de": de}, "decisions": decisions, **extra}

    rows = [row(0, "us", 5, 1, 100), row(1, "us", 3, 2, 120), row(2, "us", 9, 0, 90), row(3, "de", 1, 4, 150),
            row(4, None, 2, 2, 80, not_simulated={"a scenario event": 1}), row(5, "us", 4, 1, 300,
                                                                                 initiative_swapped=True)]
    chosen = {c["index"]: c["why"] for c in choose(rows, ["us", "de"])}
    assert chosen[0] == ["a typical win for us"]  # margin 4 is the median of 4, 1, 9
    assert "a typical win for de" in chosen[3] and "the longest game" in chosen[3]
    assert any(w.startswith("the underdog won (de") for w in chosen[3])
    assert "the shortest game" in chosen[4] and any(w.startswith("a warning fired") for w in chosen[4])
    assert 5 not in chosen  # a swapped initiative cannot be set up again from a plain log


def test_playtest_report_links_games_that_open(cli: Any, tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    result = cli("playtest", "clash", "-p", "greedy,greedy", "--games", "20", "--games-dir", str(tmp_path / "games"), "-o", str(report))
    assert result.exit_code == 0, result.stdout + result.stderr
    links = re.findall(r'href="(games/[^"]+\.html)"', report.read_text(encoding="utf-8"))
    assert len(links) >= 4
    for link in links:
        page = (tmp_path / link).read_text(encoding="utf-8")
        assert 'id="game-data"' in page
        log = (tmp_path / link).with_suffix(".jsonl")
        assert cli("replay", str(log)).exit_code == 0  # the saved log replays hash-exactly


def test_take_a_side_offers_legal_decisions_and_undo(tmp_path: Path) -> None:
    """heroes serve's game against the AI (builder.web.table), through the app."""
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    client = TestClient(create_app([CORE], []), base_url="http://127.0.0.1")
    start = client.get("/play/core/clash")
    csrf = re.search(r'name="csrf" value="([^"]+)"', start.text)[1]
    assert client.post("/play/core/clash/new", data={"csrf": "forged", "side": "0"}).status_code == 403
    page = client.post("/play/core/clash/new", data={"csrf": csrf, "side": "0", "ai": "greedy", "seed": "1"}).text
    assert 'data-mine="yes"' in page and 'data-decisions="0"' in page
    state = Rules.new_game(load_pack_cached(CORE), "clash", seed=1)
    offered = re.findall(r'name="action" value="(\d+)"', page)
    assert len(offered) == len(state.legal_actions())  # every legal decision, and only those
    page = client.post("/play/core/clash/act", data={"csrf": csrf, "n": "0", "action": offered[0]}).text
    assert 'data-decisions="1"' in page and 'id="undo"' in page and 'data-mine="no"' in page
    stale = client.post("/play/core/clash/act", data={"csrf": csrf, "n": "0", "action": "0"})
    assert stale.status_code == 400
    page = client.post("/play/core/clash/undo", data={"csrf": csrf}).text
    assert 'data-decisions="0"' in page and 'data-mine="yes"' in page
    client.post("/play/core/clash/act", data={"csrf": csrf, "n": "0", "action": offered[0]})
    page = client.post("/play/core/clash/ai", data={"csrf": csrf}).text
    assert 'data-mine="yes"' in page and 'data-decisions="2"' in page
    assert "places an order token face down" in page  # the AI's token is not shown
    assert client.post("/play/core/clash/undo", data={"csrf": csrf}).status_code == 400  # the AI has answered
    assert client.get("/play/core/clash/log").status_code == 400  # not over yet


def test_a_tide_of_iron_report_links_its_games(cli: Any, tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    result = cli("playtest", "bridge-at-dawn", "-p", "greedy,greedy", "--pack", str(TOI), "--games", "10", "--games-dir",
                 str(tmp_path / "games"), "-o", str(report))
    assert result.exit_code == 0, result.stdout + result.stderr
    links = re.findall(r'href="(games/[^"]+\.html)"', report.read_text(encoding="utf-8"))
    assert len(links) >= 4
    assert cli("replay", str((tmp_path / links[0]).with_suffix(".jsonl")), "--pack", str(TOI)).exit_code == 0


def test_the_viewer_file_is_the_same_every_time(cli: Any, tmp_path: Path, heroes_log: Path) -> None:
    one, two = tmp_path / "one.html", tmp_path / "two.html"
    assert cli("replay", str(heroes_log), "-o", str(one)).exit_code == 0
    assert cli("replay", str(heroes_log), "-o", str(two)).exit_code == 0
    assert one.read_bytes() == two.read_bytes()


def test_take_a_side_in_a_tide_of_iron_game_to_its_end(tmp_path: Path, cli: Any) -> None:
    """A Tide of Iron game against greedy through the app, the first legal decision each
    time, to its end; the log it downloads replays."""
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    client = TestClient(create_app([TOI], []), base_url="http://127.0.0.1")
    base = "/play/toi/bridge-at-dawn"
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(base).text)[1]
    page = client.post(f"{base}/new", data={"csrf": csrf, "side": "1", "ai": "greedy", "seed": "3"}).text
    for _ in range(800):
        if 'data-over="yes"' in page:
            break
        if 'data-mine="yes"' in page:
            n = re.search(r'data-decisions="(\d+)"', page)[1]
            first = re.search(r'name="action" value="(\d+)"', page)[1]
            page = client.post(f"{base}/act", data={"csrf": csrf, "n": n, "action": first}).text
        else:
            page = client.post(f"{base}/ai", data={"csrf": csrf}).text
    assert 'data-over="yes"' in page and "The game is over" in page
    log = tmp_path / "toi.jsonl"
    log.write_text(client.get(f"{base}/log").text, encoding="utf-8")
    result = cli("replay", str(log), "--pack", str(TOI))
    assert result.exit_code == 0, result.stdout + result.stderr
