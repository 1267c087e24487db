"""Rules coverage, generated from the rule-module registry (never typed by hand):
every special ability, recruitment option and order the core rules name, plus the
card effects and scenario-event effects a pack uses, the terrain rules and the scenario
rules (builder/systems/heroes/tools/terrain_coverage.py), with its status."""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.scenario_events import STATUS
from builder.systems.heroes.tools.terrain_coverage import scenario_rows, terrain_rows


def coverage(pack: Any = None) -> list[dict[str, str]]:
    rows = [
        {"kind": m.kind, "id": m.id, "name": m.name, "status": m.status, "missing": m.missing, "rule": m.rule}
        for m in effects.REGISTRY.values()
    ]
    if pack is not None:
        seen = {(r["kind"], r["id"]) for r in rows}

        def not_simulated(kind: str, key: str, name: str, missing: str, rule: str = "") -> None:
            """List a pack effect no rule module claims, once per (kind, id)."""
            if (kind, key) not in seen:
                seen.add((kind, key))
                rows.append({"kind": kind, "id": key, "name": name, "status": "not simulated",
                             "missing": missing, "rule": rule})

        for card in pack.items["cards"].values():
            not_simulated("card", card.effect_key or card.id, card.name,
                          "action cards are drawn but not played", "000 core rules, Action Card")
        for opt in pack.items["options"].values():
            not_simulated("option", opt.effect_key or opt.id, opt.name, "no rule module for this effect key")
        for ab in pack.items["abilities"].values():
            not_simulated("ability", ab.id, ab.name, "no rule module for this ability")
        dos = {e.do for s in pack.items["scenarios"].values() for ev in s.events for e in _effects(ev.effects)}
        for do in sorted(dos):
            status, missing = STATUS.get(do, ("not simulated", "logged as not simulated when it fires"))
            rows.append({"kind": "scenario-effect", "id": do, "name": do, "status": status, "missing": missing,
                         "rule": "builder/systems/heroes/content/models/scenario.py"})
        rows.extend(terrain_rows())
        rows.extend(scenario_rows(pack))
    order = {"ability": 0, "option": 1, "card": 2, "scenario-effect": 3, "terrain": 4, "scenario-rule": 5}
    rows.sort(key=lambda r: (order.get(r["kind"], 9), r["id"]))
    return rows


def _effects(effects: list[Any]) -> list[Any]:
    """Effects and those nested in roll tables' results and outcomes."""
    out = []
    for e in effects:
        out.append(e)
        for nested in (*e.table.values(), *e.outcomes.values()):
            out.extend(_effects(nested))
    return out


def markdown(rows: list[dict[str, str]]) -> str:
    """The rows as a Markdown table (``heroes rules coverage --format markdown``): the
    coverage tables of the docs are this output pasted, and a test compares them, so a
    row is never typed by hand. A row not fully simulated says what is missing or lost."""
    lines = ["| kind | id | rule | status | what is missing or lost |", "| --- | --- | --- | --- | --- |"]
    for r in rows:
        cells = (r["kind"], f"`{r['id']}`", r["rule"], r["status"], r["missing"] or "-")
        lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def summary(rows: list[dict[str, str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        out[r["status"]] = out.get(r["status"], 0) + 1
    return out
