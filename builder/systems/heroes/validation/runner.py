"""Run loading (schema) and every semantic rule over a pack, in one pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from builder.systems.heroes.content.loader import BUNDLED_CONTENT, display_path, load_pack_with_diagnostics
from builder.systems.heroes.content.pack import Pack
from builder.diagnostics import Diagnostic, DiagnosticTally, define_code
from builder.systems.heroes.validation import rules as _rules  # noqa: F401  (registers the rules)
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import RULES, Rule

C_RULE_FAILED = define_code("C300", "a semantic rule failed (a bug in Heroes Builder, not in the content)")


@dataclass
class ValidationReport(DiagnosticTally):
    """The outcome of validating a pack."""

    path: str
    pack: Pack | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.pack is not None and not self.errors

    @property
    def counts(self) -> dict[str, int]:
        return self.pack.counts() if self.pack else {}

    def summary(self) -> dict[str, object]:
        return {
            "pack": self.pack.manifest.id if self.pack else None,
            "path": self.path,
            "valid": self.ok,
            "files": len(self.pack.files) if self.pack else 0,
            "items": self.counts,
            "placeholders": self.pack.placeholders() if self.pack else 0,
        }


def validate_pack(path: str | Path = BUNDLED_CONTENT / "core") -> ValidationReport:
    """Validate a pack folder: schema errors while loading, then the semantic rules.

    Semantic rules run on what loaded, even when some files had schema errors, so a
    single run shows as many problems as possible.
    """
    result = load_pack_with_diagnostics(path)
    diagnostics = list(result.diagnostics)
    if result.pack is not None:
        ctx = CheckContext(result.pack)
        for check in RULES:
            diagnostics.extend(_run(check, ctx, result.pack))
    # A YAML alias ('*name') repeats a block: a problem in it is found once per use but
    # lies at one place, so it is reported once.
    diagnostics = list(dict.fromkeys(diagnostics))
    return ValidationReport(display_path(Path(path)), result.pack, diagnostics)


def _run(check: Rule, ctx: CheckContext, pack: Pack) -> list[Diagnostic]:
    """Run one rule; a rule that crashes is reported, and the other rules still run.

    Content that a rule did not foresee must never end in a traceback: the user gets
    every other diagnostic and one saying which rule failed and why.
    """
    try:
        return list(check(ctx))
    except Exception as exc:  # noqa: BLE001 - reported as a diagnostic, never swallowed
        return [Diagnostic(
            C_RULE_FAILED, f"rule '{check.__name__}' failed: {type(exc).__name__}: {exc}",
            file=display_path(pack.root / "pack.yaml"), line=1, col=1,
            hint="this is a bug in Heroes Builder; please report it with the pack that shows it",
            rule=(check.__doc__ or "").strip().splitlines()[0] if check.__doc__ else "",
        )]
