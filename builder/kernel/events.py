"""Events: what happened, told to players and written to the JSONL log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One thing that happened: a decision applied, a die rolled, a hit, a phase..."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, data: dict[str, Any] | None = None) -> None:
        # written out: compiled code runs a dataclass's generated __init__ as
        # interpreted Python, several times slower (builder/systems/heroes/engine/terms.py)
        self.kind, self.data = kind, {} if data is None else data

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the log (actions in the data become dicts)."""
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self.data.items():
            out[k] = v.to_dict() if hasattr(v, "to_dict") else v
        return out
