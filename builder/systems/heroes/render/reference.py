"""The quick-reference card: the round's phases, shot resolution, the move sequence and
suppression, generated from the rules engine so the card cannot say something the
engine does not do (000 core rules, Action!; Firing > Shot Resolution; Movement;
Special Abilities > Suppressive Fire > Suppressed Marker Penalties).

Each section is read from the engine: a sequence constant when the engine exports one
(``PHASES``, ``SHOT_RESOLUTION``, ``MOVE_SEQUENCE``, ``SUPPRESSION``), else the numbered
steps and summaries the engine's own modules state for what they implement, with the
engine's numeric constants (order limit, long range, damage table). Every section names
the engine module it came from; a section the engine does not cover prints as missing.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from builder.native import module_docstring

#: Sections of the card: title, the sequence constant that would supply it, and the
#: engine modules whose stated behaviour supplies it otherwise.
SECTIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Round", "PHASES", ("builder.systems.heroes.engine.phases.orders", "builder.systems.heroes.engine.phases.activation",
                         "builder.systems.heroes.engine.phases.supply")),
    ("Shot resolution", "SHOT_RESOLUTION", ("builder.systems.heroes.engine.firing",)),
    ("Move sequence", "MOVE_SEQUENCE", ("builder.systems.heroes.engine.movement", "builder.systems.heroes.engine.zoc")),
    ("Suppression", "SUPPRESSION", ()),
)
CONSTANT_MODULES = ("builder.systems.heroes.engine.reference", "builder.systems.heroes.engine")
_NUMBERED = re.compile(r"^\s*(\d+)\.\s+(.*)$")


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _constant(name: str) -> Any:
    for module_name in CONSTANT_MODULES:
        module = _module(module_name)
        if module is not None and hasattr(module, name):
            return getattr(module, name)
    return None


#: Words that mark a sentence about how the engine computes, not about the rules.
IMPLEMENTATION_WORDS = ("breadth-first", "``", "bit per", "cheap check")
_CODE_ASIDE = re.compile(r"\s*\([^()]*``[^()]*\)")


def _for_players(sentence: str) -> str | None:
    """The sentence as players read it: code asides dropped, an implementation tail
    after ':' cut off, a sentence that is only about implementation dropped."""
    sentence = _CODE_ASIDE.sub("", sentence).replace("*", "")
    if not any(w in sentence for w in IMPLEMENTATION_WORDS):
        return sentence
    head = sentence.split(":", 1)[0]
    if head != sentence and not any(w in head for w in IMPLEMENTATION_WORDS):
        return head.rstrip() + "."
    return None


def _sentences(text: str) -> list[str]:
    out = []
    for raw in re.split(r"(?<=\.)\s+(?=[A-Z])", text):
        sentence = _for_players(raw.strip()) if raw.strip() else None
        if sentence:
            out.append(sentence)
    return out


def _paragraphs(module: ModuleType) -> tuple[str, list[str], list[str]]:
    """A module docstring as (title, first summary paragraph's sentences, numbered steps)."""
    doc = module_docstring(module).strip()  # compiled modules keep theirs in the source only
    blocks = [b.strip() for b in doc.split("\n\n") if b.strip()]
    title = " ".join(blocks[0].split()) if blocks else module.__name__
    summary: list[str] = []
    steps: list[str] = []
    for block in blocks[1:]:
        lines = block.splitlines()
        if any(_NUMBERED.match(line) for line in lines):
            current: list[str] = []
            for line in lines:
                match = _NUMBERED.match(line)
                if match:
                    if current:
                        steps.append(_clean(" ".join(current)).rstrip(";."))
                    current = [match.group(2).strip()]
                elif current:
                    current.append(line.strip())
            if current:
                steps.append(_clean(" ".join(current)).rstrip(";."))
        elif not summary:
            summary = _sentences(_clean(block))
    return title, summary, steps


def _short_title(title: str) -> str:
    """'Supply phase, in its printed order ... (000 ...)' -> 'Supply phase'."""
    return re.split(r"[,(:]", title, maxsplit=1)[0].strip().rstrip(".")


def _steps(value: Any) -> list[dict[str, Any]]:
    """A sequence constant: strings, (title, detail) or (title, [sub-steps]) pairs."""
    steps = []
    for item in value:
        if isinstance(item, str):
            steps.append({"title": item, "detail": "", "sub": []})
        elif isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[1], (tuple, list)):
            steps.append({"title": str(item[0]), "detail": "", "sub": [str(s) for s in item[1]]})
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            steps.append({"title": str(item[0]), "detail": str(item[1]), "sub": []})
        else:
            steps.append({"title": str(getattr(item, "title", item)), "detail": str(getattr(item, "text", "")),
                          "sub": [str(s) for s in getattr(item, "steps", ())]})
    return steps


