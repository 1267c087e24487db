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


SETUP_GATED = frozenset({"C311", "C312"})
"""The errors that make the engine set up another battlefield than the scenario's: a
square off the battlefield (C311), boards that overlap or an overlay off them (C312).
Other errors (a deck rule, a missing name) are left to ``heroes validate``: test packs
and drafts still play."""


def refuse_invalid_scenario(pack: Pack, scenario_id: str) -> None:
    """Refuse to play or print a scenario whose battlefield ``heroes validate`` refuses: the semantic
    rules run on the loaded pack (a few hundredths of a second) and the errors located in
    the scenario's own file are raised (issue 37: play, playtest and render scenario ran
    scenarios with squares off the battlefield, C311/C312)."""
    refuse_invalid_scenarios(pack, [scenario_id])


def refuse_invalid_scenarios(pack: Pack, scenario_ids: list[str]) -> None:
    """:func:`refuse_invalid_scenario` for several scenarios with one run of the rules
    (``heroes site build`` publishes every scenario of a pack, issue 37)."""
    from builder.errors import InvalidInputError

    files: dict[str, str] = {}
    for scenario_id in scenario_ids:
        if (origin := pack.origin("scenarios", scenario_id)) is not None:
            files[origin.file] = scenario_id
            if origin.path:
                files[display_path(origin.path)] = scenario_id
    if not files:
        return
    ctx = CheckContext(pack)
    errors = [d for check in RULES for d in _run(check, ctx, pack)
              if d.is_error and d.code in SETUP_GATED and d.file in files]
    if errors:
        named = list(dict.fromkeys(files[str(d.file)] for d in errors))
        raise InvalidInputError(f"scenario {', '.join(repr(s) for s in named)} {'fails' if len(named) == 1 else 'fail'}"
                                f" validation ({len(errors)} error(s)); `heroes validate {pack.root}` lists them",
                                list(dict.fromkeys(errors)))
