"""Tide of Iron print and site: golden HTML, PDF text, escaping, determinism."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.render.pdf import html_to_pdf
from builder.systems.tide_of_iron.pack import load
from builder.systems.tide_of_iron.render import build_site, scenario_html

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "fixtures" / "toi" / "golden"


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load(ROOT / "content" / "toi")


def check_golden(name: str, html: str) -> None:
    path = GOLDEN / name
    if os.environ.get("HEROES_UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(html, encoding="utf-8")
    assert html == path.read_text(encoding="utf-8"), f"{name} differs; HEROES_UPDATE_GOLDEN=1 regenerates it"


def test_scenario_sheet_golden(pack) -> None:  # type: ignore[no-untyped-def]
    check_golden("scenario-bridge-at-dawn.html", scenario_html(pack, "bridge-at-dawn"))


def test_site_pages_golden(pack, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pages = build_site(pack, tmp_path / "site", reports=tmp_path / "no-reports")
    assert sorted(p.name for p in pages) == ["cards.html", "index.html", "scenario-bridge-at-dawn.html",
                                              "scenario-crossroads-farm.html", "scenario-farm-strongpoint.html",
                                              "units.html"]
    check_golden("site-units.html", (tmp_path / "site" / "units.html").read_text(encoding="utf-8"))
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="scenario-crossroads-farm.html"' in index


def test_scenario_sheet_map(pack) -> None:  # type: ignore[no-untyped-def]
    html = scenario_html(pack, "bridge-at-dawn")
    assert html.count("<polygon") == 12 * 9  # one per hex of river-crossing
    assert ">J4<" in html and ">V<" in html and ">C<" in html and ">R<" in html  # objectives, reinforcements
    assert "Shallow stream" in html and "Round 2 reinforcements: hanomag, fuenfte" in html


def test_scenario_pdf_text(pack) -> None:  # type: ignore[no-untyped-def]
    pdf = html_to_pdf(scenario_html(pack, "crossroads-farm"))
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for words in ("Crossroads farm", "Objectives", "F4", "erste", "German regular infantry"):
        assert words in text, words


def test_hostile_names_are_escaped(tmp_path: Path) -> None:
    dest = tmp_path / "toi"
    shutil.copytree(ROOT / "content" / "toi", dest)
    sc = dest / "scenarios" / "crossroads-farm.yaml"
    sc.write_text(sc.read_text().replace("name: Crossroads farm", 'name: "<script>alert(1)</script>"'))
    html = scenario_html(load(dest), "crossroads-farm")
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_same_input_same_bytes(pack) -> None:  # type: ignore[no-untyped-def]
    assert scenario_html(pack, "crossroads-farm") == scenario_html(pack, "crossroads-farm")


def test_roster_golden_and_illegal_roster(pack, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from builder.systems.tide_of_iron.army import check_army
    from builder.systems.tide_of_iron.render import roster_html

    path = ROOT / "examples" / "toi" / "crossroads-germans.yaml"
    army, diags = check_army(path, pack)
    check_golden("roster-crossroads-germans.html", roster_html(pack, army, diags, "crossroads-germans.yaml"))
    bad = tmp_path / "bad.yaml"
    bad.write_text(path.read_text().replace("hex: A1", "hex: A8"))
    army, diags = check_army(bad, pack)
    html = roster_html(pack, army, diags, "bad.yaml")
    assert "<b>illegal</b>, 1 error(s)" in html and "N708" in html
