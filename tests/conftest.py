"""Shared fixtures: the bundled pack, a writable copy of it, a CLI runner and a browser."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from builder.cli import app
from builder.cli.common import run_app

# No test may depend on timing (speed is measured by `make bench`): Hypothesis's
# per-example deadline and its too-slow health check fail on a loaded CI machine.
settings.register_profile("heroes", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("heroes")

# An exception inside a game fails the test (builder.systems.heroes.playtests.game.play_game_safely
# raises engine bugs instead of turning them into error rows); set before any worker
# process of a parallel playtest starts, so the workers inherit it.
os.environ["HEROES_STRICT_ENGINE"] = "1"

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "content" / "core"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """A headless Chromium driven by Selenium (the browser tests); skipped where
    scripts/system-deps.sh test has not installed it."""
    from builder.web.live import chromium, have_chromium

    if not have_chromium():
        pytest.skip("chromium and chromium-driver are not installed (scripts/system-deps.sh test)")
    with chromium(tmp_path / "chrome-profile") as driver:
        driver.implicitly_wait(0)
        yield driver


@pytest.fixture
def core_copy(tmp_path: Path) -> Path:
    """A writable copy of the bundled pack, to break on purpose."""
    target = tmp_path / "core"
    shutil.copytree(CORE, target)
    return target


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.exit_code, self.stdout, self.stderr = code, out, err


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]):
    """Run ``heroes ARGS`` in-process; returns exit code, stdout and stderr."""

    def invoke(*args: str) -> Result:
        code = run_app(app, list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke
