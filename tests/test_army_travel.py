"""Lists that travel (issue 38): every written list names its pack and a schema an editor
resolves offline; share links carry the list itself; the forum text reads back."""

# Codes exercised here: A434 (share link), A435 (forum text).

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given, settings, strategies as st

from builder.systems.heroes.army.forum import forum_text, read_forum
from builder.systems.heroes.army.check import check_army, check_file
from builder.systems.heroes.army.loading import parse_army
from builder.systems.heroes.army.share import A_SHARE, decode, encode
from builder.systems.heroes.army.suggest import suggest
from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.systems.heroes.content.pack_cache import load_pack_cached

CORE = BUNDLED_CONTENT / "core"
BFN = BUNDLED_CONTENT / "bfn"


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    (tmp_path / "armies").mkdir()
    with TestClient(create_app([CORE, BFN], [tmp_path / "armies"]), base_url="http://127.0.0.1") as c:
        c.armies = tmp_path / "armies"
        yield c


def _csrf(client) -> str:  # type: ignore[no-untyped-def]
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").text).group(1)


def _do(client, csrf: str, **form: str) -> str:  # type: ignore[no-untyped-def]
    r = client.post("/army/do", data={"csrf": csrf, **form}, headers={"X-Heroes-Fragment": "1"})
    assert r.status_code == 200, r.text
    return r.text


def _schema_of(text: str) -> str:
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema="), first
    return first.split("=", 1)[1]


def _big_list():  # type: ignore[no-untyped-def]
    army = suggest(load_pack_cached(CORE), "us", 1000, seed=3)
    assert sum(1 for t in army.tiles) >= 3 and army.deck
    return army


def test_web_saved_bfn_list_checks_with_no_pack_and_its_schema_resolves(client, cli) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    assert client.post("/army/new", data={"csrf": csrf, "faction": "bfn:cw", "points": "300"}).status_code == 200
    _do(client, csrf, action="fill-budget")
    _do(client, csrf, action="fill-deck")
    r = client.post("/army/save", data={"csrf": csrf, "folder": "0", "file": "bfn.yaml"},
                    headers={"X-Heroes-Fragment": "1"})
    assert r.status_code == 200 and r.json()["message"].startswith("Saved")  # the builder stays open
    saved = client.armies / "bfn.yaml"
    text = saved.read_text(encoding="utf-8")
    assert re.search(r"^pack: bfn\b", text, re.M)
    schema = _schema_of(text)
    assert ".invalid" not in schema and "://" not in schema
    assert (saved.parent / schema).resolve().is_file()  # relative to the file, or absolute: either resolves
    result = cli("army", "check", str(saved))
    assert result.exit_code == 0, result.stdout


def test_every_cli_list_names_its_pack(cli, tmp_path: Path) -> None:
    result = cli("army", "new", "--scenario", "clash", "--side", "de")
    assert result.exit_code == 0, result.stderr
    assert re.search(r"^pack: core\b", result.stdout, re.M) and "side: de" in result.stdout
    assert ".invalid" not in result.stdout
    out = tmp_path / "zuruck.yaml"
    assert cli("army", "new", "--scenario", "zuruck", "--side", "de", "-o", str(out)).exit_code == 0
    assert re.search(r"^pack: bfn\b", out.read_text(), re.M)  # the bundled pack holding the scenario
    suggested = cli("army", "suggest", "--faction", "us", "--points", "300")
    assert re.search(r"^pack: core$", suggested.stdout, re.M)
    assert cli("army", "new", "--scenario", "clash", "--side", "xx").exit_code == 2


def test_share_token_round_trips_a_1000_point_list() -> None:
    army = _big_list()
    token = encode(army)
    assert re.fullmatch(r"1\.[A-Za-z0-9_-]+", token) and len(token) < 2000
    text, problems = decode(token)
    assert not problems and text is not None
    assert parse_army(text).army == army