def _from_modules(names: tuple[str, ...]) -> tuple[list[dict[str, Any]], list[str]]:
    steps, sources = [], []
    for name in names:
        module = _module(name)
        if module is None:
            continue
        title, summary, numbered = _paragraphs(module)
        if not summary and not numbered:
            continue
        steps.append({"title": _short_title(title), "detail": "", "sub": summary + numbered})
        sources.append(name)
    return steps, sources


def _numbers() -> list[dict[str, Any]]:
    """Figures the engine plays by, read from its constants."""
    out = []
    rules = _module("builder.systems.heroes.engine.rules")
    if rules is not None and hasattr(rules, "MAX_ORDERS"):
        out.append({"title": "Order tokens", "detail": f"at most {rules.MAX_ORDERS}", "sub": []})
    firing = _module("builder.systems.heroes.engine.firing")
    if firing is not None and hasattr(firing, "LONG_RANGE"):
        out.append({"title": "Long range", "detail": f"beyond {firing.LONG_RANGE} squares", "sub": []})
    damage = _module("builder.systems.heroes.engine.damage")
    if damage is not None and hasattr(damage, "DAMAGE_TABLE"):
        rows = sorted(damage.DAMAGE_TABLE.items())
        last = max(k for k, _ in rows)
        sub = [f"{k}: {v[1]}" for k, v in rows] + [f"{last + 1}+: destroyed"]
        out.append({"title": "Heavy vehicle damage (d6)", "detail": "", "sub": sub})
    return out


def _suppression() -> tuple[list[dict[str, Any]], list[str]]:
    """Every statement the engine's modules make about Suppressed markers."""
    steps: list[dict[str, Any]] = []
    sources: list[str] = []
    for name in ("builder.systems.heroes.engine.firing", "builder.systems.heroes.engine.movement", "builder.systems.heroes.engine.zoc",
                 "builder.systems.heroes.engine.phases.supply"):
        module = _module(name)
        if module is None:
            continue
        _, summary, numbered = _paragraphs(module)
        for sentence in [*summary, *numbered]:
            if "uppress" in sentence and sentence not in [s["title"] for s in steps]:
                steps.append({"title": sentence, "detail": "", "sub": []})
                if name not in sources:
                    sources.append(name)
    return steps, sources


_CODE_REF = r"(?::mod:`[^`]*`|(?:builder/)?[\w/]+/\s?\w+\.py|\w+\.py|builder\.[\w.]+)"
_CODE_ASIDE = re.compile(r"\s*\((?:[^()]*?;\s*)?[^()]*?" + _CODE_REF + r"[^()]*\)")
_CODE_WORD = re.compile(r"\s*" + _CODE_REF)


def for_players(text: str) -> str:
    """``text`` without the engine's source references (asides naming a module or file).

    Why: the steps come from the engine modules' docstrings, which name the code that
    implements them; players at the table need the rule, not where the code lives.
    """
    text = _CODE_ASIDE.sub("", text)
    return _CODE_WORD.sub("", text).strip()


def _clean(step: Any) -> Any:
    """Steps (text, or trees of title/detail/sub) in the players' words (:func:`for_players`).

    One definition: an older ``_clean(text)`` that also dropped rule citations was
    shadowed by this one at import time and never ran."""
    if isinstance(step, str):
        return for_players(step)
    if isinstance(step, dict):
        return {k: _clean(v) if k in ("title", "detail", "sub") else v for k, v in step.items()}
    if isinstance(step, list):
        return [_clean(x) for x in step]
    return step


def quick_reference() -> dict[str, Any]:
    """The card's sections, each with its steps and the engine source it came from
    (the source is data for maintainers; the printed steps carry no code references)."""
    sections = []
    for title, constant, modules in SECTIONS:
        value = _constant(constant)
        if value is not None:
            steps, sources = _steps(value), [constant]
        elif title == "Suppression":
            steps, sources = _suppression()
        else:
            steps, sources = _from_modules(modules)
        sections.append({"title": title, "constant": constant, "steps": _clean(steps),
                         "sources": sources, "missing": not steps})
    numbers = _numbers()
    if numbers:
        sections.append({"title": "Figures", "constant": "", "steps": numbers,
                         "sources": ["engine constants"], "missing": False})
    return {"sections": sections, "complete": all(not s["missing"] for s in sections)}
