"""Issue 38, item 4: the small breaks of the first hour, each as it was reported."""

from __future__ import annotations

import builtins
import json
from pathlib import Path
from typing import Any

import pytest

from builder.content.paths import BUNDLED_CONTENT


def test_validate_bfn_says_the_effect_key_list_once(cli) -> None:
    result = cli("validate", str(BUNDLED_CONTENT / "bfn"))
    assert result.exit_code == 0
    out = result.stdout + result.stderr
    assert out.count("S210") >= 2 and out.count("known options keys:") == 1
    assert len(out.encode()) < 8000


def test_validate_summary_counts_the_packs_own_items(cli) -> None:
    out = cli("validate", str(BUNDLED_CONTENT / "bfn")).stdout
    row = next(line for line in out.splitlines() if line.startswith("│ options"))
    own, total = [int(cell) for cell in row.strip("│ ").split("│")[1:]]
    assert own < total  # bfn's own options, then with core's


def test_pack_new_with_a_colon_in_the_name_validates(cli, tmp_path: Path) -> None:
    folder = tmp_path / "ff"
    assert cli("pack", "new", "free-french", "--name", "Free French: 2e DB", "-o", str(folder)).exit_code == 0
    result = cli("validate", str(folder))
    assert result.exit_code == 0, result.stdout
    assert "Free French: 2e DB" in (folder / "pack.yaml").read_text(encoding="utf-8")


def test_the_n720_hint_command_runs(cli) -> None:
    result = cli("army", "new", "--scenario", "crossroads-farm", "--side", "americans")
    assert result.exit_code == 0, result.stderr
    assert ".invalid" not in result.stdout


def test_show_lists_every_item_sharing_an_id(cli) -> None:
    text = cli("show", "us-sgt-tom-keller").stdout
    assert "2 items have the id us-sgt-tom-keller: units, heroes" in text
    assert "collection: heroes" in text and "collection: units" in text
    data = json.loads(cli("show", "us-sgt-tom-keller", "--format", "json").stdout)
    assert [d["collection"] for d in data] == ["units", "heroes"]
    assert json.loads(cli("show", "us-16th-infantry-regiment", "--format", "json").stdout)["collection"] == "tiles"


def test_scheduler_without_dask_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from builder.errors import UsageError
    from builder.playtest_core.pools import DaskPool

    real = builtins.__import__

    def no_dask(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    with pytest.raises(UsageError, match=r"\.venv/bin/pip install -e '\.\[cluster\]'"):
        DaskPool("local")


def test_nav_titles_show_no_markdown(tmp_path: Path) -> None:
    from builder.docsite import guide_title

    page = tmp_path / "army.md"
    page.write_text("# Army lists: `heroes army`\n", encoding="utf-8")
    assert guide_title(page) == "Army lists: heroes army"


def test_authoring_documents_victory_points_and_draw() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "authoring.md").read_text(encoding="utf-8")
    assert "more_than_opponent" in text and "level: draw" in text


def test_placeholder_notes_do_not_claim_a_transcription(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent / "templates" / "partials"
    for name in ("scenario_body.html.j2", "roster_body.html.j2"):
        assert "lost in transcription" not in (root / name).read_text(encoding="utf-8")


def test_getting_started_is_first_in_the_site_and_internals_left_the_army_guide() -> None:
    from builder.docsite import guide_pages, guide_title

    root = Path(__file__).resolve().parent.parent / "docs"
    pages = guide_pages(root)
    assert pages[0].stem == "getting-started" and "developer" in [p.stem for p in pages]
    assert guide_title(pages[0]).startswith("Getting started")
    army = (root / "army.md").read_text(encoding="utf-8")
    assert "importtime" not in army and "-X importtime" in (root / "developer.md").read_text(encoding="utf-8")
