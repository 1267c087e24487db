"""The Solo game mode's rules are the engine's and ask the AI's tables through a seam
(issue 19, item 1; builder/systems/heroes/engine/solo_mode/brains.py): importing them loads no
AI module, and a Solo game set up from them gets the brain builder.systems.heroes.ai registers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_solo_rules_import_no_ai_module() -> None:
    out = _run("import sys, builder.systems.heroes.engine.solo_mode.rules, builder.systems.heroes.engine.solo_mode.coverage\n"
               "print(sorted(m for m in sys.modules if m.startswith('builder.systems.heroes.ai')))")
    assert out == "[]"


def test_a_solo_game_gets_the_registered_brain_loaded_on_demand() -> None:
    out = _run("import sys\n"
               "from builder.systems.heroes.content.loader import load_pack\n"
               "from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules\n"
               "state = SoloModeRules.new_game(load_pack(), 'family-meeting-1', seed=1, options={'ai_side': 1})\n"
               "print(type(state.variant.brain).__module__, 'builder.systems.heroes.ai' in sys.modules)")
    assert out == "builder.systems.heroes.ai.solo_mode.brain True"
