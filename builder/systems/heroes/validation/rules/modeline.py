"""Content files name their JSON Schema for editors.

The first comment line ``# yaml-language-server: $schema=<path>/<kind>.schema.json``
gives completion and hover help in editors that use yaml-language-server; a file
without it, or naming the schema of another kind, still loads, so this is a warning.
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

EDITORS = "Heroes Builder authoring: every content file carries the yaml-language-server modeline"
P_MODELINE = define_code("P506", "modeline missing or naming the wrong schema", EDITORS)


@rule
def files_carry_the_modeline(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each file's modeline names ``<kind>.schema.json``."""
    for source in ctx.pack.sources:
        expected = f"{source.schema}.schema.json"
        if source.modeline is None:
            message = "no yaml-language-server modeline: editors cannot check this file"
        elif source.modeline.rsplit("/", 1)[-1] != expected:
            message = f"modeline names schema '{source.modeline}', but files in this folder use {expected}"
        else:
            continue
        yield Diagnostic(P_MODELINE, message, file=source.display, line=1, col=1, severity=Severity.WARNING,
                         rule=EDITORS, hint=f"make the first line '# yaml-language-server: $schema="
                         f"<path to schemas>/{expected}' (see content/core for the relative path)")
