"""Army lists and their legality (000 core rules, Army Creation).

The library behind ``heroes army``::

    from builder.systems.heroes.army import check_file, suggest_army
    report = check_file(Path("my.yaml"), pack)      # report.ok, report.diagnostics, report.summary
    army = suggest_army(pack, "de", 300, seed=4)    # a legal ArmyList

Sub-modules: :mod:`.model` (the file), :mod:`.loading` (read and locate),
:mod:`.roster` (ids resolved against a pack), :mod:`.totals` (points and tokens),
:mod:`.legality` (one module per rules section), :mod:`.summary`, :mod:`.options`
(what fits a slot), :mod:`.suggest` (seeded search), :mod:`.edit` (round-trip edits),
:mod:`.writer` (commented YAML).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.systems.heroes.army.check import ArmyReport, check_army, check_file, check_text
    from builder.systems.heroes.army.model import ArmyList
    from builder.systems.heroes.army.suggest import suggest as suggest_army
    from builder.systems.heroes.army.summary import army_units, summarize

_EXPORTS = {
    "ArmyList": "builder.systems.heroes.army.model", "ArmyReport": "builder.systems.heroes.army.check", "check_army": "builder.systems.heroes.army.check",
    "check_file": "builder.systems.heroes.army.check", "check_text": "builder.systems.heroes.army.check", "suggest_army": "builder.systems.heroes.army.suggest",
    "summarize": "builder.systems.heroes.army.summary", "army_units": "builder.systems.heroes.army.summary",
}

__all__ = ["ArmyList", "ArmyReport", "army_units", "check_army", "check_file", "check_text", "suggest_army",
           "summarize"]


def __getattr__(name: str) -> Any:
    """Import on first use, so ``import builder.systems.heroes.army`` stays cheap."""
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), "suggest" if name == "suggest_army" else name)
    raise AttributeError(name)
