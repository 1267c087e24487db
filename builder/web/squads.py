"""The squad list on the web builder's bench for a game system other than Heroes (Tide
of Iron: 004 Tide of Iron, Setup), reached only through the game-system seam.

Like :class:`builder.web.workbench.Bench`, the bench holds the list's YAML text with an
undo history, and never decides a rule: edits are the system's round-trip
``edit_army``, verdicts its ``check_army_text`` on the text as it would be saved, so
the page and ``heroes army check`` read the same file and report the same
``file:line:col``. The pool table only counts what the list uses of what the side has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.content.schema_store import schema_for
from builder.diagnostics import Diagnostic
from builder.errors import UsageError
from builder.systems.seam import GameSystem
from builder.web.undo import UndoableText

SCHEMA = schema_for("toi-army", None)  # the shipped or installed copy: resolvable offline


def _hook(system: GameSystem, name: str) -> Any:
    hook = getattr(system, name)
    if hook is None:
        raise UsageError(f"the web builder cannot build {system.title} lists yet (its system has no '{name}')")
    return hook


@dataclass
class SquadBench(UndoableText):
    """One squad list being built: its system, loaded pack, text and undo history."""

    system: GameSystem
    pack: Any
    pack_id: str
    text: str
    filename: str = "squads.yaml"
    history: list[str] = field(default_factory=list)
    _checked: tuple[Any, list[Diagnostic]] | None = None

    @classmethod
    def new(cls, system: GameSystem, pack: Any, pack_id: str, scenario: str, side: str | None,
            name: str | None = None, suggest: bool = False) -> "SquadBench":
        """A list for a scenario side: its own starting squads, or (``suggest``) squads
        filled from its pool, as ``heroes army new``/``army suggest`` write them."""
        text = _hook(system, "army_text")(pack, scenario, side, SCHEMA, suggest=suggest, name=name)
        return cls(system, pack, pack_id, text, f"{scenario}-{side or 'squads'}.yaml")

    def check(self) -> tuple[Any, list[Diagnostic]]:
        if self._checked is None:
            self._checked = _hook(self.system, "check_army_text")(self.pack, self.text, self.filename)
        return self._checked

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.check()[1]

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)

    def side(self) -> Any | None:
        """The scenario side the list is for (None while the list cannot be read)."""
        army = self.check()[0]
        if army is None:
            return None
        scenario = self.pack.items["scenarios"].get(army.scenario)
        return next((s for s in scenario.sides if s.id == army.side), None) if scenario else None

    def pool(self) -> list[dict[str, Any]]:
        """Each figure and base of the side's pool: how many the list uses of how many there are."""
        army, side = self.check()[0], self.side()
        if army is None or side is None:
            return []
        used_figures: dict[str, int] = {}
        used_bases: dict[str, int] = {}
        for squad in army.squads:
            used_bases[squad.base] = used_bases.get(squad.base, 0) + 1
            for figure, count in squad.figures.items():
                used_figures[figure] = used_figures.get(figure, 0) + count
        rows = []
        for kind, have, used in (("figures", side.pool.figures, used_figures), ("bases", side.pool.bases, used_bases)):
            for item_id in sorted(set(have) | set(used)):
                item = self.pack.items[kind].get(item_id)
                rows.append({"kind": kind[:-1], "id": item_id, "name": getattr(item, "name", item_id),
                             "used": used.get(item_id, 0), "have": have.get(item_id, 0)})
        return rows

    def free_hex(self) -> str:
        """The first hex of the side's deployment zone no squad or vehicle of the list holds."""
        army, side = self.check()[0], self.side()
        if army is None or side is None:
            return ""
        taken = {q.hex for q in army.squads} | {v.hex for v in army.vehicles}
        return next((h for h in side.deployment if h not in taken), side.deployment[0] if side.deployment else "")

    def view(self) -> dict[str, Any]:
        """Everything the squad page shows: the list, the pool counts, each diagnostic
        beside its squad (by the squad's index in its ``file:line:col`` location's loc)."""
        army, diags = self.check()
        rows = [{"severity": d.severity.value, "code": d.code, "where": d.where(), "message": d.message,
                 "rule": d.rule, "hint": d.hint} for d in diags]
        side = self.side()
        return {"army": army, "diagnostics": rows, "errors": sum(d.is_error for d in diags),
                "warnings": sum(not d.is_error for d in diags), "pool": self.pool(), "can_undo": bool(self.history),
                "figures": sorted(side.pool.figures) if side is not None else [],
                "bases": sorted(side.pool.bases) if side is not None else [], "filename": self.filename,
                "system": self.system.title, "pack_id": self.pack_id}

    # -- changes ---------------------------------------------------------------------

    def edit(self, **change: Any) -> None:
        """One edit through the system's ``edit_army`` (undoable)."""
        self._replace(_hook(self.system, "edit_army")(self.text, self.filename, **change))

    def add_squad(self, base: str) -> None:
        """A new squad on ``base`` in the first free deployment hex, holding one figure
        the pool still has (a squad holds at least one: 004 Tide of Iron, Setup)."""
        army = self.check()[0]
        taken = {q.id for q in army.squads} if army is not None else set()
        number = next(n for n in range(1, len(taken) + 2) if f"squad-{n}" not in taken)
        figures = [r for r in self.pool() if r["kind"] == "figure"]
        spare = next((r["id"] for r in figures if r["used"] < r["have"]), figures[0]["id"] if figures else None)
        self.edit(squad=f"squad-{number}", base=base, figure=spare, hex_label=self.free_hex())

    def suggest(self) -> None:
        """Replace the squads with the system's suggestion from the pool (undoable)."""
        army = self.check()[0]
        if army is None:
            raise UsageError("the list cannot be read; fix its errors first")
        self._replace(_hook(self.system, "army_text")(self.pack, army.scenario, army.side, SCHEMA,
                                                      suggest=True, name=army.name))

    def plain_text(self) -> str:
        army, diags = self.check()
        if army is None:
            return "\n".join(d.format() for d in diags) + "\n"
        lines = [f"{army.name or army.side} ({army.scenario}, side {army.side})"]
        for q in army.squads:
            figures = ", ".join(f"{n} {f}" for f, n in q.figures.items())
            lines.append(f"* {q.id} [{q.hex or 'in ' + str(q.in_vehicle)}]: {figures}")
        errors = sum(d.is_error for d in diags)
        lines.append("Legal" if not errors else f"Not legal yet: {errors} error(s)")
        return "\n".join(lines) + "\n"
