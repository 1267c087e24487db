"""The army on the web builder's bench: its YAML text, an undo history, and the
checker's view of it (000 core rules, Army Creation).

The bench never decides a rule. Every change is an edit of the list's text through
:func:`builder.systems.heroes.army.edit.edit_text` (ruamel round-trip: comments, key order and any key
the author wrote, such as ``pack:``, stay as they were), and every verdict comes from
:func:`builder.systems.heroes.army.check.check_army` and :func:`builder.systems.heroes.army.options.slot_options`,
so the page and ``heroes army check`` cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.systems.heroes.army.check import check_army
from builder.systems.heroes.army.edit import edit_text
from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.loading import ArmyFile, parse_army
from builder.systems.heroes.army.model import ArmyList, HeroEntry
from builder.systems.heroes.army.options import SlotReport, slot_options
from builder.systems.heroes.army.roster import Roster
from builder.systems.heroes.army.summary import Summary
from builder.systems.heroes.army.writer import army_yaml, skeleton
from builder.systems.heroes.content.pack import Pack
from builder.diagnostics import Diagnostic
from builder.errors import UsageError
from builder.web.undo import UndoableText



@dataclass
class Checked:
    """One check of the bench's text: the file, and (when it parsed) roster, summary and
    the findings paired with their located diagnostics."""

    file: ArmyFile
    roster: Roster | None = None
    summary: Summary | None = None
    findings: list[tuple[Finding, Diagnostic]] = field(default_factory=list)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for _, d in self.findings] if self.roster is not None else self.file.diagnostics

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def check_bench_text(text: str, pack: Pack, display: str, *, locate: bool = True) -> Checked:
    """The checker's verdict on ``text``, keeping each finding's place in the list.

    The page shows a finding beside the tile, slot, hero or deck it is about and, as
    ``heroes army check`` does, with its ``file:line:col`` in the list as written (the
    CLI's located path, :meth:`builder.systems.heroes.army.loading.ArmyFile.locate`), so a player who
    saves the list finds the same place in the file. That costs a round-trip parse of
    the text, made only when there are findings; ``locate=False`` skips it."""
    file = parse_army(text, display)
    if file.army is None:
        return Checked(file)
    roster, summary, findings = check_army(file.army, pack)
    located = file.locate(findings) if locate else [f.diagnostic(display) for f in findings]
    return Checked(file, roster, summary, list(zip(findings, located)))


@dataclass
class Bench(UndoableText):
    """One army being built: its text, the pack it is checked against, the undo history."""

    pack: Pack
    text: str
    filename: str = "army.yaml"
    history: list[str] = field(default_factory=list)
    seed: int = 0
    _checked: Checked | None = None

    @classmethod
    def new(cls, pack: Pack, *, faction: str | None = None, points: int | None = None,
            scenario: str | None = None, side: str | None = None, name: str | None = None) -> "Bench":
        """An empty list for a faction and budget, or for a scenario side (the side gives
        the faction; the scenario the budget)."""
        if scenario:
            found = pack.get("scenarios", scenario)
            if found is None:
                raise UsageError(f"unknown scenario '{scenario}' in pack '{pack.manifest.id}'")
            sides = [s for s in found.sides if side is None or s.id == side]
            if len(sides) != 1:
                raise UsageError(f"choose one side of '{scenario}': {', '.join(s.id for s in found.sides)}")
            faction = sides[0].faction
            text = skeleton(name or f"{found.name}: {sides[0].name or sides[0].id}", faction, points, scenario,
                            pack=pack.manifest.id, side=sides[0].id)
        else:
            if not faction or faction not in pack.factions:
                raise UsageError(f"choose a faction of the pack: {', '.join(sorted(pack.factions))}")
            if points is None:
                raise UsageError("give a points budget (or choose a scenario and side)")
            text = skeleton(name or f"My {pack.factions[faction].name}", faction, points, pack=pack.manifest.id)
        return cls(pack, text)

    # -- the checker's view ------------------------------------------------------------

    def check(self) -> Checked:
        """The checker's verdict on the list as it would be saved, located: every
        diagnostic names ``file:line:col`` as ``heroes army check`` reports it (a legal
        list has nothing to locate, so the position parse costs only while errors show)."""
        if self._checked is None:
            self._checked = check_bench_text(self.text, self.pack, self.filename, locate=True)
        return self._checked

    @property
    def army(self) -> ArmyList | None:
        return self.check().file.army

    def pack_note(self) -> str:
        """What the page says when the list names another pack than the one it is
        checked against (a list opened on the wrong pack), else nothing."""
        army, served = self.army, self.pack.manifest.id
        if army is None or army.pack == served or (army.pack is None and served == "core"):
            return ""
        named = army.pack or "core (no pack: line)"
        return (f"This list names pack '{named}' but is checked against pack '{served}': ids of the other pack "
                f"are unknown here. Open it on pack '{army.pack or 'core'}', or change its 'pack:' line.")

    def slot(self, tile: int, slot: int) -> SlotReport:
        """What fits slot ``slot`` of the list's tile ``tile`` (1-based), and why each
        other option does not (builder.systems.heroes.army.options)."""
        roster = self.check().roster
        if roster is None:
            raise UsageError("the list cannot be read; fix its errors first")
        return slot_options(roster, str(tile), slot)

    def hero_choices(self) -> list[dict[str, Any]]:
        """Every hero of the army's faction, with the errors the checker raises when it
        joins the list (the insignia rule, hero limits, the budget)."""
        checked, army = self.check(), self.army
        if army is None or checked.roster is None or not army.faction:
            return []
        before = {(f.code, f.message) for f, _ in checked.findings}
        out = []
        for hero in sorted(self.pack.by_faction("heroes", army.faction), key=lambda h: (h.cost, h.id)):
            trial = army.model_copy(update={"heroes": [*army.heroes, HeroEntry(hero=hero.id)]})
            _, _, findings = check_army(trial, self.pack)
            reasons = [f.message for f in findings if f.is_error and (f.code, f.message) not in before]
            out.append({"id": hero.id, "name": hero.name, "cost": hero.cost,
                        "insignia": getattr(hero, "insignia", None) or "", "reasons": reasons})
        return out

    # -- changes ---------------------------------------------------------------------

    def edit(self, **change: Any) -> None:
        """One edit of the list (:func:`builder.systems.heroes.army.edit.edit_text` arguments)."""
        self._replace(edit_text(self.text, display=self.filename, **change))

    def fill_to_budget(self) -> None:
        """Complete the list to its budget or scenario side with the suggester
        (builder.systems.heroes.army.suggest, given the list as its start): the user's tiles, options,
        heroes and deck stay, and only the suggester's additions are edited into the text,
        so comments and keys survive. A side with a fixed composition is replaced by it.
        Each press tries the next seed; undo brings the previous list back."""
        from builder.systems.heroes.army.suggest import suggest_for

        army = self.army
        if army is None:
            raise UsageError("the list cannot be read; fix its errors first")
        summary = self.check().summary
        budget = summary.totals.budget if summary is not None else army.points
        suggested = suggest_for(self.pack, faction=army.faction, points=army.points if army.scenario else budget,
                                seed=self.seed, name=army.name, scenario=army.scenario, side=army.side,
                                start=army)
        self.seed += 1
        if self._completes(army, suggested):
            self._replace(self._additions(army, suggested))
        else:
            suggested.pack = army.pack or self.pack.manifest.id
            self._replace(army_yaml(suggested, self.pack,
                                    header=[f"Filled to budget by heroes serve (seed {self.seed - 1})"]))

    @staticmethod
    def _completes(army: ArmyList, suggested: ArmyList) -> bool:
        """Whether ``suggested`` keeps every entry of ``army`` (a completion, not a replacement)."""
        kept = {t.tile: {(c.slot, c.option) for c in t.options} for t in suggested.tiles}
        return (all(t.tile in kept and {(c.slot, c.option) for c in t.options} <= kept[t.tile] for t in army.tiles)
                and {h.hero for h in army.heroes} <= {h.hero for h in suggested.heroes})

    def _additions(self, army: ArmyList, suggested: ArmyList) -> str:
        """The bench's text with the entries ``suggested`` adds to ``army`` edited in."""
        text = self.text
        had = {t.tile: {c.slot for c in t.options} for t in army.tiles}
        for entry in suggested.tiles:
            if entry.tile not in had:
                text = edit_text(text, tile=entry.tile, display=self.filename)
            for choice in entry.options:
                if choice.slot not in had.get(entry.tile, set()):
                    text = edit_text(text, tile=entry.tile, slot=choice.slot, option=choice.option,
                                     display=self.filename)
        heroes = {h.hero for h in army.heroes}
        for hero in suggested.heroes:
            if hero.hero not in heroes:
                text = edit_text(text, hero=hero.hero, display=self.filename)
        if not army.deck:
            for card in suggested.deck or []:
                text = edit_text(text, card=card.card, copies=card.copies, display=self.filename)
        return text

    def fill_deck(self) -> None:
        """Complete the deck to the rules' minimum with the suggester's deck builder
        (:func:`builder.systems.heroes.army.edit.fill_deck_text`, as ``heroes army edit --fill-deck``)."""
        from builder.systems.heroes.army.edit import fill_deck_text

        if self.army is None or self.check().roster is None:
            raise UsageError("the list cannot be read; fix its errors first")
        self._replace(fill_deck_text(self.text, self.pack, self.filename))

    # -- outputs -----------------------------------------------------------------------

    def plain_text(self) -> str:
        """The list for a forum post (:func:`builder.systems.heroes.army.forum.forum_text`), which
        ``heroes army import`` and the builder's paste box read back."""
        from builder.systems.heroes.army.forum import forum_text

        checked = self.check()
        if checked.roster is None or checked.summary is None:
            return "\n".join(d.format() for d in checked.diagnostics) + "\n"
        return forum_text(checked.roster, checked.summary, checked.diagnostics)

    def share_token(self) -> str | None:
        """The list as a share-link token (:mod:`builder.systems.heroes.army.share`), when it reads."""
        from builder.systems.heroes.army.share import encode

        army = self.army
        return encode(army) if army is not None else None
