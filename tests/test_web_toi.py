"""heroes serve on a Tide of Iron pack, reached through the game-system seam: squad
building from a scenario side's pool, the scenario sheet with its hex map, the pack
dashboard; and the located diagnostics of the Heroes builder (file:line:col)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from builder.systems.heroes.content.loader import BUNDLED_CONTENT

CORE = BUNDLED_CONTENT / "core"
TOI = BUNDLED_CONTENT / "toi"


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from builder.web.app import create_app

    (tmp_path / "armies").mkdir()
    toi = tmp_path / "toi"
    shutil.copytree(TOI, toi)
    app = create_app([CORE, toi], [tmp_path / "armies"])
    with TestClient(app, base_url="http://127.0.0.1") as c:
        c.armies = tmp_path / "armies"
        c.toi = toi
        yield c


def _csrf(client) -> str:  # type: ignore[no-untyped-def]
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").text).group(1)


def _do(client, csrf: str, **form: str) -> str:  # type: ignore[no-untyped-def]
    r = client.post("/army/do", data={"csrf": csrf, **form}, headers={"X-Heroes-Fragment": "1"})
    assert r.status_code == 200, r.text
    return r.text


def test_home_lists_the_tide_of_iron_scenarios_and_pack(client) -> None:  # type: ignore[no-untyped-def]
    home = client.get("/").text
    assert 'value="toi:bridge-at-dawn:americans"' in home
    assert 'href="/scenario/toi/bridge-at-dawn"' in home and "(Tide of Iron)" in home
    assert 'href="/pack/toi"' in home


def test_squads_from_the_pool_live_totals_and_located_errors(client, cli) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    page = client.post("/army/new", data={"csrf": csrf, "scenario": "toi:bridge-at-dawn:americans"}).text
    assert 'id="verdict">Legal squad list' in page and 'data-system="Tide of Iron"' in page
    assert re.search(r'id="pool-us-regular">.*?class="used">12<', page)
    html = _do(client, csrf, action="add-squad", base="us-squad-base")
    html = _do(client, csrf, action="add-figure", squad="squad-1", figure="us-regular")
    assert re.search(r'id="pool-us-regular">.*?class="used">13<', html)
    assert "Not legal: 2 errors" in html and 'data-code="N710"' in html
    # the diagnostic is located in the list as it would be saved: file:line:col
    assert re.search(r'<span class="where">bridge-at-dawn-americans\.yaml:\d+:\d+</span>', html)
    back = _do(client, csrf, action="undo")
    back = _do(client, csrf, action="undo")
    assert "Legal squad list" in back and "squad-1" not in back
    r = client.post("/army/save", data={"csrf": csrf, "folder": "0", "file": "americans.yaml"})
    assert r.status_code == 200
    saved = client.armies / "americans.yaml"
    assert cli("army", "check", str(saved), "--pack", str(client.toi)).exit_code == 0
    saved.write_text(saved.read_text().replace("us-regular: 4", "us-regular: 9"))
    assert cli("army", "check", str(saved), "--pack", str(client.toi)).exit_code == 1


def test_open_a_squad_list_and_fill_from_the_pool(client) -> None:  # type: ignore[no-untyped-def]
    csrf = _csrf(client)
    text = ("# my Germans\nsystem: tide-of-iron\nscenario: bridge-at-dawn\nside: germans\nname: Hold the bridge\n"
            "squads: []\nvehicles: []\n")
    r = client.post("/army/open", data={"csrf": csrf, "pack": "toi"},
                    files={"upload": ("germans.yaml", text.encode(), "application/yaml")})
    assert r.status_code == 200 and "Hold the bridge" in r.text
    html = _do(client, csrf, action="suggest")
    assert "squad-1" in html
    yaml = client.get("/army/download/yaml").text
    assert "system: tide-of-iron" in yaml and "squad-1" in yaml
    assert "Hold the bridge" in client.get("/army/download/txt").text
    assert client.get("/army/download/html").status_code == 200
    # the Heroes-only pages say why they do not apply, without a traceback
    r = client.get("/army/slot?tile=1&slot=1")
    assert r.status_code == 400 and "squad list" in r.text


def test_scenario_sheet_with_its_hex_map(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/scenario/toi/bridge-at-dawn")
    assert r.status_code == 200 and "<svg" in r.text and "Bridge at dawn" in r.text
    assert client.get("/scenario/toi/no-such").status_code == 400


def test_dashboard_validates_a_tide_of_iron_pack_and_sees_a_broken_file(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/pack/toi").text
    assert "Valid pack" in page
    figures = client.toi / "figures" / "figures.yaml"
    figures.write_text(figures.read_text() + "  - {id: broken\n")
    page = client.get("/pack/toi").text
    assert re.search(r"figures\.yaml:\d+:\d+", page), page


def test_heroes_builder_diagnostics_carry_line_and_column(tmp_path: Path) -> None:
    """Item 2: the Heroes bench checks its list through the located path."""
    from builder.systems.heroes.content.pack_cache import load_pack_cached
    from builder.web.army_view import army_view
    from builder.web.workbench import Bench

    bench = Bench.new(load_pack_cached(CORE), faction="us", points=100)
    bench.edit(tile="us-16th-infantry-regiment")
    bench.edit(tile="us-16th-infantry-regiment")
    wheres = [d.where() for d in bench.check().diagnostics]
    assert wheres and all(re.fullmatch(r"army\.yaml:\d+:\d+", w) for w in wheres), wheres
    assert army_view(bench)
