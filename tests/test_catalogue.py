"""`heroes list` and `heroes show`: the ids an army list names can be found from the command line."""

from __future__ import annotations

import json

import pytest

from builder.systems.heroes.catalogue import KINDS, list_items, show_item
from builder.cli import app
from builder.cli.common import run_app
from builder.systems.heroes.content.loader import BUNDLED_CONTENT
from builder.systems.heroes.content.pack_cache import load_pack_cached
from builder.errors import UsageError


@pytest.fixture(scope="module")
def core():  # type: ignore[no-untyped-def]
    return load_pack_cached(BUNDLED_CONTENT / "core")


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_lists_the_packs_ids(core, kind: str) -> None:  # type: ignore[no-untyped-def]
    rows = list_items(core, kind)
    assert [r["id"] for r in rows] == sorted(core.items[KINDS[kind]])
    assert all(r["name"] and r["fits"] for r in rows)


def test_faction_filter_and_what_fits(core) -> None:  # type: ignore[no-untyped-def]
    tiles = list_items(core, "tiles", faction="us")
    assert tiles and {r["faction"] for r in tiles} == {"us"}
    eighth = next(r for r in tiles if r["id"] == "us-8th-infantry-regiment")
    assert eighth["cost"] == 90 and eighth["fits"].startswith("platoon; slots 2:grey")
    assert {r["id"] for r in list_items(core, "scenarios", faction="de")} >= {"family-meeting-1"}


def test_show_gives_the_item_whole(core) -> None:  # type: ignore[no-untyped-def]
    item = show_item(core, "us-bazooka-team")
    assert item["collection"] == "options" and item["pack"] == "core" and item["cost"] > 0
    with pytest.raises(UsageError, match="heroes list"):
        show_item(core, "no-such-id")
    with pytest.raises(UsageError, match="choose one of"):
        list_items(core, "tanks")


def test_cli_json_and_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(app, ["list", "options", "--faction", "de", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["faction"] == "de" for r in rows)
    assert run_app(app, ["show", "us-8th-infantry-regiment"]) == 0
    assert "slots:" in capsys.readouterr().out
    assert run_app(app, ["list", "tanks"]) == 2
    assert run_app(app, ["show", "nope"]) == 2
