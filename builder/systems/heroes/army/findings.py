"""A problem found in an army list, before it is given a line and column.

Legality works on plain data and knows only *where in the list* a problem sits (a path
such as ``("tiles", 0, "options", 1, "option")``); :mod:`builder.systems.heroes.army.loading` turns
each finding into a located :class:`~builder.diagnostics.Diagnostic` by walking the
round-trip parse of the army file, which is read only when there is something to report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from builder.diagnostics import Diagnostic, Severity, did_you_mean  # noqa: F401  (re-exported)

Loc = tuple[str | int, ...]

CORE = "000 core rules"


@dataclass(frozen=True)
class Finding:
    """One broken rule: a stable code, plain words, the rule's source and a fix."""

    code: str
    message: str
    loc: Loc = ()
    hint: str = ""
    rule: str = ""
    severity: Severity = Severity.ERROR
    at_key: bool = False

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def diagnostic(self, file: str, line: int = 0, col: int = 0) -> Diagnostic:
        return Diagnostic(self.code, self.message, file=file, line=line, col=col,
                          severity=self.severity, hint=self.hint, rule=self.rule)



def one_of(words: Iterable[str], conj: str = "or") -> str:
    """'grey', 'grey or green', 'grey, green or red'."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]
