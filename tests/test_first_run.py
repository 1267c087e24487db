"""The first run is quick: `make demo` does not compile, and `heroes playtest` says once
that the compiled copies would speed up a long playtest."""

from __future__ import annotations

import re

import pytest

from builder import native
from builder.cli import playtest
from tests.conftest import ROOT


def _recipe(target: str) -> str:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(rf"^{target}:[^\n]*\n((?:\t[^\n]*\n)*)", text, re.M)
    assert match, f"the Makefile has no target {target}"
    return match.group(0)


def test_make_demo_installs_the_runtime_only_and_does_not_compile() -> None:
    demo = _recipe("demo")
    assert "build_native" not in demo and ".runtime" not in demo and ".dev" not in demo
    for target in ("test", "bench", "native"):
        assert "build_native.py" in _recipe(target)


def test_the_native_note_is_shown_once(monkeypatch: pytest.MonkeyPatch, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path / "packs"))
    monkeypatch.setattr(native, "status", lambda: native.Status(False, "not built (run `make native`)"))
    playtest._suggest_native()
    first = capsys.readouterr().err
    playtest._suggest_native()
    assert "make native" in first and capsys.readouterr().err == ""


def test_no_note_when_turned_off_or_in_use(monkeypatch: pytest.MonkeyPatch, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HEROES_CACHE_DIR", str(tmp_path / "packs"))
    for state in (native.Status(False, "turned off by HEROES_NATIVE=0"), native.Status(True, "63 modules")):
        monkeypatch.setattr(native, "status", lambda state=state: state)
        playtest._suggest_native()
    assert capsys.readouterr().err == "" and not (tmp_path / "native-hint-shown").exists()
