"""Seeded Tide of Iron games keep their outcome: a change of the engine or the bundled
content that changes a game shows here (HEROES_UPDATE_GOLDEN=1 records the new ones,
to be reviewed in the diff)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from builder.systems.tide_of_iron.pack import load
from builder.systems.tide_of_iron.players import play_game

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "fixtures" / "toi" / "golden-games.json"
GAMES = [(scenario, seed, players) for scenario in ("crossroads-farm", "bridge-at-dawn")
         for seed in (1, 2, 3) for players in (("random", "random"), ("greedy", "random"), ("greedy", "greedy"))]


def _record() -> dict[str, dict[str, object]]:
    pack = load(ROOT / "content" / "toi")
    out = {}
    for scenario, seed, players in GAMES:
        state, actions = play_game(pack, scenario, seed, list(players))
        out[f"{scenario} {seed} {','.join(players)}"] = {
            "decisions": len(actions), "winner": (state.result or {}).get("winner"),
            "state_hash": state.state_hash()}
    return out


def test_golden_games() -> None:
    got = _record()
    if os.environ.get("HEROES_UPDATE_GOLDEN") == "1" or not GOLDEN.exists():
        GOLDEN.write_text(json.dumps(got, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = [k for k in expected if expected[k] != got.get(k)]
    if changed:
        pytest.fail(f"{len(changed)} seeded game(s) changed, first: {changed[0]}; "
                    "HEROES_UPDATE_GOLDEN=1 records them after review")