def test_share_command_and_web_link_open_the_list(client, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from builder.systems.heroes.army.writer import army_yaml

    army = _big_list()
    file = tmp_path / "big.yaml"
    file.write_text(army_yaml(army, load_pack_cached(CORE)), encoding="utf-8")
    result = cli("army", "share", str(file), "--base-url", "http://127.0.0.1")
    assert result.exit_code == 0
    url = result.stdout.strip()
    parts = urlsplit(url)
    assert parts.path == "/army/shared" and "list" in parse_qs(parts.query)
    assert client.get(f"{parts.path}?{parts.query}").status_code == 200
    page = client.get("/army").text
    assert "Legal army" in page and "1020 / 1030 points" in page
    assert 'id="share-link"' in page
    imported = cli("army", "import", url)
    assert imported.exit_code == 0
    assert parse_army(imported.stdout).army == army.model_copy(update={"pack": "core"})


@given(st.text(max_size=200))
@settings(max_examples=60, deadline=None)
def test_hostile_share_tokens_give_a_diagnostic(token: str) -> None:
    text, problems = decode("1." + token)
    assert (text is None) == bool(problems)
    if problems:
        assert problems[0].code == A_SHARE


def test_a_zip_bomb_link_is_refused() -> None:
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (10 * 1024 * 1024))).rstrip(b"=").decode()
    text, problems = decode("1." + bomb)
    assert text is None and "larger than" in problems[0].message


@pytest.mark.parametrize("pack_dir,faction,points,seed", [(CORE, "us", 1000, 3), (CORE, "de", 500, 1),
                                                          (BFN, "cw", 500, 1), (BFN, "de", 400, 2)])
def test_forum_text_reads_back_to_the_same_list(pack_dir: Path, faction: str, points: int, seed: int) -> None:
    pack = load_pack_cached(pack_dir)
    army = suggest(pack, faction, points, seed=seed)
    army.pack = pack.manifest.id
    roster, summary, findings = check_army(army, pack)
    text = forum_text(roster, summary, [f.diagnostic("x") for f in findings])
    back, problems = read_forum(text, pack)
    assert not problems, problems
    assert back == army


def test_import_command_and_web_paste_read_the_forum_text(client, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from builder.systems.heroes.army.writer import army_yaml

    army = _big_list()
    file = tmp_path / "big.yaml"
    file.write_text(army_yaml(army, load_pack_cached(CORE)), encoding="utf-8")
    shown = cli("army", "show", str(file), "--format", "forum")
    assert shown.exit_code == 0 and shown.stdout.startswith(army.name)
    forum = tmp_path / "big.txt"
    forum.write_text(shown.stdout, encoding="utf-8")
    out = tmp_path / "back.yaml"
    assert cli("army", "import", str(forum), "-o", str(out)).exit_code == 0
    assert check_file(out, load_pack_cached(CORE)).roster.army == army.model_copy(update={"pack": "core"})
    csrf = _csrf(client)
    r = client.post("/army/open", data={"csrf": csrf, "paste": shown.stdout, "pack": "bfn"})
    assert r.status_code == 200
    page = client.get("/army").text
    assert "1020 / 1030 points" in page and "(core)" in page  # opened on the pack it names
    broken = forum.read_text().replace("Assault Squads", "Assault Squadz", 1)
    forum.write_text(broken, encoding="utf-8")
    bad = cli("army", "import", str(forum))
    assert bad.exit_code == 1 and re.search(r"big\.txt:\d+:1: error A435", bad.stdout + bad.stderr)


def test_a_list_opened_on_another_pack_says_so(client) -> None:  # type: ignore[no-untyped-def]
    from builder.systems.heroes.army.writer import skeleton

    csrf = _csrf(client)
    text = skeleton("Tommies", "cw", 300, pack="bfn")
    r = client.post("/army/open", data={"csrf": csrf, "pack": "core"},
                    files={"upload": ("tommies.yaml", text.encode(), "application/yaml")})
    assert r.status_code == 200
    page = client.get("/army").text
    assert 'id="pack-note"' in page and "names pack &#39;bfn&#39;" in page


def test_show_json_carries_the_list_and_its_share_token(cli, tmp_path: Path) -> None:
    from builder.systems.heroes.army.writer import army_yaml

    army = _big_list()
    file = tmp_path / "big.yaml"
    file.write_text(army_yaml(army), encoding="utf-8")
    data = json.loads(cli("army", "show", str(file), "--format", "json").stdout)
    assert data["legal"] and data["totals"] and decode(data["share"])[0] is not None
