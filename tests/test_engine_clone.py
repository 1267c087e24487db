"""A cloned game is a copy (issue 19, "the state is whole"): applying actions to a
clone leaves the original's state hash, canonical form and (for the Solo game mode)
its dashboard exactly as they were. Perft, clone-based search and replay hashes
depend on it."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules, apply, legal_actions
from builder.systems.heroes.engine.state import GAME_FIELDS, SIDE_FIELDS, UNIT_FIELDS

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def pack() -> Any:
    return load_pack(PACK)


def _dashboard(state: Any) -> Any:
    """The Solo dashboard (deck, danger gauge...; the reserve is the AI side's hand) as plain data, or None; read
    field by field, not through the hash, so a field the hash missed would still show."""
    solo = state.variant
    if solo is None:
        return None
    return copy.deepcopy({k: getattr(solo, k) for k in ("deck", "discard", "available", "extra_orders",
                                                         "combat", "lasting", "bag", "offboard", "counted",
                                                         "bonuses", "dashboard", "decoys")}
                         | {"gauge": (solo.gauge.position, list(solo.gauge.revealed)), "rng": solo.rng.state})


def _fields(state: Any) -> Any:
    """Every field of the game, its units and its sides, read through the field tables
    (not through the canonical form), as plain data."""
    skip = {"rules", "static", "dice", "units", "sides", "events", "memo", "supply_moves", "variant", "result"}
    return copy.deepcopy(({f.name: getattr(state, f.name) for f in GAME_FIELDS if f.name not in skip},
                          [[getattr(u, f.name) for f in UNIT_FIELDS if f.name != "st"] for u in state.units],
                          [[getattr(s, f.name) for f in SIDE_FIELDS] for s in state.sides],
                          state.dice.state))


def _check_clones_are_independent(state: Any, decisions: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.result is not None:
            break
        actions = legal_actions(state)
        before = (state.state_hash(), state.canonical(), _dashboard(state), _fields(state))
        twin = state.clone()
        for _ in range(3):  # a few decisions deep on the clone
            if twin.result is not None:
                break
            apply(twin, rng.choice(legal_actions(twin)))
        assert (state.state_hash(), state.canonical(), _dashboard(state), _fields(state)) == before
        apply(state, rng.choice(actions))


def test_core_rules_clone_is_independent(pack: Any) -> None:
    _check_clones_are_independent(Rules.new_game(pack, "meeting", seed=3), 60, 3)


def test_solo_game_mode_clone_is_independent(pack: Any) -> None:
    state = SoloModeRules.new_game(pack, "meeting", seed=1,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    assert state.variant is not None, "the Solo dashboard is set up with the game"
    _check_clones_are_independent(state, 60, 1)


def test_solo_dashboard_is_hashed(pack: Any) -> None:
    """A change of the Solo dashboard alone changes the state hash."""
    state = SoloModeRules.new_game(pack, "meeting", seed=1,
                                   options={"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"})
    before = state.state_hash()
    twin = state.clone()
    assert twin.state_hash() == before
    twin.variant.gauge.climb()
    assert twin.state_hash() != before == state.state_hash()


def _init_fields(cls: str) -> list[str]:
    """Attributes the class's ``__init__`` sets, read from the source (the compiled
    copies carry neither code objects nor ``__slots__``)."""
    source = Path(__file__).resolve().parents[1] / "builder" / "systems" / "heroes" / "engine" / "state.py"
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            init = next(i for i in node.body if isinstance(i, ast.FunctionDef) and i.name == "__init__")
            return [t.attr for n in ast.walk(init) if isinstance(n, (ast.Assign, ast.AnnAssign))
                    for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"]
    raise AssertionError(cls)


@pytest.mark.parametrize("cls, table", [("GameState", GAME_FIELDS), ("SideState", SIDE_FIELDS),
                                        ("UnitState", UNIT_FIELDS)])
def test_field_tables_list_every_field(cls: str, table: Any) -> None:
    """What ``__init__`` sets is exactly the table (and so the slots, the clone and the hash)."""
    import builder.systems.heroes.engine.state as state_module

    assert sorted(_init_fields(cls)) == sorted(f.name for f in table)
    slots = getattr(getattr(state_module, cls), "__slots__", None)  # absent when compiled
    assert slots is None or tuple(slots) == tuple(f.name for f in table)
