"""The state hash covers the whole state (issue 35): two games that differ only in a
deep part (the ninth card of a deck, a face-down token, a field of one unit or side)
hash differently, and a clone hashes as its original, before and after the same
decisions (hypothesis)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules, apply, legal_actions
from builder.systems.heroes.engine.state import BLUFF, SIDE_FIELDS, UNIT_FIELDS

ROOT = Path(__file__).resolve().parents[1]
CORE = load_pack(ROOT / "content" / "core")


def _game(seed: int = 1, decisions: int = 0) -> Any:
    state = Rules.new_game(CORE, "clash", seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.result is not None:
            break
        apply(state, rng.choice(legal_actions(state)))
    return state


def test_the_ninth_card_of_a_deck_is_hashed() -> None:
    a = _game()
    b = a.clone()
    deck = b.sides[1].deck
    k = next(i for i in range(9, len(deck)) if deck[i] != deck[8])
    deck[8], deck[k] = deck[k], deck[8]
    assert a.sides[1].deck[:8] == b.sides[1].deck[:8] and len(a.sides[1].deck) == len(b.sides[1].deck)
    assert a.state_hash() != b.state_hash()
    c = a.clone()
    c.sides[0].deck[-1], c.sides[0].deck[-2] = c.sides[0].deck[-2], c.sides[0].deck[-1]
    if c.sides[0].deck[-1] != a.sides[0].deck[-1]:
        assert a.state_hash() != c.state_hash()


def test_a_face_down_token_is_hashed() -> None:
    a = _game()
    unit = next(u for u in a.units if u.side == a.to_act)
    b = a.clone()
    b.units[unit.id].order = BLUFF
    c = a.clone()
    c.units[unit.id].order = 1
    assert len({a.state_hash(), b.state_hash(), c.state_hash()}) == 3


@pytest.mark.parametrize("name", [f.name for f in UNIT_FIELDS if f.key is not None and f.name not in ("id", "side")])
def test_every_field_of_a_unit_is_hashed(name: str) -> None:
    a = _game(decisions=40)
    b = a.clone()
    unit = b.units[-1]  # the last unit: deep in the canonical form
    value = getattr(unit, name)
    setattr(unit, name, (not value) if isinstance(value, bool) else value + 7)
    assert a.state_hash() != b.state_hash(), name


@pytest.mark.parametrize("name", [f.name for f in SIDE_FIELDS if f.key is not None and f.name != "rule_fields"])
def test_every_field_of_a_side_is_hashed(name: str) -> None:
    a = _game(decisions=40)
    b = a.clone()
    side = b.sides[1]
    value = getattr(side, name)
    if isinstance(value, bool):
        setattr(side, name, not value)
    elif isinstance(value, int):
        setattr(side, name, value + 3)
    elif isinstance(value, list):
        value.append(value[0] if value else 1)
    elif name == "equipment":
        value[(0, "ammo")] = value.get((0, "ammo"), 0) + 1
    else:
        assert name == "losses", f"a new dict field of a side: say here how to change it ({name})"
        value["infantry"] = value.get("infantry", 0) + 1
    assert a.state_hash() != b.state_hash(), name


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), decisions=st.integers(0, 120), after=st.integers(1, 6))
def test_a_clone_hashes_as_its_original(seed: int, decisions: int, after: int) -> None:
    """Clone and hash agree: a clone hashes as its original, and stays equal to it after the
    same decisions (the dice are part of the state)."""
    a = _game(seed, decisions)
    b = a.clone()
    assert a.state_hash() == b.state_hash() and a.canonical() == b.canonical()
    rng = random.Random(seed)
    for _ in range(after):
        if a.result is not None:
            break
        action = rng.choice(legal_actions(a))
        apply(a, action)
        apply(b, action)
        assert a.state_hash() == b.state_hash()
