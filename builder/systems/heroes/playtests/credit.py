"""Kill credit: which unit, card or effect eliminated or wrecked each counter of a
playtest game (issue 21, item 6: kills are credited to what made them).

The engine logs an ``eliminated`` or ``wrecked`` event with a reason, after the events
of whatever caused it: the ``shot`` of a unit (000 core rules, Firing), the
``opportunity-fire`` that preceded it (Firing > Opportunity Fire), a ``scenario-fire``
(a scenario's printed fire), an ``assault`` (Assault: the loser of the assault, attacker
or defender, is the one hit), a ``blast`` of a unit's template weapon, or an action
card (``card``, ``mine``, ``airstrike``, ``artillery-shot``; a ``bomb`` laid earlier).
:class:`KillLedger` reads the events in order, keeps the latest cause and credits each
loss to it. Crediting "the last unit that fired", as the report once did, gave
opportunity fire's and cards' kills to whichever unit had acted last.

A credit is ``"<way>: <what>"`` (``"fire: us-rifle-squad"``, ``"opportunity fire:
de-mg42"``, ``"card: mine"``); a loss with no enemy cause (a friendly blast, a unit
run over or left with no square to retreat into by its own side) is counted under its
reason among ``other_losses``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

UNIT_WAYS = {"fire": "fire", "assault": "assault", "blast": "blast", "move": "run over"}
"""Action kinds named as ways of killing (any other action of a unit is named by its kind)."""


@dataclass
class Cause:
    """What is doing damage now: a side and, for a unit, its id (else -1)."""

    side: int
    way: str
    what: str
    unit: int = -1
    opponent: int = -1
    """For an assault: the other unit, credited when the acting unit is the one lost."""


class KillLedger:
    """Credits each loss of one game, fed decision by decision (:meth:`decision`) and
    event by event (:meth:`event`); ``kills`` (by side, unit profile: the units table),
    ``credits`` (by side, ``way: what``) and ``other_losses`` (reason) are the game
    row's counters."""

    def __init__(self, state: Any, sides: list[str], profile: Callable[[Any], str]) -> None:
        self.state, self.sides, self.profile = state, sides, profile
        self.cause: Cause | None = None
        self.unit_way: dict[int, str] = {}
        self.kills: dict[str, Counter[str]] = {s: Counter() for s in sides}
        self.credits: dict[str, Counter[str]] = {s: Counter() for s in sides}
        self.other_losses: Counter[str] = Counter()

    def _unit(self, uid: int, way: str, opponent: int = -1) -> None:
        u = self.state.units[uid]
        self.cause = Cause(u.side, way, self.profile(u), uid, opponent)

    def decision(self, action: Any) -> None:
        """A new decision: its acting unit is the cause of what its action does (a
        fire, an assault, a blast; a vehicle's move that runs a unit over). Decisions
        without a unit (a No! answered, a pass) keep the cause, so a card whose effect
        waits for the opponent's answer is still credited to the card."""
        self.unit_way = {}
        if action.unit >= 0 and action.kind not in ("pass", "card"):
            self._unit(action.unit, UNIT_WAYS.get(action.kind, action.kind))

    def event(self, e: Any) -> None:
        """Follow the causes in the log; credit each loss."""
        kind, data = e.kind, e.data
        if kind in ("opportunity-fire", "scenario-fire", "counter-assault", "barrage", "detonation"):
            if data.get("target", 0) == -1:
                return  # a scenario fire with no target: nothing shot
            way = {"counter-assault": "assault", "detonation": "Goliath"}.get(kind, kind.replace("-", " "))
            self.unit_way[data["unit"]] = way
            self._unit(data["unit"], way, data.get("target", -1) if kind == "counter-assault" else -1)
        elif kind == "shot" and data.get("unit", -1) >= 0:
            self._unit(data["unit"], self.unit_way.get(data["unit"], "fire"))
        elif kind == "blast" and data.get("unit", -1) >= 0:
            self._unit(data["unit"], self.unit_way.get(data["unit"], "blast"))
        elif kind == "assault":
            self._unit(data["unit"], "assault", data["target"])
        elif kind == "card":
            self.cause = Cause(data["side"], "card", str(data["card"]))
        elif kind == "airstrike":
            self.cause = Cause(data["side"], "card", str(data["card"]))
        elif kind == "artillery-shot":
            self.cause = Cause(data["side"], "card", "artillery shot")
        elif kind == "mine":
            self.cause = Cause(1 - self.state.units[data["target"]].side, "card", "mine")
        elif kind == "bomb":
            self.cause = Cause(data["side"], "bomb", str(data.get("mode") or "bomb"))
        elif kind == "charge":
            self.cause = Cause(data["side"], "effect", "demolition charge")
        elif kind in ("eliminated", "wrecked"):
            self._credit(self.state.units[data["unit"]], str(data.get("why") or kind))

    def _credit(self, dead: Any, why: str) -> None:
        cause = self.cause
        if cause is not None and cause.unit == dead.id and cause.opponent >= 0:
            other = self.state.units[cause.opponent]  # the attacker lost its assault: the defender's kill
            cause = Cause(other.side, cause.way, self.profile(other), other.id)
        if cause is None or cause.side == dead.side or not 0 <= cause.side < len(self.sides):
            self.other_losses[why] += 1
            return
        side = self.sides[cause.side]
        self.credits[side][f"{cause.way}: {cause.what}"] += 1
        if cause.unit >= 0:
            self.kills[side][cause.what] += 1

    def row(self) -> dict[str, Any]:
        """The game row's entries."""
        return {"kills": {s: dict(sorted(c.items())) for s, c in self.kills.items()},
                "kill_credit": {s: dict(sorted(c.items())) for s, c in self.credits.items()},
                "other_losses": dict(sorted(self.other_losses.items()))}
