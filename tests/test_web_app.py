"""heroes serve through Starlette's test client: the builder's flow over builder.systems.heroes.army,
the safety rules (form tokens, folders, upload size, escaping) and the other pages."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.web.army_view import army_view
from builder.web.background import Jobs, Watched
from builder.web.safety import MAX_UPLOAD, Folders, Refused
from builder.web.workbench import Bench

CORE = BUNDLED_CONTENT / "core"
BFN = BUNDLED_CONTENT / "bfn"


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    (tmp_path / "armies").mkdir()
    app = create_app([CORE, BFN], [tmp_path / "armies"])
    with TestClient(app, base_url="http://127.0.0.1") as c:
        c.armies = tmp_path / "armies"
        yield c


def _csrf(client) -> str:  # type: ignore[no-untyped-def]
    page = client.get("/").text
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def _do(client, csrf: str, **form: str) -> str:  # type: ignore[no-untyped-def]
    r = client.post("/army/do", data={"csrf": csrf, **form}, headers={"X-Heroes-Fragment": "1"})
    assert r.status_code == 200, r.text
    return r.text


def test_build_save_and_check_with_the_command_line(client, cli) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    assert client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"}).status_code == 200
    page = client.get("/army").text
    assert "A403" in page and "Not legal" in page
    html = _do(client, csrf, action="add-tile", tile="us-16th-infantry-regiment")
    assert "A403" not in html and 'id="points">70 / 300 points' in html
    slot = client.get("/army/slot?tile=1&slot=1").text
    assert re.search(r'id="opt-us-rifle-squad"\s*>', slot)  # fits: enabled
    assert re.search(r'disabled>[^<]*</button></form>\s*<span class="cost">', slot)  # others: disabled
    assert 'class="reason">' in slot
    for slot_no, option in ((1, "us-rifle-squad"), (3, "us-grenade"), (4, "us-courageous")):
        html = _do(client, csrf, action="set-slot", tile="1", slot=str(slot_no), option=option)
    for hero in ("us-sherman-lucky-seven", "us-luke-griff-brasset"):
        html = _do(client, csrf, action="add-hero", hero=hero)
    html = _do(client, csrf, action="fill-deck")
    assert 'id="verdict">Legal army</p>' in html and "300 / 300 points" in html
    r = client.post("/army/save", data={"csrf": csrf, "folder": "0", "file": "ranger.yaml"})
    assert r.status_code == 200
    saved = client.armies / "ranger.yaml"
    assert cli("army", "check", str(saved)).exit_code == 0
    assert "# Army list for Heroes Builder" in saved.read_text()  # the skeleton's comments stay


def test_diagnostics_sit_beside_their_element_and_undo_removes_them(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "100"})
    _do(client, csrf, action="add-tile", tile="us-16th-infantry-regiment")
    html = _do(client, csrf, action="set-slot", tile="1", slot="1", option="us-rifle-squad")
    over = _do(client, csrf, action="add-tile", tile="us-16th-infantry-regiment")
    assert "Not legal" in over and 'class="diag error"' in over
    back = _do(client, csrf, action="undo")
    assert back == html


def test_hero_insignia_reason_and_plain_text(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"})
    _do(client, csrf, action="add-tile", tile="us-16th-infantry-regiment")
    heroes = client.get("/army/heroes").text
    assert "insignia" in heroes and "disabled" in heroes
    text = client.get("/army/download/txt").text
    assert text.startswith("My US Army (us, 70/300 pts)") and "16th" in text


def test_downloads_roster_html_pdf_yaml(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:de", "points": "200"})
    _do(client, csrf, action="fill-budget")
    assert b"%PDF" in client.get("/army/download/pdf").content[:8]
    assert "roster" in client.get("/army/download/html").text
    assert "faction: de" in client.get("/army/download/yaml").text
    assert client.get("/army/download/exe").status_code == 400


def test_scenario_side_army(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    pack = load_pack_cached(CORE)
    scenario = sorted(pack.items["scenarios"].values(), key=lambda s: s.id)[0]
    side = scenario.sides[0]
    r = client.post("/army/new", data={"csrf": csrf, "scenario": f"core:{scenario.id}:{side.id}"})
    assert r.status_code == 200 and scenario.name in r.text


def test_form_tokens_are_required(client) -> None:  # type: ignore[no-untyped-def]
    _csrf(client)
    r = client.post("/army/new", data={"faction": "core:us", "points": "300"})
    assert r.status_code == 403 and "W952" in r.text
    r = client.post("/army/new", data={"csrf": "0" * 64, "faction": "core:us", "points": "300"})
    assert r.status_code == 403


def test_unknown_host_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_files_stay_inside_the_named_folders(client, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"})
    for name in ("../escape.yaml", "/etc/x.yaml", "sub/x.yaml", "x.txt", ".hidden.yaml"):
        r = client.post("/army/save", data={"csrf": csrf, "folder": "0", "file": name})
        assert r.status_code in (400, 403), name
    assert client.post("/army/save", data={"csrf": csrf, "folder": "7", "file": "a.yaml"}).status_code == 403
    assert not (tmp_path / "escape.yaml").exists()
    r = client.post("/army/open", data={"csrf": csrf, "folder": "0", "file": "../../etc/passwd.yaml", "pack": "core"})
    assert r.status_code in (400, 403)


def test_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "armies"
    root.mkdir()
    (root / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    with pytest.raises(Refused):
        Folders([root]).path(0, "link.yaml")


@given(st.text(min_size=1, max_size=40))
def test_no_name_leaves_the_folder(name: str) -> None:
    root = Path("/tmp/heroes-web-folder")
    try:
        path = Folders([root]).path(0, name)
    except Refused:
        return
    assert path.parent == root.resolve()


def test_uploads_are_size_limited_and_open(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    big = b"name: x\n" + b"#" * (MAX_UPLOAD + 10)
    r = client.post("/army/open", data={"csrf": csrf, "pack": "core"}, files={"upload": ("big.yaml", big)})
    assert r.status_code == 413 and "W951" in r.text
    text = "# kept\nname: Up\nfaction: us\npoints: 300\ntiles: []\n"
    r = client.post("/army/open", data={"csrf": csrf, "pack": "core"}, files={"upload": ("up.yaml", text.encode())})
    assert r.status_code == 200 and "Up" in r.text
    _do(client, csrf, action="add-tile", tile="us-16th-infantry-regiment")
    assert client.get("/army/download/yaml").text.startswith("# kept\n")


def test_content_is_escaped(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    text = 'name: "<script>alert(1)</script>"\nfaction: us\npoints: 300\ntiles: []\n'
    r = client.post("/army/open", data={"csrf": csrf, "pack": "core"}, files={"upload": ("x.yaml", text.encode())})
    assert "<script>alert" not in r.text and "&lt;script&gt;" in r.text


def test_broken_upload_shows_located_diagnostics(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    r = client.post("/army/open", data={"csrf": csrf, "pack": "core"},
                    files={"upload": ("b.yaml", b"name: [unclosed\nfaction: us\n")})
    assert r.status_code == 200 and "cannot be read" in r.text and "b.yaml:" in r.text


def test_bench_keeps_unknown_keys_such_as_pack_when_editing() -> None:
    pack = load_pack_cached(CORE)
    bench = Bench(pack, "# mine\npack: core  # which pack\nname: A\nfaction: us\npoints: 300\ntiles: []\n")
    bench.edit(tile="us-16th-infantry-regiment")
    assert "pack: core  # which pack" in bench.text and "# mine" in bench.text
    assert bench.undo() and "tiles: []" in bench.text and not bench.undo()


def test_fill_to_budget_completes_the_list_and_keeps_comments() -> None:
    pack = load_pack_cached(CORE)
    bench = Bench(pack, "# mine\npack: core  # which pack\nname: A\nfaction: us\npoints: 300\n"
                        "tiles:\n  - tile: us-16th-infantry-regiment  # my first pick\n")
    before = bench.check().summary.totals.spent
    bench.fill_to_budget()
    assert "# mine" in bench.text and "# my first pick" in bench.text and "pack: core" in bench.text
    assert any(t.tile == "us-16th-infantry-regiment" for t in bench.army.tiles)
    checked = bench.check()
    assert checked.summary.totals.spent > before
    assert not [d for d in checked.diagnostics if d.severity.value == "error"]
    assert bench.undo() and bench.text.endswith("# my first pick\n")


def test_army_view_places_slot_findings() -> None:
    pack = load_pack_cached(CORE)
    bench = Bench.new(pack, faction="us", points=300)
    bench.edit(tile="us-16th-infantry-regiment")
    bench.edit(tile="1", slot=1, option="us-grenade")  # equipment in a support slot
    view = army_view(bench)
    placed = view["tiles"][0]["slots"][0]["diagnostics"]
    assert placed and placed[0]["code"] == "A404" and placed[0]["rule"] and placed[0]["hint"]
    line = bench.text.splitlines().index(next(x for x in bench.text.splitlines() if "us-grenade" in x)) + 1
    assert re.fullmatch(rf"army\.yaml:{line}:\d+", placed[0]["where"]), placed[0]["where"]
    assert not view["army_diagnostics"] or all(d["code"] != "A404" for d in view["army_diagnostics"])


def test_scenario_page_has_square_info(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/scenario/core/clash").text
    assert 'id="squares"' in page and '"terrain"' in page and "svg" in page
    assert client.get("/scenario/core/nowhere").status_code == 400


def test_dashboard_sees_a_broken_file(core_copy: Path) -> None:
    watched = Watched(core_copy)
    first = watched.refresh()
    assert watched.valid and watched.refresh() == first
    target = next((core_copy / "units").glob("*.yaml"))
    target.write_text(target.read_text() + "\n  - broken: [\n")
    time.sleep(0.01)
    assert watched.refresh() == first + 1
    assert not watched.valid and any(re.search(r":\d+:\d+$", d.where()) for ds in watched.by_file.values() for d in ds)


def test_dashboard_fragment_answers_204_when_nothing_changed(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/pack/core").text
    version = re.search(r'data-version="(\d+)"', page).group(1)
    assert client.get(f"/pack/core/diagnostics?since={version}").status_code == 204


def test_short_playtest_runs_in_the_background(tmp_path: Path) -> None:
    copy = tmp_path / "core"
    shutil.copytree(CORE, copy)
    jobs = Jobs()
    key = jobs.start(copy, "clash", games=1)
    deadline = time.monotonic() + 120
    while not jobs.get(key).finished and time.monotonic() < deadline:  # type: ignore[union-attr]
        time.sleep(0.1)
    job = jobs.get(key)
    assert job is not None and job.finished and not job.error and job.done == 1 and job.to_dict()["verdict"]


def test_incomplete_or_odd_forms_are_usage_errors(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"})
    _do(client, csrf, action="add-tile", tile="us-16th-infantry-regiment")
    for form in ({"action": "set-slot", "tile": "1", "slot": "1", "option": ""}, {"action": "set-slot", "tile": "1"},
                 {"action": "nonsense"}, {"action": "set-slot", "tile": "1", "slot": "x", "option": "us-grenade"},
                 {"action": "remove-tile", "tile": "9"}):
        r = client.post("/army/do", data={"csrf": csrf, **form})
        assert r.status_code == 400 and "Traceback" not in r.text, form
    r = client.post("/army/new", data={"csrf": csrf, "faction": "core:zz", "points": "300"})
    assert r.status_code == 400
    r = client.post("/army/new", data={"csrf": csrf, "faction": "nopack:us", "points": "300"})
    assert r.status_code == 400


def test_a_pack_that_does_not_load_still_has_its_dashboard(core_copy: Path) -> None:
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    target = sorted((core_copy / "units").glob("*.yaml"))[0]
    target.write_text(target.read_text(encoding="utf-8").replace("movement:", "movment:", 1), encoding="utf-8")
    with TestClient(create_app([core_copy, BFN], []), base_url="http://127.0.0.1") as client:
        assert "does not load" in client.get("/").text
        page = client.get(f"/pack/{core_copy.name}").text
        assert "Invalid pack" in page and re.search(rf"{target.name}:\d+:\d+", page)


def test_serve_refuses_missing_folders(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("serve", "--pack", str(tmp_path / "nowhere")).exit_code == 2
    assert cli("serve", "--armies", str(tmp_path / "nowhere")).exit_code == 2


def test_heroes_serve_starts_on_127_0_0_1(tmp_path: Path) -> None:
    """The README's command: the server answers on 127.0.0.1 and stops on a signal."""
    import os
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-m", "builder", "serve", "--port", str(port), "--armies",
                             str(root / "examples" / "armies")], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read().decode()  # type: ignore[union-attr]
                time.sleep(0.2)
        assert "New army" in page and "family-meeting-1" in page
    finally:
        proc.terminate()
        proc.wait(20)


