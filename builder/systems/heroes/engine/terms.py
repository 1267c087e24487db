"""Terms of a roll: each bonus or penalty with the rule it comes from, so the
explainer can print the whole computation."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, unsafe_hash=True)
class Term:
    """One bonus or penalty. A value: never changed once made (not ``frozen``, whose
    generated ``__init__`` compiled code runs as interpreted Python, twenty times
    slower than this one; a game builds hundreds of terms, see builder/native.py)."""

    value: int
    label: str
    rule: str = ""
    bonus: bool = False  # a bonus that Suppressive Fire doubles

    def __init__(self, value: int, label: str, rule: str = "", bonus: bool = False) -> None:
        self.value, self.label, self.rule, self.bonus = value, label, rule, bonus

    def to_dict(self) -> dict[str, object]:
        return {"value": self.value, "label": self.label, "rule": self.rule}


def signed(terms: list[Term]) -> str:
    return " ".join(f"{'+' if t.value >= 0 else '-'} {abs(t.value)} ({t.label})" for t in terms)


def odds_at_least(need: int, dice: int = 1) -> float:
    """Chance that the best of ``dice`` d6 is at least ``need``."""
    if need <= 1:
        return 1.0
    if need > 6:
        return 0.0
    miss = (need - 1) / 6
    return 1.0 - miss ** dice
