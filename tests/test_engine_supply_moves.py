"""The supply phase keeps its movers' move lists from one decision to the next
(builder/systems/heroes/engine/phases/supply.py, state.SupplyMoves): what it lists must
be exactly what a fresh listing gives, in the same order, at every decision.

A clone starts without the kept lists (derived data), so listing on a clone is the
fresh listing to compare with.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rng, Rules

ROOT = Path(__file__).resolve().parents[1]
PACKS = {"core": ROOT / "content" / "core", "fixture": ROOT / "tests" / "fixtures" / "engine" / "pack"}
SCENARIOS = [("core", "family-meeting-1"), ("core", "family-meeting-2"), ("core", "clash"),
             ("fixture", "skirmish"), ("fixture", "lane")]


@lru_cache(maxsize=2)
def _pack(name: str) -> Any:
    return load_pack(PACKS[name])


def _play_checking(pack: str, scenario: str, seed: int) -> tuple[int, int]:
    """Random play to the end, comparing every listing with a clone's; returns (supply
    decisions, those listed from kept move lists)."""
    state = Rules.new_game(_pack(pack), scenario, seed=seed)
    rng = Rng(seed)
    supply = kept = 0
    while state.result is None:
        fresh = state.clone().legal_actions()
        if state.phase == "supply" and not state.pending:
            supply += 1
            kept += state.supply_moves is not None and state.supply_moves.decision == state.decisions
        actions = state.legal_actions()
        assert actions == fresh
        state.apply(rng.choice(actions))
    return supply, kept


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_kept_supply_moves_are_a_fresh_listing(where: tuple[str, str], seed: int) -> None:
    _play_checking(*where, seed)


def test_supply_moves_are_kept_in_family_meeting() -> None:
    """The lists are kept and used in the bundled scenario (else the test above proves nothing)."""
    supply = kept = 0
    for seed in range(3):
        s, k = _play_checking("core", "family-meeting-1", seed)
        supply, kept = supply + s, kept + k
    assert supply and kept > supply // 3


def test_a_clone_starts_without_kept_moves() -> None:
    state = Rules.new_game(_pack("core"), "family-meeting-1", seed=1)
    rng = Rng(1)
    while state.phase != "supply" or state.supply_moves is None:
        actions = state.legal_actions()
        state.apply(rng.choice(actions))
    twin = state.clone()
    assert twin.supply_moves is None and twin.state_hash() == state.state_hash()
