"""The Heroes System's command handlers behind the seam (issue 33): every line of its
command table imports, the command modules that hand over to them reach into no Heroes
internals, and one call serves both systems (Tide of Iron's replay answers the Heroes
options it has no meaning for with a usage error)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.systems.heroes.commands import COMMANDS
from builder.systems.seam import HEROES_SYSTEM, command_for, get_system
from tests.test_system_boundaries import reaches_into

ROOT = Path(__file__).resolve().parents[1]
HANDED_OVER = ("play", "replay", "render roster", "render scenario", "render campaign", "render deck",
               "render cards", "demo", "playtest")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_table_line_names_a_function(command: str) -> None:
    module, _, function = COMMANDS[command].partition(":")
    assert callable(getattr(importlib.import_module(f"builder.systems.heroes.commands.{module}"), function))


@pytest.mark.parametrize("command", HANDED_OVER)
def test_the_heroes_system_answers_with_its_own_handler(command: str) -> None:
    assert command_for(get_system(HEROES_SYSTEM), command) is not None


def test_the_command_modules_reach_into_no_heroes_internals() -> None:
    found = reaches_into("heroes")
    for name in ("play", "render", "demo", "playtest", "campaign"):
        assert found[f"builder/cli/{name}.py"] == 0, name


def test_toi_replay_refuses_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    assert run_app(app, ["play", "bridge-at-dawn", "--pack", str(ROOT / "content" / "toi"), "--players",
                         "random,random", "--log", str(log)]) == 0
    capsys.readouterr()
    assert run_app(app, ["replay", str(log), "--why"]) == 2
    assert "Tide of Iron has no Solo AI tables" in capsys.readouterr().err
    assert run_app(app, ["replay", str(log)]) == 0
