"""A cloned game is a copy (issue 19, "the state is whole"): applying actions to a
clone leaves the original's state hash, canonical form and (for the Solo game mode)
its dashboard exactly as they were. Perft, clone-based search and replay hashes
depend on it."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from builder.ai.solo_mode.rules import SoloModeRules
from builder.content.loader import load_pack
from builder.engine import Rules, apply, legal_actions

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def pack() -> Any:
    return load_pack(PACK)


def _dashboard(state: Any) -> Any:
    """The Solo dashboard (deck, reserve, danger gauge...) as plain data, or None."""
    solo = getattr(state.rules, "solo", None)
    if solo is None:
        return None
    return copy.deepcopy({k: getattr(solo, k) for k in ("deck", "discard", "reserve", "available", "extra_orders",
                                                         "combat", "lasting", "bag", "offboard")}
                         | {"gauge": (solo.gauge.position, list(solo.gauge.revealed))})


def _check_clones_are_independent(state: Any, decisions: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.result is not None:
            break
        actions = legal_actions(state)
        before = (state.state_hash(), state.canonical(), _dashboard(state))
        twin = state.clone()
        for _ in range(3):  # a few decisions deep on the clone
            if twin.result is not None:
                break
            apply(twin, rng.choice(legal_actions(twin)))
        assert (state.state_hash(), state.canonical(), _dashboard(state)) == before
        apply(state, rng.choice(actions))


def test_core_rules_clone_is_independent(pack: Any) -> None:
    _check_clones_are_independent(Rules.new_game(pack, "meeting", seed=3), 60, 3)


@pytest.mark.xfail(strict=True, reason="issue 19 item 3: the Solo dashboard lives on the shared rules object "
                                       "(SoloModeRules.solo), so a clone shares it; remove this mark once "
                                       "the dashboard is part of GameState")
def test_solo_game_mode_clone_is_independent(pack: Any) -> None:
    state = SoloModeRules.new_game(pack, "meeting", seed=1,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    _check_clones_are_independent(state, 60, 1)
