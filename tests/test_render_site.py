"""The static site: every relative link resolves, hostile names stay text, rebuilds
replace the old site, the preview server serves it, and (in headless Chromium, loaded
from disk) the filter narrows the unit list."""

from __future__ import annotations

import shutil
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.errors import UsageError
from builder.render.site.build import build_site
from builder.render.site.serve import make_server

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render"
PACK = FIXTURE / "pack"
CORE = Path(__file__).resolve().parents[1] / "content" / "core"


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)
            if name == "id" and value:
                self.ids.add(value)


def parse(path: Path) -> Links:
    parser = Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    broken = []
    for page in sorted(site.rglob("*.html")):
        for link in parse(page).links:
            url = urlparse(link)
            if url.scheme or link.startswith("//") or link.startswith("/"):
                broken.append(f"{page}: non-relative link {link}")
                continue
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link}")
            elif url.fragment and url.fragment not in parse(target).ids:
                broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(load_pack(PACK), out)
    return out


def test_a_page_per_item(fixture_site: Path) -> None:
    pack = load_pack(PACK)
    for collection, folder in (("factions", "factions"), ("units", "units"), ("tiles", "tiles"),
                               ("options", "options"), ("cards", "cards"), ("boards", "boards"),
                               ("scenarios", "scenarios"), ("heroes", "heroes")):
        for item_id in pack.items[collection]:
            assert (fixture_site / folder / f"{item_id}.html").is_file(), (collection, item_id)
    scenario = (fixture_site / "scenarios" / "hedgerow-fight.html").read_text()
    assert "<svg" in scenario and "draws 5%</strong> over 200 games" in scenario
    unit = (fixture_site / "units" / "us-sherman.html").read_text()
    assert "front 8 / side 7 / rear 6" in unit and "+2 / +3 / +3" in unit


def test_no_broken_relative_link(fixture_site: Path) -> None:
    assert broken_links(fixture_site) == []


def test_no_broken_link_on_the_bundled_site(tmp_path: Path) -> None:
    out = tmp_path / "core-site"
    build_site(load_pack(CORE), out)
    assert broken_links(out) == []


def test_hostile_names_stay_text(tmp_path: Path) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    units = copy / "units" / "units.yaml"
    units.write_text(units.read_text().replace("name: Rifle Squad", "name: \"</script><script>alert(1)</script>\""))
    out = tmp_path / "site"
    build_site(load_pack(copy), out)
    for page in out.rglob("*.html"):
        assert "<script>alert" not in page.read_text(), page
    assert "&lt;script&gt;alert(1)" in (out / "units" / "us-rifle-squad.html").read_text()
    index = (out / "static" / "search-index.js").read_text()
    assert "<" not in index and "\\u003cscript\\u003ealert(1)" in index


def test_rebuild_replaces_and_refuses_foreign_folders(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site(load_pack(PACK), out)
    (out / "units" / "stale.html").write_text("old")
    build_site(load_pack(PACK), out)
    assert not (out / "units" / "stale.html").exists()
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me")
    with pytest.raises(UsageError):
        build_site(load_pack(PACK), foreign)
    assert (foreign / "notes.txt").read_text() == "keep me"


def test_cli_site_build(cli, tmp_path: Path) -> None:
    result = cli("site", "build", "-p", str(PACK), "-o", str(tmp_path / "s"))
    assert result.exit_code == 0 and (tmp_path / "s" / "index.html").is_file()
    bad = cli("site", "serve", str(tmp_path / "nothing"))
    assert bad.exit_code == 2 and "no site" in bad.stderr


def test_serve_previews_the_site(fixture_site: Path) -> None:
    server = make_server(fixture_site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/units/index.html", timeout=5) as response:
            assert b"Rifle Squad" in response.read()
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.browser
def test_filter_narrows_the_unit_list_in_a_browser(fixture_site: Path, tmp_path: Path) -> None:
    if not Path("/usr/bin/chromedriver").exists() or not Path("/usr/bin/chromium").exists():
        pytest.skip("chromium and chromium-driver are not installed (scripts/system-deps.sh test)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 f"--user-data-dir={tmp_path / 'chrome-profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get((fixture_site / "units" / "index.html").as_uri())
        items = driver.find_elements(By.CSS_SELECTOR, "#item-list li")
        visible = lambda: [i.text for i in items if i.is_displayed()]  # noqa: E731
        assert len(visible()) == 5
        driver.find_element(By.ID, "filter").send_keys("sherman")
        assert [t.split(" ")[0] for t in visible()] == ["M4"]
        assert driver.find_element(By.ID, "filter-count").text == "1 shown"
        driver.find_element(By.ID, "filter").clear()
        driver.find_element(By.ID, "filter").send_keys("wehrmacht")
        assert sorted(t.split(" ")[0] for t in visible()) == ["Grenadiere", "Recon"]
        driver.find_element(By.ID, "filter").clear()
        driver.find_element(By.CSS_SELECTOR, "#facet option[value='heavy vehicle']").click()
        assert [t.split(" ")[0] for t in visible()] == ["M4"]
        driver.get((fixture_site / "index.html").as_uri())
        driver.find_element(By.ID, "search").send_keys("farmhouse")
        results = driver.find_elements(By.CSS_SELECTOR, "#search-results li a")
        assert [r.text for r in results] == ["Farmhouse"]
        results[0].click()
        assert driver.current_url.endswith("/overlays/farmhouse.html")
    finally:
        driver.quit()


def test_tile_pages_list_what_fits_each_slot(fixture_site: Path) -> None:
    page = (fixture_site / "tiles" / "us-8th-infantry-regiment.html").read_text()
    fits = page[page.index("What fits each slot"):]
    assert "Ammo</a>" in fits and "Planning</a>" not in fits  # green/grey slot: Ammo is green, Planning blue
    assert "Healthy" in page and "Rifle Squad" in page


def test_report_inside_the_pack_is_found(tmp_path: Path) -> None:
    """``heroes playtest --save`` writes PACK/reports/<scenario>.json."""
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    (copy / "reports").mkdir()
    (copy / "reports" / "hedgerow-fight.json").write_text(
        '{"scenario": "hedgerow-fight", "games": 12, "verdict": "favours us: 70% +/- 20%", "win_rates": {"us": 0.7, "de": 0.3}}')
    out = tmp_path / "site"
    build_site(load_pack(copy), out)
    assert "favours us: 70% +/- 20%</strong> over 12 games" in (out / "scenarios" / "hedgerow-fight.html").read_text()


def test_site_build_publishes_only_the_named_pack_unless_asked(tmp_path: Path) -> None:
    from builder.cli import app
    from builder.cli.common import run_app

    bfn = Path(__file__).resolve().parent.parent / "content" / "bfn"
    only, every = tmp_path / "only", tmp_path / "every"
    assert run_app(app, ["site", "build", "-o", str(only), "--pack", str(bfn)]) == 0
    assert run_app(app, ["site", "build", "-o", str(every), "--pack", str(bfn), "--with-dependencies"]) == 0
    assert not (only / "tiles" / "us-8th-infantry-regiment.html").exists()
    assert (every / "tiles" / "us-8th-infantry-regiment.html").exists()
    assert (only / "tiles" / "cw-royal-scots-fusiliers.html").exists()
    assert "us-8th-infantry-regiment" not in (only / "static" / "search-index.js").read_text(encoding="utf-8")
