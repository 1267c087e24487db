"""``heroes demo`` writes the roster PDF, the scenario sheet PDF and the site of the
bundled pack, and says where they are."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader


def test_demo_writes_printables_and_site(cli, tmp_path: Path) -> None:
    result = cli("demo", "--out", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    rosters = list(tmp_path.glob("roster-*.pdf"))
    assert len(rosters) == 1
    roster = rosters[0]
    sheets = list(tmp_path.glob("scenario-*.pdf"))
    assert f"wrote {roster}" in result.stdout and len(sheets) == 1
    assert f"wrote {sheets[0]}" in result.stdout
    assert (tmp_path / "site" / "index.html").is_file() and "site/" in result.stdout
    text = PdfReader(io.BytesIO(roster.read_bytes())).pages[0].extract_text()
    assert "Totals" in text and ("Legal army" in text or "ILLEGAL ARMY" in text)
    assert PdfReader(io.BytesIO(sheets[0].read_bytes())).pages[0].extract_text().strip()