def test_benches_in_memory_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound drops the bench unused the longest, not the oldest one made (issue 37)."""
    from builder.web import app as web

    monkeypatch.setattr(web, "MAX_BENCHES", 8)
    pack = load_pack_cached(CORE)
    site = web.Site({"core": pack}, {"core": CORE}, Folders([]))
    bench = Bench.new(pack, faction="us", points=100)
    for i in range(8):
        site.keep(str(i), bench)
    site.touch("0")  # the first session is still in use
    for i in range(8, 13):
        site.keep(str(i), bench)
    assert len(site.benches) == 8 and "0" in site.benches and "1" not in site.benches and "12" in site.benches


def test_sessions_expire_by_age_not_by_count() -> None:
    """64 newer sessions used to drop an army silently; now a bench goes only when unused
    for SESSION_SECONDS (issue 37, Why 8)."""
    from builder.web.app import SESSION_SECONDS, Site

    pack = load_pack_cached(CORE)
    site = Site({"core": pack}, {"core": CORE}, Folders([]))
    bench = Bench.new(pack, faction="us", points=100)
    site.keep("mine", bench)
    for i in range(200):
        site.keep(str(i), bench)
    assert "mine" in site.benches
    site.touch("0", now=site.used["mine"] + SESSION_SECONDS + 1)
    assert "mine" not in site.benches and "0" in site.benches


def test_pickers_work_without_javascript(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    client.post("/army/new", data={"csrf": csrf, "faction": "core:us", "points": "300"})
    r = client.post("/army/do", data={"csrf": csrf, "action": "add-tile", "tile": "us-16th-infantry-regiment"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/army"
    page = client.get("/army?tile=1&slot=1").text
    assert 'id="opt-us-rifle-squad"' in page and 'class="reason"' in page
    assert 'id="hero-us-sherman-lucky-seven"' in client.get("/army?panel=heroes").text
    assert client.get("/scenario/core/clash/progress").json()["done"] == 0


def test_hostile_terrain_names_stay_text_on_the_scenario_page(core_copy: Path) -> None:
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    types = core_copy / "terrain" / "types.yaml"
    hostile = "</script><script>alert(1)</script>"
    types.write_text(types.read_text(encoding="utf-8").replace("name: Open ground", f"name: '{hostile}'", 1),
                     encoding="utf-8")
    with TestClient(create_app([core_copy], []), base_url="http://127.0.0.1") as client:
        page = client.get("/scenario/core/clash").text
    assert hostile not in page and "<script>alert" not in page
    assert "\\u003c/script\\u003e" in page or "&lt;/script&gt;" in page


def test_every_fixture_list_renders_on_the_bench() -> None:
    """Broken, illegal and alliance lists alike: the page renders, never a traceback."""
    from builder.render.env import environment

    root = Path(__file__).parent / "fixtures" / "army"
    pack = load_pack_cached(root / "pack")
    template = environment().get_template("web/_bench.html.j2")
    lists = sorted((root / "lists").glob("*.yaml"))
    assert lists
    for path in lists:
        bench = Bench(pack, path.read_text(encoding="utf-8"), path.name)
        html = template.render(view=army_view(bench), csrf="x")
        assert 'id="verdict"' in html and bench.plain_text()
        bench.hero_choices()
