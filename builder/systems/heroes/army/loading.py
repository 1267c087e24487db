"""Read an army-list file and locate every problem in it.

The fast path reads the file with the C loader and validates it with pydantic; only
when something is wrong is the file parsed again with the round-trip loader, so each
diagnostic gets the line and column of the place it is about. Broken files (bad YAML,
wrong types, unknown keys, unknown ids) give located diagnostics, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.systems.heroes.army.findings import Finding
from builder.content.locate import locate
from builder.content.yaml_io import parse_yaml, parse_yaml_positions, read_text
from builder.diagnostics import Diagnostic, define_code
from builder.errors import YamlError

if TYPE_CHECKING:
    from pydantic import ValidationError

    from builder.systems.heroes.army.model import ArmyList

A_UNREADABLE = define_code("A400", "army file cannot be read")


@dataclass
class ArmyFile:
    """The text of an army file, its model (None when invalid) and the problems found."""

    display: str
    text: str
    army: ArmyList | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _tree: Any = None

    def tree(self) -> Any:
        """The round-trip parse (with positions), made on first use."""
        if self._tree is None:
            try:
                self._tree = parse_yaml_positions(self.text, self.display)
            except YamlError:
                self._tree = {}
        return self._tree

    def locate(self, findings: list[Finding]) -> list[Diagnostic]:
        """Line and column for each finding."""
        if not findings:
            return []
        tree = self.tree()
        out = []
        for finding in findings:
            line, col = locate(tree, finding.loc, at_key=finding.at_key) if finding.loc else (1, 1)
            out.append(finding.diagnostic(self.display, line, col))
        return out


def parse_army(text: str, display: str = "<army>") -> ArmyFile:
    """Validate army-list text; problems become located diagnostics.

    pydantic and the army model are imported here, not with the module: the plain-data
    check (:mod:`builder.systems.heroes.army.plain`) locates its findings through :class:`ArmyFile`
    without them."""
    from pydantic import ValidationError

    from builder.systems.heroes.army.model import ArmyList
    from builder.content.pydantic_errors import validation_diagnostics

    try:
        data = parse_yaml(text, display)
    except YamlError as exc:
        return ArmyFile(display, text, None, list(exc.diagnostics))
    result = ArmyFile(display, text, None)
    try:
        result.army = ArmyList.model_validate(data if data is not None else {})
    except ValidationError as exc:
        try:
            result.diagnostics = validation_diagnostics(exc, ArmyList, display, result.tree())
        except Exception:  # noqa: BLE001  (the shared formatter failed on odd input: keep the plain errors)
            result.diagnostics = _plain_diagnostics(exc, display, result.tree())
    return result


def _plain_diagnostics(exc: ValidationError, display: str, tree: Any) -> list[Diagnostic]:
    """pydantic's errors as diagnostics, located as well as the round-trip tree allows.

    A safety net: the YAML fast path and the round-trip parser can disagree on odd keys
    (e.g. a line ``::``), and a traceback is never an acceptable answer.
    """
    out = []
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        code = {"extra_forbidden": "S201", "missing": "S203"}.get(error["type"], "S202")
        try:
            line, col = locate(tree, loc, at_key=code == "S201")
        except Exception:  # noqa: BLE001  (locating is best effort: the file's start still names it)
            line, col = 1, 1
        where = ".".join(str(s) for s in loc) or "document"
        out.append(Diagnostic(code, f"{where}: {error['msg']}", file=display, line=line, col=col,
                              hint="fix or remove this entry (see schemas/army.schema.json)"))
    return out


def read_army(path: Path, display: str | None = None) -> ArmyFile:
    """Read and validate an army file."""
    shown = display or str(path)
    try:
        text = read_text(Path(path), shown)
    except YamlError as exc:
        diagnostics = [d if d.code != "H840" else Diagnostic(A_UNREADABLE, f"cannot read the army file: {d.message}",
                                                             file=shown, hint=d.hint) for d in exc.diagnostics]
        return ArmyFile(shown, "", None, diagnostics)
    return parse_army(text, shown)
