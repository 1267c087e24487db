"""Printed aids: golden HTML for a roster and a scenario sheet, PDFs (pages, text,
paper), escaping of hostile content, and the CLI's error paths."""

from __future__ import annotations

import io
import os
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.systems.heroes.content.loader import load_pack
from builder.render.pdf import Paper, RefusedURL, check_url, html_to_pdf
from builder.systems.heroes.render.roster import render_roster_html
from builder.systems.heroes.render.scenario_sheet import find_scenario, render_scenario_html

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "render"
PACK = FIXTURE / "pack"
GOLDEN = FIXTURE / "golden"


def normalise(html: str) -> str:
    """Whitespace-insensitive form, one tag or text run per line; the bundled
    stylesheet is left out (a style change is not a content change)."""
    html = re.sub(r"<style>.*?</style>", "<style></style>", html, flags=re.S)
    html = re.sub(r"\s+", " ", html)
    html = re.sub(r">\s*<", ">\n<", html)
    return html.strip() + "\n"


def check_golden(name: str, html: str) -> None:
    path = GOLDEN / name
    got = normalise(html)
    if os.environ.get("HEROES_UPDATE_GOLDEN") == "1" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8"), f"{name} differs; HEROES_UPDATE_GOLDEN=1 regenerates it"


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK)


def roster_html(pack, name: str = "legal") -> str:
    return render_roster_html(FIXTURE / "armies" / f"{name}.yaml", pack, f"armies/{name}.yaml")


def test_roster_golden(pack) -> None:
    check_golden("roster-legal.html", roster_html(pack))


def test_scenario_golden(pack) -> None:
    check_golden("scenario-hedgerow-fight.html", render_scenario_html(find_scenario(pack, "hedgerow-fight"), pack))


def test_roster_shows_both_sides_totals_and_verdict(pack) -> None:
    html = roster_html(pack)
    assert "Legal army" in html
    assert "Healthy" in html and "Damaged" in html
    assert "+2 / +1 / X" in html  # rifle squad, healthy side
    assert "Assault 1</strong>: Rolls two dice" in html
    assert "6 (6 stars)" in html  # order tokens from the army checker
    assert "2 units &rarr; 2 VP" in html
    assert "40 cards" in html


def test_illegal_roster_prints_its_diagnostics(pack) -> None:
    html = roster_html(pack, "illegal")
    assert "ILLEGAL ARMY" in html and "5 errors" in html
    for code in ("A405", "A408", "A413", "A414", "A416"):
        assert code in html
    assert "armies/illegal.yaml:6:33" in html


def test_scenario_sheet_content(pack) -> None:
    html = render_scenario_html(find_scenario(pack, "hedgerow-fight"), pack)
    assert "Major victory for 8th Infantry.</strong> When 8th Infantry controls objective farm and " \
           "German&#39;s Recon Group has been eliminated." in html
    assert "Turns 2 and 4, at the end of the Supply Phase" in html
    track = html[html.index('class="turn-track"'):html.index("</table>", html.index('class="turn-track"'))]
    assert track.count("<td>●</td>") == 3 and track.count("<td></td>") == 3  # turns 2, 3, 4 of 6
    assert "balanced: us 48% +/- 7%, de 47% +/- 7%, draws 5%</strong> over 200 games" in html  # reports/ next to the pack
    assert "8th Infantry: 48%" in html and "German: 47%" in html and "draw: 5%" in html
    assert "players 8th Infantry: greedy, German: solo:aggressive" in html
    assert "<svg" in html and "Deployment: 8th Infantry" in html
    assert "Take 4 anonymous, 0 numbered anonymous and 1 decoy counters." in html


def pdf_text(data: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(data))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def test_roster_pdf_pages_and_text(pack) -> None:
    reader, text = pdf_text(html_to_pdf(roster_html(pack), Paper.a4))
    pages = len(reader.pages)
    assert 2 <= pages <= 4
    assert "Marvin's patrol" in text and "Legal army" in text
    assert f"page 1 of {pages}" in text and f"page {pages} of {pages}" in text
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (595, 842)


def test_scenario_pdf_letter(pack) -> None:
    html = render_scenario_html(find_scenario(pack, "hedgerow-fight"), pack)
    reader, text = pdf_text(html_to_pdf(html, Paper.letter))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (612, 792)
    assert "Hedgerow fight" in text and "Victory conditions" in text and "Playtest verdict" in text


