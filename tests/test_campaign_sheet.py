"""The campaign sheet (003 Battle for Normandy, Campaign Report grid and consequences):
golden HTML filled from a record, and the PDF's text."""

from __future__ import annotations

from pathlib import Path

from builder.campaign import record_result, start
from builder.campaign.record import MedalWon
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.systems.heroes.render.campaign_sheet import render_campaign_html
from builder.render.pdf import Paper, html_to_pdf
from tests.test_render_print import check_golden, pdf_text

ROOT = Path(__file__).resolve().parent.parent


def _sheet() -> str:
    pack = load_pack_cached(ROOT / "content" / "bfn")
    rec = start(pack, "battle-for-normandy", "bfn")
    rec = record_result(pack, rec, "trading-blows", "de", "major", [MedalWon(side="de", medal="eisernes-kreuz")])
    rec = record_result(pack, rec, "charge-of-the-light-brigade", "cw", "major",
                        [MedalWon(side="cw", medal="victoria-cross")])
    return render_campaign_html(pack, "battle-for-normandy", rec)


def test_campaign_sheet_golden() -> None:
    check_golden("campaign-battle-for-normandy.html", _sheet())


def test_campaign_sheet_pdf_text() -> None:
    reader, text = pdf_text(html_to_pdf(_sheet(), Paper.a4))
    assert len(reader.pages) >= 1
    for expected in ("Battle for Normandy", "5 points per victory", "Trading Blows", "de:major",
                     "7 points", "de's event of turn 5 happens on turn 1", "printed effect lost"):
        assert expected in " ".join(text.split()), expected


def test_render_campaign_cli(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.html"
    done = cli("render", "campaign", "family-meeting", "-o", str(out))
    assert done.exit_code == 0 and "us +20 army points" in out.read_text()
    assert cli("render", "campaign", "nope", "-o", str(out)).exit_code == 2


def test_site_campaign_page_links_scenarios_and_shows_a_saved_verdict(tmp_path: Path) -> None:
    import json

    from builder.systems.heroes.content.loader import load_pack
    from builder.render.site.build import build_site
    from tests.test_render_site import broken_links

    reports = tmp_path / "reports"
    (reports / "campaigns").mkdir(parents=True)
    (reports / "campaigns" / "battle-for-normandy.json").write_text(
        json.dumps({"verdict": "de wins the campaign more often (de 80%, cw 20%)", "games": 200}))
    out = tmp_path / "site"
    build_site(load_pack(ROOT / "content" / "bfn"), out, reports=reports)
    page = (out / "campaigns" / "battle-for-normandy.html").read_text()
    assert 'href="../scenarios/trading-blows.html"' in page
    assert "Campaign playtest (200 campaigns): de wins the campaign more often" in page
    assert "battle-for-normandy.html" in (out / "campaigns" / "index.html").read_text()
    assert broken_links(out) == []
