"""The pack cache behind the army commands never serves a stale pack."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.systems.heroes.content.pack_cache import load_pack_cached
from tests.conftest import FIXTURES


@pytest.fixture
def pack_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("HEROES_NO_CACHE", raising=False)
    target = tmp_path / "pack"
    shutil.copytree(FIXTURES / "army" / "pack", target)
    return target


def test_second_load_comes_from_the_cache(pack_copy: Path, tmp_path: Path) -> None:
    first = load_pack_cached(pack_copy)
    assert list((tmp_path / "cache").glob("*.pickle"))
    second = load_pack_cached(pack_copy)
    assert second.tiles.keys() == first.tiles.keys()
    assert second.tiles["us-8th-infantry-regiment"].cost == 40


def test_an_edited_file_is_reloaded(pack_copy: Path) -> None:
    load_pack_cached(pack_copy)
    path = pack_copy / "recruitment" / "us.yaml"
    path.write_text(path.read_text().replace("    cost: 40\n", "    cost: 41\n", 1))
    assert load_pack_cached(pack_copy).tiles["us-8th-infantry-regiment"].cost == 41


def test_an_added_file_is_seen(pack_copy: Path) -> None:
    load_pack_cached(pack_copy)
    (pack_copy / "cards" / "more.yaml").write_text(
        "cards:\n  - {id: us-extra, name: Extra, faction: us, phases: [supply], copies: 1, effect: x, placeholder: true}\n")
    assert "us-extra" in load_pack_cached(pack_copy).cards


def test_a_corrupt_cache_file_is_ignored(pack_copy: Path, tmp_path: Path) -> None:
    load_pack_cached(pack_copy)
    for file in (tmp_path / "cache").glob("*.pickle"):
        file.write_bytes(b"not a pickle")
    assert "us-sarge" in load_pack_cached(pack_copy).heroes
