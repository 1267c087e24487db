"""Located diagnostics: the one way every checker in Heroes Builder reports a problem.

A diagnostic names the file, line and column (1-based), a stable code, the rule broken
and a hint that says what to do. Formats follow yamllint's parsable output
(``path:line:col: severity code: message``), plus JSON and GitHub annotations.

Codes are registered once with :func:`define_code` by the module that emits them, so
that ``docs/diagnostics.md`` can be checked against the registry by a test.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Iterable, Mapping, Sequence


class Severity(str, Enum):
    """How bad a diagnostic is: errors make input invalid, warnings do not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Code:
    """A stable diagnostic code and what it means."""

    id: str
    title: str
    rule: str = ""


CODES: dict[str, Code] = {}


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    """"did you mean 'x'?" for the closest id, or '' when nothing is close."""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def define_code(code_id: str, title: str, rule: str = "") -> str:
    """Register a diagnostic code (idempotent) and return its id."""
    existing = CODES.get(code_id)
    if existing is not None and existing.title != title:
        raise ValueError(f"diagnostic code {code_id} defined twice with different titles")
    CODES[code_id] = Code(code_id, title, rule)
    return code_id


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in one file, at one place."""

    code: str
    message: str
    file: str = ""
    line: int = 0
    col: int = 0
    severity: Severity = Severity.ERROR
    hint: str = ""
    rule: str = ""
    related: tuple[str, ...] = field(default_factory=tuple)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def where(self) -> str:
        """``file:line:col`` (or fewer parts when they are unknown)."""
        parts = [self.file or "<input>"]
        if self.line:
            parts.append(str(self.line))
            parts.append(str(self.col or 1))
        return ":".join(parts)

    def format(self) -> str:
        """The yamllint-style line, with the rule and the hint on lines below it."""
        text = f"{self.where()}: {self.severity.value} {self.code}: {self.message}"
        if self.rule:
            text += f"\n    rule: {self.rule}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = self.severity.value
        data["related"] = list(self.related)
        return data


def sort_key(d: Diagnostic) -> tuple[str, int, int, str]:
    return (d.file, d.line, d.col, d.code)


def format_text(diagnostics: Iterable[Diagnostic]) -> str:
    return "\n".join(d.format() for d in sorted(diagnostics, key=sort_key))


def format_json(diagnostics: Iterable[Diagnostic], **extra: object) -> str:
    diags = sorted(diagnostics, key=sort_key)
    payload = {
        **extra,
        "errors": sum(d.is_error for d in diags),
        "warnings": sum(d.severity is Severity.WARNING for d in diags),
        "diagnostics": [d.to_dict() for d in diags],
    }
    return json.dumps(payload, indent=2, sort_keys=False, ensure_ascii=False)


def format_github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands, so problems show on the pull request's diff."""
    level = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
    lines = []
    for d in sorted(diagnostics, key=sort_key):
        message = d.message + (f" Hint: {d.hint}" if d.hint else "")
        message = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        lines.append(
            f"::{level[d.severity]} file={d.file},line={d.line or 1},col={d.col or 1},"
            f"title={d.code}::{message}"
        )
    return "\n".join(lines)


FORMATS = {"text": format_text, "json": format_json, "github": format_github}


class DiagnosticTally:
    """What every validation report offers over its ``diagnostics`` list, whatever the game
    system: the errors and the warnings among them."""

    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]

    @property
    def ok(self) -> bool:
        """Valid: no error (a system may ask more, such as a pack that loaded)."""
        return not self.errors

    def summary(self) -> Mapping[str, object]:
        """The system's facts about the pack that ``--format json`` carries beside the problems."""
        return {}

    def printed(self, fmt: str, *, quiet: bool, where: str, about: Sequence[str] = ()) -> str:
        """What ``heroes validate`` prints, the same for every system: in JSON the problems
        and :meth:`summary`; otherwise the problems in ``fmt``, then for a text report not
        ``quiet`` the system's lines ``about`` the pack and the verdict on ``where``."""
        if fmt == "json":
            return format_json(self.diagnostics, summary=self.summary())
        parts = [FORMATS[fmt](self.diagnostics)] if self.diagnostics else []
        if fmt == "text" and not quiet:
            verdict = "valid" if self.ok else f"invalid: {len(self.errors)} error(s)"
            parts += [*about, f"{where}: {verdict}, {len(self.warnings)} warning(s)"]
        return "\n".join(parts)
