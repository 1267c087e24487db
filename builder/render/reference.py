"""The quick-reference card: phases, shot resolution order, move sequence and
suppression, generated from the rules engine's own constants so the card cannot say
something the engine does not do (000 core rules, Action!; Firing > Shot Resolution;
Movement; Supply Phase).

The engine (``builder.engine``) owns the sequences; this module only reads them. When
the engine does not export a sequence, the card says so rather than printing rules
the engine does not follow.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Sections of the card and the engine constant each one is read from.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("Round", "PHASES"),
    ("Shot resolution", "SHOT_RESOLUTION"),
    ("Move sequence", "MOVE_SEQUENCE"),
    ("Suppression", "SUPPRESSION"),
)
ENGINE_MODULES = ("builder.engine.reference", "builder.engine.constants", "builder.engine")


def _engine_constants() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in ENGINE_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        for _, constant in SECTIONS:
            if constant not in found and hasattr(module, constant):
                found[constant] = getattr(module, constant)
    return found


def _steps(value: Any) -> list[dict[str, Any]]:
    """Engine sequences are tuples of steps; a step is a string, a (title, detail) pair,
    a (title, [sub-steps]) pair, or an object with ``title``/``text``."""
    steps = []
    for item in value:
        if isinstance(item, str):
            steps.append({"title": item, "detail": "", "sub": []})
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            title, detail = item
            if isinstance(detail, (tuple, list)):
                steps.append({"title": str(title), "detail": "", "sub": [str(d) for d in detail]})
            else:
                steps.append({"title": str(title), "detail": str(detail), "sub": []})
        else:
            title = getattr(item, "title", None) or getattr(item, "name", None) or str(item)
            detail = getattr(item, "text", "") or getattr(item, "detail", "")
            sub = [str(s) for s in getattr(item, "steps", ())]
            steps.append({"title": str(title), "detail": str(detail), "sub": sub})
    return steps


def quick_reference() -> dict[str, Any]:
    """The card's sections, each with its steps from the engine (or marked missing)."""
    constants = _engine_constants()
    sections = []
    for title, constant in SECTIONS:
        value = constants.get(constant)
        sections.append({
            "title": title, "constant": constant,
            "steps": _steps(value) if value is not None else [],
            "missing": value is None,
        })
    return {"sections": sections, "complete": all(not s["missing"] for s in sections)}
