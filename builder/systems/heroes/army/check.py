"""Check an army list against a pack: the library entry point behind ``heroes army check``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from builder.systems.heroes.army.findings import Finding
from builder.systems.heroes.army.legality import check as legality
from builder.systems.heroes.army.loading import ArmyFile, parse_army, read_army
from builder.systems.heroes.army.roster import PackView, Roster, resolve
from builder.systems.heroes.army.summary import Summary, summarize
from builder.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from builder.systems.heroes.army.model import ArmyList
    from builder.systems.heroes.content.pack import Pack


@dataclass
class ArmyReport:
    """The outcome of checking one army file."""

    file: ArmyFile
    roster: Roster | None
    summary: Summary | None
    diagnostics: list[Diagnostic]

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]


def check_army(army: ArmyList, pack: PackView) -> tuple[Roster, Summary, list[Finding]]:
    """Plain data in, plain data out: the roster, its summary and the findings."""
    roster = resolve(army, pack)
    summary = summarize(roster)
    return roster, summary, legality(roster, summary.totals)


def _report(file: ArmyFile, pack: PackView) -> ArmyReport:
    if file.army is None:
        return ArmyReport(file, None, None, file.diagnostics)
    roster, summary, findings = check_army(file.army, pack)
    return ArmyReport(file, roster, summary, file.locate(findings))


def check_file(path: Path, pack: Pack, display: str | None = None) -> ArmyReport:
    """Read, validate and check an army file."""
    return _report(read_army(path, display), pack)


def check_text(text: str, pack: Pack, display: str = "<army>") -> ArmyReport:
    return _report(parse_army(text, display), pack)
