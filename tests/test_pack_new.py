"""`heroes pack new ID` writes a pack that validates and names its schemas."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.content.paths import SCHEMA_DIR
from builder.systems.heroes.validation import validate_pack


def test_the_scaffold_validates_and_its_modeline_resolves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEROES_SCHEMA_STORE", str(tmp_path / "no-store"))
    folder = tmp_path / "packs" / "rangers"
    assert run_app(app, ["pack", "new", "rangers", "--name", "Rangers", "--out", str(folder)]) == 0
    report = validate_pack(folder)
    assert report.ok and not report.warnings
    modeline = (folder / "pack.yaml").read_text(encoding="utf-8").splitlines()[0]
    schema = modeline.split("$schema=", 1)[1]
    assert (folder / schema).resolve() == (SCHEMA_DIR / "pack.schema.json").resolve()
    readme = (folder / "README.md").read_text(encoding="utf-8")
    unit_schema = readme.split("`units/`: `# yaml-language-server: $schema=", 1)[1].split("`", 1)[0]
    assert (folder / "units" / unit_schema).resolve() == (SCHEMA_DIR / "units.schema.json").resolve()


def test_bad_ids_and_existing_folders_are_usage_errors(tmp_path: Path) -> None:
    assert run_app(app, ["pack", "new", "Bad_Id", "--out", str(tmp_path / "x")]) == 2
    assert run_app(app, ["pack", "new", "ok", "--out", str(tmp_path)]) == 2


def test_files_outside_the_checkout_name_the_installed_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "store"
    monkeypatch.setenv("HEROES_SCHEMA_STORE", str(store))
    army = tmp_path / "lists" / "a.yaml"
    army.parent.mkdir()
    assert run_app(app, ["army", "new", "--faction", "us", "--points", "100", "-o", str(army)]) == 0
    assert f"$schema={SCHEMA_DIR / 'army.schema.json'}" in army.read_text(encoding="utf-8")
    assert run_app(app, ["schema", "install"]) == 0
    assert (store / "army.schema.json").read_bytes() == (SCHEMA_DIR / "army.schema.json").read_bytes()
    army.unlink()
    assert run_app(app, ["army", "new", "--faction", "us", "--points", "100", "-o", str(army)]) == 0
    assert f"$schema={store / 'army.schema.json'}" in army.read_text(encoding="utf-8")
    assert run_app(app, ["pack", "new", "p", "--out", str(tmp_path / "p")]) == 0
    assert f"$schema={store / 'pack.schema.json'}" in (tmp_path / "p" / "pack.yaml").read_text(encoding="utf-8")
