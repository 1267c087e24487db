"""Speed structures written once (issue 19 item 4): a dataclass whose ``__init__`` is
written by hand (for speed) takes exactly its declared fields, in order, so that
``dataclasses.replace``, ``fields`` and the constructor cannot drift apart."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
from pathlib import Path

import builder.systems.heroes.engine

ROOT = Path(__file__).resolve().parents[1]


def _engine_dataclasses() -> list[type]:
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(builder.systems.heroes.engine.__path__, "builder.systems.heroes.engine."):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and dataclasses.is_dataclass(obj) and obj.__module__ == info.name:
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


def _written_init_params(cls: type) -> list[str] | None:
    """The parameters of the ``__init__`` the class body writes out, read from its source
    file (the compiled copies carry no code objects), or None when dataclass generates it."""
    source = ROOT / (cls.__module__.replace(".", "/") + ".py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    args = item.args
                    return [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]][1:]
    return None


def test_hand_written_inits_take_exactly_the_fields() -> None:
    written = {c: _written_init_params(c) for c in _engine_dataclasses()}
    classes = {c: params for c, params in written.items() if params is not None}
    assert classes, "no hand-written __init__ found: the test would be vacuous"
    drift = {}
    for cls, params in classes.items():
        names = [f.name for f in dataclasses.fields(cls) if f.init]
        if params != names:
            drift[cls.__qualname__] = (params, names)
    assert not drift, f"__init__ parameters differ from the dataclass fields: {drift}"


def test_replace_works_on_a_shot_plan() -> None:
    from builder.systems.heroes.engine.firing import ShotPlan

    plan = ShotPlan(1, 2, 0, "attack", firer_sq=5, target_sq=9, extra=1)
    off = dataclasses.replace(plan, ok=False, reason="no line of sight")
    assert (off.ok, off.reason, off.firer_sq, off.target_sq, off.extra) == (False, "no line of sight", 5, 9, 1)
    assert plan.ok and off.terms is plan.terms


def test_actions_are_never_changed_once_made() -> None:
    """Actions are shared between decisions (builder.systems.heroes.engine.actions.interned): every one
    listed during whole games (core rules and the Solo game mode) keeps its fields."""
    import random
    from pathlib import Path

    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
    from builder.systems.heroes.content.loader import load_pack
    from builder.systems.heroes.engine import Rules, apply, legal_actions

    pack = load_pack(Path(__file__).parent / "fixtures" / "playtest" / "pack")
    games = [Rules.new_game(pack, "meeting", seed=4),
             SoloModeRules.new_game(pack, "meeting", seed=4,
                                    options={"ai_side": 1, "attitude": "balanced", "difficulty": "easy"})]
    seen: dict[int, tuple[object, dict[str, object]]] = {}
    rng = random.Random(4)
    for state in games:
        for _ in range(400):
            if state.result is not None:
                break
            actions = legal_actions(state)
            for a in actions:
                seen.setdefault(id(a), (a, a.to_dict()))
            apply(state, rng.choice(actions))
    assert len(seen) > 100
    changed = [(before, a.to_dict()) for a, before in seen.values() if a.to_dict() != before]  # type: ignore[attr-defined]
    assert not changed, f"actions changed after being listed: {changed[:3]}"