def test_card_sheet_pdf(pack, tmp_path: Path, cli) -> None:
    out = tmp_path / "cards.pdf"
    result = cli("render", "cards", "-p", str(PACK), "-f", "us", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    reader, text = pdf_text(out.read_bytes())
    per_page = [page.extract_text().count(" max") for page in reader.pages]
    assert per_page == [9, 9, 9, 9, 8, 0]  # 44 cards, 3 x 3 on A4; then the reference card
    assert "Covering Fire" in text and "Quick reference" in reader.pages[-1].extract_text()
    letter = tmp_path / "letter.pdf"
    assert cli("render", "cards", "-p", str(PACK), "-f", "us", "-o", str(letter), "--paper", "letter").exit_code == 0
    reader, _ = pdf_text(letter.read_bytes())
    assert [page.extract_text().count(" max") for page in reader.pages][:7] == [6] * 7  # 3 x 2 on Letter


def test_hostile_names_are_escaped(tmp_path: Path) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    units = copy / "units" / "units.yaml"
    units.write_text(units.read_text().replace("name: Rifle Squad", "name: \"<script>alert(1)</script>\""))
    scenario = copy / "scenarios" / "hedgerow-fight.yaml"
    scenario.write_text(scenario.read_text().replace("name: Hedgerow fight", "name: \"<script>x()</script>\""))
    hostile = load_pack(copy)
    roster = render_roster_html(FIXTURE / "armies" / "legal.yaml", hostile, "legal.yaml")
    sheet = render_scenario_html(find_scenario(hostile, "hedgerow-fight"), hostile)
    assert "<script>" not in roster and "&lt;script&gt;alert(1)&lt;/script&gt;" in roster
    assert "<script>" not in sheet and "&lt;script&gt;x()&lt;/script&gt;" in sheet


@pytest.mark.parametrize("url", ["http://example.com/x.css", "https://example.com/f.woff", "file:///etc/passwd",
                                 "ftp://example.com/a"])
def test_url_fetcher_refuses_network_and_foreign_files(url: str) -> None:
    with pytest.raises(RefusedURL):
        check_url(url)


def test_pdf_does_not_fetch_remote_images(monkeypatch) -> None:
    import builder.render.pdf as pdf

    asked: list[tuple[str, bool]] = []
    original = pdf.check_url

    def spy(url: str) -> str:
        try:
            result = original(url)
        except RefusedURL:
            asked.append((url, False))
            raise
        asked.append((url, True))
        return result

    monkeypatch.setattr(pdf, "check_url", spy)
    html = ("<html><head><link rel=stylesheet href='file:///etc/passwd'></head><body><p>x</p>"
            "<img src='http://127.0.0.1:9/x.png'><img src='static/common.css'></body></html>")
    reader, _ = pdf_text(html_to_pdf(html))
    assert len(reader.pages) == 1
    assert ("http://127.0.0.1:9/x.png", False) in asked and ("file:///etc/passwd", False) in asked
    assert any(url.endswith("/templates/static/common.css") and ok for url, ok in asked)


def test_bad_reports_are_input_errors(pack, tmp_path: Path, cli) -> None:
    for text in ("{not json", '{"scenario": "hedgerow-fight"}', '{"scenario": "other", "games": 1, "verdict": "x", "win_rates": {}}'):
        report = tmp_path / "r.json"
        report.write_text(text)
        result = cli("render", "scenario", "hedgerow-fight", "-p", str(PACK), "--report", str(report),
                     "-o", str(tmp_path / "s.html"))
        assert result.exit_code == 1 and "r.json" in result.stderr and "Traceback" not in result.stderr


def test_cli_errors_have_no_traceback(cli, tmp_path: Path) -> None:
    bad = cli("render", "scenario", "nope", "-p", str(PACK), "-o", str(tmp_path / "x.html"))
    assert bad.exit_code == 2 and "no scenario 'nope'" in bad.stderr
    suffix = cli("render", "scenario", "hedgerow-fight", "-p", str(PACK), "-o", str(tmp_path / "x.txt"))
    assert suffix.exit_code == 2 and ".html or .pdf" in suffix.stderr
    missing = cli("render", "roster", str(tmp_path / "none.yaml"), "-p", str(PACK), "-o", str(tmp_path / "r.html"))
    assert missing.exit_code == 1 and "Traceback" not in missing.stderr
    assert not (tmp_path / "r.html").exists()
    nodeck = cli("render", "deck", str(FIXTURE / "armies" / "legal.yaml"), "-f", "us", "-p", str(PACK),
                 "-o", str(tmp_path / "d.html"))
    assert nodeck.exit_code == 2


def test_cli_writes_scenario_pdf(cli, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    result = cli("render", "scenario", "hedgerow-fight", "-p", str(PACK), "-o", str(out), "--paper", "letter")
    assert result.exit_code == 0 and out.read_bytes().startswith(b"%PDF")
    assert not list(tmp_path.glob(".*.tmp"))


def test_same_input_same_bytes(pack) -> None:
    html = roster_html(pack)
    assert html == roster_html(pack)
    assert html_to_pdf(html) == html_to_pdf(html)


def test_deck_lists(cli, tmp_path: Path) -> None:
    out = tmp_path / "deck.html"
    assert cli("render", "deck", "-f", "us", "-p", str(PACK), "-o", str(out)).exit_code == 0
    html = out.read_text()
    # 10 drill cards x 4 + Covering Fire 2 + Reinforcements 1; the P-47 is a command card
    assert "Deck: 43 cards plus 1 command cards." in html and "AAA 4" in html
    army = tmp_path / "army-deck.html"
    assert cli("render", "deck", str(FIXTURE / "armies" / "illegal.yaml"), "-p", str(PACK), "-o", str(army)).exit_code == 0
    assert "Deck: 3 cards plus 1 command cards." in army.read_text()
    bad = cli("render", "deck", "-f", "xx", "-p", str(PACK), "-o", str(out))
    assert bad.exit_code == 2 and "no faction 'xx'" in bad.stderr


def test_scenario_with_a_missing_board_is_an_input_error(cli, tmp_path: Path) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    (copy / "boards" / "board-b.yaml").unlink()
    result = cli("render", "scenario", "hedgerow-fight", "-p", str(copy), "-o", str(tmp_path / "s.pdf"))
    assert result.exit_code == 1 and "board 'board-b'" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "s.pdf").exists()


ARMY_FIXTURES = Path(__file__).resolve().parent / "fixtures" / "army"


@pytest.mark.skipif(not (ARMY_FIXTURES / "lists").is_dir(), reason="the army fixtures are absent")
def test_every_army_fixture_renders_or_fails_cleanly(tmp_path: Path) -> None:
    """Every list the army checker is tested on (legal, illegal, alliances) lays out;
    broken files are input errors with diagnostics."""
    from builder.errors import InvalidInputError

    army_pack = load_pack(ARMY_FIXTURES / "pack")
    for path in sorted((ARMY_FIXTURES / "lists").glob("*.yaml")):
        html = render_roster_html(path, army_pack)
        assert ("Legal army" in html) != ("ILLEGAL ARMY" in html), path.name
    for path in sorted((ARMY_FIXTURES / "broken").glob("*.yaml")):
        with pytest.raises(InvalidInputError) as caught:
            render_roster_html(path, army_pack)
        assert caught.value.diagnostics, path.name


def test_the_roster_has_player_and_date_fields_and_the_versions(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from builder import __version__
    from builder.systems.heroes.content.loader import BUNDLED_CONTENT, load_pack
    from builder.systems.heroes.render.roster import render_roster_html

    army = BUNDLED_CONTENT.parent / "examples" / "armies" / "us-300.yaml"
    html = render_roster_html(army, load_pack(BUNDLED_CONTENT / "core"))
    assert "<dt>Player</dt>" in html and "<dt>Date</dt>" in html
    assert f"Heroes Builder {__version__} · packs core " in html
    assert " 1 units" not in html


@pytest.mark.parametrize("name", ["us-300", "de-300"])
def test_a_300_point_roster_is_a_list_page_then_stat_blocks_on_two_a4_pages(name: str) -> None:
    """Issue 24: the list on page one (with tick boxes), the stat blocks on page two; the
    placeholder tag is one footnote, not a tag on every counter."""
    from builder.systems.heroes.content.loader import BUNDLED_CONTENT

    army = BUNDLED_CONTENT.parent / "examples" / "armies" / f"{name}.yaml"
    html = render_roster_html(army, load_pack(BUNDLED_CONTENT / "core"))
    assert "placeholder values</span>" not in html
    assert html.count("* Placeholder values") == 1
    assert '<span class="tick">' in html and 'class="band band-' in html
    reader, _ = pdf_text(html_to_pdf(html, Paper.a4))
    assert len(reader.pages) == 2
    first, second = (page.extract_text() for page in reader.pages)
    assert "Army list" in first and "Deck" in first and "Stat blocks" not in first
    assert "Stat blocks" in second and "Healthy" in second


def test_weasyprint_loads_its_libraries_without_the_library_hunt() -> None:
    """On Linux, WeasyPrint's libraries load by their sonames: no ``find_library`` (which
    runs ldconfig, gcc and ld in subprocesses) while it is imported (builder.render.pdf)."""
    import subprocess
    import sys

    code = (
        "import ctypes.util, sys\n"
        "def hunt(name): raise AssertionError(f'find_library({name!r}) called')\n"
        "ctypes.util.find_library = hunt\n"
        "from builder.render.pdf import import_weasyprint, html_to_pdf\n"
        "import_weasyprint()\n"
        "assert ctypes.util.find_library is hunt\n"
        "assert html_to_pdf('<p>x</p>').startswith(b'%PDF')\n"
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("the library hunt is skipped on Linux only")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr


def test_compiled_templates_are_kept_in_the_cache_folder_unless_turned_off(tmp_path: Path) -> None:
    """The roster's templates compile once (builder.render.env); HEROES_NO_CACHE=1 keeps
    nothing, and both ways print the same roster."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    code = ("from pathlib import Path\nfrom builder.systems.heroes.content.loader import load_pack\n"
            "from builder.systems.heroes.render.roster import render_roster_html\n"
            f"print(render_roster_html(Path({str(FIXTURE / 'armies' / 'legal.yaml')!r}), load_pack(Path({str(PACK)!r}))))")
    printed = []
    for no_cache in ("", "", "1"):
        cache = tmp_path / ("off" if no_cache else "on")
        env = {**os.environ, "PYTHONPATH": str(root), "HEROES_CACHE_DIR": str(cache), "HEROES_NO_CACHE": no_cache}
        printed.append(subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True,
                                      text=True, check=True).stdout)
    assert printed[0] == printed[1] == printed[2]
    assert sorted((tmp_path / "on" / "templates").glob("*.cache"))
    assert not (tmp_path / "off").exists()
